"""The outbox: tasks decided in a transaction are written in it, and sent to the broker only
after it commits. A crash between the commit and the send leaves the message unsent, and the
tenant's next sweep sends it (at least once; every task is idempotent)."""

from __future__ import annotations

import logging
import uuid
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from kombu.exceptions import OperationalError
from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from pashu.db.clocks import OutboxMessage
from pashu.db.engine import Database

log = logging.getLogger(__name__)
BATCH = 500
# What a broker that cannot be reached raises (kombu wraps socket errors in OperationalError).
BROKER_DOWN = (OperationalError, OSError)


class RelayFailed(ConnectionError):
    """The broker did not take a message: the rest stay in the outbox, unsent, and the task
    that relays them is retried (a ConnectionError, so its autoretry applies)."""


def write(session: Session, messages: Sequence[tuple[str, dict[str, Any], str]]) -> int:
    """Add (task, kwargs, key) messages; a key already written is skipped (the same sweep
    run twice). Returns how many were new."""
    new = 0
    for task, kwargs, key in messages:
        try:
            with session.begin_nested():
                session.add(OutboxMessage(task=task, kwargs=kwargs, key=key))
                session.flush()
            new += 1
        except IntegrityError:
            continue
    return new


def relay(db: Database, tenant_id: uuid.UUID) -> int:
    """Send the tenant's unsent messages, oldest first; each is marked sent once the broker
    has it (in embedded mode, once it has run). Returns how many were sent."""
    from pashu.tasks.celery_app import celery_app

    with db.transaction(tenant_id) as s:
        pending = [
            (m.id, m.task, dict(m.kwargs))
            for m in s.scalars(
                select(OutboxMessage)
                .where(OutboxMessage.sent_at.is_(None))
                .order_by(OutboxMessage.created_at, OutboxMessage.id)
                .limit(BATCH)
            )
        ]
    sent = 0
    eager = bool(celery_app.conf.task_always_eager)
    for message_id, task, kwargs in pending:
        if eager:  # the task runs here and now, in its own transaction: then marked sent
            _send(celery_app, task, kwargs, sent, len(pending))
            with db.transaction(tenant_id) as s:
                _mark_sent(s, message_id)
        else:
            # Marked sent first, in the transaction that is committed once the broker has
            # it: another relay of the tenant (a sweep sent twice, on two workers) waits on
            # the row, then finds it sent; a failed send rolls the mark back.
            with db.transaction(tenant_id) as s:
                if not _mark_sent(s, message_id):
                    continue
                _send(celery_app, task, kwargs, sent, len(pending))
        sent += 1
    if sent:
        log.info("relayed %d task(s) for tenant %s", sent, tenant_id)
    return sent


def _mark_sent(session: Session, message_id: uuid.UUID) -> bool:
    """Mark the message sent; False if it was already."""
    marked = session.execute(
        update(OutboxMessage)
        .where(OutboxMessage.id == message_id, OutboxMessage.sent_at.is_(None))
        .values(sent_at=datetime.now(UTC))
        .returning(OutboxMessage.id)
    ).first()
    return marked is not None


def _send(app: Any, task: str, kwargs: dict[str, Any], sent: int, pending: int) -> None:
    try:
        app.tasks[task].apply_async(kwargs=kwargs)
    except BROKER_DOWN as err:
        raise RelayFailed(
            f"relay to the broker failed after {sent} of {pending} message(s): "
            f"{type(err).__name__}: {err}"
        ) from err

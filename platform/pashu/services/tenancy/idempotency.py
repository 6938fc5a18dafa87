"""Idempotency keys: a client that lost the answer to a mutation sends it again with the
same `Idempotency-Key` and gets the first answer back; nothing is done twice.

A key is claimed (a row written) in the transaction that then does the request's work and
keeps its answer (`keep`), and all three commit together (schema/idempotent.py): a process
that dies before the commit leaves nothing, one that dies after it leaves the answer. While
the first request runs, a second with its key waits on the row and then gets the answer (or,
if the first kept nothing, runs). A key belongs to the user who claimed it, for one request
(its body's hash).

A claim committed without an answer (written by an earlier version, which claimed before it
ran) expires (`Lifetimes.claim`): a retry after that takes the claim over, and only one retry
can: the takeover is one UPDATE whose condition (the claim is still the stale one) is checked
again under the row's lock. Keys older than `Lifetimes.retention` are purged whenever a key
is claimed, so the table holds about a retention's worth of requests.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from pashu.core.errors import Conflict, ValidationError
from pashu.db.base import utcnow
from pashu.db.tenancy import IdempotentRequest
from pashu.services.tenancy.tenants import Principal

MAX_KEY = 200


@dataclass(frozen=True)
class Lifetimes:
    """How long a claim without an answer holds off a retry, and how long a key is kept."""

    claim: timedelta
    retention: timedelta


@dataclass(frozen=True)
class Kept:
    """The first answer to a request: its HTTP status and body."""

    status: int
    answer: str


def fingerprint(body: bytes) -> str:
    return hashlib.sha256(body).hexdigest()


def check_key(key: str) -> str:
    if not 1 <= len(key) <= MAX_KEY or not key.isascii() or not key.isprintable():
        raise ValidationError(
            f"an Idempotency-Key is 1 to {MAX_KEY} printable ASCII characters",
            field="Idempotency-Key",
        )
    return key


def claim(
    session: Session, who: Principal, key: str, body_hash: str, lifetimes: Lifetimes
) -> Kept | None:
    """Claim `key` for this request: None if it is new or its claim has expired unanswered
    (run the request), its first answer if it was given, a refusal if it is running or was
    used for something else."""
    now = utcnow()
    # First, so it opens the transaction: SQLite's driver begins one before a DELETE, not
    # before the SAVEPOINT below, which would otherwise commit on its release.
    purge(session, now - lifetimes.retention)
    try:
        with session.begin_nested():
            session.add(
                IdempotentRequest(
                    key=key, user_id=who.user_id, request_hash=body_hash, created_at=now
                )
            )
            session.flush()
        return None
    except IntegrityError:
        pass
    kept = session.scalar(select(IdempotentRequest).where(IdempotentRequest.key == key))
    if kept is None:  # released by a failed first request in the meantime
        raise Conflict("a request with this Idempotency-Key is running; retry", field="key")
    if kept.user_id != who.user_id or kept.request_hash != body_hash:
        raise Conflict("this Idempotency-Key was used for another request", field="Idempotency-Key")
    if kept.status is None or kept.answer is None:
        if _take_over(session, key, now, now - lifetimes.claim):
            return None
        raise Conflict("a request with this Idempotency-Key is running; retry", field="key")
    return Kept(kept.status, kept.answer)


def _take_over(session: Session, key: str, now: datetime, stale_before: datetime) -> bool:
    """Renew an unanswered claim taken before `stale_before`. Of two retries at once, the
    second's UPDATE waits for the first's row lock and then finds the claim fresh."""
    taken = session.execute(
        update(IdempotentRequest)
        .where(
            IdempotentRequest.key == key,
            IdempotentRequest.status.is_(None),
            IdempotentRequest.created_at < stale_before,
        )
        .values(created_at=now)
        .execution_options(synchronize_session=False)
    )
    return bool(getattr(taken, "rowcount", 0) == 1)


def purge(session: Session, before: datetime) -> int:
    """Forget the keys claimed before `before` (ix_idempotent_requests_created): answered
    ones are past their retention, unanswered ones long expired."""
    gone = session.execute(
        delete(IdempotentRequest)
        .where(IdempotentRequest.created_at < before)
        .execution_options(synchronize_session=False)
    )
    return int(getattr(gone, "rowcount", 0) or 0)


def keep(session: Session, key: str, status: int, answer: str) -> None:
    session.execute(
        update(IdempotentRequest)
        .where(IdempotentRequest.key == key)
        .values(status=status, answer=answer)
    )


def release(session: Session, key: str) -> None:
    """The request failed before it answered: the key may be used again."""
    session.execute(
        delete(IdempotentRequest).where(
            IdempotentRequest.key == key, IdempotentRequest.status.is_(None)
        )
    )

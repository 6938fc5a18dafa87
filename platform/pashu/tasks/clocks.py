"""The law's clocks as Celery tasks: beat starts `pashu.sweep`, which fans out one
`pashu.sweep_tenant` per tenant; that finds the tenant's due work (services/sweep.find),
writes one outbox message per case or claim window in the same transaction, and relays them
after commit to `pashu.act_on_case` / `pashu.close_claim_window`, which do the work.

Every task takes ids and an explicit `as_of`; every run of a tenant's task is recorded in
`task_runs`. A refusal by the law (a PashuError) is recorded and not retried; a database or
broker failure is retried with backoff, up to MAX_RETRIES.
"""

from __future__ import annotations

import logging
import time
import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import structlog
from celery import Task
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session

from pashu.core.errors import PashuError
from pashu.db.clocks import RunOutcome
from pashu.db.engine import database
from pashu.db.tenancy import Tenant
from pashu.observability import metrics
from pashu.services import sweep
from pashu.tasks import outbox
from pashu.tasks.celery_app import celery_app, retry_ceiling

log = logging.getLogger(__name__)
MAX_RETRIES = 5
RETRYABLE = (DBAPIError, OSError, ConnectionError)

RELIABLE: dict[str, Any] = {
    "bind": True,
    "acks_late": True,
    "reject_on_worker_lost": True,
    "autoretry_for": RETRYABLE,
    "max_retries": MAX_RETRIES,
    "retry_backoff": 2,
    "retry_backoff_max": retry_ceiling(),
    "retry_jitter": True,
}


def _instant(as_of: str | None) -> datetime:
    return datetime.fromisoformat(as_of) if as_of else sweep.now()


def _recorded(
    task: Task,
    tenant_id: str,
    subject: str | None,
    as_of: str,
    work: Callable[[Session, uuid.UUID, datetime], int],
    then: Callable[[], object] | None = None,
) -> int:
    """Run `work` in one transaction of the tenant, and `then` after it commits (the
    relay), then record the run in another transaction (so a failed run is recorded too).
    Returns the number of actions taken."""
    db = database()
    tid = uuid.UUID(tenant_id)
    when = _instant(as_of)
    started_seconds, started_at = time.monotonic(), datetime.now(UTC)
    attempt = task.request.retries + 1
    outcome, error, actions = RunOutcome.OK, None, 0
    try:
        with db.transaction(tid) as s:
            # The tenant's slug on the rest of the task's log lines (tasks/observe.py undoes it).
            tenant = s.get(Tenant, tid)
            structlog.contextvars.bind_contextvars(tenant=tenant.slug if tenant else None)
            actions = work(s, tid, when)
        if then is not None:
            then()
    except PashuError as err:
        outcome, error = RunOutcome.FAILED, f"{err.code}: {err.message}"
    except RETRYABLE as err:
        last = task.request.retries >= MAX_RETRIES
        outcome = RunOutcome.FAILED if last else RunOutcome.RETRYING
        error = f"{type(err).__name__}: {err}"
        _record(
            tid, task.name, subject, when, outcome, started_seconds, started_at, 0, attempt, error
        )
        raise
    _record(
        tid, task.name, subject, when, outcome, started_seconds, started_at, actions, attempt, error
    )
    return actions


def _record(
    tid: uuid.UUID,
    name: str,
    subject: str | None,
    when: datetime,
    outcome: RunOutcome,
    started_seconds: float,
    started_at: datetime,
    actions: int,
    attempt: int,
    error: str | None,
) -> None:
    metrics.observe_task(name, outcome.value, time.monotonic() - started_seconds)
    try:
        with database().transaction(tid) as s:
            sweep.record_run(
                s,
                task=name,
                subject=subject,
                as_of=when,
                outcome=outcome,
                started_seconds=started_seconds,
                started_at=started_at,
                actions=actions,
                attempt=attempt,
                error=error,
            )
    except DBAPIError:  # the database is down: the broker's retry is the record that counts
        log.exception("could not record the run of %s", name)


@celery_app.task(name="pashu.sweep", **RELIABLE)
def sweep_all(self: Task, as_of: str | None = None) -> int:
    """Fan out one sweep per tenant with clocks, all at the same `as_of`."""
    when = _instant(as_of).isoformat()
    with database().transaction() as s:  # the tenant list is readable without a tenant
        ids = [str(t.id) for t in sweep.tenants(s)]
    for tid in ids:
        sweep_tenant.apply_async(kwargs={"tenant_id": tid, "as_of": when})
    return len(ids)


@celery_app.task(name="pashu.sweep_tenant", **RELIABLE)
def sweep_tenant(self: Task, tenant_id: str, as_of: str) -> int:
    """Find the tenant's due work and hand each piece to its own task, after commit."""

    def work(s: Session, tid: uuid.UUID, when: datetime) -> int:
        messages = [
            (
                TASK_FOR[due.kind],
                {"tenant_id": tenant_id, "id": str(due.id), "as_of": when.isoformat()},
                f"{due.kind}:{due.id}:{when.isoformat()}",
            )
            for due in sweep.find(s, when)
        ]
        return outbox.write(s, messages)

    # A failed relay is recorded on this run (RETRYING, with the broker's error) and the
    # task retried: its work then finds the messages written and relays what is unsent.
    return _recorded(
        self, tenant_id, None, as_of, work, lambda: outbox.relay(database(), uuid.UUID(tenant_id))
    )


@celery_app.task(name="pashu.act_on_case", **RELIABLE)
def act_on_case(self: Task, tenant_id: str, id: str, as_of: str) -> int:
    def work(s: Session, tid: uuid.UUID, when: datetime) -> int:
        return len(sweep.act_on_case(s, sweep.clock(s, tid), uuid.UUID(id), when))

    return _recorded(self, tenant_id, f"Impoundment:{id}", as_of, work)


@celery_app.task(name="pashu.close_claim_window", **RELIABLE)
def close_claim_window(self: Task, tenant_id: str, id: str, as_of: str) -> int:
    def work(s: Session, tid: uuid.UUID, when: datetime) -> int:
        return len(sweep.act_on_window(s, sweep.clock(s, tid), uuid.UUID(id), when))

    return _recorded(self, tenant_id, f"ClaimWindow:{id}", as_of, work)


@celery_app.task(name="pashu.remind_instalment", **RELIABLE)
def remind_instalment(self: Task, tenant_id: str, id: str, as_of: str) -> int:
    def work(s: Session, tid: uuid.UUID, when: datetime) -> int:
        return len(sweep.act_on_instalment(s, sweep.clock(s, tid), uuid.UUID(id), when))

    return _recorded(self, tenant_id, f"TaxInstalment:{id}", as_of, work)


@celery_app.task(name="pashu.apply_protest_deposit", **RELIABLE)
def apply_protest_deposit(self: Task, tenant_id: str, id: str, as_of: str) -> int:
    def work(s: Session, tid: uuid.UUID, when: datetime) -> int:
        return len(sweep.act_on_deposit(s, sweep.clock(s, tid), uuid.UUID(id), when))

    return _recorded(self, tenant_id, f"Delivery:{id}", as_of, work)


TASK_FOR = {
    sweep.CASE: "pashu.act_on_case",
    sweep.WINDOW: "pashu.close_claim_window",
    sweep.INSTALMENT: "pashu.remind_instalment",
    sweep.DEPOSIT: "pashu.apply_protest_deposit",
}

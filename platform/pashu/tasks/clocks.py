"""The law's clocks as Celery tasks: beat starts `pashu.sweep`, which fans out one
`pashu.sweep_tenant` per tenant; that finds the tenant's due work (services/sweep.find),
writes one outbox message per batch of FANOUT cases or claim windows (`pashu.act_on_cases`,
`pashu.close_claim_windows`; a lone one goes to `pashu.act_on_case` /
`pashu.close_claim_window`) and per other piece of work in the same transaction, and
relays them after commit to the tasks that do the work, on as many workers as there are.

Every task takes ids and an explicit `as_of`; every run of a tenant's task is recorded in
`task_runs`. A refusal by the law (a PashuError) or a fault of ours is recorded and not
retried; a database or broker failure is retried with backoff, up to MAX_RETRIES.
"""

from __future__ import annotations

import hashlib
import logging
import time
import uuid
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Any

import structlog
from celery import Task, signals
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session, configure_mappers

from pashu.core.errors import PashuError
from pashu.db import bulk
from pashu.db.clocks import RunOutcome
from pashu.db.engine import database
from pashu.db.tenancy import Tenant
from pashu.jurisdictions import registry
from pashu.observability import metrics
from pashu.services import clocks as sweep
from pashu.tasks import outbox
from pashu.tasks.celery_app import celery_app, retry_ceiling

log = logging.getLogger(__name__)
MAX_RETRIES = 5
# Cases per fan-out task: smaller than an in-process batch, so that a tenant's work spreads
# over the workers, large enough that a task's own statements stay few per case.
FANOUT = 100
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


@signals.worker_init.connect
def _load_the_law(**_: Any) -> None:
    """The Acts loaded and the mappers configured in the worker's main process, before it
    forks: its processes share them, and none spends its first task on them."""
    registry.codes()
    configure_mappers()


def _instant(as_of: str | None) -> datetime:
    return datetime.fromisoformat(as_of) if as_of else sweep.now()


def _recorded(
    task: Task,
    tenant_id: str,
    subject: str | None,
    as_of: str,
    work: Callable[[Session, uuid.UUID, datetime], int],
    then: Callable[[], object] | None = None,
    each: Callable[[], list[tuple[str, int]]] | None = None,
) -> int:
    """Run `work` in one transaction of the tenant, and `then` after it commits (the
    relay), then record the run in another transaction (so a failed run is recorded too).
    With `each`, a run that did its work is recorded as one run per (subject, actions) it
    names, so a batch says what happened to which case. Returns the number of actions."""
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
            tid,
            task.name,
            [(subject, 0)],
            when,
            outcome,
            started_seconds,
            started_at,
            attempt,
            error,
        )
        raise
    except Exception as err:  # a fault of ours on this work: recorded, counted, not retried
        # (it would fail the same way); the next sweep finds the work due and tries again.
        log.exception("%s failed on %s", task.name, subject)
        outcome, error = RunOutcome.FAILED, f"INTERNAL: {type(err).__name__}: {err}"
    pieces = each() if each is not None and outcome is RunOutcome.OK else [(subject, actions)]
    _record(tid, task.name, pieces, when, outcome, started_seconds, started_at, attempt, error)
    return actions


def _record(
    tid: uuid.UUID,
    name: str,
    pieces: Sequence[tuple[str | None, int]],
    when: datetime,
    outcome: RunOutcome,
    started_seconds: float,
    started_at: datetime,
    attempt: int,
    error: str | None,
) -> None:
    """Record the run: one row per (subject, actions) piece, in one transaction."""
    metrics.observe_task(name, outcome.value, time.monotonic() - started_seconds)
    try:
        with database().transaction(tid) as s:
            runs = [
                sweep.run_row(
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
                for subject, actions in pieces
            ]
            bulk.insert_all(s, runs)  # a batch's runs in one statement
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
        at = when.isoformat()
        found = sweep.find(s, when)
        messages = []
        # Cases and claim windows a batch per task, so that workers share a tenant's work;
        # a batch of one is the one-piece task.
        for kind, task in BATCH_TASK.items():
            for batch in sweep.batches([d.id for d in found if d.kind == kind], FANOUT):
                if len(batch) == 1:
                    one: dict[str, Any] = {"tenant_id": tenant_id, "id": str(batch[0]), "as_of": at}
                    messages.append((TASK_FOR[kind], one, f"{kind}:{batch[0]}:{at}"))
                    continue
                ids = [str(i) for i in batch]
                digest = hashlib.sha256(",".join(ids).encode()).hexdigest()[:32]
                many = {"tenant_id": tenant_id, "ids": ids, "as_of": at}
                messages.append((task, many, f"{kind}s:{digest}:{at}"))
        messages += [
            (
                TASK_FOR[due.kind],
                {"tenant_id": tenant_id, "id": str(due.id), "as_of": at},
                f"{due.kind}:{due.id}:{at}",
            )
            for due in found
            if due.kind not in BATCH_TASK
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


def _batch(
    task: Task,
    tenant_id: str,
    ids: list[str],
    as_of: str,
    label: str,
    act: Callable[..., tuple[list[sweep.DueAction], list[sweep.Failure]]],
) -> int:
    """A batch of a tenant's pieces of work in one transaction. The law's refusal of one
    piece is recorded as that piece's failed run; the others are done."""
    refused: list[sweep.Failure] = []
    per_case: dict[uuid.UUID | None, int] = {}

    def work(s: Session, tid: uuid.UUID, when: datetime) -> int:
        done, failed = act(s, sweep.clock(s, tid), [uuid.UUID(i) for i in ids], when)
        refused[:] = failed
        per_case.clear()
        for d in done:
            per_case[d.impoundment_id] = per_case.get(d.impoundment_id, 0) + 1
        return len(done)

    def each() -> list[tuple[str, int]]:
        """Cases: a run per case, as a one-case task records it (the clerk's dashboard says
        what happened to which register number)."""
        gone = {str(f.due.id) for f in refused}
        return [(f"{label}:{i}", per_case.get(uuid.UUID(i), 0)) for i in ids if i not in gone]

    started_seconds, started_at = time.monotonic(), datetime.now(UTC)
    more = f" and {len(ids) - 1} more" if len(ids) > 1 else ""
    subject = f"{label}:{ids[0]}{more}"
    actions = _recorded(
        task, tenant_id, subject, as_of, work, each=each if label == "Impoundment" else None
    )
    for failure in refused:
        _record(
            uuid.UUID(tenant_id),
            task.name,
            [(f"{label}:{failure.due.id}", 0)],
            _instant(as_of),
            RunOutcome.FAILED,
            started_seconds,
            started_at,
            task.request.retries + 1,
            f"{failure.code}: {failure.message}",
        )
    return actions


@celery_app.task(name="pashu.act_on_cases", **RELIABLE)
def act_on_cases(self: Task, tenant_id: str, ids: list[str], as_of: str) -> int:
    """A batch of a tenant's due cases (services/clocks/_batch.py)."""
    return _batch(self, tenant_id, ids, as_of, "Impoundment", sweep.act_on_cases)


@celery_app.task(name="pashu.close_claim_windows", **RELIABLE)
def close_claim_windows(self: Task, tenant_id: str, ids: list[str], as_of: str) -> int:
    """A batch of a tenant's claim windows due to close (services/clocks/_batch.py)."""
    return _batch(self, tenant_id, ids, as_of, "ClaimWindow", sweep.act_on_windows)


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


BATCH_TASK = {sweep.CASE: "pashu.act_on_cases", sweep.WINDOW: "pashu.close_claim_windows"}
TASK_FOR = {
    sweep.CASE: "pashu.act_on_case",
    sweep.WINDOW: "pashu.close_claim_window",
    sweep.INSTALMENT: "pashu.remind_instalment",
    sweep.DEPOSIT: "pashu.apply_protest_deposit",
}

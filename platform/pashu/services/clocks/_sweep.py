"""The sweep: find a tenant's due work with set-based SQL and do it, the cases in batches.

Finding is two indexed range queries per tenant, whose cost grows with what is due, not
with the registers: cases whose next duty has come (ix_impoundments_due on (tenant_id,
next_action_at)) and claim windows still open and untimed or timed to close
(ix_claim_windows_due). The sweep runs per tenant because row-level security lets the
application's role see one tenant at a time; the tenant list itself is readable.

Doing is idempotent per tenant, case and action: a notice exists once per case and kind
(its unique key), an auction round once per case and number, a release of money once per
ledger key, and each case is locked while it is worked on. Cases are done a batch at a time
(`act_on_cases`, services/clocks/_batch.py: a few statements per batch, the same decisions
as `act_on_case`). The Celery tasks, the CLI and the `runDueActions` mutation all call
`find` and `act` / `act_on_cases` here.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from typing import TypeVar

from sqlalchemy import select
from sqlalchemy.orm import Session

from pashu.core.errors import PashuError
from pashu.core.legaltime import aware
from pashu.core.recorded_at import not_after_now
from pashu.db import keyset
from pashu.db.clocks import RunOutcome, TaskRun
from pashu.db.engine import Database
from pashu.db.keyset import Page
from pashu.services.clocks import _batch as batched
from pashu.services.clocks._due import (
    CASE,
    WINDOW,
    Due,
    DueAction,
    Failure,
    failure,
    find,
    skipped,
)
from pashu.services.clocks._gc import paused
from pashu.services.clocks._one_by_one import act
from pashu.services.tenancy.tenants import Principal

T = TypeVar("T")

# Tenants swept at once by one process (`each_tenant`): while one tenant's statement runs in
# PostgreSQL, another's duties are decided in Python (the driver lets go of the interpreter's
# lock while it waits). Two, not more: the process has one interpreter lock, so a third
# would only wait its turn for it.
AT_ONCE = 2


def act_on_cases(
    session: Session, who: Principal, case_ids: list[uuid.UUID], as_of: datetime
) -> tuple[list[DueAction], list[Failure]]:
    """`act_on_case` for a batch of cases, in a few statements (services/clocks/_batch.py),
    the cyclic collector held off meanwhile (services/clocks/_gc.py)."""
    with paused():
        done, refused = batched.act_on_cases(session, who, case_ids, as_of)
    return done, [failure(Due(CASE, i), err) for i, err in refused]


def act_on_windows(
    session: Session, who: Principal, window_ids: list[uuid.UUID], as_of: datetime
) -> tuple[list[DueAction], list[Failure]]:
    """`act_on_window` for a batch of claim windows (services/clocks/_batch.py), the cyclic
    collector held off meanwhile."""
    with paused():
        done, refused = batched.act_on_windows(session, who, window_ids, as_of)
    return done, [failure(Due(WINDOW, i), err) for i, err in refused]


def run(session: Session, who: Principal, as_of: datetime) -> tuple[list[DueAction], list[Failure]]:
    """Find and do the tenant's due work in this session: the cases a batch at a time
    (services/clocks/_batch.py), the rest each piece in a savepoint, so that one the clock
    cannot do (refused by the law, or a fault of ours: recorded as a failure) does not undo
    or stop the others."""
    # The clock's acts obey the one rule of time as a clerk's do: nothing is dated after now.
    not_after_now(as_of, "asOf")
    done: list[DueAction] = []
    failed: list[Failure] = []
    found = find(session, as_of)
    for batch in batched.batches([d.id for d in found if d.kind == CASE]):
        got, refused = act_on_cases(session, who, batch, as_of)
        done += got
        failed += refused
    for batch in batched.batches([d.id for d in found if d.kind == WINDOW]):
        got, refused = act_on_windows(session, who, batch, as_of)
        done += got
        failed += refused
    for due in (d for d in found if d.kind not in (CASE, WINDOW)):
        try:
            with session.begin_nested():
                done += act(session, who, due, as_of)
        except Exception as err:
            if not skipped(err):
                raise
            failed.append(failure(due, err))
    return done, failed


def each_tenant(
    db: Database, tenant_ids: Sequence[uuid.UUID], work: Callable[[uuid.UUID], T]
) -> list[T | PashuError]:
    """`work(tenant)` for each tenant (its own session and transaction: tenants share no
    rows), `AT_ONCE` at a time on PostgreSQL and one after another on SQLite, which has one
    writer at a time. In the tenants' order, each its result or the coded error that refused
    it: one tenant refused does not stop the others."""

    def one(tenant_id: uuid.UUID) -> T | PashuError:
        try:
            return work(tenant_id)
        except PashuError as err:
            return err

    if db.dialect == "sqlite" or len(tenant_ids) < 2:
        return [one(t) for t in tenant_ids]
    with ThreadPoolExecutor(AT_ONCE, thread_name_prefix="pashu-sweep") as pool:
        return list(pool.map(one, tenant_ids))


def run_row(
    *,
    task: str,
    subject: str | None,
    as_of: datetime,
    outcome: RunOutcome,
    started_seconds: float,  # time.monotonic() when the run began
    started_at: datetime,
    actions: int = 0,
    attempt: int = 1,
    error: str | None = None,
) -> TaskRun:
    """A task's run, to be written with the transaction's other rows."""
    return TaskRun(
        task=task,
        subject=subject,
        as_of=aware(as_of),
        outcome=outcome.value,
        started_at=started_at,
        duration_ms=int((time.monotonic() - started_seconds) * 1000),
        actions=actions,
        attempt=attempt,
        error=error[:2000] if error else None,
    )


def runs(session: Session, page: Page | None, failed_only: bool) -> list[TaskRun]:
    """Task runs, newest first (ix_task_runs_page)."""
    q = select(TaskRun)
    if failed_only:
        q = q.where(TaskRun.outcome != RunOutcome.OK.value)
    return keyset.rows(session, q, page, [(TaskRun.started_at, True), (TaskRun.id, True)])

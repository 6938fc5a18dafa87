"""The sweep: find a tenant's due work with set-based SQL and do it, the cases in batches.

Finding is two indexed range queries per tenant, whose cost grows with what is due, not
with the registers: cases whose next duty has come (ix_impoundments_due on (tenant_id,
next_action_at)) and claim windows still open and untimed or timed to close
(ix_claim_windows_due). The sweep runs per tenant because row-level security lets the
application's role see one tenant at a time; the tenant list itself is readable.

Doing is idempotent per tenant, case and action: a notice exists once per case and kind
(its unique key), an auction round once per case and number, a release of money once per
ledger key, and each case is locked while it is worked on. Cases are done a batch at a time
(`act_on_cases`, services/clocks/sweep_batch.py: a few statements per batch, the same decisions
as `act_on_case`). The Celery tasks, the CLI and the `runDueActions` mutation all call
`find` and `act` / `act_on_cases` here.
"""

from __future__ import annotations

import time
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import and_, exists, not_, or_, select
from sqlalchemy.orm import Session

from pashu.core.errors import PashuError
from pashu.core.legaltime import aware, ist
from pashu.db import keyset
from pashu.db.clocks import Auction, ClaimWindow, RunOutcome, TaskRun
from pashu.db.impoundment import Impoundment
from pashu.db.keyset import Page
from pashu.db.tenancy import Tenant
from pashu.jurisdictions import registry
from pashu.jurisdictions.base import Action, Capability, Jurisdiction
from pashu.services.impoundment import auctions, deposits, notices, protest_deposits
from pashu.services.impoundment.seizures import NOTICE_ACTIONS
from pashu.services.registration import reminders
from pashu.services.tenancy.tenants import Principal

CASE = "case"
WINDOW = "window"
INSTALMENT = "instalment"  # an animal tax instalment fallen due unpaid
DEPOSIT = "deposit"  # a deposit under protest whose complaint window closed unused
CLOCK_USER = uuid.UUID(int=0)


@dataclass(frozen=True)
class Due:
    """One piece of due work: a case whose next duty has come, or a claim window."""

    kind: str  # CASE, WINDOW, INSTALMENT or DEPOSIT
    id: uuid.UUID


@dataclass(frozen=True)
class DueAction:
    """What the sweep did."""

    # a notice's kind, SCHEDULE_AUCTION, CREDIT_UNCLAIMED_SURPLUS, CLOSE_CLAIM_WINDOW,
    # TAX_INSTALMENT_DUE, APPLY_PROTEST_DEPOSIT
    kind: str
    impoundment_id: uuid.UUID | None
    at: datetime
    late: bool = False
    notice_id: uuid.UUID | None = None
    auction_id: uuid.UUID | None = None
    detail: str = ""
    instalment_id: uuid.UUID | None = None


@dataclass(frozen=True)
class Failure:
    due: Due
    code: str
    message: str


def now() -> datetime:
    return datetime.now(UTC)


def tenants(session: Session, slug: str | None = None) -> list[Tenant]:
    """Tenants whose Act has clocks here: an impoundment chapter, or an animal tax."""
    q = select(Tenant).order_by(Tenant.slug)
    if slug is not None:
        q = q.where(Tenant.slug == slug)
    return [
        t
        for t in session.scalars(q)
        if t.jurisdiction in registry.codes() and _has_clocks(registry.get(t.jurisdiction))
    ]


def _has_clocks(plugin: Jurisdiction) -> bool:
    impounds = plugin.has(Capability.IMPOUNDMENT) and plugin.clocks is not None
    return impounds or plugin.has(Capability.ANIMAL_TAX)


def clock(session: Session, tenant_id: uuid.UUID) -> Principal:
    """The clock acting for the department: it records as "the clock" in the audit trail."""
    tenant = session.get_one(Tenant, tenant_id)
    return Principal(
        tenant_id=tenant.id,
        tenant_slug=tenant.slug,
        tenant_name=tenant.name,
        jurisdiction=tenant.jurisdiction,
        user_id=CLOCK_USER,
        user_name="the clock (scheduled sweep)",
        role="admin",
    )


def find(session: Session, as_of: datetime) -> list[Due]:
    """The session's tenant's due work at `as_of`: two indexed queries."""
    when = aware(as_of)
    auction_open = exists().where(
        Auction.tenant_id == Impoundment.tenant_id,
        Auction.impoundment_id == Impoundment.id,
        Auction.closed_at.is_(None),
    )
    case_ids = session.scalars(
        select(Impoundment.id)
        .where(
            Impoundment.next_action_at <= when,
            # A case waiting on its open auction has nothing due until the auction closes.
            not_(and_(Impoundment.next_action == Action.AUCTION.value, auction_open)),
        )
        .order_by(Impoundment.next_action_at)
    )
    window_ids = session.scalars(
        select(ClaimWindow.id)
        .where(
            ClaimWindow.closed_at.is_(None),
            or_(ClaimWindow.due_at.is_(None), ClaimWindow.due_at <= when),
        )
        .order_by(ClaimWindow.sold_at)
    )
    return (
        [Due(CASE, i) for i in case_ids]
        + [Due(WINDOW, i) for i in window_ids]
        + [Due(INSTALMENT, i) for i in reminders.due(session, when)]
        + [Due(DEPOSIT, i) for i in protest_deposits.due(session, when)]
    )


def act_on_case(
    session: Session, who: Principal, case_id: uuid.UUID, as_of: datetime
) -> list[DueAction]:
    """Do the case's duties that have come by `as_of`: issue the notices in order, then
    schedule the auction. The case row is locked, so two workers take turns."""
    when = aware(as_of)
    plugin = registry.get(who.jurisdiction)
    case = session.scalar(
        select(Impoundment)
        .where(Impoundment.id == case_id)
        .with_for_update()
        .execution_options(populate_existing=True)
    )
    done: list[DueAction] = []
    while case is not None and case.next_action is not None and case.next_action_at is not None:
        if case.next_action_at > when:
            break
        action = Action(case.next_action)
        if action in NOTICE_ACTIONS:
            notice = notices.issue(session, who, case, action, when)
            if notice is None:  # issued already by another worker
                break
            issued = notices.cases.notices(session, case.id)
            done.append(
                DueAction(
                    action.value,
                    case.id,
                    when,
                    late=notices.late(plugin, case, issued, notice),
                    notice_id=notice.id,
                )
            )
            continue
        if action is Action.AUCTION:
            auction = auctions.schedule(session, who, case, when)
            if auction is not None:
                done.append(
                    DueAction(
                        "SCHEDULE_AUCTION",
                        case.id,
                        when,
                        auction_id=auction.id,
                        detail=f"round {auction.round} on {ist(auction.scheduled_for)}",
                    )
                )
        break
    return done


def act_on_window(
    session: Session, who: Principal, window_id: uuid.UUID, as_of: datetime
) -> list[DueAction]:
    closed = deposits.close_window(session, who, window_id, as_of)
    if closed is None:
        return []
    kind = "CREDIT_UNCLAIMED_SURPLUS" if closed.moved else "CLOSE_CLAIM_WINDOW"
    return [DueAction(kind, closed.impoundment_id, closed.at, detail=closed.outcome)]


def act_on_instalment(
    session: Session, who: Principal, instalment_id: uuid.UUID, as_of: datetime
) -> list[DueAction]:
    reminder = reminders.remind(session, who, instalment_id, as_of)
    if reminder is None:  # reminded already by another worker
        return []
    return [
        DueAction(
            "TAX_INSTALMENT_DUE",
            None,
            reminder.issued_at,
            instalment_id=instalment_id,
            detail=reminder.text.splitlines()[0],
        )
    ]


def act_on_deposit(
    session: Session, who: Principal, delivery_id: uuid.UUID, as_of: datetime
) -> list[DueAction]:
    applied = protest_deposits.apply(session, who, delivery_id, as_of)
    if applied is None:
        return []
    return [
        DueAction(
            "APPLY_PROTEST_DEPOSIT", applied.impoundment_id, applied.at, detail=applied.detail
        )
    ]


def act(session: Session, who: Principal, due: Due, as_of: datetime) -> list[DueAction]:
    if due.kind == DEPOSIT:
        return act_on_deposit(session, who, due.id, as_of)
    if due.kind == CASE:
        return act_on_case(session, who, due.id, as_of)
    if due.kind == INSTALMENT:
        return act_on_instalment(session, who, due.id, as_of)
    return act_on_window(session, who, due.id, as_of)


def act_on_cases(
    session: Session, who: Principal, case_ids: list[uuid.UUID], as_of: datetime
) -> tuple[list[DueAction], list[Failure]]:
    """`act_on_case` for a batch of cases, in a few statements (services/clocks/sweep_batch.py)."""
    from pashu.services.clocks import sweep_batch

    done, refused = sweep_batch.act_on_cases(session, who, case_ids, as_of)
    return done, [Failure(Due(CASE, i), err.code, err.message) for i, err in refused]


def act_on_windows(
    session: Session, who: Principal, window_ids: list[uuid.UUID], as_of: datetime
) -> tuple[list[DueAction], list[Failure]]:
    """`act_on_window` for a batch of claim windows (services/clocks/sweep_batch.py)."""
    from pashu.services.clocks import sweep_batch

    done, refused = sweep_batch.act_on_windows(session, who, window_ids, as_of)
    return done, [Failure(Due(WINDOW, i), err.code, err.message) for i, err in refused]


def run(session: Session, who: Principal, as_of: datetime) -> tuple[list[DueAction], list[Failure]]:
    """Find and do the tenant's due work in this session: the cases a batch at a time
    (services/clocks/sweep_batch.py), the rest each piece in a savepoint, so that one refused by
    the law (recorded as a failure) does not undo the others."""
    from pashu.services.clocks.sweep_batch import batches

    done: list[DueAction] = []
    failed: list[Failure] = []
    found = find(session, as_of)
    for batch in batches([d.id for d in found if d.kind == CASE]):
        got, refused = act_on_cases(session, who, batch, as_of)
        done += got
        failed += refused
    for batch in batches([d.id for d in found if d.kind == WINDOW]):
        got, refused = act_on_windows(session, who, batch, as_of)
        done += got
        failed += refused
    for due in (d for d in found if d.kind not in (CASE, WINDOW)):
        try:
            with session.begin_nested():
                done += act(session, who, due, as_of)
        except PashuError as err:
            failed.append(Failure(due, err.code, err.message))
    return done, failed


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

"""What the law's clocks have to do for a tenant at an instant: the kinds of due work, what
the sweep reports it did or could not do, the clock as the actor of record, and `find` --
two indexed range queries whose cost grows with what is due, not with the registers: cases
whose next duty has come (ix_impoundments_due on (tenant_id, next_action_at)) and claim
windows still open and untimed or timed to close (ix_claim_windows_due), with the tax
instalments and deposits under protest fallen due.
"""

from __future__ import annotations

import logging
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import ColumnElement, and_, exists, not_, or_, select
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.orm import Session

from pashu.core.errors import PashuError
from pashu.core.legaltime import aware
from pashu.db.clocks import Auction, ClaimWindow
from pashu.db.impoundment import Impoundment
from pashu.db.tenancy import Tenant
from pashu.jurisdictions import registry
from pashu.jurisdictions.base import Jurisdiction
from pashu.jurisdictions.vocabulary import Action, Capability
from pashu.services.impoundment import course, protest_deposits
from pashu.services.registration import reminders
from pashu.services.tenancy.tenants import Principal

log = logging.getLogger(__name__)

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


def skipped(err: Exception) -> bool:
    """Whether the sweep records `err` as its piece's failure and goes on with the rest (the
    piece's savepoint undone): the law's refusal, or a fault of ours on that piece alone (an
    assertion, a broken row). A database that is down or a lost connection is not skipped:
    the run fails and the task is retried."""
    return not isinstance(err, DBAPIError) or isinstance(err, IntegrityError)


def failure(due: Due, err: Exception) -> Failure:
    """A piece the clock could not do, with its reason: the law's refusal with its code, or
    INTERNAL with the fault (logged with its traceback for the operator)."""
    if isinstance(err, PashuError):
        return Failure(due, err.code, err.message)
    log.error("the clock could not do %s %s", due.kind, due.id, exc_info=err)
    return Failure(due, "INTERNAL", f"{type(err).__name__}: {err}"[:500])


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


def case_due(when: datetime) -> ColumnElement[bool]:
    """A case whose next duty is the clock's and has come by `when`: `Course.due` in SQL,
    on the model's next action written onto the case row (held to the model over random
    courses by the course machine). The sweep finds its work with it and the operators'
    lag gauge (`backlog`) measures it, so the two cannot disagree."""
    auction_open = exists().where(
        Auction.tenant_id == Impoundment.tenant_id,
        Auction.impoundment_id == Impoundment.id,
        Auction.closed_at.is_(None),
    )
    return and_(
        Impoundment.next_action_at <= when,
        # What the model of the case's course says the clock does (course.DUTIES); a
        # clerk's duty (the rest delivered after a sale on refusal) is no clock's work.
        Impoundment.next_action.in_([a.value for a in course.DUTIES]),
        # A case waiting on its open auction has nothing due until the auction closes.
        not_(and_(Impoundment.next_action == Action.AUCTION.value, auction_open)),
    )


def find(session: Session, as_of: datetime) -> list[Due]:
    """The session's tenant's due work at `as_of`: two indexed queries."""
    when = aware(as_of)
    case_ids = session.scalars(
        select(Impoundment.id).where(case_due(when)).order_by(Impoundment.next_action_at)
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

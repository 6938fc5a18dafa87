"""The owner's window to claim the proceeds of a sale, closed by the clock. What happens then
is the tenant plugin's answer (`clocks.unclaimed_after_window`): a surplus held in deposit is
credited to the fund the Act names, or, where the proceeds are in a fund already, the right to
a refund just ends and nothing moves."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from pashu.core.errors import Conflict
from pashu.core.legaltime import aware
from pashu.db import audit, bulk
from pashu.db.bulk import New
from pashu.db.clocks import ClaimWindow
from pashu.jurisdictions import registry
from pashu.jurisdictions.vocabulary import Action
from pashu.services.impoundment import cases, course
from pashu.services.impoundment._course import books as money
from pashu.services.ledger import ledger
from pashu.services.ledger.accounts import Body, body_of
from pashu.services.tenancy.tenants import Principal


@dataclass(frozen=True)
class Closed:
    impoundment_id: uuid.UUID
    at: datetime  # when the window closed
    moved: Decimal  # what was credited to the fund (0: nothing moved)
    fund: str | None
    outcome: str
    event: New  # its audit event, for the caller to write (with others: bulk.insert_all)


def closing(facts: course.CourseFacts, now: datetime) -> tuple[datetime, Action, bool]:
    """When the case's claim window closes, its step, and whether it closes by `now`. A
    window not due yet is timed from its deadline (a later sale of the case moves the
    closing with it: most windows are timed once, by the first sweep after their sale); one
    that is due closes as the model's `require` says (it finds the claim's timeline kept)."""
    deadline, action = course.claim_closes(facts.plugin, facts.sales)
    if now < deadline:
        return deadline, action, False
    deadline, action = course.require(facts, course.Act.CLOSE_CLAIM_WINDOW, now)
    return deadline, action, True


def close_window(
    session: Session, who: Principal, window_id: uuid.UUID, as_of: datetime
) -> Closed | None:
    """Close the claim window `window_id` if it has run out by `as_of`; None if it is still
    open (its closing instant is then noted for the sweep) or closed already."""
    who.require("clerk", "finance")
    now = aware(as_of)
    window = session.scalar(
        select(ClaimWindow)
        .where(ClaimWindow.id == window_id)
        .with_for_update()
        .execution_options(populate_existing=True)
    )
    if window is None or window.closed_at is not None:
        return None
    plugin = registry.get(who.jurisdiction)
    case = cases.get(session, window.impoundment_id)
    facts = cases.load(session, plugin, case)
    deadline, action, due = closing(facts, now)
    if not due:
        window.due_at = deadline
        session.flush()
        return None
    subject = f"Impoundment:{window.impoundment_id}"
    body = body_of(session, case)
    books = ledger.subject_balances(session, subject)
    closed = close(session, who, window.impoundment_id, deadline, action, body, books)
    bulk.insert_all(session, [closed.event])
    # Every window of the case closes with its latest sale's.
    session.execute(
        update(ClaimWindow)
        .where(
            ClaimWindow.impoundment_id == window.impoundment_id,
            ClaimWindow.closed_at.is_(None),
        )
        .values(closed_at=deadline, due_at=deadline, outcome=closed.outcome[:300])
        .execution_options(synchronize_session="fetch")
    )
    return closed


def close(
    session: Session,
    who: Principal,
    case_id: uuid.UUID,
    deadline: datetime,
    action: Action,
    body: Body,
    books: dict[str, Decimal],
) -> Closed:
    """The case's claim window closes at `deadline`: money still held for the owner (in
    `books`, the case's balances) goes where the Act says, and the audit trail says so.
    The caller marks the case's windows closed and writes the audit event."""
    plugin = registry.get(who.jurisdiction)
    subject = f"Impoundment:{case_id}"
    # What leaves deposit, and for where, and the rule that says so (`unclaimed_after_window`):
    # the model's books answer (the case page's too).
    release = money.surplus_release(plugin, books, body)
    cites = [c.label for c in release.cites]
    moved = Decimal("0.00")
    if release.to is not None and release.amount > 0:
        try:
            ledger.post(
                session,
                at=deadline,
                kind="impoundment.unclaimed_surplus",
                memo="unclaimed after the claim window: " + "; ".join(cites),
                subject=subject,
                entries=[*((a, -x) for a, x in release.sources), (release.to, release.amount)],
                key=f"unclaimed-surplus:{case_id}",
            )
            moved = release.amount
        except Conflict:
            pass  # credited already, by an earlier window of the same case
    if moved:
        outcome = f"unclaimed: Rs {moved} credited to {plugin.funds[release.fund or '']}"
    elif release.fund is not None:
        outcome = "closed: nothing held for the owner"
    else:
        outcome = "closed: " + release.why
    event = audit.event(
        who.actor,
        "impoundment.close_claim_window",
        subject,
        after={
            "window": action.value,
            "closedAt": deadline.isoformat(),
            "moved": str(moved),
            "fund": release.fund,
            "cites": cites,
        },
    )
    return Closed(case_id, deadline, moved, release.fund, outcome, event)

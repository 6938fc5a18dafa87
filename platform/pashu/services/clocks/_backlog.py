"""What the law's clocks have yet to do, per tenant, for the operators' gauges: the oldest
duty that has fallen due and not been done (the sweep's lag), and the tasks decided but not
yet handed to the broker (the outbox). Both are indexed lookups (ix_impoundments_due,
ix_claim_windows_due, ix_outbox_unsent)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from pashu.db.clocks import ClaimWindow, OutboxMessage
from pashu.db.impoundment import Impoundment
from pashu.db.tenancy import Tenant
from pashu.services.clocks._due import case_due


@dataclass(frozen=True)
class Backlog:
    slug: str
    oldest_due: datetime | None  # None: nothing is due
    outbox_waiting: int

    def lag_seconds(self, now: datetime) -> float:
        return 0.0 if self.oldest_due is None else max(0.0, (now - self.oldest_due).total_seconds())


def tenant_slugs(session: Session) -> list[tuple[str, uuid.UUID]]:
    """(slug, id) of every tenant; the tenant list is readable without a tenant."""
    return [(t.slug, t.id) for t in session.scalars(select(Tenant).order_by(Tenant.slug))]


def backlog(session: Session, slug: str, now: datetime) -> Backlog:
    """`session` is scoped to the tenant."""
    # The clock's duties come and not done, as the sweep finds them: not a clerk's duty,
    # nor an auction scheduled and waiting for its day.
    case = session.scalar(select(func.min(Impoundment.next_action_at)).where(case_due(now)))
    window = session.scalar(
        select(func.min(ClaimWindow.due_at)).where(
            ClaimWindow.closed_at.is_(None), ClaimWindow.due_at <= now
        )
    )
    waiting = session.scalar(
        select(func.count()).select_from(OutboxMessage).where(OutboxMessage.sent_at.is_(None))
    )
    due = [d for d in (case, window) if d is not None]
    return Backlog(slug, min(due) if due else None, int(waiting or 0))

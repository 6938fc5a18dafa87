"""The audit trail: every mutation leaves who, when, what, before and after."""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from pashu.db.bulk import New
from pashu.db.tenancy import AuditEvent


def record(
    session: Session,
    actor: str,
    action: str,
    subject: str,
    *,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
) -> AuditEvent:
    made = AuditEvent(actor=actor, action=action, subject=subject, before=before, after=after)
    session.add(made)
    return made


def event(
    actor: str,
    action: str,
    subject: str,
    *,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
) -> New:
    """An audit event to be written with others (bulk.insert_all): the sweep writes a batch
    of them at once."""
    return New(
        AuditEvent,
        {"actor": actor, "action": action, "subject": subject, "before": before, "after": after},
    )

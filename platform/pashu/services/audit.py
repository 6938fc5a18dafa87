"""The audit trail: every mutation leaves who, when, what, before and after."""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

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
    made = event(actor, action, subject, before=before, after=after)
    session.add(made)
    return made


def event(
    actor: str,
    action: str,
    subject: str,
    *,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
) -> AuditEvent:
    """An audit event not yet added to a session (the sweep adds a batch of them at once)."""
    return AuditEvent(actor=actor, action=action, subject=subject, before=before, after=after)

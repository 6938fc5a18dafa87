"""Tenants, users, API tokens and the audit trail."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    ForeignKeyConstraint,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    Uuid,
)
from sqlalchemy.orm import Mapped, mapped_column

from pashu.db.base import Base, TenantOwned, utcnow
from pashu.db.types import UtcDateTime, new_id


class Tenant(Base):
    """A state department, bound to one jurisdiction (by its plugin code)."""

    __tablename__ = "tenants"
    id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True, default=new_id)
    slug: Mapped[str] = mapped_column(String(64), unique=True)
    name: Mapped[str] = mapped_column(String(200))
    jurisdiction: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)


class User(TenantOwned, Base):
    __tablename__ = "users"
    name: Mapped[str] = mapped_column(String(200))
    role: Mapped[str] = mapped_column(String(32))


class ApiToken(TenantOwned, Base):
    """Only a hash is kept: the token itself is shown once, when it is made. Every token
    expires; its last use is kept (to the minute), so an idle one can be found and revoked."""

    __tablename__ = "api_tokens"
    user_id: Mapped[uuid.UUID] = mapped_column(Uuid)
    token_hash: Mapped[str] = mapped_column(String(64))
    revoked_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)
    expires_at: Mapped[datetime] = mapped_column(UtcDateTime)
    last_used_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)
    label: Mapped[str] = mapped_column(String(200), default="")
    created_by: Mapped[str] = mapped_column(String(200), default="")
    __table_args__ = (
        ForeignKeyConstraint(["tenant_id", "user_id"], ["users.tenant_id", "users.id"]),
        # Unique within the tenant: a token names its tenant, and a key that includes
        # tenant_id can be enforced on a database distributed by tenant (docs/SCALING.md).
        UniqueConstraint("tenant_id", "token_hash"),
    )


class IdempotentRequest(TenantOwned, Base):
    """A mutation sent with an `Idempotency-Key`: the first answer, given again to a retry.
    Written in the transaction that does the mutation's work and keeps its answer, so both
    commit or neither (schema/idempotent.py); a second request with the key waits on it."""

    __tablename__ = "idempotent_requests"
    key: Mapped[str] = mapped_column(String(200))
    user_id: Mapped[uuid.UUID] = mapped_column(Uuid)
    request_hash: Mapped[str] = mapped_column(String(64))
    status: Mapped[int | None] = mapped_column(Integer, nullable=True)
    answer: Mapped[str | None] = mapped_column(Text, nullable=True)
    __table_args__ = (
        UniqueConstraint("tenant_id", "key"),
        ForeignKeyConstraint(["tenant_id", "user_id"], ["users.tenant_id", "users.id"]),
        # The purge of answered keys past their retention (services/tenancy/idempotency.py).
        Index("ix_idempotent_requests_created", "tenant_id", "created_at"),
    )


class AuditEvent(TenantOwned, Base):
    """Who did what, when, with the state before and after (DESIGN §4)."""

    __tablename__ = "audit_events"
    actor: Mapped[str] = mapped_column(String(200))
    action: Mapped[str] = mapped_column(String(64))
    subject: Mapped[str] = mapped_column(String(200))
    before: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    after: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    __table_args__ = (Index("ix_audit_events_tenant_created", "tenant_id", "created_at"),)

"""Foundation: tenants, users, API tokens, audit events; row-level security.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from pashu.config import settings
from pashu.db import rls
from pashu.db.types import UtcDateTime

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

TENANT_OWNED = ["users", "api_tokens", "audit_events"]


def _owned(*columns: sa.Column) -> list[sa.Column]:
    return [
        sa.Column("tenant_id", sa.Uuid, sa.ForeignKey("tenants.id"), primary_key=True),
        sa.Column("id", sa.Uuid, primary_key=True),
        sa.Column("created_at", UtcDateTime, nullable=False),
        *columns,
    ]


def upgrade() -> None:
    op.create_table(
        "tenants",
        sa.Column("id", sa.Uuid, primary_key=True),
        sa.Column("slug", sa.String(64), nullable=False, unique=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("jurisdiction", sa.String(64), nullable=False),
        sa.Column("created_at", UtcDateTime, nullable=False),
    )
    op.create_table(
        "users",
        *_owned(sa.Column("name", sa.String(200), nullable=False)),
        sa.Column("role", sa.String(32), nullable=False),
    )
    op.create_table(
        "api_tokens",
        *_owned(
            sa.Column("user_id", sa.Uuid, nullable=False),
            sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
            sa.Column("revoked_at", UtcDateTime, nullable=True),
        ),
        sa.ForeignKeyConstraint(["tenant_id", "user_id"], ["users.tenant_id", "users.id"]),
    )
    op.create_table(
        "audit_events",
        *_owned(
            sa.Column("actor", sa.String(200), nullable=False),
            sa.Column("action", sa.String(64), nullable=False),
            sa.Column("subject", sa.String(200), nullable=False),
            sa.Column("before", sa.JSON, nullable=True),
            sa.Column("after", sa.JSON, nullable=True),
        ),
    )
    op.create_index("ix_audit_events_tenant_created", "audit_events", ["tenant_id", "created_at"])

    conn = op.get_bind()
    if conn.dialect.name == "postgresql":
        role = settings().app_role
        rls.ensure_app_role(conn, role)
        rls.grant(conn, "tenants", role, "SELECT, INSERT")
        for table in TENANT_OWNED:
            rls.protect(conn, table, role, append_only=table == "audit_events")


def downgrade() -> None:
    for table in reversed(["tenants", *TENANT_OWNED]):
        op.drop_table(table)

"""Rate notifications: dated, gazetted amounts per tenant; append-only under row-level security.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from pashu.config import settings
from pashu.db import rls
from pashu.db.types import Paise, UtcDateTime

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rate_notifications",
        sa.Column("tenant_id", sa.Uuid, sa.ForeignKey("tenants.id"), primary_key=True),
        sa.Column("id", sa.Uuid, primary_key=True),
        sa.Column("created_at", UtcDateTime, nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("species", sa.String(32), nullable=True),
        sa.Column("amount", Paise, nullable=False),
        sa.Column("effective_from", sa.Date, nullable=False),
        sa.Column("reference", sa.String(200), nullable=False),
        sa.Column("published_by", sa.String(200), nullable=False),
    )
    op.create_index(
        "ix_rate_notifications_in_force",
        "rate_notifications",
        ["tenant_id", "kind", "species", "effective_from"],
    )

    conn = op.get_bind()
    if conn.dialect.name == "postgresql":
        # Gazette records: never updated or deleted; a later notification supersedes.
        rls.protect(conn, "rate_notifications", settings().app_role, append_only=True)


def downgrade() -> None:
    op.drop_table("rate_notifications")

"""Reminders of animal tax instalments fallen due.

Revision ID: 0010
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from pashu.config import settings
from pashu.db import rls
from pashu.db.ddl import owned_columns
from pashu.db.types import UtcDateTime

revision = "0010"
down_revision = "0007"
branch_labels = None
depends_on = "0005"  # tax instalments


def upgrade() -> None:
    op.create_table(
        "tax_reminders",
        *owned_columns(),
        sa.Column("instalment_id", sa.Uuid, nullable=False),
        sa.Column("issued_at", UtcDateTime, nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("issued_by", sa.String(200), nullable=False),
        sa.ForeignKeyConstraint(
            ["tenant_id", "instalment_id"], ["tax_instalments.tenant_id", "tax_instalments.id"]
        ),
        sa.UniqueConstraint("tenant_id", "instalment_id"),
    )
    conn = op.get_bind()
    if conn.dialect.name == "postgresql":
        rls.protect(conn, "tax_reminders", settings().app_role, append_only=True)


def downgrade() -> None:
    op.drop_table("tax_reminders")

"""Compensation recovered: an order of compensation paid, or recovered as a fine where the Act
makes it so (Nagaland s.23, issue #32). Append-only, once per order.

Revision ID: 0027
Revises: 0026
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from pashu.config import settings
from pashu.db import rls
from pashu.db.ddl import owned_columns
from pashu.db.types import Paise, UtcDateTime

revision = "0027"
down_revision = "0026"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "compensation_recoveries",
        *owned_columns(),
        sa.Column("order_id", sa.Uuid, nullable=False),
        sa.Column("at", UtcDateTime, nullable=False),
        sa.Column("amount", Paise, nullable=False),
        sa.Column("manner", sa.String(24), nullable=False),
        sa.Column("reference", sa.String(200), nullable=False),
        sa.Column("recorded_by", sa.String(200), nullable=False),
        sa.ForeignKeyConstraint(
            ["tenant_id", "order_id"], ["compensation_orders.tenant_id", "compensation_orders.id"]
        ),
        sa.UniqueConstraint("tenant_id", "order_id", name="uq_compensation_recoveries_order"),
    )
    conn = op.get_bind()
    if conn.dialect.name == "postgresql":
        rls.protect(conn, "compensation_recoveries", settings().app_role, append_only=True)


def downgrade() -> None:
    op.drop_table("compensation_recoveries")

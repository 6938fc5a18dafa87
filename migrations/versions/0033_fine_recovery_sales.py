"""A fine on conviction recovered by sale of cattle not in a pound (Nagaland s.26: "whether
they were seized in the act of tresspassing or not", issue #32). Append-only, once a fine.

Revision ID: 0033
Revises: 0027
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from pashu.config import settings
from pashu.db import rls
from pashu.db.ddl import owned_columns
from pashu.db.types import Paise, UtcDateTime

revision = "0033"
down_revision = "0027"  # the last to alter the offences tables
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "fine_recovery_sales",
        *owned_columns(),
        sa.Column("fine_id", sa.Uuid, nullable=False),
        sa.Column("at", UtcDateTime, nullable=False),
        sa.Column("cattle", sa.Text, nullable=False),
        sa.Column("head_count", sa.Integer, nullable=False),
        sa.Column("all_sold", sa.Boolean, nullable=False),
        sa.Column("place", sa.String(400), nullable=False),
        sa.Column("owner_name", sa.String(200), nullable=False),
        sa.Column("owner_address", sa.String(400), nullable=False),
        sa.Column("buyer_name", sa.String(200), nullable=False),
        sa.Column("buyer_address", sa.String(400), nullable=False),
        sa.Column("buyer_role", sa.String(40), nullable=False),
        sa.Column("price", Paise, nullable=False),
        sa.Column("expenses", Paise, nullable=False),
        sa.Column("recovered", Paise, nullable=False),
        sa.Column("balance", Paise, nullable=False),
        sa.Column("account", sa.JSON, nullable=False),
        sa.Column("recorded_by", sa.String(200), nullable=False),
        sa.ForeignKeyConstraint(
            ["tenant_id", "fine_id"],
            ["offence_fines.tenant_id", "offence_fines.id"],
            name="fk_fine_recovery_sales_fine",
        ),
        sa.UniqueConstraint("tenant_id", "fine_id", name="uq_fine_recovery_sales_fine"),
    )
    conn = op.get_bind()
    if conn.dialect.name == "postgresql":
        rls.protect(conn, "fine_recovery_sales", settings().app_role, append_only=True)


def downgrade() -> None:
    op.drop_table("fine_recovery_sales")

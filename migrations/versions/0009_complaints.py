"""Complaints of illegal seizure or detention, and the magistrate's decisions.

Revision ID: 0009
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from pashu.config import settings
from pashu.db import rls
from pashu.db.ddl import owned_columns
from pashu.db.types import Paise, UtcDateTime

revision = "0009"
down_revision = "0004"
branch_labels = None
depends_on = "0006"  # compensation orders


def upgrade() -> None:
    op.create_table(
        "complaints",
        *owned_columns(),
        sa.Column("impoundment_id", sa.Uuid, nullable=False),
        sa.Column("at", UtcDateTime, nullable=False),
        sa.Column("complainant_name", sa.String(200), nullable=False),
        sa.Column("complainant_address", sa.String(300), nullable=False),
        sa.Column("form", sa.String(16), nullable=False),
        sa.Column("statement", sa.Text, nullable=False),
        sa.Column("taken_down_by", sa.String(200), nullable=True),
        sa.Column("recorded_by", sa.String(200), nullable=False),
        sa.ForeignKeyConstraint(
            ["tenant_id", "impoundment_id"], ["impoundments.tenant_id", "impoundments.id"]
        ),
    )
    op.create_index("ix_complaints_case", "complaints", ["tenant_id", "impoundment_id"])
    op.create_table(
        "complaint_decisions",
        *owned_columns(),
        sa.Column("complaint_id", sa.Uuid, nullable=False),
        sa.Column("at", UtcDateTime, nullable=False),
        sa.Column("illegal", sa.Boolean, nullable=False),
        sa.Column("decided_by", sa.String(200), nullable=False),
        sa.Column("compensation_order_id", sa.Uuid, nullable=True),
        sa.Column("released_animals", sa.Integer, nullable=False),
        sa.Column("seizer_owes", Paise, nullable=False),
        sa.Column("deposit_returned", Paise, nullable=False),
        sa.Column("recorded_by", sa.String(200), nullable=False),
        sa.ForeignKeyConstraint(
            ["tenant_id", "complaint_id"], ["complaints.tenant_id", "complaints.id"]
        ),
        sa.UniqueConstraint("tenant_id", "complaint_id"),
    )
    conn = op.get_bind()
    if conn.dialect.name == "postgresql":
        for table in ("complaints", "complaint_decisions"):
            rls.protect(conn, table, settings().app_role, append_only=True)


def downgrade() -> None:
    op.drop_table("complaint_decisions")
    op.drop_table("complaints")

"""Owners who will not pay, what remains after their sale, release orders, and rates
notified for a local area (a local authority or a pound).

Revision ID: 0017
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from pashu.config import settings
from pashu.db import rls
from pashu.db.ddl import owned_columns
from pashu.db.types import Paise, UtcDateTime

revision = "0017"
down_revision = "0004"  # the impoundments
branch_labels = None
depends_on = None

TABLES = ("refusals_to_pay", "handovers", "release_orders")


def _case() -> list[sa.SchemaItem]:
    return [
        sa.Column("impoundment_id", sa.Uuid, nullable=False),
        sa.ForeignKeyConstraint(
            ["tenant_id", "impoundment_id"], ["impoundments.tenant_id", "impoundments.id"]
        ),
    ]


def upgrade() -> None:
    # Case state beside next_action: a nullable column is added in place on both databases.
    op.add_column("impoundments", sa.Column("refused_at", UtcDateTime, nullable=True))
    op.add_column("impoundments", sa.Column("refusal_sold_at", UtcDateTime, nullable=True))
    op.create_table(
        "refusals_to_pay",
        *owned_columns(),
        *_case(),
        sa.Column("at", UtcDateTime, nullable=False),
        sa.Column("claimant_name", sa.String(200), nullable=False),
        sa.Column("claimant_address", sa.String(300), nullable=False),
        sa.Column("deposit", sa.Boolean, nullable=False),
        sa.Column("dues", Paise, nullable=True),
        sa.Column("recorded_by", sa.String(200), nullable=False),
    )
    op.create_table(
        "handovers",
        *owned_columns(),
        *_case(),
        sa.Column("at", UtcDateTime, nullable=False),
        sa.Column("accepted", sa.Boolean, nullable=False),
        sa.Column("receipt_number", sa.Integer, nullable=True),
        sa.Column("claimant_name", sa.String(200), nullable=False),
        sa.Column("claimant_address", sa.String(300), nullable=False),
        sa.Column("animals", sa.Integer, nullable=False),
        sa.Column("balance", Paise, nullable=False),
        sa.Column("account", sa.JSON, nullable=False),
        sa.Column("recorded_by", sa.String(200), nullable=False),
        sa.UniqueConstraint("tenant_id", "receipt_number"),
    )
    op.create_table(
        "release_orders",
        *owned_columns(),
        *_case(),
        sa.Column("authority", sa.String(32), nullable=False),
        sa.Column("ordered_by", sa.String(200), nullable=False),
        sa.Column("ordered_at", UtcDateTime, nullable=False),
        sa.Column("reasons", sa.Text, nullable=False),
        sa.Column("document", sa.String(300), nullable=False),
        sa.Column("released_at", UtcDateTime, nullable=False),
        sa.Column("animals", sa.JSON, nullable=False),
        sa.Column("recorded_by", sa.String(200), nullable=False),
    )
    for table in TABLES:
        op.create_index(f"ix_{table}_case", table, ["tenant_id", "impoundment_id"])
    # SQLite cannot add a constraint to a table: batch mode copies the table with it.
    with op.batch_alter_table("rate_notifications") as batch:
        batch.add_column(sa.Column("local_authority_id", sa.Uuid, nullable=True))
        batch.add_column(sa.Column("pound_id", sa.Uuid, nullable=True))
        batch.create_foreign_key(
            "fk_rate_notifications_local_authority",
            "local_authorities",
            ["tenant_id", "local_authority_id"],
            ["tenant_id", "id"],
        )
        batch.create_foreign_key(
            "fk_rate_notifications_pound", "pounds", ["tenant_id", "pound_id"], ["tenant_id", "id"]
        )
    conn = op.get_bind()
    if conn.dialect.name == "postgresql":
        for table in TABLES:
            rls.protect(conn, table, settings().app_role, append_only=True)


def downgrade() -> None:
    with op.batch_alter_table("rate_notifications") as batch:
        batch.drop_constraint("fk_rate_notifications_pound", type_="foreignkey")
        batch.drop_constraint("fk_rate_notifications_local_authority", type_="foreignkey")
        batch.drop_column("pound_id")
        batch.drop_column("local_authority_id")
    for table in reversed(TABLES):
        op.drop_table(table)
    with op.batch_alter_table("impoundments") as batch:
        batch.drop_column("refusal_sold_at")
        batch.drop_column("refused_at")

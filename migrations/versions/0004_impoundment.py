"""The ledger and the impoundment register: seizures, animals, deliveries, sales.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from pashu.config import settings
from pashu.db import rls
from pashu.db.ddl import owned_columns
from pashu.db.types import Paise, UtcDateTime

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def _fk(columns: list[str], table: str, target: list[str]) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        ["tenant_id", *columns], [f"{table}.tenant_id"] + [f"{table}.{c}" for c in target]
    )


def upgrade() -> None:
    op.create_table(
        "ledger_transactions",
        *owned_columns(),
        sa.Column("at", UtcDateTime, nullable=False),
        sa.Column("kind", sa.String(64), nullable=False),
        sa.Column("memo", sa.String(500), nullable=False),
        sa.Column("subject", sa.String(200), nullable=False),
        sa.Column("key", sa.String(200), nullable=True),
        sa.UniqueConstraint("tenant_id", "key"),
    )
    op.create_index(
        "ix_ledger_transactions_subject", "ledger_transactions", ["tenant_id", "subject"]
    )
    op.create_table(
        "ledger_entries",
        *owned_columns(),
        sa.Column("transaction_id", sa.Uuid, nullable=False),
        sa.Column("account", sa.String(100), nullable=False),
        sa.Column("amount", Paise, nullable=False),
        _fk(["transaction_id"], "ledger_transactions", ["id"]),
    )
    op.create_index("ix_ledger_entries_account", "ledger_entries", ["tenant_id", "account"])
    op.create_index(
        "ix_ledger_entries_transaction", "ledger_entries", ["tenant_id", "transaction_id"]
    )
    op.create_table(
        "counters",
        sa.Column("tenant_id", sa.Uuid, sa.ForeignKey("tenants.id"), primary_key=True),
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("value", sa.Integer, nullable=False),
    )
    op.create_table(
        "impoundments",
        *owned_columns(),
        sa.Column("register_number", sa.Integer, nullable=False),
        sa.Column("pound_id", sa.Uuid, nullable=False),
        sa.Column("seized_at", UtcDateTime, nullable=False),
        sa.Column("impounded_at", UtcDateTime, nullable=False),
        sa.Column("place_kind", sa.String(32), nullable=False),
        sa.Column("place", sa.String(300), nullable=False),
        sa.Column("seizer_name", sa.String(200), nullable=False),
        sa.Column("seizer_address", sa.String(300), nullable=False),
        sa.Column("seizer_signed", sa.Boolean, nullable=False),
        sa.Column("owner_name", sa.String(200), nullable=True),
        sa.Column("owner_address", sa.String(300), nullable=True),
        sa.Column("corrects_id", sa.Uuid, nullable=True),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("next_action", sa.String(32), nullable=True),
        sa.Column("next_action_at", UtcDateTime, nullable=True),
        sa.Column("next_deadline", UtcDateTime, nullable=True),
        sa.Column("recorded_by", sa.String(200), nullable=False),
        sa.UniqueConstraint("tenant_id", "register_number"),
        _fk(["pound_id"], "pounds", ["id"]),
    )
    op.create_index(
        "ix_impoundments_status_seized",
        "impoundments",
        ["tenant_id", "status", "seized_at", "id"],
    )
    op.create_index("ix_impoundments_seized", "impoundments", ["tenant_id", "seized_at", "id"])
    op.create_index("ix_impoundments_pound", "impoundments", ["tenant_id", "pound_id", "seized_at"])
    op.create_index("ix_impoundments_overdue", "impoundments", ["tenant_id", "next_deadline"])
    op.create_index("ix_impoundments_due", "impoundments", ["tenant_id", "next_action_at"])
    op.create_table(
        "impounded_animals",
        *owned_columns(),
        sa.Column("impoundment_id", sa.Uuid, nullable=False),
        sa.Column("species", sa.String(32), nullable=False),
        sa.Column("description", sa.String(300), nullable=False),
        sa.Column("ear_tag", sa.String(64), nullable=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("charges_settled_at", UtcDateTime, nullable=True),
        sa.Column("fine_settled", sa.Boolean, nullable=False),
        sa.Column("released_at", UtcDateTime, nullable=True),
        sa.Column("delivery_id", sa.Uuid, nullable=True),
        sa.Column("sale_id", sa.Uuid, nullable=True),
        sa.Column("injury", sa.String(500), nullable=True),
        sa.Column("carcass_returned_at", UtcDateTime, nullable=True),
        _fk(["impoundment_id"], "impoundments", ["id"]),
    )
    op.create_index(
        "ix_impounded_animals_case", "impounded_animals", ["tenant_id", "impoundment_id", "status"]
    )
    op.create_index(
        "ix_impounded_animals_species", "impounded_animals", ["tenant_id", "species", "status"]
    )
    op.create_table(
        "deliveries",
        *owned_columns(),
        sa.Column("impoundment_id", sa.Uuid, nullable=False),
        sa.Column("receipt_number", sa.Integer, nullable=False),
        sa.Column("at", UtcDateTime, nullable=False),
        sa.Column("claimant_name", sa.String(200), nullable=False),
        sa.Column("claimant_address", sa.String(300), nullable=False),
        sa.Column("amount_paid", Paise, nullable=False),
        sa.Column("under_protest", sa.Boolean, nullable=False),
        sa.Column("lines", sa.JSON, nullable=False),
        sa.Column("recorded_by", sa.String(200), nullable=False),
        sa.UniqueConstraint("tenant_id", "receipt_number"),
        _fk(["impoundment_id"], "impoundments", ["id"]),
    )
    op.create_index("ix_deliveries_case", "deliveries", ["tenant_id", "impoundment_id"])
    op.create_table(
        "sales",
        *owned_columns(),
        sa.Column("impoundment_id", sa.Uuid, nullable=False),
        sa.Column("at", UtcDateTime, nullable=False),
        sa.Column("by_auction", sa.Boolean, nullable=False),
        sa.Column("decided_by", sa.String(200), nullable=True),
        sa.Column("buyer_name", sa.String(200), nullable=False),
        sa.Column("buyer_address", sa.String(300), nullable=False),
        sa.Column("buyer_role", sa.String(40), nullable=False),
        sa.Column("price", Paise, nullable=False),
        sa.Column("expenses", Paise, nullable=False),
        sa.Column("surplus", Paise, nullable=False),
        sa.Column("account", sa.JSON, nullable=False),
        sa.Column("recorded_by", sa.String(200), nullable=False),
        _fk(["impoundment_id"], "impoundments", ["id"]),
    )
    op.create_index("ix_sales_case", "sales", ["tenant_id", "impoundment_id"])
    op.create_table(
        "notices",
        *owned_columns(),
        sa.Column("impoundment_id", sa.Uuid, nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("issued_at", UtcDateTime, nullable=False),
        sa.Column("proclaimed_at", UtcDateTime, nullable=True),
        sa.Column("text", sa.String(4000), nullable=False),
        sa.Column("recorded_by", sa.String(200), nullable=False),
        sa.UniqueConstraint("tenant_id", "impoundment_id", "kind"),
        _fk(["impoundment_id"], "impoundments", ["id"]),
    )
    op.create_index("ix_notices_case", "notices", ["tenant_id", "impoundment_id"])

    conn = op.get_bind()
    if conn.dialect.name == "postgresql":
        role = settings().app_role
        # Money and the records of what was paid or sold are never rewritten.
        for table in ("ledger_transactions", "ledger_entries", "deliveries", "sales"):
            rls.protect(conn, table, role, append_only=True)
        for table in ("counters", "impoundments", "impounded_animals", "notices"):
            rls.protect(conn, table, role)


def downgrade() -> None:
    for table in (
        "notices",
        "sales",
        "deliveries",
        "impounded_animals",
        "impoundments",
        "counters",
        "ledger_entries",
        "ledger_transactions",
    ):
        op.drop_table(table)

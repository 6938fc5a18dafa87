"""Registration, animal tax and licences: owners, the animal and tax registers, appeals,
establishments, notified orders and the licences and permits under them.

Revision ID: 0005
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from pashu.config import settings
from pashu.db import rls
from pashu.db.ddl import owned_columns
from pashu.db.types import Paise, UtcDateTime

revision = "0005"
down_revision = "0003"
branch_labels = None
depends_on = None

# Registers: append-only (no UPDATE or DELETE granted to the application).
TABLES = (
    "owners",
    "animal_registrations",
    "registered_animals",
    "tax_instalments",
    "tax_payments",
    "registration_appeals",
    "registration_appeal_decisions",
    "establishments",
    "establishment_registrations",
    "notified_orders",
    "cattle_licences",
    "cattle_licence_cancellations",
)


def _fk(column: str, table: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(["tenant_id", column], [f"{table}.tenant_id", f"{table}.id"])


def _s(name: str, length: int, nullable: bool = False) -> sa.Column[str]:
    return sa.Column(name, sa.String(length), nullable=nullable)


def upgrade() -> None:
    op.create_table(
        "owners",
        *owned_columns(),
        _s("name", 200),
        _s("address", 500),
        _s("category", 32),
        _s("name_key", 200),
        _s("address_key", 500),
        sa.UniqueConstraint("tenant_id", "name_key", "address_key"),
    )
    op.create_table(
        "animal_registrations",
        *owned_columns(),
        sa.Column("owner_id", sa.Uuid, nullable=False),
        sa.Column("registered_at", UtcDateTime, nullable=False),
        sa.Column("owned_since", sa.Date, nullable=False),
        sa.Column("deadline", UtcDateTime, nullable=False),
        sa.Column("late", sa.Boolean, nullable=False),
        sa.Column("exempt", sa.Boolean, nullable=False),
        sa.Column("fee", Paise, nullable=False),
        _s("registered_by", 200),
        _fk("owner_id", "owners"),
    )
    op.create_index(
        "ix_animal_registrations_owner", "animal_registrations", ["tenant_id", "owner_id"]
    )
    op.create_index(
        "ix_animal_registrations_registered_at",
        "animal_registrations",
        ["tenant_id", "registered_at"],
    )
    op.create_table(
        "registered_animals",
        *owned_columns(),
        sa.Column("registration_id", sa.Uuid, nullable=False),
        _s("species", 32),
        sa.Column("adults", sa.Integer, nullable=False),
        sa.Column("young", sa.Integer, nullable=False),
        sa.Column("rate", Paise, nullable=True),
        sa.Column("fee", Paise, nullable=False),
        _fk("registration_id", "animal_registrations"),
    )
    op.create_index(
        "ix_registered_animals_registration",
        "registered_animals",
        ["tenant_id", "registration_id"],
    )
    op.create_table(
        "tax_instalments",
        *owned_columns(),
        sa.Column("registration_id", sa.Uuid, nullable=False),
        sa.Column("year", sa.Integer, nullable=False),
        _s("schedule", 16),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("period_start", sa.Date, nullable=False),
        sa.Column("period_end", sa.Date, nullable=False),
        sa.Column("due_on", sa.Date, nullable=True),
        sa.Column("amount", Paise, nullable=False),
        _s("assessed_by", 200),
        _fk("registration_id", "animal_registrations"),
        sa.UniqueConstraint("tenant_id", "registration_id", "year", "number"),
    )
    op.create_index("ix_tax_instalments_due_on", "tax_instalments", ["tenant_id", "due_on"])
    op.create_table(
        "tax_payments",
        *owned_columns(),
        sa.Column("instalment_id", sa.Uuid, nullable=False),
        sa.Column("amount", Paise, nullable=False),
        sa.Column("paid_at", UtcDateTime, nullable=False),
        _s("received_by", 200),
        sa.Column("ledger_transaction_id", sa.Uuid, nullable=False),
        _fk("instalment_id", "tax_instalments"),
        sa.UniqueConstraint("tenant_id", "instalment_id"),
    )
    op.create_index("ix_tax_payments_paid_at", "tax_payments", ["tenant_id", "paid_at"])
    op.create_table(
        "registration_appeals",
        *owned_columns(),
        _s("subject", 200),
        _s("appellant", 200),
        _s("authority", 200),
        sa.Column("filed_on", sa.Date, nullable=False),
        _s("grounds", 2000),
        _s("recorded_by", 200),
    )
    op.create_index(
        "ix_registration_appeals_filed_on", "registration_appeals", ["tenant_id", "filed_on"]
    )
    op.create_table(
        "registration_appeal_decisions",
        *owned_columns(),
        sa.Column("appeal_id", sa.Uuid, nullable=False),
        _s("outcome", 16),
        sa.Column("decided_on", sa.Date, nullable=False),
        _s("remarks", 2000),
        _s("recorded_by", 200),
        _fk("appeal_id", "registration_appeals"),
        sa.UniqueConstraint("tenant_id", "appeal_id"),
    )
    op.create_table(
        "establishments",
        *owned_columns(),
        _s("name", 200),
        _s("name_key", 200),
        sa.UniqueConstraint("tenant_id", "name_key"),
    )
    op.create_table(
        "establishment_registrations",
        *owned_columns(),
        sa.Column("establishment_id", sa.Uuid, nullable=False),
        _s("kind", 16),
        _s("certificate_no", 64),
        sa.Column("last_date", sa.Date, nullable=False),
        sa.Column("applied_at", UtcDateTime, nullable=False),
        sa.Column("valid_application_on_time", sa.Boolean, nullable=False),
        sa.Column("fee", Paise, nullable=False),
        sa.Column("penalty", Paise, nullable=False),
        sa.Column("default_days", sa.Integer, nullable=False),
        sa.Column("valid_from", sa.Date, nullable=False),
        sa.Column("valid_until", sa.Date, nullable=False),
        _s("fee_reference", 200),
        _s("recorded_by", 200),
        _fk("establishment_id", "establishments"),
        sa.UniqueConstraint("tenant_id", "certificate_no"),
    )
    op.create_index(
        "ix_establishment_registrations_establishment",
        "establishment_registrations",
        ["tenant_id", "establishment_id"],
    )
    op.create_index(
        "ix_establishment_registrations_valid_until",
        "establishment_registrations",
        ["tenant_id", "valid_until"],
    )
    op.create_table(
        "notified_orders",
        *owned_columns(),
        _s("title", 300),
        _s("reference", 200),
        _s("area", 200),
        _s("area_key", 200),
        _s("effect", 16),
        sa.Column("keeping", sa.Boolean, nullable=False),
        sa.Column("movement", sa.Boolean, nullable=False),
        _s("clauses", 16),
        sa.Column("species", sa.JSON, nullable=True),
        sa.Column("effective_from", sa.Date, nullable=False),
        sa.Column("effective_until", sa.Date, nullable=True),
        sa.Column("licence_fee", Paise, nullable=True),
        sa.Column("permit_fee", Paise, nullable=True),
        _s("recorded_by", 200),
        sa.UniqueConstraint("tenant_id", "reference"),
    )
    op.create_index(
        "ix_notified_orders_area", "notified_orders", ["tenant_id", "area_key", "effective_from"]
    )
    op.create_table(
        "cattle_licences",
        *owned_columns(),
        sa.Column("order_id", sa.Uuid, nullable=False),
        _s("kind", 16),
        _s("holder", 200),
        _s("holder_key", 200),
        sa.Column("valid_from", sa.Date, nullable=False),
        sa.Column("valid_until", sa.Date, nullable=True),
        sa.Column("fee", Paise, nullable=False),
        sa.Column("granted_at", UtcDateTime, nullable=False),
        _s("granted_by", 200),
        _fk("order_id", "notified_orders"),
    )
    op.create_index("ix_cattle_licences_order", "cattle_licences", ["tenant_id", "order_id"])
    op.create_index("ix_cattle_licences_holder", "cattle_licences", ["tenant_id", "holder_key"])
    op.create_table(
        "cattle_licence_cancellations",
        *owned_columns(),
        sa.Column("licence_id", sa.Uuid, nullable=False),
        _s("reason", 1000),
        sa.Column("cancelled_at", UtcDateTime, nullable=False),
        _s("cancelled_by", 200),
        _fk("licence_id", "cattle_licences"),
        sa.UniqueConstraint("tenant_id", "licence_id"),
    )

    conn = op.get_bind()
    if conn.dialect.name == "postgresql":
        for table in TABLES:
            rls.protect(conn, table, settings().app_role, append_only=True)


def downgrade() -> None:
    for table in reversed(TABLES):
        op.drop_table(table)

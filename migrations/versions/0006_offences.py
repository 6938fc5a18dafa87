"""Offences: cases, steps, fines, compositions, vicious animals, compensation, set-offs.

Revision ID: 0006
Revises: 0003

`impoundment_id` has no foreign key yet: the impoundment register is another branch (0004).
Every table is a legal register: append-only under row-level security.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from pashu.config import settings
from pashu.db import rls
from pashu.db.ddl import owned_columns
from pashu.db.types import Paise, UtcDateTime

revision = "0006"
down_revision = "0003"
branch_labels = None
depends_on = None

TABLES = (
    "offence_cases",
    "offence_steps",
    "offence_fines",
    "offence_compositions",
    "vicious_events",
    "attack_liabilities",
    "compensation_orders",
    "civil_set_offs",
)


def _case_fk(table: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        ["tenant_id", "case_id"],
        ["offence_cases.tenant_id", "offence_cases.id"],
        name=f"fk_{table}_case",
    )


def _person(prefix: str) -> list[sa.Column[object]]:
    return [
        sa.Column(f"{prefix}_name", sa.String(200), nullable=False),
        sa.Column(f"{prefix}_address", sa.String(400), nullable=False),
    ]


def upgrade() -> None:
    op.create_table(
        "offence_cases",
        *owned_columns(),
        sa.Column("offence_code", sa.String(32), nullable=False),
        sa.Column("section", sa.String(32), nullable=False),
        *_person("offender"),
        sa.Column("offender_key", sa.String(600), nullable=False),
        sa.Column("role", sa.String(32), nullable=False),
        sa.Column("corporation", sa.String(200), nullable=True),
        sa.Column("committed_at", UtcDateTime, nullable=False),
        sa.Column("impoundment_id", sa.Uuid, nullable=True),
        sa.Column("recorded_by", sa.String(200), nullable=False),
    )
    op.create_index(
        "ix_offence_cases_offender", "offence_cases", ["tenant_id", "offender_key", "offence_code"]
    )
    op.create_index("ix_offence_cases_committed", "offence_cases", ["tenant_id", "committed_at"])
    op.create_index(
        "ix_offence_cases_impoundment", "offence_cases", ["tenant_id", "impoundment_id"]
    )

    op.create_table(
        "offence_steps",
        *owned_columns(),
        sa.Column("case_id", sa.Uuid, nullable=False),
        sa.Column("kind", sa.String(24), nullable=False),
        sa.Column("at", UtcDateTime, nullable=False),
        sa.Column("authority", sa.String(200), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("recorded_by", sa.String(200), nullable=False),
        _case_fk("offence_steps"),
    )
    op.create_index("ix_offence_steps_case", "offence_steps", ["tenant_id", "case_id"])

    op.create_table(
        "offence_fines",
        *owned_columns(),
        sa.Column("case_id", sa.Uuid, nullable=False),
        sa.Column("amount", Paise, nullable=False),
        sa.Column("at", UtcDateTime, nullable=False),
        sa.Column("subsequent", sa.Boolean, nullable=False),
        sa.Column("cap_unknown", sa.Boolean, nullable=False),
        sa.Column("warning", sa.Text, nullable=True),
        sa.Column("recoverable_from_salary", sa.Boolean, nullable=False),
        sa.Column("compensation", Paise, nullable=True),
        sa.Column("compensation_to_name", sa.String(200), nullable=True),
        sa.Column("compensation_to_address", sa.String(400), nullable=True),
        sa.Column("compensation_to_key", sa.String(600), nullable=True),
        sa.Column("loss_proved", sa.Text, nullable=True),
        sa.Column("routes", sa.JSON, nullable=False),
        sa.Column("routing_note", sa.Text, nullable=False),
        sa.Column("imposed_by", sa.String(200), nullable=False),
        _case_fk("offence_fines"),
    )
    op.create_index("ix_offence_fines_case", "offence_fines", ["tenant_id", "case_id"])
    op.create_index(
        "ix_offence_fines_compensated", "offence_fines", ["tenant_id", "compensation_to_key"]
    )

    op.create_table(
        "offence_compositions",
        *owned_columns(),
        sa.Column("case_id", sa.Uuid, nullable=False),
        sa.Column("amount", Paise, nullable=False),
        sa.Column("release_sum", Paise, nullable=True),
        sa.Column("estimated_value", Paise, nullable=True),
        sa.Column("things_released", sa.Text, nullable=True),
        sa.Column("at", UtcDateTime, nullable=False),
        sa.Column("after_proceedings", sa.Boolean, nullable=False),
        sa.Column("acquitted", sa.Boolean, nullable=False),
        sa.Column("licence_id", sa.Uuid, nullable=True),
        sa.Column("licence_reason", sa.Text, nullable=True),
        sa.Column("licence_cancellation", sa.String(16), nullable=True),
        sa.Column("routes", sa.JSON, nullable=False),
        sa.Column("routing_note", sa.Text, nullable=False),
        sa.Column("accepted_by", sa.String(200), nullable=False),
        _case_fk("offence_compositions"),
    )
    op.create_index(
        "ix_offence_compositions_case", "offence_compositions", ["tenant_id", "case_id"]
    )

    op.create_table(
        "vicious_events",
        *owned_columns(),
        sa.Column("animal", sa.String(200), nullable=False),
        sa.Column("animal_key", sa.String(200), nullable=False),
        *_person("owner"),
        sa.Column("kind", sa.String(24), nullable=False),
        sa.Column("at", UtcDateTime, nullable=False),
        sa.Column("description", sa.Text, nullable=False),
        sa.Column("recorded_by", sa.String(200), nullable=False),
    )
    op.create_index("ix_vicious_events_animal", "vicious_events", ["tenant_id", "animal_key", "at"])

    op.create_table(
        "attack_liabilities",
        *owned_columns(),
        sa.Column("animal", sa.String(200), nullable=False),
        sa.Column("animal_key", sa.String(200), nullable=False),
        *_person("owner"),
        *_person("victim"),
        sa.Column("at", UtcDateTime, nullable=False),
        sa.Column("medical_treatment", sa.Boolean, nullable=False),
        sa.Column("medical_cost", Paise, nullable=True),
        sa.Column("victim_sum", Paise, nullable=True),
        sa.Column("vicious_because", sa.Text, nullable=False),
        sa.Column("ordered_by", sa.String(200), nullable=False),
    )
    op.create_index(
        "ix_attack_liabilities_animal", "attack_liabilities", ["tenant_id", "animal_key"]
    )

    op.create_table(
        "compensation_orders",
        *owned_columns(),
        sa.Column("kind", sa.String(24), nullable=False),
        sa.Column("case_id", sa.Uuid, nullable=True),
        sa.Column("impoundment_id", sa.Uuid, nullable=True),
        *_person("payer"),
        *_person("recipient"),
        sa.Column("recipient_key", sa.String(600), nullable=False),
        sa.Column("amount", Paise, nullable=False),
        sa.Column("fines_paid", Paise, nullable=False),
        sa.Column("expenses", Paise, nullable=False),
        sa.Column("release_ordered", sa.Boolean, nullable=False),
        sa.Column("grounds", sa.Text, nullable=False),
        sa.Column("ordered_by", sa.String(200), nullable=False),
        sa.Column("at", UtcDateTime, nullable=False),
        sa.Column("recorded_by", sa.String(200), nullable=False),
    )
    op.create_index(
        "ix_compensation_orders_recipient", "compensation_orders", ["tenant_id", "recipient_key"]
    )
    op.create_index(
        "ix_compensation_orders_impoundment",
        "compensation_orders",
        ["tenant_id", "impoundment_id"],
    )

    op.create_table(
        "civil_set_offs",
        *owned_columns(),
        *_person("claimant"),
        sa.Column("claimant_key", sa.String(600), nullable=False),
        sa.Column("suit", sa.String(200), nullable=False),
        sa.Column("decree_amount", Paise, nullable=False),
        sa.Column("deducted", Paise, nullable=False),
        sa.Column("balance", Paise, nullable=False),
        sa.Column("at", UtcDateTime, nullable=False),
        sa.Column("recorded_by", sa.String(200), nullable=False),
    )
    op.create_index("ix_civil_set_offs_claimant", "civil_set_offs", ["tenant_id", "claimant_key"])

    conn = op.get_bind()
    if conn.dialect.name == "postgresql":
        for table in TABLES:
            rls.protect(conn, table, settings().app_role, append_only=True)


def downgrade() -> None:
    for table in reversed(TABLES):
        op.drop_table(table)

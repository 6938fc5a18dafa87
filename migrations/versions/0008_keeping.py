"""Keeping: grazing grounds, their orders and decisions, inspectors and inspections, the
areas pounds serve and where pounds stand.

Revision ID: 0008
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from pashu.config import settings
from pashu.db import rls
from pashu.db.ddl import owned_columns
from pashu.db.types import UtcDateTime

revision = "0008"
down_revision = "0004"
branch_labels = None
depends_on = None

TABLES = (
    "grazing_grounds",
    "grazing_orders",
    "grazing_decisions",
    "keeping_inspectors",
    "keeping_inspections",
    "keeping_findings",
    "pound_areas",
    "pound_sites",
)


def _fk(column: str, table: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(["tenant_id", column], [f"{table}.tenant_id", f"{table}.id"])


def upgrade() -> None:
    op.create_table(
        "grazing_grounds",
        *owned_columns(),
        sa.Column("local_authority_id", sa.Uuid, nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("name_key", sa.String(200), nullable=False),
        sa.Column("location", sa.String(500), nullable=False),
        sa.Column("extent", sa.String(100), nullable=True),
        sa.Column("reference", sa.String(200), nullable=False),
        sa.Column("declared_on", sa.Date, nullable=False),
        sa.Column("effective_from", sa.Date, nullable=False),
        sa.Column("effective_until", sa.Date, nullable=True),
        sa.Column("recorded_by", sa.String(200), nullable=False),
        _fk("local_authority_id", "local_authorities"),
        sa.UniqueConstraint("tenant_id", "name_key"),
    )
    op.create_index(
        "ix_grazing_grounds_authority", "grazing_grounds", ["tenant_id", "local_authority_id"]
    )
    op.create_table(
        "grazing_orders",
        *owned_columns(),
        sa.Column("ground_id", sa.Uuid, nullable=False),
        sa.Column("title", sa.String(200), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("made_on", sa.Date, nullable=False),
        sa.Column("referred_on", sa.Date, nullable=False),
        sa.Column("recorded_by", sa.String(200), nullable=False),
        _fk("ground_id", "grazing_grounds"),
    )
    op.create_index(
        "ix_grazing_orders_ground", "grazing_orders", ["tenant_id", "ground_id", "made_on"]
    )
    op.create_table(
        "grazing_decisions",
        *owned_columns(),
        sa.Column("subject_id", sa.Uuid, nullable=False),
        sa.Column("subject_kind", sa.String(16), nullable=False),
        sa.Column("approved", sa.Boolean, nullable=False),
        sa.Column("decided_on", sa.Date, nullable=False),
        sa.Column("reference", sa.String(200), nullable=False),
        sa.Column("recorded_by", sa.String(200), nullable=False),
        sa.UniqueConstraint("tenant_id", "subject_id"),
    )
    op.create_table(
        "keeping_inspectors",
        *owned_columns(),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("designated_by", sa.String(16), nullable=False),
        sa.Column("local_authority_id", sa.Uuid, nullable=True),
        sa.Column("designated_on", sa.Date, nullable=False),
        sa.Column("reference", sa.String(200), nullable=False),
        sa.Column("recorded_by", sa.String(200), nullable=False),
        _fk("local_authority_id", "local_authorities"),
    )
    op.create_index("ix_keeping_inspectors_name", "keeping_inspectors", ["tenant_id", "name"])
    op.create_table(
        "keeping_inspections",
        *owned_columns(),
        sa.Column("inspector_id", sa.Uuid, nullable=False),
        sa.Column("at", UtcDateTime, nullable=False),
        sa.Column("place", sa.String(300), nullable=False),
        sa.Column("owner_name", sa.String(200), nullable=False),
        sa.Column("owner_address", sa.String(400), nullable=False),
        sa.Column("hygienic", sa.Boolean, nullable=True),
        sa.Column("notes", sa.Text, nullable=False),
        sa.Column("contravention", sa.Boolean, nullable=False),
        sa.Column("offence_case_id", sa.Uuid, nullable=True),
        sa.Column("recorded_by", sa.String(200), nullable=False),
        _fk("inspector_id", "keeping_inspectors"),
    )
    op.create_index("ix_keeping_inspections_at", "keeping_inspections", ["tenant_id", "at"])
    op.create_index(
        "ix_keeping_inspections_inspector",
        "keeping_inspections",
        ["tenant_id", "inspector_id", "at"],
    )
    op.create_table(
        "keeping_findings",
        *owned_columns(),
        sa.Column("inspection_id", sa.Uuid, nullable=False),
        sa.Column("species", sa.String(32), nullable=False),
        sa.Column("heads", sa.Integer, nullable=False),
        sa.Column("mode", sa.String(16), nullable=False),
        sa.Column("time_of_day", sa.String(8), nullable=False),
        sa.Column("grazing_ground_id", sa.Uuid, nullable=True),
        sa.Column("complies", sa.Boolean, nullable=False),
        sa.Column("sections", sa.String(200), nullable=False),
        sa.Column("explanation", sa.Text, nullable=False),
        _fk("inspection_id", "keeping_inspections"),
    )
    op.create_index(
        "ix_keeping_findings_inspection", "keeping_findings", ["tenant_id", "inspection_id"]
    )
    op.create_table(
        "pound_areas",
        *owned_columns(),
        sa.Column("pound_id", sa.Uuid, nullable=False),
        sa.Column("area", sa.String(200), nullable=False),
        sa.Column("area_key", sa.String(200), nullable=False),
        sa.Column("determined_on", sa.Date, nullable=False),
        sa.Column("determined_by", sa.String(200), nullable=False),
        sa.Column("reference", sa.String(200), nullable=False),
        sa.Column("recorded_by", sa.String(200), nullable=False),
        _fk("pound_id", "pounds"),
        sa.UniqueConstraint("tenant_id", "area_key", "determined_on"),
    )
    op.create_index("ix_pound_areas_pound", "pound_areas", ["tenant_id", "pound_id"])
    op.create_table(
        "pound_sites",
        *owned_columns(),
        sa.Column("pound_id", sa.Uuid, nullable=False),
        sa.Column("latitude", sa.Float, nullable=False),
        sa.Column("longitude", sa.Float, nullable=False),
        sa.Column("recorded_by", sa.String(200), nullable=False),
        _fk("pound_id", "pounds"),
    )
    op.create_index("ix_pound_sites_pound", "pound_sites", ["tenant_id", "pound_id", "created_at"])

    conn = op.get_bind()
    if conn.dialect.name == "postgresql":
        role = settings().app_role
        # Every row here is a legal record: never rewritten, never deleted.
        for table in TABLES:
            rls.protect(conn, table, role, append_only=True)


def downgrade() -> None:
    for table in reversed(TABLES):
        op.drop_table(table)

"""Powers and extent: the seizer's capacity, the damage found and the area of a seizure; where
the Act is in force and which kinds it covers, as notified; the basis of a licence's
cancellation.

Revision ID: 0016
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from pashu.config import settings
from pashu.db import rls
from pashu.db.ddl import owned_columns

revision = "0016"
down_revision = "0004"
branch_labels = None
depends_on = ("0005", "0006")  # licence cancellations, compositions


def _as_owner(table: str, sql: str) -> None:
    """FORCEd row-level security hides every tenant's rows from a non-superuser owner."""
    postgres = op.get_bind().dialect.name == "postgresql"
    if postgres:
        op.execute(f"ALTER TABLE {table} NO FORCE ROW LEVEL SECURITY")
    op.execute(sql)
    if postgres:
        op.execute(f"ALTER TABLE {table} FORCE ROW LEVEL SECURITY")


def upgrade() -> None:
    with op.batch_alter_table("impoundments") as batch:
        batch.add_column(sa.Column("seizer_capacity", sa.String(40), nullable=True))
        batch.add_column(sa.Column("damage", sa.String(500), nullable=True))
        batch.add_column(sa.Column("area", sa.String(200), nullable=True))
    with op.batch_alter_table("cattle_licence_cancellations") as batch:
        batch.add_column(
            sa.Column("on_composition", sa.Boolean, nullable=False, server_default=sa.false())
        )
    # Cancellations made through a composition so far were made on it.
    _as_owner(
        "cattle_licence_cancellations",
        "UPDATE cattle_licence_cancellations SET on_composition = TRUE WHERE EXISTS ("
        "SELECT 1 FROM offence_compositions c WHERE c.tenant_id = "
        "cattle_licence_cancellations.tenant_id AND c.licence_id = "
        "cattle_licence_cancellations.licence_id)",
    )
    op.create_table(
        "extent_notifications",
        *owned_columns(),
        sa.Column("area", sa.String(200), nullable=False),
        sa.Column("area_key", sa.String(200), nullable=False),
        sa.Column("in_force", sa.Boolean, nullable=False),
        sa.Column("ground", sa.String(40), nullable=False),
        sa.Column("effective_from", sa.Date, nullable=False),
        sa.Column("reference", sa.String(200), nullable=False),
        sa.Column("recorded_by", sa.String(200), nullable=False),
    )
    op.create_index(
        "ix_extent_notifications_area", "extent_notifications", ["tenant_id", "area_key"]
    )
    op.create_table(
        "kind_notifications",
        *owned_columns(),
        sa.Column("species", sa.String(32), nullable=False),
        sa.Column("included", sa.Boolean, nullable=False),
        sa.Column("effective_from", sa.Date, nullable=False),
        sa.Column("reference", sa.String(200), nullable=False),
        sa.Column("recorded_by", sa.String(200), nullable=False),
    )
    op.create_index("ix_kind_notifications_species", "kind_notifications", ["tenant_id", "species"])
    conn = op.get_bind()
    if conn.dialect.name == "postgresql":
        # Gazette records: never updated or deleted; a later entry supersedes.
        for table in ("extent_notifications", "kind_notifications"):
            rls.protect(conn, table, settings().app_role, append_only=True)


def downgrade() -> None:
    op.drop_table("kind_notifications")
    op.drop_table("extent_notifications")
    with op.batch_alter_table("cattle_licence_cancellations") as batch:
        batch.drop_column("on_composition")
    with op.batch_alter_table("impoundments") as batch:
        batch.drop_column("area")
        batch.drop_column("damage")
        batch.drop_column("seizer_capacity")

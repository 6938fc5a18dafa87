"""Pound sites keep their degrees exactly: integer millionths of a degree, not floating point.

Revision ID: 0012
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0008"
branch_labels = None
depends_on = None


def _as_owner(sql: str) -> None:
    """Rewrite every tenant's rows: FORCEd row-level security would hide them from a
    table owner that is not a superuser, so it is lifted for this statement only."""
    postgres = op.get_bind().dialect.name == "postgresql"
    if postgres:
        op.execute("ALTER TABLE pound_sites NO FORCE ROW LEVEL SECURITY")
    op.execute(sql)
    if postgres:
        op.execute("ALTER TABLE pound_sites FORCE ROW LEVEL SECURITY")


def upgrade() -> None:
    with op.batch_alter_table("pound_sites") as batch:
        batch.add_column(sa.Column("latitude_e6", sa.BigInteger, nullable=True))
        batch.add_column(sa.Column("longitude_e6", sa.BigInteger, nullable=True))
    _as_owner(
        "UPDATE pound_sites SET latitude_e6 = ROUND(latitude * 1000000), "
        "longitude_e6 = ROUND(longitude * 1000000)"
    )
    # SQLite cannot alter columns in place: batch mode copies the table with the new ones.
    with op.batch_alter_table("pound_sites") as batch:
        batch.alter_column("latitude_e6", nullable=False)
        batch.alter_column("longitude_e6", nullable=False)
        batch.drop_column("latitude")
        batch.drop_column("longitude")


def downgrade() -> None:
    with op.batch_alter_table("pound_sites") as batch:
        batch.add_column(sa.Column("latitude", sa.Float, nullable=True))
        batch.add_column(sa.Column("longitude", sa.Float, nullable=True))
    _as_owner(
        "UPDATE pound_sites SET latitude = latitude_e6 / 1000000.0, "
        "longitude = longitude_e6 / 1000000.0"
    )
    with op.batch_alter_table("pound_sites") as batch:
        batch.drop_column("latitude_e6")
        batch.drop_column("longitude_e6")

"""Rate notifications record the day the Gazette published them beside the day they take
effect, and the aerodrome a rate fixed for aerodromes is for (issue #32). Rows already kept
are read as published the day they took effect, and (aerodrome None) as before.

Revision ID: 0024
Revises: 0017
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0024"
down_revision = "0017"  # the last to alter rate_notifications
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("rate_notifications") as batch:
        batch.add_column(sa.Column("published_on", sa.Date, nullable=True))
        batch.add_column(sa.Column("aerodrome", sa.String(200), nullable=True))
    conn = op.get_bind()
    postgres = conn.dialect.name == "postgresql"
    if postgres:  # the table is append-only and forced under row-level security
        conn.exec_driver_sql("ALTER TABLE rate_notifications NO FORCE ROW LEVEL SECURITY")
    conn.exec_driver_sql("UPDATE rate_notifications SET published_on = effective_from")
    if postgres:
        conn.exec_driver_sql("ALTER TABLE rate_notifications FORCE ROW LEVEL SECURITY")
    with op.batch_alter_table("rate_notifications") as batch:
        batch.alter_column("published_on", existing_type=sa.Date, nullable=False)


def downgrade() -> None:
    with op.batch_alter_table("rate_notifications") as batch:
        batch.drop_column("aerodrome")
        batch.drop_column("published_on")

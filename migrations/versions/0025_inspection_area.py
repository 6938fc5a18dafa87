"""An inspection names the premises visited and, apart, the area under the order that
provides for inspection (Chhattisgarh s.4(2)(b), issue #32). Visits kept before it have none:
their place was the order's area.

Revision ID: 0025
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0025"
down_revision = "0008"  # the keeping tables
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("keeping_inspections") as batch:
        batch.add_column(sa.Column("area", sa.String(200), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("keeping_inspections") as batch:
        batch.drop_column("area")

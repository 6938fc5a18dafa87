"""Whether the register entry recorded when the animals were brought to the pound: an omitted
instant is kept as the seizure's (for the Act's clocks) but printed "not recorded".

Revision ID: 0014
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Entries made before this revision recorded the instant they hold.
    with op.batch_alter_table("impoundments") as batch:
        batch.add_column(
            sa.Column("impounded_at_recorded", sa.Boolean, nullable=False, server_default=sa.true())
        )


def downgrade() -> None:
    with op.batch_alter_table("impoundments") as batch:
        batch.drop_column("impounded_at_recorded")

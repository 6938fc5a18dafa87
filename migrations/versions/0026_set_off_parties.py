"""A set-off names the defendant of the civil suit, so that only compensation the same person
was ordered to pay the claimant is deducted (Nagaland s.31 with s.30, issue #32). Set-offs kept
before it name none.

Revision ID: 0026
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0026"
down_revision = "0006"  # the offences tables
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("civil_set_offs") as batch:
        batch.add_column(sa.Column("defendant_name", sa.String(200), nullable=True))
        batch.add_column(sa.Column("defendant_address", sa.String(400), nullable=True))
        batch.add_column(sa.Column("defendant_key", sa.String(600), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("civil_set_offs") as batch:
        batch.drop_column("defendant_key")
        batch.drop_column("defendant_address")
        batch.drop_column("defendant_name")

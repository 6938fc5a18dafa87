"""Offence cases and compensation orders point at their impoundment by foreign key.

Revision ID: 0011
Revises: 0009
"""

from __future__ import annotations

from alembic import op

revision = "0011"
down_revision = "0009"  # which itself needs the impoundments (0004) and offences (0006)
branch_labels = None
depends_on = None

LINKED = ("offence_cases", "compensation_orders")


def upgrade() -> None:
    # SQLite cannot add a constraint to a table: batch mode copies the table with it.
    for table in LINKED:
        with op.batch_alter_table(table) as batch:
            batch.create_foreign_key(
                f"fk_{table}_impoundment",
                "impoundments",
                ["tenant_id", "impoundment_id"],
                ["tenant_id", "id"],
            )


def downgrade() -> None:
    for table in LINKED:
        with op.batch_alter_table(table) as batch:
            batch.drop_constraint(f"fk_{table}_impoundment", type_="foreignkey")

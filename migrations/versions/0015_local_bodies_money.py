"""Money to the body the Act names. A complaint's decision records who pays (the seizer or the
detainer, Cattle Trespass Act 1985 s.22) and how much of what he owes is fines; a deposit
under protest knows when it falls to be applied if no complaint follows (s.15, s.20); a
registration of animals names its Village Council (Animal (Control & Taxation) Act 2014
s.12(1)), whose fund it credits.

Revision ID: 0015
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from pashu.db.types import UtcDateTime

revision = "0015"
down_revision = "0009"  # the complaints' decisions
branch_labels = None
depends_on = "0005"  # the registrations


def upgrade() -> None:
    # s.15: when a deposit under protest falls to be applied (the complaint window's close),
    # and the ledger key it is applied under; the receipt itself is never updated.
    with op.batch_alter_table("deliveries") as batch:
        batch.add_column(sa.Column("deposit_due_at", UtcDateTime, nullable=True))
        batch.add_column(sa.Column("deposit_ledger_key", sa.String(200), nullable=True))
        batch.create_index("ix_deliveries_deposit_due", ["tenant_id", "deposit_due_at"])
    with op.batch_alter_table("complaint_decisions") as batch:
        batch.add_column(sa.Column("payer_capacity", sa.String(16), nullable=True))
        batch.add_column(sa.Column("payer_name", sa.String(200), nullable=True))
        batch.add_column(sa.Column("payer_address", sa.String(300), nullable=True))
        batch.add_column(sa.Column("seizer_fines", sa.BigInteger(), nullable=True))
    # SQLite cannot add a constraint to a table: batch mode copies the table with it.
    with op.batch_alter_table("animal_registrations") as batch:
        batch.add_column(sa.Column("local_authority_id", sa.Uuid(), nullable=True))
        batch.create_foreign_key(
            "fk_animal_registrations_local_authority",
            "local_authorities",
            ["tenant_id", "local_authority_id"],
            ["tenant_id", "id"],
        )
        batch.create_index("ix_animal_registrations_authority", ["tenant_id", "local_authority_id"])


def downgrade() -> None:
    with op.batch_alter_table("animal_registrations") as batch:
        batch.drop_index("ix_animal_registrations_authority")
        batch.drop_constraint("fk_animal_registrations_local_authority", type_="foreignkey")
        batch.drop_column("local_authority_id")
    with op.batch_alter_table("deliveries") as batch:
        batch.drop_index("ix_deliveries_deposit_due")
        batch.drop_column("deposit_ledger_key")
        batch.drop_column("deposit_due_at")
    with op.batch_alter_table("complaint_decisions") as batch:
        for column in ("seizer_fines", "payer_address", "payer_name", "payer_capacity"):
            batch.drop_column(column)

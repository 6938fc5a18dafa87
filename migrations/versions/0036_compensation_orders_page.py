"""The compensation orders' list (`Query.compensationOrders`, issue #35) pages by its keyset
order, latest first then id, from an index of its own, tenant first as every list's page
index is (0023): a page after a cursor is read from the index, not by sorting the tenant's
orders.

Revision ID: 0036
Revises: 0033
"""

from __future__ import annotations

from alembic import op

revision = "0036"
down_revision = "0033"  # the last to alter the offences tables
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_compensation_orders_page", "compensation_orders", ["tenant_id", "at", "id"])


def downgrade() -> None:
    op.drop_index("ix_compensation_orders_page", "compensation_orders")

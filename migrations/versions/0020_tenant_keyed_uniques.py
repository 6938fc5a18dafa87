"""Every unique key of a tenant table includes tenant_id: an API token's hash is unique
within its tenant (the token names its tenant), as a database distributed by tenant
can enforce (docs/SCALING.md; tests/db/test_distribution.py).

Revision ID: 0020
Revises: 0001
"""

from __future__ import annotations

from alembic import op

revision = "0020"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("api_tokens") as batch:
        batch.drop_constraint("uq_api_tokens_token_hash", type_="unique")
        batch.create_unique_constraint(
            "uq_api_tokens_tenant_id_token_hash", ["tenant_id", "token_hash"]
        )


def downgrade() -> None:
    with op.batch_alter_table("api_tokens") as batch:
        batch.drop_constraint("uq_api_tokens_tenant_id_token_hash", type_="unique")
        batch.create_unique_constraint("uq_api_tokens_token_hash", ["token_hash"])

"""Local authorities and their pounds.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from pashu.config import settings
from pashu.db import rls
from pashu.db.ddl import owned_columns

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "local_authorities",
        *owned_columns(),
        sa.Column("name", sa.String(200), nullable=False),
        sa.UniqueConstraint("tenant_id", "name"),
    )
    op.create_table(
        "pounds",
        *owned_columns(),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("local_authority_id", sa.Uuid, nullable=False),
        sa.ForeignKeyConstraint(
            ["tenant_id", "local_authority_id"],
            ["local_authorities.tenant_id", "local_authorities.id"],
        ),
        sa.UniqueConstraint("tenant_id", "name"),
    )
    op.create_index("ix_pounds_tenant_authority", "pounds", ["tenant_id", "local_authority_id"])
    conn = op.get_bind()
    if conn.dialect.name == "postgresql":
        for table in ("local_authorities", "pounds"):
            rls.protect(conn, table, settings().app_role)


def downgrade() -> None:
    op.drop_table("pounds")
    op.drop_table("local_authorities")

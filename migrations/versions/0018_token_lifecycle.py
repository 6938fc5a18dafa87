"""Tokens have a lifecycle (an expiry on every one, the last use, a label, who made it), and
mutations sent with an Idempotency-Key keep their first answer.

Revision ID: 0018
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from pashu.config import settings
from pashu.db import rls
from pashu.db.ddl import owned_columns
from pashu.db.types import UtcDateTime

revision = "0018"
down_revision = "0001"  # a branch of its own: tenancy
branch_labels = None
depends_on = None

# A token made before expiries existed lasts this long from when it was made
# (services/tokens.DEFAULT_DAYS for new ones).
EXISTING_DAYS = 90


def _as_owner(sql: str) -> None:
    """Rewrite every tenant's tokens: FORCEd row-level security would hide them from a
    table owner that is not a superuser, so it is lifted for this statement only."""
    postgres = op.get_bind().dialect.name == "postgresql"
    if postgres:
        op.execute("ALTER TABLE api_tokens NO FORCE ROW LEVEL SECURITY")
    op.execute(sql)
    if postgres:
        op.execute("ALTER TABLE api_tokens FORCE ROW LEVEL SECURITY")


def upgrade() -> None:
    with op.batch_alter_table("api_tokens") as batch:
        batch.add_column(sa.Column("expires_at", UtcDateTime, nullable=True))
        batch.add_column(sa.Column("last_used_at", UtcDateTime, nullable=True))
        batch.add_column(sa.Column("label", sa.String(200), nullable=False, server_default=""))
        batch.add_column(sa.Column("created_by", sa.String(200), nullable=False, server_default=""))
    if op.get_bind().dialect.name == "postgresql":
        _as_owner(
            f"UPDATE api_tokens SET expires_at = created_at + interval '{EXISTING_DAYS} days'"
        )
    else:
        _as_owner(
            "UPDATE api_tokens SET expires_at = "
            f"strftime('%Y-%m-%d %H:%M:%f', created_at, '+{EXISTING_DAYS} days')"
        )
    with op.batch_alter_table("api_tokens") as batch:
        batch.alter_column("expires_at", nullable=False)

    op.create_table(
        "idempotent_requests",
        *owned_columns(),
        sa.Column("key", sa.String(200), nullable=False),
        sa.Column("user_id", sa.Uuid, nullable=False),
        sa.Column("request_hash", sa.String(64), nullable=False),
        sa.Column("status", sa.Integer, nullable=True),
        sa.Column("answer", sa.Text, nullable=True),
        sa.UniqueConstraint("tenant_id", "key"),
        sa.ForeignKeyConstraint(["tenant_id", "user_id"], ["users.tenant_id", "users.id"]),
    )
    conn = op.get_bind()
    if conn.dialect.name == "postgresql":
        rls.protect(conn, "idempotent_requests", settings().app_role)


def downgrade() -> None:
    op.drop_table("idempotent_requests")
    with op.batch_alter_table("api_tokens") as batch:
        batch.drop_column("created_by")
        batch.drop_column("label")
        batch.drop_column("last_used_at")
        batch.drop_column("expires_at")

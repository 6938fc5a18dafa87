"""The application's role reads the tenant list and writes none of it: tenants are created
by the administrator's CLI as the tables' owner (`pashu tenant create`, `tenant import`,
`demo`), never by the API. 0001 granted it INSERT as well; a compromised API process could
have made tenants.

Revision ID: 0030
Revises: 0001
"""

from __future__ import annotations

from alembic import op

from pashu.config import settings
from pashu.db import rls

revision = "0030"
down_revision = "0001"  # tenancy
branch_labels = None
depends_on = None


def upgrade() -> None:
    conn = op.get_bind()
    if conn.dialect.name == "postgresql":
        rls.revoke_writes(conn, "tenants", settings().app_role)


def downgrade() -> None:
    conn = op.get_bind()
    if conn.dialect.name == "postgresql":
        rls.grant(conn, "tenants", settings().app_role, "SELECT, INSERT")

"""The application's role writes only what the application writes (issue #34 item 8).

`rls.protect` granted UPDATE and DELETE on every table that is not a register. An audit of
what the API, the worker and the sweep write (every `update(...)`, `delete(...)` and object
changed in a session, in services/, tasks/, fastpaths/ and db/):

- DELETE: only `idempotent_requests` (a key's claim given up, keys past their retention).
  No row of any other table is ever removed (no cascades either); a tenant is removed or
  imported by the administrator's CLI as the tables' owner.
- UPDATE: the cases and their animals (status, duties, release), their notices and animals
  moved to a corrected entry, auctions and their lots, claim windows, the numbering
  counters, the outbox (sent), tokens (last use, revocation) and idempotency keys (the
  answer kept). Never `users`, `pounds` or `local_authorities`: they are only added.

Revision ID: 0035
Revises: 0023
"""

from __future__ import annotations

from alembic import op

from pashu.config import settings
from pashu.db import rls

revision = "0035"
# Once every table here exists: 0023 comes after the clocks' tables (0007, below the cases'
# and pounds') and the idempotency keys' (0018). Not after 0030, which changes the rights on
# `tenants` alone: a dependency on 0023 beside it left Alembic unable to upgrade a database
# from a revision between (tests/db/test_migrations.py).
down_revision = "0023"
branch_labels = None
depends_on = None

NEVER_DELETED = (
    "api_tokens",
    "auction_lots",
    "auctions",
    "claim_windows",
    "counters",
    "impounded_animals",
    "impoundments",
    "local_authorities",
    "notices",
    "outbox",
    "pounds",
    "users",
)
NEVER_UPDATED = ("local_authorities", "pounds", "users")


def upgrade() -> None:
    conn = op.get_bind()
    if conn.dialect.name != "postgresql":
        return
    role = settings().app_role
    for table in NEVER_DELETED:
        rls.revoke(conn, table, role, "DELETE")
    for table in NEVER_UPDATED:
        rls.revoke(conn, table, role, "UPDATE")


def downgrade() -> None:
    conn = op.get_bind()
    if conn.dialect.name != "postgresql":
        return
    role = settings().app_role
    for table in NEVER_DELETED:
        rls.grant(conn, table, role, "UPDATE, DELETE")

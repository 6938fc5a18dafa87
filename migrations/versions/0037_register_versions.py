"""Each tenant's count of changes to the registers a seizure's law reads (issue #36): the
direct path's settled seizure compares this count where it compared the registers' rows
(db/register_versions.py).

A trigger on each of those tables adds one to the tenant's count, in the transaction that
writes or removes the row, whoever writes it; a TRUNCATE of one adds one to every tenant's.
The application's role only reads the counts (its tenant's, under row-level security, not
forced): the triggers' functions, defined by the tables' owner and run as it, write them in
any scope. No count is made here: none is read as 0, and the first change after this makes
it 1.

Revision ID: 0037
Revises: 0035
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from pashu.config import settings
from pashu.db import rls

revision = "0037"
down_revision = "0035"  # after every table the law reads for a seizure (0016 and before)
branch_labels = None
depends_on = None

# As db/register_versions.VERSIONED is now (a migration keeps what it was written with).
VERSIONED = ("extent_notifications", "kind_notifications", "local_authorities", "pounds")

_FUNCTION = """
CREATE OR REPLACE FUNCTION pashu_register_changed() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  tenant uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN
    tenant := OLD.tenant_id;
  ELSE
    tenant := NEW.tenant_id;
  END IF;
  INSERT INTO register_versions (tenant_id, value) VALUES (tenant, 1)
  ON CONFLICT (tenant_id) DO UPDATE SET value = register_versions.value + 1;
  IF TG_OP = 'UPDATE' AND OLD.tenant_id IS DISTINCT FROM NEW.tenant_id THEN
    INSERT INTO register_versions (tenant_id, value) VALUES (OLD.tenant_id, 1)
    ON CONFLICT (tenant_id) DO UPDATE SET value = register_versions.value + 1;
  END IF;
  RETURN NULL;
END $$
"""
# TRUNCATE fires no row's trigger, and names no tenant: every tenant's count moves.
_TRUNCATED = """
CREATE OR REPLACE FUNCTION pashu_registers_truncated() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  INSERT INTO register_versions (tenant_id, value) SELECT id, 1 FROM tenants
  ON CONFLICT (tenant_id) DO UPDATE SET value = register_versions.value + 1;
  RETURN NULL;
END $$
"""


def upgrade() -> None:
    op.create_table(
        "register_versions",
        sa.Column("tenant_id", sa.Uuid, sa.ForeignKey("tenants.id"), primary_key=True),
        sa.Column("value", sa.BigInteger, nullable=False),
    )
    conn = op.get_bind()
    if conn.dialect.name != "postgresql":
        return  # the direct path, the count's one reader, is PostgreSQL's
    rls.readable(conn, "register_versions", settings().app_role)
    conn.exec_driver_sql(_FUNCTION)
    conn.exec_driver_sql(_TRUNCATED)
    for table in VERSIONED:
        conn.exec_driver_sql(
            f"CREATE TRIGGER {table}_register_changed"
            f" AFTER INSERT OR UPDATE OR DELETE ON {table}"
            " FOR EACH ROW EXECUTE FUNCTION pashu_register_changed()"
        )
        conn.exec_driver_sql(
            f"CREATE TRIGGER {table}_registers_truncated AFTER TRUNCATE ON {table}"
            " FOR EACH STATEMENT EXECUTE FUNCTION pashu_registers_truncated()"
        )


def downgrade() -> None:
    conn = op.get_bind()
    if conn.dialect.name == "postgresql":
        for table in VERSIONED:
            conn.exec_driver_sql(f"DROP TRIGGER IF EXISTS {table}_register_changed ON {table}")
            conn.exec_driver_sql(f"DROP TRIGGER IF EXISTS {table}_registers_truncated ON {table}")
        conn.exec_driver_sql("DROP FUNCTION IF EXISTS pashu_register_changed()")
        conn.exec_driver_sql("DROP FUNCTION IF EXISTS pashu_registers_truncated()")
    op.drop_table("register_versions")

"""Tenant isolation, second wall: PostgreSQL row-level security (DESIGN §4).

Migrations call these for every tenant-owned table. The policy reads the per-transaction
setting that db/scoping.py sets; with no setting, no row is visible or writable. FORCE
makes the policy hold for the tables' owner too; the application's role owns nothing.
"""

from __future__ import annotations

from sqlalchemy.engine import Connection
from sqlalchemy.sql import quoted_name

from pashu.db.scoping import SETTING

_CURRENT = f"NULLIF(current_setting('{SETTING}', true), '')::uuid"


def _ident(conn: Connection, name: str) -> str:
    return conn.dialect.identifier_preparer.quote(quoted_name(name, quote=True))


def ensure_app_role(conn: Connection, role: str) -> None:
    """Create the application's login role if missing (its password: `set_password`)."""
    exists = conn.exec_driver_sql("SELECT 1 FROM pg_roles WHERE rolname = %s", (role,)).first()
    if not exists:
        conn.exec_driver_sql(f"CREATE ROLE {_ident(conn, role)} LOGIN NOBYPASSRLS")
    conn.exec_driver_sql(f"GRANT USAGE ON SCHEMA public TO {_ident(conn, role)}")


def set_password(conn: Connection, role: str, password: str) -> None:
    """Give `role` a password, hashed here as a SCRAM-SHA-256 verifier (libpq's own
    PQencryptPasswordConn), so the password itself never reaches the server or its logs."""
    pgconn = conn.connection.driver_connection.pgconn  # type: ignore[union-attr]
    verifier = pgconn.encrypt_password(password.encode(), role.encode(), b"scram-sha-256")
    literal = "'" + verifier.decode("ascii").replace("'", "''") + "'"
    conn.exec_driver_sql(f"ALTER ROLE {_ident(conn, role)} PASSWORD {literal}")


def protect(conn: Connection, table: str, role: str, *, append_only: bool = False) -> None:
    """Enable and force RLS on `table` and grant `role` what the application needs.

    An append-only table (a legal register) grants no UPDATE or DELETE at all.
    """
    t, r = _ident(conn, table), _ident(conn, role)
    conn.exec_driver_sql(f"ALTER TABLE {t} ENABLE ROW LEVEL SECURITY")
    conn.exec_driver_sql(f"ALTER TABLE {t} FORCE ROW LEVEL SECURITY")
    conn.exec_driver_sql(f"DROP POLICY IF EXISTS tenant_isolation ON {t}")
    conn.exec_driver_sql(
        f"CREATE POLICY tenant_isolation ON {t} "
        f"USING (tenant_id = {_CURRENT}) WITH CHECK (tenant_id = {_CURRENT})"
    )
    rights = "SELECT, INSERT" if append_only else "SELECT, INSERT, UPDATE, DELETE"
    conn.exec_driver_sql(f"GRANT {rights} ON {t} TO {r}")


def grant(conn: Connection, table: str, role: str, rights: str = "SELECT") -> None:
    """Grant on a table that is not tenant-owned (the tenant list)."""
    conn.exec_driver_sql(f"GRANT {rights} ON {_ident(conn, table)} TO {_ident(conn, role)}")


def revoke_writes(conn: Connection, table: str, role: str) -> None:
    """Leave `role` only reading `table`: every right that writes it is taken back."""
    rights = "INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER"
    conn.exec_driver_sql(f"REVOKE {rights} ON {_ident(conn, table)} FROM {_ident(conn, role)}")


def revoke(conn: Connection, table: str, role: str, rights: str) -> None:
    """Take `rights` on `table` back from `role`."""
    conn.exec_driver_sql(f"REVOKE {rights} ON {_ident(conn, table)} FROM {_ident(conn, role)}")


def readable(conn: Connection, table: str, role: str) -> None:
    """RLS on `table`, which `role` may only read (its tenant's rows), and which only the
    tables' owner writes: enabled, not forced, so a function the owner defines (a trigger's,
    SECURITY DEFINER) writes any tenant's row, in any scope or none."""
    t, r = _ident(conn, table), _ident(conn, role)
    conn.exec_driver_sql(f"ALTER TABLE {t} ENABLE ROW LEVEL SECURITY")
    conn.exec_driver_sql(f"DROP POLICY IF EXISTS tenant_isolation ON {t}")
    conn.exec_driver_sql(f"CREATE POLICY tenant_isolation ON {t} USING (tenant_id = {_CURRENT})")
    conn.exec_driver_sql(f"GRANT SELECT ON {t} TO {r}")

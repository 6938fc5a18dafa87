"""Tenant isolation (DESIGN §4): another tenant's row looks exactly like no row at all.

The first wall, ORM scoping, is tested on the suite's database (SQLite or PostgreSQL);
the second, PostgreSQL row-level security, is tested on PostgreSQL with SQL that
bypasses the ORM, as the application's role.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
import sqlalchemy as sa
from sqlalchemy import func, select, update
from sqlalchemy.orm import aliased

from pashu.db.scoping import TENANT_VALUE
from pashu.db.tenancy import ApiToken, User
from pashu.schema.node import from_global_id, to_global_id
from tests.conftest import Databases, GraphQLClient, make_tenant

NODE = "query($id: ID!) { node(id: $id) { id ... on User { name role } } }"
ME = "{ viewer { user { id name } } }"


async def test_node_of_another_tenant_is_null_like_a_missing_one(
    dbs: Databases, gql: GraphQLClient
) -> None:
    a, b = make_tenant(dbs, "nagaland"), make_tenant(dbs, "mizoram")
    mine = (await gql.ok(ME, token=a.token))["viewer"]["user"]
    theirs = (await gql.ok(ME, token=b.token))["viewer"]["user"]
    assert (await gql.ok(NODE, {"id": mine["id"]}, token=a.token))["node"]["name"] == mine["name"]
    parsed = from_global_id(theirs["id"])
    assert parsed is not None
    missing = to_global_id("User", parsed[1].__class__(int=parsed[1].int ^ 1))
    other = await gql.raw(NODE, {"id": theirs["id"]}, token=a.token)
    absent = await gql.raw(NODE, {"id": missing}, token=a.token)
    assert other == absent == {"data": {"node": None}}


async def test_node_needs_a_token(dbs: Databases, gql: GraphQLClient) -> None:
    a = make_tenant(dbs, "nagaland")
    mine = (await gql.ok(ME, token=a.token))["viewer"]["user"]
    err = await gql.error(NODE, {"id": mine["id"]})
    assert err["extensions"]["code"] == "UNAUTHENTICATED"


def test_orm_scope_cannot_read_or_change_another_tenants_rows(dbs: Databases) -> None:
    a, b = make_tenant(dbs, "nagaland"), make_tenant(dbs, "mizoram")
    with dbs.app.transaction(a.id) as s:
        names = s.scalars(select(User.name)).all()
        assert names and all(a.slug in n for n in names)
        mine = s.scalars(select(ApiToken.id)).all()
        # Tokens: a table the application changes (a token's last use; users it never does).
        changed = s.execute(update(ApiToken).values(revoked_at=func.now())).rowcount
        s.rollback()
    assert changed == len(mine) == 1
    with dbs.app.transaction(b.id) as s:
        assert all(b.slug in n for n in s.scalars(select(User.name)))


def test_a_session_without_a_tenant_sees_no_tenant_rows(dbs: Databases) -> None:
    make_tenant(dbs, "nagaland")
    with dbs.app.transaction(None) as s:
        assert s.scalars(select(User)).all() == []


def test_saving_a_row_into_another_tenant_is_refused(dbs: Databases) -> None:
    a, b = make_tenant(dbs, "nagaland"), make_tenant(dbs, "mizoram")
    with pytest.raises(RuntimeError), dbs.app.transaction(a.id) as s:
        s.add(User(tenant_id=b.id, name="intruder", role="admin"))


@pytest.mark.postgres
def test_rls_hides_other_tenants_from_raw_sql(pg: Databases) -> None:
    a, b = make_tenant(pg, "nagaland"), make_tenant(pg, "mizoram")
    with pg.app.transaction(a.id) as s:
        conn = s.connection()
        rows = conn.execute(sa.text("SELECT tenant_id FROM users")).scalars().all()
        assert rows and set(rows) == {a.id}
        hit = conn.execute(
            sa.text("UPDATE api_tokens SET revoked_at = now() WHERE tenant_id = :b"), {"b": b.id}
        ).rowcount
        assert hit == 0
        s.rollback()


@pytest.mark.postgres
def test_rls_refuses_writing_into_another_tenant(pg: Databases) -> None:
    a, b = make_tenant(pg, "nagaland"), make_tenant(pg, "mizoram")
    with (
        pytest.raises(sa.exc.ProgrammingError, match="row-level security"),
        pg.app.transaction(a.id) as s,
    ):
        s.connection().execute(
            sa.text(
                "INSERT INTO users (tenant_id, id, created_at, name, role) "
                "VALUES (:b, gen_random_uuid(), now(), 'x', 'admin')"
            ),
            {"b": b.id},
        )


@pytest.mark.postgres
def test_without_a_tenant_setting_raw_sql_sees_nothing(pg: Databases) -> None:
    make_tenant(pg, "nagaland")
    with pg.app.engine.connect() as c:
        assert c.execute(sa.text("SELECT count(*) FROM users")).scalar() == 0


@pytest.mark.postgres
def test_the_application_role_owns_nothing_and_cannot_bypass_rls(pg: Databases) -> None:
    with pg.app.engine.connect() as c:
        me = c.execute(sa.text("SELECT current_user")).scalar()
        row = c.execute(
            sa.text("SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = current_user")
        ).one()
        owned = c.execute(
            sa.text("SELECT count(*) FROM pg_tables WHERE tableowner = current_user")
        ).scalar()
    assert me == "pashu_app" and tuple(row) == (False, False) and owned == 0


@pytest.mark.postgres
def test_audit_events_are_append_only_for_the_application(pg: Databases) -> None:
    a = make_tenant(pg, "nagaland")
    with (
        pytest.raises(sa.exc.ProgrammingError, match="permission denied"),
        pg.app.transaction(a.id) as s,
    ):
        s.connection().execute(sa.text("DELETE FROM audit_events"))


@pytest.mark.postgres
def test_the_application_role_only_reads_the_tenant_list(pg: Databases) -> None:
    """Tenants are made by the administrator (the tables' owner); the API's role may not
    insert, change or remove one."""
    with pg.app.engine.connect() as c:
        rights = set(
            c.execute(
                sa.text(
                    "SELECT privilege_type FROM information_schema.role_table_grants "
                    "WHERE grantee = current_user AND table_name = 'tenants'"
                )
            ).scalars()
        )
    assert rights == {"SELECT"}
    with (
        pytest.raises(sa.exc.ProgrammingError, match="permission denied"),
        pg.app.engine.begin() as c,
    ):
        c.execute(
            sa.text(
                "INSERT INTO tenants (id, slug, name, jurisdiction, created_at) "
                "VALUES (gen_random_uuid(), 'rogue', 'Rogue', 'nagaland', now())"
            )
        )


@pytest.mark.postgres
def test_the_application_role_writes_no_table_but_the_tenants_own(pg: Databases) -> None:
    """Every table the application may write has row-level security (its rows are one
    tenant's); nothing else, and nothing beyond reading and writing rows."""
    with pg.app.engine.connect() as c:
        grants = c.execute(
            sa.text(
                "SELECT g.table_name, g.privilege_type, c.relrowsecurity "
                "FROM information_schema.role_table_grants g "
                "JOIN pg_class c ON c.relname = g.table_name "
                "WHERE g.grantee = current_user AND g.privilege_type <> 'SELECT'"
            )
        ).all()
    assert grants
    assert [(t, p) for t, p, secured in grants if not secured] == []
    assert {p for _, p, _ in grants} <= {"INSERT", "UPDATE", "DELETE"}


# What the application changes in place (migration 0035 says where each is written).
UPDATED = {
    "api_tokens",
    "auction_lots",
    "auctions",
    "claim_windows",
    "counters",
    "idempotent_requests",
    "impounded_animals",
    "impoundments",
    "notices",
    "outbox",
}


@pytest.mark.postgres
def test_the_application_role_changes_and_removes_only_what_the_application_does(
    pg: Databases,
) -> None:
    """Rows are changed only where the registers' course changes them, and removed only in
    the idempotency keys: a compromised API process cannot delete a case or an animal, nor
    rename a pound or make a user an administrator."""
    with pg.app.engine.connect() as c:
        grants = c.execute(
            sa.text(
                "SELECT table_name, privilege_type FROM information_schema.role_table_grants "
                "WHERE grantee = current_user AND privilege_type IN ('UPDATE', 'DELETE')"
            )
        ).all()
    assert {t for t, p in grants if p == "UPDATE"} == UPDATED
    assert {t for t, p in grants if p == "DELETE"} == {"idempotent_requests"}
    a = make_tenant(pg, "nagaland")
    for statement in (
        "DELETE FROM impoundments",
        "DELETE FROM impounded_animals",
        "UPDATE users SET role = 'admin'",
        "UPDATE pounds SET name = 'x'",
    ):
        with (
            pytest.raises(sa.exc.ProgrammingError, match="permission denied"),
            pg.app.transaction(a.id) as s,
        ):
            s.connection().execute(sa.text(statement))


def test_one_statement_run_by_each_tenant_in_turn_reads_each_its_own_rows(
    dbs: Databases,
) -> None:
    """The criteria name the tenant as a parameter given when the statement runs (db/
    scoping.py): one statement, compiled once and kept, binds each session's own tenant,
    whichever ran it before, in every table it reads (an alias too), and a value of that
    name the caller gives never stands."""
    a, b = make_tenant(dbs, "nagaland"), make_tenant(dbs, "mizoram")
    other = aliased(User)
    pairs = select(User.tenant_id, other.tenant_id).join(other, other.id == User.id)
    forged = {TENANT_VALUE: b.id}
    for tenant in (a, b, a, b):
        with dbs.app.transaction(tenant.id) as s:
            assert set(s.scalars(select(User.tenant_id))) == {tenant.id}
            assert set(map(tuple, s.execute(pairs))) == {(tenant.id, tenant.id)}
            assert set(s.scalars(select(User.tenant_id), forged)) == {tenant.id}


def test_an_update_of_several_rows_by_id_is_refused_a_row_of_another_tenant(
    dbs: Databases,
) -> None:
    """SQLAlchemy adds no criteria to an UPDATE of rows by primary key: each row names its
    tenant, which must be the session's, or nothing is changed."""
    a, b = make_tenant(dbs, "nagaland"), make_tenant(dbs, "mizoram")
    with dbs.app.transaction(b.id) as s:
        theirs = s.execute(select(ApiToken.tenant_id, ApiToken.id)).all()
    now = datetime.now(UTC)
    with dbs.app.transaction(a.id) as s:
        mine = s.execute(select(ApiToken.tenant_id, ApiToken.id)).all()
        rows = [{"tenant_id": t, "id": i, "revoked_at": now} for t, i in [*mine, *theirs]]
        with pytest.raises(RuntimeError, match="another tenant"):
            s.execute(update(ApiToken), rows)
        s.execute(update(ApiToken), rows[: len(mine)])  # its own rows: changed
        s.commit()
    with dbs.app.transaction(a.id) as s:
        assert all(t.revoked_at == now for t in s.scalars(select(ApiToken)))
    with dbs.app.transaction(b.id) as s:
        assert all(t.revoked_at is None for t in s.scalars(select(ApiToken)))

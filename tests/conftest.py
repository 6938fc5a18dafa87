"""Test fixtures: a real database (SQLite file or PostgreSQL), migrated, and the real app.

PASHU_TEST_DATABASE=sqlite (default) or postgres picks the database the suite runs on;
.ci/run runs the suite once on each. PostgreSQL comes from PASHU_TEST_POSTGRES_URL (a
superuser on the `test` database); each run makes its own database and drops it after.
Tests marked `postgres` always need PostgreSQL and fail, never skip, without it.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from sqlalchemy import event

os.environ.setdefault("PASHU_ENV", "test")
os.environ.setdefault("PASHU_SWEEP_INTERVAL", "0")

from pashu.app import create_app
from pashu.config import Settings
from pashu.db.engine import Database
from pashu.db.migrate import upgrade
from pashu.services.tenancy.tenants import create_tenant, create_token

PG_ADMIN = os.environ.get("PASHU_TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test")
APP_ROLE = "pashu_app"


@dataclass
class Databases:
    app: Database  # what the API uses: on PostgreSQL a role under row-level security
    admin: Database  # the owner: migrations and set-up
    dialect: str


def _url(base: str, database: str, user: str | None = None) -> str:
    url = sa.engine.make_url(base).set(database=database)
    if user is not None:
        url = url.set(username=user, password=None)
    return url.render_as_string(hide_password=False)


def _postgres(tmp_name: str) -> Iterator[Databases]:
    server = sa.create_engine(
        _url(PG_ADMIN, "test").replace("postgresql:", "postgresql+psycopg:"),
        isolation_level="AUTOCOMMIT",
    )
    with server.connect() as c:
        c.exec_driver_sql(f'DROP DATABASE IF EXISTS "{tmp_name}"')
        c.exec_driver_sql(f'CREATE DATABASE "{tmp_name}"')
    admin_url = _url(PG_ADMIN, tmp_name)
    upgrade(admin_url)
    dbs = Databases(
        app=Database(_url(PG_ADMIN, tmp_name, APP_ROLE), pooled=False),
        admin=Database(admin_url, pooled=False),
        dialect="postgresql",
    )
    try:
        yield dbs
    finally:
        dbs.app.engine.dispose()
        dbs.admin.engine.dispose()
        with server.connect() as c:
            c.exec_driver_sql(f'DROP DATABASE IF EXISTS "{tmp_name}" WITH (FORCE)')
        server.dispose()


def _sqlite(path: Path) -> Iterator[Databases]:
    url = f"sqlite:///{path}"
    upgrade(url)
    db = Database(url, pooled=False)
    try:
        yield Databases(app=db, admin=db, dialect="sqlite")
    finally:
        db.engine.dispose()


@pytest.fixture(scope="session")
def dbs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Databases]:
    """The suite's database, chosen by PASHU_TEST_DATABASE."""
    kind = os.environ.get("PASHU_TEST_DATABASE", "sqlite")
    if kind == "postgres":
        yield from _postgres(f"pashu_test_{os.getpid()}")
    elif kind == "sqlite":
        yield from _sqlite(tmp_path_factory.mktemp("db") / "pashu.db")
    else:
        raise ValueError(f"PASHU_TEST_DATABASE must be sqlite or postgres, not {kind!r}")


@pytest.fixture(scope="session")
def pg() -> Iterator[Databases]:
    """PostgreSQL, whatever the suite's database: for what only PostgreSQL has (RLS)."""
    yield from _postgres(f"pashu_rls_{os.getpid()}")


@dataclass
class TenantFixture:
    id: uuid.UUID
    slug: str
    jurisdiction: str
    token: str


def make_tenant(dbs: Databases, jurisdiction: str, role: str = "admin") -> TenantFixture:
    slug = f"t-{uuid.uuid4().hex[:10]}"
    with dbs.admin.transaction() as s:
        tenant = create_tenant(s, slug, jurisdiction, f"Department {slug}")
    with dbs.admin.transaction(tenant.id) as s:
        token = create_token(s, tenant, role)
    return TenantFixture(tenant.id, slug, jurisdiction, token)


def add_token(dbs: Databases, t: TenantFixture, role: str) -> str:
    with dbs.admin.transaction() as s:
        from pashu.services.tenancy.tenants import tenant_by_slug

        tenant = tenant_by_slug(s, t.slug)
    with dbs.admin.transaction(t.id) as s:
        return create_token(s, tenant, role)


class GraphQLClient:
    """Posts GraphQL to the real ASGI app, as a frontend does.

    Given the app's kept public answers (`answers`), every request without a token is asked
    twice: made afresh (nothing kept), then again; the two answers must be the same bytes,
    and a public answer (one with an ETag) must have come the second time from the cache.
    """

    def __init__(self, http: httpx.AsyncClient, answers: Any = None) -> None:
        self.http = http
        self.answers = answers

    async def raw(
        self, query: str, variables: dict[str, Any] | None = None, token: str | None = None
    ) -> dict[str, Any]:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        body = {"query": query, "variables": variables or {}}
        if self.answers is not None and token is None:
            self.answers.clear()
        r = await self.http.post("/graphql", json=body, headers=headers)
        assert r.status_code == 200, r.text
        if self.answers is not None and token is None:
            hits = self.answers.hits
            again = await self.http.post("/graphql", json=body, headers=headers)
            assert again.content == r.content, "the kept answer differs from the one made"
            if "etag" in r.headers:
                assert self.answers.hits == hits + 1, "a public answer was not kept"
        answer: dict[str, Any] = r.json()
        return answer

    async def ok(
        self, query: str, variables: dict[str, Any] | None = None, token: str | None = None
    ) -> dict[str, Any]:
        body = await self.raw(query, variables, token)
        assert not body.get("errors"), body["errors"]
        data: dict[str, Any] = body["data"]
        return data

    async def error(
        self, query: str, variables: dict[str, Any] | None = None, token: str | None = None
    ) -> dict[str, Any]:
        """The first error (with its extensions); fails if the request succeeded."""
        body = await self.raw(query, variables, token)
        assert body.get("errors"), f"expected an error, got {body['data']}"
        err: dict[str, Any] = body["errors"][0]
        return err


def client(db: Database, cfg: Settings | None = None) -> httpx.AsyncClient:
    """An HTTP client of the real app over `db` (test settings unless `cfg` is given)."""
    app = create_app(db, cfg or Settings(env="test"))
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://pashu")


@contextmanager
def statements(dbs: Databases) -> Iterator[list[str]]:
    """The SQL statements the app's engine runs inside the block, in order, and those of
    its pipelined path on the driver's connections (db/direct.py)."""
    seen: list[str] = []

    def record(*args: Any) -> None:
        seen.append(args[2])

    engine = dbs.app.async_engine.sync_engine
    event.listen(engine, "before_cursor_execute", record)
    direct = dbs.app.direct.observers if dbs.app.direct is not None else []
    direct.append(seen.append)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", record)
        direct.remove(seen.append)


@pytest.fixture
async def gql(dbs: Databases, request: pytest.FixtureRequest) -> AsyncIterator[GraphQLClient]:
    # The app's metrics on its own port too (tests only: a server's are on their own port),
    # so a test reads what the request it made was counted as.
    app = create_app(dbs.app, Settings(env="test", metrics_on_api_port=True))
    # Modules marked public_law have each anonymous answer checked made and kept.
    answers = app.state.answers if request.node.get_closest_marker("public_law") else None
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://pashu") as http:
        yield GraphQLClient(http, answers)
    await dbs.app.async_engine.dispose()


# Pages that ask each case's animals and dues (the benchmark's W1, the list tests) cost more
# than the default budget on the law's maximum data (schema/cost.py); tests of paging and of
# the compiled path, on a few small cases, run them under this one.
ROOMY = Settings(env="test", max_query_cost=10**9)


async def roomy_gql(db: Database) -> AsyncIterator[GraphQLClient]:
    async with client(db, ROOMY) as http:
        yield GraphQLClient(http)
    await db.async_engine.dispose()


@pytest.fixture
async def pg_gql(pg: Databases) -> AsyncIterator[GraphQLClient]:
    async with client(pg.app) as http:
        yield GraphQLClient(http)
    await pg.app.async_engine.dispose()

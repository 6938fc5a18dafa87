"""PASHU_READ_DATABASE_URL: GraphQL queries read from a replica; mutations, and everything a
mutation reads back, stay on the primary. The replica here is a second connection whose
role may only read (as a hot standby refuses every write), so a write sent there fails
loudly; it has the application's rights to read, and its row-level security."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.exc import DBAPIError

from pashu.db.direct import driver_url
from pashu.db.engine import Database
from pashu.db.tenancy import AuditEvent
from tests.conftest import APP_ROLE, Databases, GraphQLClient, _url, client, make_tenant
from tests.schema.impoundment_helpers import SEIZE, department, seizure

pytestmark = pytest.mark.postgres
READER = "pashu_replica_reader"
POUNDS = "query Pounds { pounds { id name } }"


@pytest.fixture(scope="module")
def replicated(pg: Databases) -> Iterator[Database]:
    """The application's database with a replica: the same data, through a role that reads."""
    with pg.admin.engine.begin() as c:
        c.exec_driver_sql(
            f"DO $$ BEGIN CREATE ROLE {READER} LOGIN NOBYPASSRLS; "
            "EXCEPTION WHEN duplicate_object THEN NULL; END $$"
        )
        c.exec_driver_sql(f"ALTER ROLE {READER} SET default_transaction_read_only = on")
        c.exec_driver_sql(f"GRANT USAGE ON SCHEMA public TO {READER}")
        c.exec_driver_sql(f"GRANT SELECT ON ALL TABLES IN SCHEMA public TO {READER}")
    name = pg.admin.engine.url.database
    assert name is not None
    db = Database(
        _url(str(pg.admin.engine.url.set(password=None)), name, APP_ROLE),
        pooled=False,
        read_url=_url(str(pg.admin.engine.url.set(password=None)), name, READER),
    )
    yield db
    db.engine.dispose()


@pytest.fixture
async def api(replicated: Database) -> AsyncIterator[GraphQLClient]:
    async with client(replicated) as http:
        yield GraphQLClient(http)
    await replicated.dispose()


@pytest.fixture
def seen(replicated: Database) -> Iterator[dict[str, list[str]]]:
    """The SQL each connection ran during the test."""
    found: dict[str, list[str]] = {"primary": [], "replica": []}
    assert replicated.replica_engine is not None
    engines = {
        "primary": replicated.async_engine.sync_engine,
        "replica": replicated.replica_engine.sync_engine,
    }
    listeners = []
    for name, engine in engines.items():

        def record(*args: Any, _name: str = name) -> None:
            found[_name].append(args[2])

        event.listen(engine, "before_cursor_execute", record)
        listeners.append((engine, record))
    # The pipelined path (db/direct.py: the token check) connects to the primary's URL.
    assert replicated.direct is not None
    assert replicated.direct.conninfo == driver_url(replicated.url)
    replicated.direct.observers.append(found["primary"].append)
    yield found
    replicated.direct.observers.remove(found["primary"].append)
    for engine, record in listeners:
        event.remove(engine, "before_cursor_execute", record)


def _reads(statements: list[str]) -> list[str]:
    return [s for s in statements if "pounds" in s or "impoundments" in s]


async def test_a_query_reads_from_the_replica(
    pg: Databases, api: GraphQLClient, seen: dict[str, list[str]]
) -> None:
    t = make_tenant(pg, "nagaland")
    await api.ok(
        'mutation { createPound(input: {name: "East", localAuthority: "Kohima TC"}) { id } }',
        token=t.token,
    )
    seen["primary"].clear()
    data = await api.ok(POUNDS, token=t.token)
    assert [p["name"] for p in data["pounds"]] == ["East"]
    assert _reads(seen["replica"]) and not _reads(seen["primary"])


async def test_a_mutation_and_what_it_reads_back_stay_on_the_primary(
    pg: Databases, api: GraphQLClient, seen: dict[str, list[str]]
) -> None:
    t, pound = await department(pg, api, "nagaland")
    seen["replica"].clear()
    case = (await api.ok(SEIZE, {"input": seizure(pound)}, t.token))["recordSeizure"]
    assert case["timeline"] and case["animals"]  # read back in the same request
    assert seen["replica"] == []


async def test_the_token_is_checked_on_the_primary(
    pg: Databases, api: GraphQLClient, seen: dict[str, list[str]]
) -> None:
    t = make_tenant(pg, "nagaland")
    await api.ok(POUNDS, token=t.token)
    assert not any("api_tokens" in s for s in seen["replica"])
    assert any("api_tokens" in s for s in seen["primary"])


async def test_a_write_sent_to_the_replica_fails_loudly(
    pg: Databases, replicated: Database
) -> None:
    t = make_tenant(pg, "nagaland")
    session = replicated.replica_session(t.id)
    assert session is not None
    async with session:
        session.add(AuditEvent(actor="clerk", action="pound.create", subject="Pound:1"))
        with pytest.raises(DBAPIError, match=r"permission denied|read-only"):
            await session.commit()


async def test_the_replica_keeps_the_tenant_scope_and_row_level_security(
    pg: Databases, api: GraphQLClient, replicated: Database
) -> None:
    a, b = make_tenant(pg, "nagaland"), make_tenant(pg, "mizoram")
    make = 'mutation { createPound(input: {name: "Theirs", localAuthority: "VC"}) { id } }'
    await api.ok(make, token=b.token)
    assert (await api.ok(POUNDS, token=a.token))["pounds"] == []
    session = replicated.replica_session(None)
    assert session is not None
    async with session:
        count = await session.scalar(sa.text("SELECT count(*) FROM pounds"))
    assert count == 0  # SQL that bypasses the ORM, with no tenant: row-level security

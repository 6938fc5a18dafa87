"""The paths that need no session are answered on the server's own loop (app.py `_direct`):
a clerk's seizure and a compiled page of cases are answered while the executor's loop, where
the ordinary path runs, is held by other work (as a heavy report holds it), and their answers
are the answers the ordinary path gives. With the driver's connections pooled, each loop
has a pool of its own (psycopg's pools wait on the loop that opened them): the ordinary
path's token check on the executor's loop and the direct paths on the server's both work,
and closing the database closes both."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import AsyncIterator, Awaitable
from typing import Any

import pytest
import sqlalchemy as sa

from pashu.app import executor
from pashu.db.engine import Database
from tests.conftest import APP_ROLE, ROOMY, Databases, GraphQLClient, client
from tests.fastpaths.test_compiled import AS_OF, W1
from tests.fastpaths.test_direct_mutations import DIRECT
from tests.schema.impoundment_helpers import department, seize, seizure

pytestmark = pytest.mark.postgres

PAGE = {"asOf": AS_OF, "first": 50}
NUMBERS = "{ impoundments(first: 50) { edges { node { registerNumber } } } }"
# Long enough for any answer of a test database; an answer held behind the executor's loop
# never comes before the loop is let go, so waiting fails the test rather than hangs it.
ANSWERED_WITHIN = 60


@pytest.fixture
async def pg_app(pg: Databases) -> AsyncIterator[GraphQLClient]:
    async with client(pg.app, ROOMY) as http:
        yield GraphQLClient(http)
    await pg.app.dispose()


async def _while_executor_is_held(asked: Awaitable[Any]) -> Any:
    """`asked` awaited while the executor's loop is held by work that waits on nothing it
    could yield to; the loop let go after, whatever happened."""
    started, release = threading.Event(), threading.Event()

    async def hold() -> None:
        started.set()
        release.wait(ANSWERED_WITHIN * 2)  # blocks the loop, as a long completion does

    held = asyncio.ensure_future(executor.run(hold))
    try:
        assert await asyncio.to_thread(started.wait, ANSWERED_WITHIN)
        return await asyncio.wait_for(asked, ANSWERED_WITHIN)
    finally:
        release.set()
        await held


async def test_a_settled_seizure_is_recorded_while_the_executor_is_held(
    pg: Databases, pg_app: GraphQLClient
) -> None:
    t, pound = await department(pg, pg_app, "nagaland")
    given = {"input": seizure(pound)}
    for _ in range(3):  # resolved (the document proven), then read and written, then settled
        await pg_app.ok(DIRECT, given, t.token)

    entered = await _while_executor_is_held(pg_app.ok(DIRECT, given, t.token))

    assert entered["entered"]["registerNumber"] == 4
    assert await _numbers(pg_app, t.token) == [1, 2, 3, 4]


async def test_a_compiled_page_is_answered_while_the_executor_is_held(
    pg: Databases, pg_app: GraphQLClient
) -> None:
    t, pound = await department(pg, pg_app, "mizoram")
    await seize(pg_app, t.token, pound)
    resolved = await pg_app.ok(W1, PAGE, t.token)  # resolved; the document is proven
    assert await pg_app.ok(W1, PAGE, t.token) == resolved  # planned; the tenant's Act known

    page = await _while_executor_is_held(pg_app.ok(W1, PAGE, t.token))

    assert page == resolved


async def test_each_loop_has_its_pool_and_closing_closes_both(pg: Databases) -> None:
    pooled = Database(pg.app.url, pooled=True)
    try:
        async with client(pooled, ROOMY) as http:
            gql = GraphQLClient(http)
            t, pound = await department(pg, gql, "nagaland")
            given = {"input": seizure(pound)}
            numbers = [
                (await gql.ok(DIRECT, given, t.token))["entered"]["registerNumber"]
                for _ in range(4)  # the ordinary path, then the direct path's two forms
            ]
            listed = await _numbers(gql, t.token)
        assert numbers == listed == [1, 2, 3, 4]
    finally:
        await pooled.dispose()
    # Every connection closed, the executor's loop's pool's too: their backends end.
    deadline = time.monotonic() + ANSWERED_WITHIN
    while _backends(pg) and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    assert _backends(pg) == 0


async def _numbers(gql: GraphQLClient, token: str) -> list[int]:
    """The register numbers of the tenant's cases, in order."""
    found = await gql.ok(NUMBERS, None, token)
    return sorted(e["node"]["registerNumber"] for e in found["impoundments"]["edges"])


def _backends(pg: Databases) -> int:
    """The application role's sessions on the test database."""
    with pg.admin.engine.connect() as conn:
        return int(
            conn.execute(
                sa.text(
                    "SELECT count(*) FROM pg_stat_activity"
                    " WHERE datname = current_database() AND usename = :role"
                ),
                {"role": APP_ROLE},
            ).scalar_one()
        )

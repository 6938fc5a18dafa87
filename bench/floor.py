"""The floor: W1 answered by one hand-written SQL statement through a bare Starlette endpoint.

No GraphQL, no ORM: parse the variables, run the statement as the application's role under
row-level security (the tenant set per transaction, as Pashu and PostGraphile do), the
setting and the statement pipelined in one round trip as Pashu's compiled path sends them,
return the JSON text PostgreSQL built. Run: `uvicorn bench.floor:app` with BENCH_FLOOR_DATABASE set.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import datetime

import orjson
from psycopg_pool import AsyncConnectionPool
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from bench.sql import fine_kinds, floor_w1

STATEMENT = floor_w1(fine_kinds())
pool = AsyncConnectionPool(
    os.environ.get("BENCH_FLOOR_DATABASE", "postgresql://pashu_app@127.0.0.1/pashu_bench"),
    min_size=4,
    max_size=10,
    kwargs={"autocommit": True},  # the pipeline's implicit transaction is the request's
    open=False,
)


async def w1(request: Request) -> Response:
    body = orjson.loads(await request.body())
    variables = body.get("variables") or {}
    params = {
        "tenant": request.headers["x-tenant"],
        "as_of": datetime.fromisoformat(variables["asOf"]),
        "first": int(variables.get("first", 50)),
    }
    async with pool.connection() as conn:
        # As Pashu's compiled path does (db/direct.py): the tenant and no JIT, then the
        # statement, pipelined in one round trip; what a pipeline sends before its Sync is
        # one implicit transaction, so the settings hold for the statement and end with it.
        async with conn.pipeline():
            await conn.execute(
                "SELECT set_config('pashu.tenant_id', %s, true), set_config('jit', 'off', true)",
                (params["tenant"],),
            )
            cur = await conn.execute(STATEMENT, params)
        row = await cur.fetchone()
    assert row is not None
    return Response(row[0], media_type="application/json")


@asynccontextmanager
async def lifespan(_: Starlette) -> AsyncIterator[None]:
    await pool.open()
    yield
    await pool.close()


app = Starlette(routes=[Route("/graphql", w1, methods=["POST"])], lifespan=lifespan)

"""The W1 floor: the platform's own statement for W1, prepared, through a bare Starlette endpoint.

A floor has to be the fastest known way to produce the same bytes, or the ratio says nothing
about what Pashu still spends. A hand-written statement was slower than the one the compiled
path plans (fastpaths/compiled.py), so the floor now runs that very statement: planned once
from W1's document, built once per tenant and variables, sent with the tenant setting in one
pipelined round trip as the application's role under row-level security (db/direct.py), and
prepared by the server after its first uses (psycopg's prepare threshold). No GraphQL, no
token check, no framework beyond Starlette's routing: what Pashu spends above this is its
own — the token, the document's lookup, the cost check, the middleware.

`workloads.check_w1` checks the floor's answer equals Pashu's. Run: `uvicorn bench.floor:app`
with BENCH_FLOOR_DATABASE set.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import orjson
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from bench.workloads import W1_PASHU
from pashu.config import Settings
from pashu.db.direct import DriverStatement
from pashu.db.engine import Database
from pashu.fastpaths import case_lists
from pashu.fastpaths.compiled import Inputs, Plan, plan
from pashu.jurisdictions import registry
from pashu.schema.schema import build_schema

URL = os.environ.get("BENCH_FLOOR_DATABASE", "postgresql://pashu_app@127.0.0.1/pashu_bench")
SCHEMA = build_schema(Settings(env="prod"))._schema
PLAN = plan(SCHEMA, {"impoundments": case_lists.impoundments}, case_lists.TYPES, W1_PASHU, "W1")
if PLAN is None:
    raise RuntimeError("W1 has no compiled plan: the floor would not be the platform's statement")
W1: Plan = PLAN
# The app's own: the same dialect compiles the statement, the same driver path sends it.
db = Database(URL)
assert db.direct is not None  # PostgreSQL
direct = db.direct
# By (tenant, variables): the statement with its values, as the compiled path keeps them.
kept: dict[tuple[str, bytes], DriverStatement] = {}


def _statement(tenant: str, jurisdiction: str, given: dict[str, Any]) -> DriverStatement:
    key = (tenant, orjson.dumps(given, option=orjson.OPT_SORT_KEYS))
    found = kept.get(key)
    if found is None:
        variables = W1.variables(SCHEMA, given)
        if variables is None:
            raise ValueError(f"W1's variables are refused: {given}")
        scope = uuid.UUID(tenant)
        statement, values = W1.statement(Inputs(variables, registry.get(jurisdiction), scope))
        found = kept[key] = direct.compile(scope, statement, values)
    return found


async def w1(request: Request) -> Response:
    body = orjson.loads(await request.body())
    statement = _statement(
        request.headers["x-tenant"], request.headers["x-jurisdiction"], body.get("variables") or {}
    )
    row = await direct.run(statement)
    assert row is not None
    return Response(row[0], media_type="application/json")


@asynccontextmanager
async def lifespan(_: Starlette) -> AsyncIterator[None]:
    yield
    await db.dispose()  # the direct path's pool and the engines


app = Starlette(routes=[Route("/graphql", w1, methods=["POST"])], lifespan=lifespan)

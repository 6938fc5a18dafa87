"""W5: every query the frontend sends, by operation name, on the generated data.

W1 is one document; the case page, the lists, the books, the law page and the rest run on
the ordinary executor. Each query of `web/operations` (bench/documents.py) is asked with the
variables its page sends — about the fullest case of W1's tenant — and measured:

- p50 and p95 at each connection count, loaded by wrk against the Pashu server;
- SQL statements per request, counted in one process on the same database once the caches
  are warm (the app's engine and its pipelined path both observed, as the tests count them).

The acts (mutations) are not loaded here — a repeated act is refused — W2 times the hot one,
and tests/schema/test_document_statements.py holds every act's statements constant.
"""

from __future__ import annotations

import asyncio
import base64
import json
from collections.abc import Callable
from dataclasses import dataclass
from math import inf
from typing import Any

import psycopg
from sqlalchemy import event

from bench import load
from bench.documents import needs_variables, queries, variables
from bench.generate import BenchTenant
from bench.load import Result
from bench.servers import Server
from bench.settings import AS_OF_ISO, Target
from bench.workloads import Request

LONGEST = 30.0  # seconds: a document that finishes nothing in this long is reported as such
WARM = 2  # asks before the counted one: the token's cache, the compiled path's plan


@dataclass(frozen=True)
class Measured:
    """One document at one connection count, and its statements per request."""

    name: str
    result: Result
    statements: int


def fullest_case(target: Target, tenant: BenchTenant) -> str:
    """The global id of the tenant's case with the most animals, notices and sales."""
    with psycopg.connect(target.owner_url) as conn:
        row = conn.execute(
            """SELECT i.id FROM impoundments i WHERE i.tenant_id = %s
               ORDER BY (SELECT count(*) FROM impounded_animals a WHERE a.impoundment_id = i.id)
                      + (SELECT count(*) FROM notices n WHERE n.impoundment_id = i.id)
                      + (SELECT count(*) FROM sales s WHERE s.impoundment_id = i.id) DESC,
                      i.id
               LIMIT 1""",
            (tenant.id,),
        ).fetchone()
    if row is None:
        raise RuntimeError(f"{tenant.slug} has no case for W5 to ask about")
    return base64.urlsafe_b64encode(f"Impoundment:{row[0]}".encode()).decode().rstrip("=")


def requests(url: str, tenant: BenchTenant, case: str) -> dict[str, Request]:
    """Each query document as its page sends it, with the tenant's token."""
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {tenant.token}"}
    out = {}
    for doc in queries():
        given = (
            variables(doc.name, case, tenant.jurisdiction, AS_OF_ISO)
            if needs_variables(doc)
            else {}
        )
        body = {"query": doc.body, "operationName": doc.name, "variables": given}
        out[doc.name] = Request(url, json.dumps(body), headers)
    return out


def statements(target: Target, asked: dict[str, Request]) -> dict[str, int]:
    """SQL statements per request of each document, in one process, caches warm."""
    return asyncio.run(_statements(target, asked))


async def _statements(target: Target, asked: dict[str, Request]) -> dict[str, int]:
    import httpx

    from pashu.app import create_app
    from pashu.config import Settings
    from pashu.db.engine import Database

    db = Database(target.app_url)
    app = create_app(db, Settings(env="prod", max_query_cost=10**8, sweep_interval=0))
    seen: list[str] = []

    def record(*args: Any) -> None:
        seen.append(args[2])

    engine = db.async_engine.sync_engine
    event.listen(engine, "before_cursor_execute", record)
    observers: list[Callable[[str], None]] = db.direct.observers if db.direct else []
    observers.append(seen.append)
    counts = {}
    transport = httpx.ASGITransport(app=app)
    try:
        async with httpx.AsyncClient(transport=transport, base_url="http://bench") as client:
            for name, req in asked.items():
                for _ in range(WARM):
                    await client.post("/graphql", content=req.body, headers=req.headers)
                seen.clear()
                answer = await client.post("/graphql", content=req.body, headers=req.headers)
                if answer.status_code != 200 or b'"errors"' in answer.content:
                    raise RuntimeError(f"W5 {name}: {answer.text[:500]}")
                counts[name] = len(seen)
    finally:
        event.remove(engine, "before_cursor_execute", record)
        observers.remove(seen.append)
        await db.async_engine.dispose()
    return counts


def measure(
    target: Target,
    tenant: BenchTenant,
    up: Server,
    conns: list[int],
    seconds: float,
    say: Callable[[str], None],
) -> list[Measured]:
    case = fullest_case(target, tenant)
    asked = requests(up.url, tenant, case)
    counted = statements(target, asked)
    out = []
    for name, req in asked.items():
        for c in conns:
            r = load.run(f"pashu {name}", req, c, seconds, warmup=1.0)
            # A document slower than the run (a register's PDF at 8 connections) finishes no
            # request in it: measured again for long enough to finish some.
            longer = seconds
            while r.requests < c and longer < LONGEST:
                longer = min(longer * 4, LONGEST)
                r = load.run(f"pashu {name}", req, c, longer, warmup=0)
            out.append(Measured(name, r, counted[name]))
            say(
                f"W5 {name:>18} c={c:<2} p50 {r.p50_ms:7.1f} ms  p95 {r.p95_ms:7.1f} ms  "
                f"p99 {r.p99_ms:7.1f} ms  {counted[name]} statements  errors {r.errors}"
            )
    return out


def worst(measured: list[Measured], c: int) -> Measured | None:
    """The document with the highest p50 at `c` connections."""
    at = [m for m in measured if m.result.concurrency == c]
    return max(at, key=lambda m: m.result.p50_ms if m.result.requests else inf, default=None)


def most_statements(measured: list[Measured]) -> Measured | None:
    return max(measured, key=lambda m: m.statements, default=None)

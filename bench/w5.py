"""W5: every query the frontend sends, by operation name, on the generated data.

W1 is one document; the case page, the lists, the books, the law page and the rest run on
the ordinary executor. Each query of `web/operations` (bench/documents.py) is asked with the
variables its page sends — about the fullest case of W1's tenant — and measured. A query
asking for a chapter not every Act has (`documents.NEEDS`: the keeping registers, the register
of animals, the establishments) is asked of the generated tenant with the most cases among
those whose Act has it: W1's Act would refuse it. Every answer must be free of errors,
checked on the server before and after its load and in the statement count, and wrk must see
no failed request: a measured refusal is no measurement, so W5 stops with the document named.

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
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from math import inf
from typing import Any

import psycopg
from sqlalchemy import event

from bench import load, memory, rounds
from bench.documents import needs, needs_variables, queries, sends_token, variables
from bench.generate import BenchTenant
from bench.load import Result
from bench.memory import Soak
from bench.report import HEADLINE_CONCURRENCY
from bench.servers import Server
from bench.settings import AS_OF_ISO, Target
from bench.workloads import Request
from pashu.jurisdictions import registry

SOAK_CONNECTIONS = 8
SOAKED = "every query document"  # the soak's name in the report
LONGEST = 30.0  # seconds: a document that finishes nothing in this long is reported as such
WARM = 2  # asks before the counted one: the token's cache, the compiled path's plan


@dataclass(frozen=True)
class Measured:
    """One document at one connection count, and its statements per request."""

    name: str
    result: Result
    statements: int
    jurisdiction: str  # the Act of the tenant it was asked of


class Refused(RuntimeError):
    """A W5 document answered with errors, or wrk saw failed requests: nothing to measure."""


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


def tenant_for(name: str, tenants: list[BenchTenant], home: BenchTenant) -> BenchTenant:
    """The tenant query `name` is asked of: `home` (W1's) unless the query needs a chapter
    its Act lacks; then the tenant with the most cases among those whose Act has it."""
    chapter = needs(name)
    if chapter is None or chapter in registry.get(home.jurisdiction).capabilities:
        return home
    able = [t for t in tenants if chapter in registry.get(t.jurisdiction).capabilities]
    if not able:
        raise Refused(f"W5 {name}: no generated tenant's Act has {chapter.name}")
    return max(able, key=lambda t: (t.cases, -t.index))


@dataclass(frozen=True)
class Asked:
    """One query document as its page sends it, and the tenant it is asked of."""

    request: Request
    tenant: BenchTenant


def requests(
    target: Target, url: str, tenants: list[BenchTenant], home: BenchTenant
) -> dict[str, Asked]:
    """Each query document as its page sends it, with its tenant's token."""
    cases: dict[str, str] = {}
    out = {}
    for doc in queries():
        tenant = tenant_for(doc.name, tenants, home)
        given: dict[str, Any] = {}
        if needs_variables(doc):
            if tenant.slug not in cases:  # a tenant of an Act that does not impound has none
                cases[tenant.slug] = fullest_case(target, tenant) if tenant.cases else ""
            given = variables(doc.name, cases[tenant.slug], tenant.jurisdiction, AS_OF_ISO)
        body = {"query": doc.body, "operationName": doc.name, "variables": given}
        headers = {"Content-Type": "application/json"}
        if sends_token(doc.name):  # the law pages' queries go without one, as the pages send
            headers["Authorization"] = f"Bearer {tenant.token}"
        out[doc.name] = Asked(Request(url, json.dumps(body), headers), tenant)
    return out


def check(name: str, status: int, content: bytes) -> None:
    """Refused unless the answer is a 200 with data and no `errors`."""
    try:
        answer = json.loads(content)
    except ValueError:
        answer = None
    if (
        status != 200
        or not isinstance(answer, dict)
        or answer.get("errors")
        or not answer.get("data")
    ):
        raise Refused(f"W5 {name}: HTTP {status}: {content[:500]!r}")


def ask(name: str, req: Request) -> None:
    """Ask the running server once, as wrk will, and check its answer."""
    sent = urllib.request.Request(req.url, req.body.encode(), req.headers, method="POST")
    try:
        with urllib.request.urlopen(sent, timeout=LONGEST) as got:
            check(name, got.status, got.read())
    except urllib.error.HTTPError as e:
        check(name, e.code, e.read())


def statements(target: Target, asked: dict[str, Request]) -> dict[str, int]:
    """SQL statements per request of each document, in one process, caches warm."""
    return asyncio.run(_statements(target, asked))


async def _statements(target: Target, asked: dict[str, Request]) -> dict[str, int]:
    import httpx

    from pashu.app import create_app, executor
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
                check(name, answer.status_code, answer.content)
                counts[name] = len(seen)
    finally:
        event.remove(engine, "before_cursor_execute", record)
        observers.remove(seen.append)
        # Closed on the loop that opened them, the app's executor's (pashu/app.py): the
        # direct path's pool too, or psycopg_pool warns at exit, after the headline lines.
        await executor.run(db.dispose)
        executor.stop()
    return counts


def measure(
    target: Target,
    tenants: list[BenchTenant],
    home: BenchTenant,
    up: Server,
    conns: list[int],
    seconds: float,
    say: Callable[[str], None],
) -> list[Measured]:
    asked = requests(target, up.url, tenants, home)
    counted = statements(target, {name: a.request for name, a in asked.items()})
    out = []
    for name, a in asked.items():
        req, code = a.request, a.tenant.jurisdiction
        ask(name, req)
        for c in conns:
            r = load.run(f"pashu {name}", req, c, seconds, warmup=1.0)
            # A document slower than the run (a register's PDF at 8 connections) finishes no
            # request in it: measured again for long enough to finish some.
            longer = seconds
            while r.requests < c and longer < LONGEST:
                longer = min(longer * 4, LONGEST)
                r = load.run(f"pashu {name}", req, c, longer, warmup=0)
            if r.errors:
                raise Refused(f"W5 {name} c={c}: {r.errors} of {r.requests} requests failed")
            out.append(Measured(name, r, counted[name], code))
            say(
                f"W5 {name:>19} {code:>12} c={c:<2} p50 {r.p50_ms:7.1f} ms  "
                f"p95 {r.p95_ms:7.1f} ms  p99 {r.p99_ms:7.1f} ms  {counted[name]} statements"
            )
        ask(name, req)  # the same answer after the load: none of the loaded ones was refused
    return out


@dataclass(frozen=True)
class Beside:
    """A slow document and W1's page, measured on one server in rounds taken in turn: the
    figure of `W5 worst/W1 p50` (issue #36: the slowest document's p50 ≤ 3 × W1's)."""

    name: str
    document: Result
    w1: Result

    @property
    def ratio(self) -> float:
        return self.document.p50_ms / self.w1.p50_ms


# The documents measured beside W1: the slowest at the headline's connections and those whose
# p50 is within this share of it (one measurement apart, the second may be the slower), at
# most CANDIDATES of them.
CLOSE = 0.8
CANDIDATES = 3


def beside(
    target: Target,
    tenants: list[BenchTenant],
    home: BenchTenant,
    up: Server,
    measured: list[Measured],
    w1: Request,
    seconds: float,
    say: Callable[[str], None],
) -> list[Beside]:
    """The slowest documents at HEADLINE_CONCURRENCY, each measured again beside W1's page
    (bench/rounds.py). The W1 section's figure was taken minutes before on a host whose speed
    drifts (2026-12-06: `CasePapers` 3.08 × a W1 measured twenty minutes earlier)."""
    at = sorted(
        (m for m in measured if m.result.concurrency == HEADLINE_CONCURRENCY),
        key=lambda m: -m.result.p50_ms,
    )
    if not at:
        return []
    slow = [m for m in at if m.result.p50_ms >= CLOSE * at[0].result.p50_ms][:CANDIDATES]
    asked = requests(target, up.url, tenants, home)
    out = []
    for m in slow:
        sides = [
            rounds.Asked(f"pashu {m.name}", up.pid, asked[m.name].request),
            rounds.Asked("pashu W1", up.pid, w1),
        ]
        (doc, page), _ = rounds.alternated("W5", sides, HEADLINE_CONCURRENCY, seconds, 1.0)
        if doc.errors or page.errors:
            raise Refused(f"W5 {m.name} beside W1: failed requests")
        found = Beside(m.name, doc, page)
        out.append(found)
        say(
            f"W5 {m.name} beside W1 c={HEADLINE_CONCURRENCY}: p50 {doc.p50_ms:.1f} against "
            f"{page.p50_ms:.1f} ms, {found.ratio:.2f}"
        )
    return out


def soak(
    target: Target,
    tenants: list[BenchTenant],
    home: BenchTenant,
    up: Server,
    seconds: float,
) -> Soak:
    """Every query the frontend sends, in turn, held at SOAK_CONNECTIONS for `seconds` on one
    Pashu process, its RSS sampled: issue #36 asks it within 10 % after ten minutes of where
    it was after the first. Each answer is checked before and after, as W5's are, and a soak
    with failed requests is refused (errors are no load)."""
    asked = requests(target, up.url, tenants, home)
    for name, a in asked.items():
        ask(name, a.request)
    held = memory.soak(
        SOAKED,
        up.pid,
        [a.request for a in asked.values()],
        SOAK_CONNECTIONS,
        seconds,
    )
    if held.errors:
        raise Refused(f"W5 soak: {held.errors} of {held.requests} requests failed")
    for name, a in asked.items():
        ask(name, a.request)
    return held


def worst(measured: list[Measured], c: int) -> Measured | None:
    """The document with the highest p50 at `c` connections."""
    at = [m for m in measured if m.result.concurrency == c]
    return max(at, key=lambda m: m.result.p50_ms if m.result.requests else inf, default=None)


def most_statements(measured: list[Measured]) -> Measured | None:
    return max(measured, key=lambda m: m.statements, default=None)

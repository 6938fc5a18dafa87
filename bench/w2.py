"""W2: a clerk's `recordSeizure` against its floor, and the API process's memory under load.

The floor (bench/floor_w2.py) writes the same rows with hand-written SQL; before timing,
one request to each is made and the rows they wrote are compared column by column (all
but ids, instants of writing and the register number). W2 writes into a tenant other than
W1's; everything it wrote is removed afterwards (`undo`), so the data stays the seed's.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import psycopg

from bench import generate, memory, rounds, servers
from bench.load import Result
from bench.memory import Reading, Soak
from bench.settings import PORTS, Target
from bench.workloads import W2_PASHU, Request, send, w1_requests, w2_input

CONNECTIONS = (1, 4)


def writer_of(tenants: list[generate.BenchTenant]) -> generate.BenchTenant:
    """The tenant W2 writes into: the last with cases (W1 reads the busiest, the first)."""
    return [t for t in tenants if t.cases][-1]


@contextmanager
def floor_server(target: Target, logs: Path) -> Iterator[servers.Server]:
    env = servers._env(BENCH_FLOOR_DATABASE=target.app_url)
    cmd = servers._uvicorn("bench.floor_w2:app", PORTS["floor_w2"])
    with servers._process("floor_w2", cmd, env, logs / "floor_w2.log") as up:
        yield up


def requests(
    target: Target, writer: generate.BenchTenant, urls: dict[str, str]
) -> dict[str, Request]:
    """The same GraphQL body to both; the floor is told tenant and clerk in headers."""
    from pashu.schema.node import to_global_id

    with psycopg.connect(target.owner_url) as conn:
        pound = conn.execute(
            "SELECT id FROM pounds WHERE tenant_id = %s ORDER BY id LIMIT 1", (writer.id,)
        ).fetchone()
        clerk = conn.execute(
            "SELECT u.name || ' (' || u.role || ')' FROM users u JOIN api_tokens t"
            " ON t.tenant_id = u.tenant_id AND t.user_id = u.id"
            " WHERE u.tenant_id = %s AND t.revoked_at IS NULL LIMIT 1",
            (writer.id,),
        ).fetchone()
    assert pound is not None and clerk is not None
    body = json.dumps(
        {"query": W2_PASHU, "variables": {"input": w2_input(to_global_id("Pound", pound[0]))}}
    )
    json_type = {"Content-Type": "application/json"}
    return {
        "pashu": Request(
            urls["pashu"], body, {**json_type, "Authorization": f"Bearer {writer.token}"}
        ),
        "floor": Request(
            urls["floor"],
            body,
            {
                **json_type,
                "X-Tenant": str(writer.id),
                "X-Jurisdiction": writer.jurisdiction,
                "X-Actor": clerk[0],
            },
        ),
    }


_CASE = """
SELECT i.*, (SELECT json_agg(json_build_object('species', a.species, 'description',
  a.description, 'ear_tag', a.ear_tag, 'status', a.status, 'fine_settled', a.fine_settled)
  ORDER BY a.species, a.id) FROM impounded_animals a
  WHERE a.tenant_id = i.tenant_id AND a.impoundment_id = i.id) AS animals,
  (SELECT json_agg(json_build_object('actor', e.actor, 'action', e.action, 'before', e.before,
  'after', e.after)) FROM audit_events e
  WHERE e.tenant_id = i.tenant_id AND e.subject = 'Impoundment:' || i.id) AS audit
FROM impoundments i WHERE i.tenant_id = %s AND i.register_number = %s
"""
_OWN = {"id", "created_at", "register_number"}  # what differs between two writes by nature


def _written(
    conn: psycopg.Connection[Any], writer: generate.BenchTenant, number: int
) -> dict[str, Any]:
    cur = conn.execute(_CASE, (writer.id, number))
    row = cur.fetchone()
    assert row is not None, f"no case {number} written"
    names = [d.name for d in cur.description or []]
    got = {k: v for k, v in zip(names, row, strict=True) if k not in _OWN}
    for event in got["audit"] or []:
        event["after"].pop("registerNumber", None)
    return got


def check(target: Target, writer: generate.BenchTenant, reqs: dict[str, Request]) -> None:
    """One seizure each; the floor must answer the same fields and write the same rows."""
    pashu = send(reqs["pashu"])["data"]["recordSeizure"]
    floor = send(reqs["floor"])["data"]["recordSeizure"]
    keys = ("status", "nextAction")
    if [pashu[k] for k in keys] != [floor[k] for k in keys]:
        raise AssertionError(f"W2 answers differ: pashu {pashu}, floor {floor}")
    with psycopg.connect(target.owner_url) as conn:
        mine = _written(conn, writer, pashu["registerNumber"])
        theirs = _written(conn, writer, floor["registerNumber"])
    if mine != theirs:
        diff = {k: (mine[k], theirs.get(k)) for k in mine if mine[k] != theirs.get(k)}
        raise AssertionError(f"W2 floor writes other rows than pashu: {diff}")


def measure(
    target: Target,
    writer: generate.BenchTenant,
    pashu: servers.Server,
    floor: servers.Server,
    seconds: float,
    warmup: float,
) -> tuple[list[Result], list[Reading]]:
    """Each server at each concurrency in rounds taken in turn with the other's
    (bench/rounds.py)."""
    reqs = requests(target, writer, {"pashu": pashu.url, "floor": floor.url})
    check(target, writer, reqs)
    results, readings = [], []
    for c in CONNECTIONS:
        sides = [
            rounds.Asked(f"{name} recordSeizure", server.pid, reqs[name])
            for name, server in (("pashu", pashu), ("floor", floor))
        ]
        taken, read = rounds.alternated("W2", sides, c, seconds, warmup)
        results += taken
        readings += read
    return results, readings


def soaks(
    target: Target,
    pashu: servers.Server,
    reader: generate.BenchTenant,
    writer: generate.BenchTenant,
    seconds: float,
) -> list[Soak]:
    """W1 and W2 held at a steady load on one Pashu process, RSS sampled throughout."""
    w1 = w1_requests({"pashu": pashu.url, "floor": "", "postgraphile": ""}, reader)["pashu"]
    w2 = requests(target, writer, {"pashu": pashu.url, "floor": ""})["pashu"]
    return [
        memory.soak("W1", pashu.pid, w1, 8, seconds),
        memory.soak("W2", pashu.pid, w2, 4, seconds),
    ]


def undo(target: Target, writer: generate.BenchTenant) -> None:
    """Remove every row W2 wrote (run once the servers have stopped: nothing in flight)."""
    new = "SELECT id FROM impoundments WHERE tenant_id = %(t)s AND register_number > %(n)s"
    p = {"t": writer.id, "n": writer.cases}
    with psycopg.connect(target.owner_url) as conn:
        conn.execute(
            "DELETE FROM audit_events WHERE tenant_id = %(t)s AND subject IN "
            f"(SELECT 'Impoundment:' || id FROM ({new}) AS n)",
            p,
        )
        for table in ("impounded_animals", "notices"):
            conn.execute(
                f"DELETE FROM {table} WHERE tenant_id = %(t)s AND impoundment_id IN ({new})", p
            )
        conn.execute(
            "DELETE FROM impoundments WHERE tenant_id = %(t)s AND register_number > %(n)s", p
        )
        conn.execute(
            "UPDATE counters SET value = %(n)s WHERE tenant_id = %(t)s AND name = 'register'", p
        )


def ratio(results: list[Result], c: int = 4) -> float | None:
    """Pashu's p50 over the floor's at `c` connections."""
    mine = next((r for r in results if r.server.startswith("pashu") and r.concurrency == c), None)
    floor = next((r for r in results if r.server.startswith("floor") and r.concurrency == c), None)
    if mine is None or floor is None or not floor.p50_ms:
        return None
    return round(mine.p50_ms / floor.p50_ms, 2)

"""The budget holds on the law's maximum data (issue #34, item 1): a real server holding full
seizures (2,000 animals each, every description its column's 300 characters) answers the most
expensive queries the default budget allows within the answer's size limit and about two
seconds of its own work, `/healthz` is answered meanwhile, and its resident memory comes back
to within 50 MB of where it started.

Time on a shared, loaded host is the host's, not the server's: what is asserted is the
server's own CPU time (its process and its PDF renderers) and, for the probe, that it was
answered while the query ran, within a bound a stalled event loop cannot meet. The figures
are printed (`-s`)."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path
from typing import Any

import httpx
from graphql import OperationDefinitionNode, parse

from pashu.config import Settings
from pashu.core.bounds import MAX_HEADS_PER_SEIZURE
from pashu.schema.cost import cost
from pashu.schema.schema import build_schema
from tests.conftest import Databases, GraphQLClient
from tests.live_server import LiveServer, live_server
from tests.schema.impoundment_helpers import department, seize

BUDGET = Settings().max_query_cost
SCHEMA = build_schema(Settings())._schema
MAX_BYTES = Settings().max_response_bytes
HERD = [{"species": "cow", "count": 500, "description": "d" * 300}] * (MAX_HEADS_PER_SEIZURE // 500)
ANIMALS = "animals { id species description earTag status releasedAt injury }"
MEMORY_BACK_KIB = 50 * 1024
CPU_BOUND = 4.0  # seconds of the server's own CPU for the heaviest allowed query
TICK = os.sysconf("SC_CLK_TCK")


def costs(query: str) -> int:
    """What the cost model makes of `query` (schema/cost.py)."""
    document = parse(query)
    operation = document.definitions[0]
    assert isinstance(operation, OperationDefinitionNode)
    return cost(SCHEMA, operation, {}, {})


def refused(body: dict[str, Any]) -> str | None:
    """The code a refused answer carries (None: answered)."""
    errors = body.get("errors") or [{}]
    return str(errors[0].get("extensions", {}).get("code")) if body.get("errors") else None


FIRST_CURSOR = "{ impoundments(first: 1) { pageInfo { endCursor } } }"


def page_of_animals(first: int) -> str:
    return f"{{ impoundments(first: {first}) {{ edges {{ node {{ {ANIMALS} }} }} }} }}"


def register_copies(first: int, after: str | None = None) -> str:
    copy = "registerCopy { pdfBase64 }"
    since = f', after: "{after}"' if after else ""
    return f"{{ impoundments(first: {first}{since}) {{ edges {{ node {{ {copy} }} }} }} }}"


def _ticks(stat: Path) -> float:
    fields = stat.read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK  # utime, stime


def cpu_seconds(pid: int) -> float:
    """The CPU time of process `pid` and of the processes it started (the renderers)."""
    total = _ticks(Path(f"/proc/{pid}/stat"))
    for task in Path(f"/proc/{pid}/task").iterdir():
        children = (task / "children").read_text().split()
        total += sum(cpu_seconds(int(child)) for child in children)
    return total


def work_seconds(pid: int) -> float:
    """The server's CPU time but its event loop's (its main thread's): what the queries it
    runs elsewhere cost, not the probes it answers meanwhile."""
    return cpu_seconds(pid) - _ticks(Path(f"/proc/{pid}/task/{pid}/stat"))


def measured(server: LiveServer, token: str, query: str) -> dict[str, Any]:
    """The query's answer, the server's CPU time for it, and the probes' waits meanwhile."""
    waits: list[float] = []
    asking = threading.Event()
    done = threading.Event()

    def probe() -> None:
        with httpx.Client(base_url=server.url, timeout=60) as side:
            asking.wait()
            while not done.is_set():
                started = time.monotonic()
                assert side.get("/healthz").text == "ok"
                if not done.is_set():
                    waits.append(time.monotonic() - started)
                time.sleep(0.02)

    prober = threading.Thread(target=probe)
    prober.start()
    before = work_seconds(server.pid)
    with httpx.Client(base_url=server.url, timeout=300) as http:
        asking.set()
        started = time.monotonic()
        r = http.post(
            "/graphql", json={"query": query}, headers={"authorization": f"Bearer {token}"}
        )
        seconds = time.monotonic() - started
    done.set()
    prober.join()
    return {
        "answer": r,
        "seconds": seconds,
        "cpu": work_seconds(server.pid) - before,
        "waits": sorted(waits),
    }


async def test_the_heaviest_allowed_queries_on_the_maximum_data_keep_the_server_answering(
    dbs: Databases, gql: GraphQLClient, tmp_path: Path
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    # The most cases' animals a page may ask within the budget (schema/cost.py: a field a
    # unit, each of a case's animals' fields once per animal the seizure cap allows).
    most = max(n for n in range(1, 201) if costs(page_of_animals(n)) <= BUDGET)
    for _ in range(most + 1):
        await seize(gql, t.token, pound, animals=HERD)
    # One case more, or one register copy more, and the query is refused before it runs.
    for larger in (page_of_animals(most + 1), register_copies(2)):
        assert refused(await gql.raw(larger, token=t.token)) == "LIMIT_EXCEEDED"

    # A printed copy is kept (schema/documents.py): the copy measured is of a case whose copy
    # the warm-up did not print, so it is printed while the probe asks.
    first = await gql.ok(FIRST_CURSOR, token=t.token)
    unprinted = register_copies(1, after=first["impoundments"]["pageInfo"]["endCursor"])

    with live_server(dbs, tmp_path / "server.log") as server:
        # Each query asked once first: what a server keeps for good once it has answered
        # one (its pools' connections and their page caches, compiled statements, the
        # renderers' pool) is not what a query leaves behind. Cold, the first heavy query
        # adds some 40 MB so; further ones, measured here, come back within the bound.
        with httpx.Client(base_url=server.url, timeout=300) as http:
            for query in (page_of_animals(most), register_copies(1)):
                http.post(
                    "/graphql",
                    json={"query": query},
                    headers={"authorization": f"Bearer {t.token}"},
                )
        time.sleep(0.5)
        started_kib = server.rss_kib()
        results = {}
        for name, query in (
            (f"animals of {most} full cases", page_of_animals(most)),
            ("a full case's register copy", unprinted),
            (f"animals of {most} full cases, again", page_of_animals(most)),
        ):
            m = measured(server, t.token, query)
            body = m["answer"].json()
            assert refused(body) is None, str(body["errors"])[:500]
            assert len(body["data"]["impoundments"]["edges"]) in (most, 1)
            results[name] = m
        time.sleep(0.5)  # the last answer sent and its memory given back (allocator.py)
        ended_kib = server.rss_kib()

    for name, m in results.items():
        waits = m["waits"]
        print(
            f"\n{name}: {len(m['answer'].content) / 1e6:.1f} MB in {m['seconds']:.2f} s "
            f"({m['cpu']:.2f} s of the server's CPU off its loop); "
            f"/healthz answered {len(waits)} times, "
            f"median {waits[len(waits) // 2] * 1000:.0f} ms, at most {waits[-1] * 1000:.0f} ms"
        )
    print(f"resident memory {started_kib // 1024} MB before, {ended_kib // 1024} MB after")
    for name, m in results.items():
        assert len(m["answer"].content) <= MAX_BYTES, name
        # About two seconds of the server's CPU (1.5-1.9 s on a quiet host, printed above); a
        # loaded host's contention adds to a process's CPU time too, so the bound asserted is
        # twice that: a budget that let through a query of unbounded work would not meet it.
        assert m["cpu"] < CPU_BOUND, f"{name}: {m['cpu']:.2f} s of the server's CPU"
        waits = m["waits"]
        # A loop that runs the query answers no probe until the query is done: one wait as
        # long as the query. Here the probe is answered again and again meanwhile. (How long
        # each waits is the host's as much as the server's: printed, not asserted.)
        assert len(waits) >= 5, f"{name}: /healthz was not answered while the query ran"
        assert waits[-1] < m["seconds"] / 2, f"{name}: /healthz waited {waits[-1]:.2f} s"
    assert ended_kib - started_kib < MEMORY_BACK_KIB, (started_kib, ended_kib)

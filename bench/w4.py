"""W4: the public law API against a static floor.

Each query is asked of Pashu (no token) and of `bench/static.py`, a bare Starlette endpoint
that returns, for the same request body, the exact bytes Pashu answered (checked equal
before timing). Both are loaded in turn at the same connections: the ratio is how close
Pashu's answer to the law comes to serving a file.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

from bench import load
from bench.load import Result
from bench.servers import Server, _env, _process, _uvicorn
from bench.settings import PORTS
from bench.workloads import Request

W4_CONCURRENCY = 8
ROUNDS = 3  # alternating rounds per query; the best of each server's is kept
JSON = {"Content-Type": "application/json"}

SCENARIO_FACTS = {
    "animals": [{"species": "cow", "count": 2}, {"species": "goat", "count": 1}],
    "seizedAt": "2026-01-03T09:00:00+05:30",
    "impoundedAt": "2026-01-03T15:00:00+05:30",
    "rates": [
        {
            "kind": "FINE_PER_HEAD",
            "species": "cow",
            "amount": "50.00",
            "effectiveFrom": "2026-01-01",
        },
        {
            "kind": "FEEDING_PER_HEAD_PER_DAY",
            "species": "cow",
            "amount": "10.00",
            "effectiveFrom": "2026-01-01",
        },
    ],
}

# (name, query, variables): what the law page asks, each a public root.
QUERIES: list[tuple[str, str, dict[str, object] | None]] = [
    (
        "compare",
        """{ compare(topic: CLAIM_PERIOD) { topic rows { jurisdiction provided summary
  citations { uri section } facts { key kind } } } }""",
        None,
    ),
    (
        "compareMatrix",
        """query M($t: [ComparisonTopic!], $j: [ID!]) {
  compareMatrix(topics: $t, jurisdictions: $j) {
    topic rows { jurisdiction provided summary citations { uri section } } } }""",
        {"t": ["FINE_CAPS", "COMPOUNDING", "MONEY_ROUTING"], "j": ["mizoram", "nagaland"]},
    ),
    (
        "compareScenario",
        """query S($f: ScenarioInput!) { compareScenario(facts: $f) {
  jurisdiction provided timeline { action notBefore deadline citation { section } }
  dues { asOf total lines { kind species heads days amount } } earliestSale } }""",
        {"f": SCENARIO_FACTS},
    ),
    (
        "impoundmentTimeline",
        """query { impoundmentTimeline(jurisdiction: "nagaland",
  events: {seizedAt: "2026-06-02T09:00:00+05:30", impoundedAt: "2026-06-02T15:00:00+05:30"}) {
  action notBefore deadline citation { uri section } explanation } }""",
        None,
    ),
    (
        "classifyAnimal",
        """{ classifyAnimal(species: "donkey") { jurisdiction species isCattle isAnimal
  citations { uri section } } }""",
        None,
    ),
    (
        "searchLaw",
        """{ searchLaw(text: "impound cattle", first: 10) { jurisdiction rank snippet
  section { number heading uri } } }""",
        None,
    ),
    ("jurisdictions", "{ jurisdictions { code name isoCode capabilities } }", None),
]


def requests_for(url: str) -> dict[str, Request]:
    return {
        name: Request(url, json.dumps({"query": q, "variables": v}), JSON) for name, q, v in QUERIES
    }


def answers(pashu: dict[str, Request]) -> dict[str, bytes]:
    """Pashu's bytes for each request, asked twice: the kept answer must be the made one."""
    out: dict[str, bytes] = {}
    for name, req in pashu.items():
        made = httpx.post(req.url, content=req.body, headers=req.headers, timeout=60)
        kept = httpx.post(req.url, content=req.body, headers=req.headers, timeout=60)
        made.raise_for_status()
        if b'"errors"' in made.content:
            raise RuntimeError(f"W4 {name}: {made.text[:500]}")
        if kept.content != made.content:
            raise AssertionError(f"W4 {name}: the kept answer differs from the one made")
        out[name] = made.content
    return out


@contextmanager
def static(bodies: dict[str, bytes], by_name: dict[str, Request], logs: Path) -> Iterator[Server]:
    """The static floor, serving `bodies` for the requests' bodies."""
    table = logs / "static.json"
    table.write_text(
        json.dumps({by_name[n].body: bodies[n].decode() for n in bodies}, ensure_ascii=False)
    )
    env = _env(BENCH_STATIC_ANSWERS=str(table))
    cmd = _uvicorn("bench.static:app", PORTS["static"])
    with _process("static", cmd, env, logs / "static.log") as up:
        yield up


def check(pashu: dict[str, Request], floor: dict[str, Request]) -> None:
    for name in pashu:
        a = httpx.post(pashu[name].url, content=pashu[name].body, headers=JSON, timeout=60)
        b = httpx.post(floor[name].url, content=floor[name].body, headers=JSON, timeout=60)
        if a.content != b.content:
            raise AssertionError(f"W4 {name}: the static floor's bytes differ from Pashu's")


def cpu_seconds(pid: int) -> float:
    """User and system CPU a process has used (Linux /proc): a cost per request that other
    load on a shared machine does not change, where requests/s does."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measure(
    pashu: Server,
    logs: Path,
    seconds: float,
    warmup: float,
    say: Callable[[str], None],
    notes: list[str] | None = None,
    rounds: int = ROUNDS,
) -> list[Result]:
    """Every W4 query on Pashu and on the static floor at W4_CONCURRENCY, alternating for
    `rounds` rounds of `seconds / rounds` each; each server's best round is kept, so a burst
    of other load on a shared machine lowers neither side alone. The servers' CPU per
    request, over all rounds, goes to `notes`."""
    mine = requests_for(pashu.url)
    bodies = answers(mine)
    results: list[Result] = []
    with static(bodies, mine, logs) as up:
        floor = requests_for(up.url)
        check(mine, floor)
        sides = (("pashu", mine, pashu.pid), ("static", floor, up.pid))
        for name in mine:
            best: dict[str, Result] = {}
            cpu = {"pashu": [0.0, 0], "static": [0.0, 0]}
            for server, reqs, _pid in sides:
                load.run(server, reqs[name], W4_CONCURRENCY, warmup, 0)
            for _ in range(rounds):
                for server, reqs, pid in sides:
                    before = cpu_seconds(pid)
                    r = load.run(
                        f"{server} {name}", reqs[name], W4_CONCURRENCY, seconds / rounds, 0
                    )
                    cpu[server][0] += cpu_seconds(pid) - before
                    cpu[server][1] += r.requests
                    if server not in best or r.rps > best[server].rps:
                        best[server] = r
            per = {k: 1e6 * v[0] / max(1, int(v[1])) for k, v in cpu.items()}
            for server in ("pashu", "static"):
                r = best[server]
                say(
                    f"  W4 {server:>6} {name:<20} {r.rps:8.1f} rps  p50 {r.p50_ms:6.2f} ms  "
                    f"CPU {per[server]:5.0f} us/request  ({len(bodies[name]):,} bytes)  "
                    f"errors {r.errors}"
                )
                results.append(r)
            if notes is not None:
                notes.append(
                    f"W4 {name}: CPU per request pashu {per['pashu']:.0f} us, static "
                    f"{per['static']:.0f} us (static/pashu {per['static'] / per['pashu']:.2f})"
                )
    return results


def ratios(results: list[Result]) -> dict[str, float]:
    """Pashu's requests/s over the static floor's, per query."""
    out: dict[str, float] = {}
    for name, _q, _v in QUERIES:
        mine = next((r for r in results if r.server == f"pashu {name}"), None)
        floor = next((r for r in results if r.server == f"static {name}"), None)
        if mine and floor and floor.rps:
            out[name] = round(mine.rps / floor.rps, 2)
    return out


def headline(results: list[Result]) -> float | None:
    """The worst query's ratio: the goal (>= 0.5) holds for every query or not at all."""
    got = ratios(results)
    return min(got.values()) if got else None

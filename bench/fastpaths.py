"""Each fast path side by side with the ordinary path it stands in for (docs/FASTPATHS.md: a
path earns its place by a figure measured with it switched off).

Two Pashu servers run at once on the 10k data: one as configured, one with a path's switch
off (`config.py`: `PASHU_COMPILED_QUERIES`, `PASHU_DIRECT_MUTATIONS`, `PASHU_PUBLIC_ANSWERS`).
Each path's workload is asked of both in alternating rounds at one connection, so a burst of
other load on a shared machine lowers neither side alone: the compiled path on W1's page,
the direct path on W2's seizure (its rows removed after), the kept public answers on W4's
queries. Per path and side: p50 (the best round's) and the server's CPU per request (over
all rounds). With valgrind (`bench.instructions`), W1's and W2's instructions per request
with every path on and every path off: not timed, so not moved by the machine's load.

Run: `python -m bench.fastpaths [--seconds 6] [--rounds 3] [--requests 50]` (a few minutes).
The last lines printed are the table for docs/FASTPATHS.md.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from contextlib import ExitStack
from dataclasses import dataclass

from bench import generate, instructions, load, servers, w2, w4
from bench.settings import RESULTS, target_for
from bench.workloads import Request, w1_requests, w1_tenant

SIZE = 10_000


@dataclass(frozen=True)
class FastPath:
    name: str
    switch: str  # the setting that turns it off ("false")
    workload: str


PATHS = [
    FastPath("compiled queries", "PASHU_COMPILED_QUERIES", "W1"),
    FastPath("direct mutations", "PASHU_DIRECT_MUTATIONS", "W2"),
    FastPath("public answers", "PASHU_PUBLIC_ANSWERS", "W4"),
]


@dataclass(frozen=True)
class Side:
    p50_ms: float
    cpu_us: float
    errors: int


def _rounds(
    asked: dict[str, Request], pids: dict[str, int], seconds: float, rounds: int
) -> dict[str, Side]:
    """`asked` ("on", "off": the same request to each server) alternated for `rounds`."""
    best: dict[str, load.Result] = {}
    cpu = {side: [0.0, 0] for side in asked}
    for side, req in asked.items():  # warm: plans made, documents proven, caches filled
        load.run(side, req, 1, 2.0, 0)
    for _ in range(rounds):
        for side, req in asked.items():
            before = w4.cpu_seconds(pids[side])
            r = load.run(side, req, 1, seconds / rounds, 0)
            cpu[side][0] += w4.cpu_seconds(pids[side]) - before
            cpu[side][1] += r.requests
            if side not in best or r.p50_ms < best[side].p50_ms:
                best[side] = r
    return {
        side: Side(
            best[side].p50_ms, 1e6 * cpu[side][0] / max(1, int(cpu[side][1])), best[side].errors
        )
        for side in asked
    }


def measure(
    seconds: float, rounds: int, paths: list[FastPath] = PATHS
) -> list[tuple[str, str, Side, Side]]:
    """(path, workload, on, off) for every path of `paths` and workload query."""
    target = target_for(SIZE)
    tenants = generate.generate(target, SIZE, progress=False)
    writer = w2.writer_of(tenants)
    logs = RESULTS / "fastpaths"
    logs.mkdir(parents=True, exist_ok=True)
    out: list[tuple[str, str, Side, Side]] = []
    for path in paths:
        with ExitStack() as stack:
            on = stack.enter_context(servers.pashu(target, logs))
            off = stack.enter_context(
                servers.pashu(target, logs, "pashu_off", **{path.switch: "false"})
            )
            pids = {"on": on.pid, "off": off.pid}
            if path.workload == "W1":
                asked = {
                    side: {
                        "page of 50": w1_requests(
                            {"pashu": s.url, "floor": "", "postgraphile": ""}, w1_tenant(tenants)
                        )["pashu"]
                    }
                    for side, s in (("on", on), ("off", off))
                }
            elif path.workload == "W2":
                asked = {
                    side: {
                        "seizure": w2.requests(target, writer, {"pashu": s.url, "floor": ""})[
                            "pashu"
                        ]
                    }
                    for side, s in (("on", on), ("off", off))
                }
            else:
                asked = {side: w4.requests_for(s.url) for side, s in (("on", on), ("off", off))}
            try:
                for query in asked["on"]:
                    pair = {side: asked[side][query] for side in ("on", "off")}
                    found = _rounds(pair, pids, seconds, rounds)
                    out.append((path.name, f"{path.workload} {query}", found["on"], found["off"]))
                    a, b = found["on"], found["off"]
                    print(
                        f"  {path.name:<17} {path.workload} {query:<20} p50 on {a.p50_ms:6.2f} "
                        f"off {b.p50_ms:6.2f} ms; CPU on {a.cpu_us:6.0f} off {b.cpu_us:6.0f} "
                        "us/request",
                        flush=True,
                    )
            finally:
                if path.workload == "W2":
                    w2.undo(target, writer)
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.fastpaths", description=__doc__)
    p.add_argument("--seconds", type=float, default=6.0, help="measured seconds per query and side")
    p.add_argument("--rounds", type=int, default=3, help="alternating rounds per query")
    p.add_argument("--requests", type=int, default=50, help="counted requests (instructions)")
    p.add_argument("--paths", default="W1,W2,W4", help="the paths timed, by workload")
    p.add_argument("--no-instructions", action="store_true", help="time only")
    args = p.parse_args(argv)
    if not load.available():
        print("wrk is needed", file=sys.stderr)
        return 1
    wanted = args.paths.split(",")
    rows = measure(args.seconds, args.rounds, [x for x in PATHS if x.workload in wanted])
    counted: dict[str, dict[str, int]] = {}
    if shutil.which("valgrind") is not None and not args.no_instructions:
        counted["on"] = instructions.measure(args.requests)
        every_off = {path.switch: "false" for path in PATHS}
        counted["off"] = instructions.measure(args.requests, every_off)
    print("| path | workload | p50 on / off (ms) | off/on | CPU on / off (µs/request) | off/on |")
    print("|---|---|---|---|---|---|")
    for name, workload, on, off in rows:
        print(
            f"| {name} | {workload} | {on.p50_ms:.2f} / {off.p50_ms:.2f} | "
            f"{off.p50_ms / on.p50_ms:.2f} | {on.cpu_us:.0f} / {off.cpu_us:.0f} | "
            f"{off.cpu_us / on.cpu_us:.2f} |"
        )
    for workload in ("W1", "W2"):
        if counted:
            a, b = counted["on"][workload], counted["off"][workload]
            print(
                f"{workload} instructions/request: paths on {a:,}, off {b:,} (off/on {b / a:.2f})"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

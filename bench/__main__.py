"""`python -m bench [--quick]`: generate the data, run the workloads, write the report.

--quick: W1 against the floor and PostGraphile on 10,000 impoundments, W2 against its floor
(3 s a point), W4 against its static floor and W3 in-process, a few minutes; the ratios are
the last lines printed.
--w2: W2 and the memory soaks only (W1's and W2's a minute each, every frontend query
document's `--soak` seconds). --w5: W5 alone on the first size, with W1's Pashu page
timed on the same server for its ratio. Without it: W1 at 10k, 100k and 1M impoundments at
several concurrencies, W2, W3 (if the sweep exists), W4, and bench/results/REPORT.md
(copied to bench/REPORT.md, the committed summary).
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import time
from datetime import UTC, datetime

from bench import generate, load, machine, memory, rounds, servers, w4, workloads
from bench.report import Run, headlines, markdown
from bench.settings import RESULTS, ROOT, target_for

# W1's and W2's soaks: a minute shows each one's plateau; the long soak (`--soak`, ten
# minutes by default) is of every query document the frontend sends.
SHORT_SOAK = 60.0


def _say(msg: str) -> None:
    print(msg, flush=True)


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m bench", description=__doc__.split("\n")[0])
    p.add_argument("--quick", action="store_true", help="W1 on 10k only, about a minute")
    p.add_argument("--sizes", default="10000,100000,1000000", help="impoundments, comma list")
    p.add_argument("--connections", default="1,8,32", help="wrk connections, comma list")
    p.add_argument("--seconds", type=float, default=10.0, help="measured seconds per point")
    p.add_argument("--w2", action="store_true", help="W2 and memory only, on the first size")
    p.add_argument("--w5", action="store_true", help="W5 only, on the first size")
    p.add_argument(
        "--soak",
        type=float,
        default=600.0,
        help="seconds of the soak of every frontend query document (W1's and W2's: ≤ 60)",
    )
    return p


def _w1(size: int, conns: list[int], seconds: float, warmup: float, run: Run) -> None:
    target = target_for(size)
    t0 = time.monotonic()
    tenants = generate.generate(target, size)
    run.generation[size] = time.monotonic() - t0
    tenant = workloads.w1_tenant(tenants)
    with servers.all_three(target, RESULTS / "logs") as up:
        reqs = workloads.w1_requests({k: s.url for k, s in up.items()}, tenant)
        run.w1_page[size] = workloads.check_w1(reqs)
        _say(f"W1 at {size:,}: the three answers agree ({run.w1_page[size]} cases, {tenant.slug})")
        results = []
        for c in conns:  # side by side: the three in rounds taken in turn (bench/rounds.py)
            sides = [rounds.Asked(name, up[name].pid, reqs[name]) for name in up]
            taken, readings = rounds.alternated(f"W1 {size:,}", sides, c, seconds / 2, warmup)
            run.memory += readings
            for r in taken:
                _say(
                    f"  {r.server:>12} c={c:<3} {r.rps:8.1f} rps  p50 {r.p50_ms:7.1f} ms  "
                    f"p95 {r.p95_ms:7.1f} ms  errors {r.errors}"
                )
            results += taken
        run.w1[size] = results


def _w2(size: int, seconds: float, warmup: float, soak: float, run: Run) -> None:
    """W2 against its floor, and the API's memory held under load (bench/w2.py)."""
    from bench import w2

    target = target_for(size)
    tenants = [t for t in generate.tenants(target) if t.cases]
    writer = w2.writer_of(tenants)
    reader = max(tenants, key=lambda t: (t.cases, -t.index))
    logs = RESULTS / "logs"
    logs.mkdir(parents=True, exist_ok=True)
    try:
        with servers.pashu(target, logs) as up, w2.floor_server(target, logs) as floor:
            results, readings = w2.measure(target, writer, up, floor, seconds, warmup)
            for r in results:
                _say(f"W2 {r.server:>22} c={r.concurrency}: {r.rps:.1f} rps p50 {r.p50_ms:.1f} ms")
            run.w2 += results
            run.memory += readings
            if soak:
                for s in w2.soaks(target, up, reader, writer, soak):
                    _say(
                        f"memory {s.workload} c={s.concurrency} {soak:.0f} s: RSS "
                        f"{s.samples[0][1]:,} -> {s.samples[-1][1]:,} KiB, "
                        f"second half {s.growth_kib():+,} KiB"
                    )
                    run.soaks.append(s)
    finally:
        # Undone once the servers have stopped: requests wrk left in flight have finished.
        w2.undo(target, writer)


def _w4(size: int, seconds: float, run: Run) -> None:
    """W4 on its own server, with its memory read around it."""
    logs = RESULTS / "logs"
    logs.mkdir(parents=True, exist_ok=True)
    with servers.pashu(target_for(size), logs) as up:
        before = memory.rss_kib(up.pid)
        run.w4 = w4.measure(up, logs, seconds, 1.0, _say, run.notes)
        after = memory.rss_kib(up.pid)
        run.memory.append(memory.Reading("W4", "pashu (every W4 query)", 8, before, after))


def _w5(size: int, conns: list[int], seconds: float, run: Run) -> None:
    """W5: every query the frontend sends, on W1's tenant or, for a chapter its Act lacks,
    on a tenant of an Act that has it (bench/w5.py); the slowest beside W1's page."""
    from bench import w5

    target = target_for(size)
    tenants = generate.tenants(target)
    tenant = workloads.w1_tenant(tenants)
    logs = RESULTS / "logs"
    logs.mkdir(parents=True, exist_ok=True)
    with servers.pashu(target, logs) as up:
        run.w5[size] = measured = w5.measure(target, tenants, tenant, up, conns, seconds, _say)
        page = workloads.w1_requests(
            dict.fromkeys(("pashu", "floor", "postgraphile"), up.url), tenant
        )
        workloads.send(page["pashu"])
        run.w5_beside[size] = w5.beside(
            target, tenants, tenant, up, measured, page["pashu"], seconds, _say
        )


def _soak(size: int, seconds: float, run: Run) -> None:
    """The API's memory under every query the frontend sends, held on a fresh process."""
    from bench import w5

    target = target_for(size)
    tenants = generate.tenants(target)
    logs = RESULTS / "logs"
    logs.mkdir(parents=True, exist_ok=True)
    with servers.pashu(target, logs) as up:
        s = w5.soak(target, tenants, workloads.w1_tenant(tenants), up, seconds)
    run.soaks.append(s)
    over = s.end_over()
    _say(
        f"memory {s.workload} c={s.concurrency} {seconds:.0f} s: RSS "
        f"{s.samples[0][1]:,} -> {s.samples[-1][1]:,} KiB, end/1 min "
        + (f"{over:.3f}" if over is not None else "(shorter than a minute)")
    )


def _w3(sizes: list[int], run: Run, celery: bool = True) -> None:
    from bench import sweep, w3

    gap = sweep.gap()
    if gap:
        run.w3_gap = gap
        _say(f"W3: {gap}")
        return
    for size in sizes:
        run.w3[size] = w = sweep.measure(target_for(size), warm=size <= 100_000)
        _say(f"W3 at {size:,}: {w['seconds']:.2f} s, {w['actions'] / w['seconds']:,.0f} actions/s")
        if celery and size <= 100_000:  # fanned out to real workers (bench/w3.py)
            w["celery"] = w3.compare(target_for(size), w["tenants"], RESULTS / "logs")
            for c in w["celery"]:
                _say(f"W3 at {size:,} on {c['workers']} Celery worker(s): {c['seconds']:.2f} s")


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if not load.available():
        _say("wrk is needed (Debian: apt-get install wrk)")
        return 2
    started = time.monotonic()
    stamp = datetime.now(UTC).isoformat(timespec="seconds")
    if args.quick:
        sizes, conns, seconds, warmup = [10_000], [8], 8.0, 2.0
    else:
        sizes = [int(s) for s in args.sizes.split(",")]
        conns = [int(c) for c in args.connections.split(",")]
        seconds, warmup = args.seconds, 3.0
    if not args.w5:  # PostGraphile, W1's peer
        servers.install_peer()
    generate.ensure_database(target_for(sizes[0]))
    run = Run(
        "--quick" if args.quick else "full", machine.describe(target_for(sizes[0])), stamp, 0.0
    )
    if args.w2:
        generate.generate(target_for(sizes[0]), sizes[0])
        _w2(sizes[0], seconds / 2, 1.0, min(args.soak, SHORT_SOAK), run)
        if args.soak:
            _soak(sizes[0], args.soak, run)
    elif args.w5:
        generate.generate(target_for(sizes[0]), sizes[0])
        _w5(sizes[0], [1, 8], 2.0 if args.quick else seconds / 2, run)
    else:
        for size in sizes:
            _w1(size, conns, seconds, warmup, run)
        _w2(
            sizes[0],
            3.0 if args.quick else seconds / 2,
            1.0,
            0 if args.quick else min(args.soak, SHORT_SOAK),
            run,
        )
    if not args.quick and not args.w2 and not args.w5:
        _w4(sizes[0], seconds, run)
        _w3(sizes, run)
        for size in sizes[:2]:  # 10k and 100k, at every --connections (32: the tails)
            _w5(size, conns, seconds / 2, run)
        if args.soak:
            _soak(sizes[0], args.soak, run)
    elif args.quick and not args.w5:
        _w4(sizes[0], 3.0, run)
        _w3(sizes[:1], run, celery=False)  # W3 at 10k in-process
        _w5(sizes[0], [1, 8], 2.0, run)
    run.seconds = time.monotonic() - started
    RESULTS.mkdir(parents=True, exist_ok=True)
    report = RESULTS / "REPORT.md"
    report.write_text(markdown(run))
    (RESULTS / "results.json").write_text(
        json.dumps(
            {
                "w1": {s: [r.row() for r in rs] for s, rs in run.w1.items()},
                "w2": [r.row() for r in run.w2],
                "memory": [m.row() for m in run.memory],
                "soaks": [s.row() for s in run.soaks],
                "w4": [r.row() for r in run.w4],
                "w3": run.w3,
                "machine": run.machine,
            },
            indent=1,
        )
    )
    if not args.quick and not args.w2 and not args.w5:
        shutil.copy(report, ROOT / "REPORT.md")
    _say(f"report: {report}")
    for line in headlines(run, sizes[0]):
        _say(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Instructions per request: W1's page and W2's seizure, and per due action of W3's sweep,
counted by valgrind, not timed.

The machine's speed drifts by a third between runs (bench/README.md), more than the goals'
margins, so a timed A/B needs both sides in the same minutes. Counted instructions do not
drift: `valgrind --tool=callgrind` counts every instruction the process executes, whatever
else the machine does. This runs the application in one process (httpx's ASGI transport,
the real PostgreSQL of the 10k data), warms each request up, then counts only the measured
requests (instrumentation switched on and off around them with `callgrind_control`). The
count is Pashu's own work per request, plus httpx's client side (the same for any two trees
compared); PostgreSQL's is not in it.

W3: after W1 and W2, the sweep over every tenant at `AS_OF` (bench/sweep.py: each tenant's
transaction rolled back) is run once cold and once counted; the count over its due actions
is the instructions per due action.

Run: `python -m bench.instructions [--requests 200]` (valgrind from Debian; a few minutes);
`--w3` counts the sweep alone, `--size 100000` on the 100k data (W3 only).
Not part of `python -m bench`: it measures one tree's CPU, to compare two commits with.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from bench import generate, sweep, w2
from bench.settings import REPO, Target, target_for
from bench.workloads import Request, w1_requests, w1_tenant

WARMUP = 50


def _callgrind(*args: str) -> None:
    """A command to the callgrind running this process (`callgrind_control`)."""
    subprocess.run(["callgrind_control", *args, str(os.getpid())], check=True, capture_output=True)


async def _count(requests: dict[str, Request], n: int) -> None:
    """In the child, under callgrind: each request warmed up, then `n` counted."""
    import httpx

    from pashu.app import create_app

    app = create_app()
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://bench") as client:
        for name, req in requests.items():
            for _ in range(WARMUP):
                answer = await client.post("/graphql", content=req.body, headers=req.headers)
                if answer.status_code != 200 or b'"errors"' in answer.content:
                    raise RuntimeError(f"{name}: {answer.text[:500]}")
            _callgrind("-i", "on")
            for _ in range(n):
                await client.post("/graphql", content=req.body, headers=req.headers)
            _callgrind("-i", "off")
            _callgrind("-d")  # this stretch's counts, in a dump file of its own
            print(f"COUNTED {name}", flush=True)


def _child(n: int) -> None:
    target = target_for(10_000)
    tenants = generate.generate(target, 10_000, progress=False)
    writer = w2.writer_of(tenants)
    url = "http://bench/graphql"
    requests = {
        "W1": w1_requests({"pashu": url, "floor": url, "postgraphile": url}, w1_tenant(tenants))[
            "pashu"
        ],
        "W2": w2.requests(target, writer, {"pashu": url, "floor": url})["pashu"],
    }
    os.environ.update(
        PASHU_DATABASE_URL=target.app_url,
        PASHU_ADMIN_DATABASE_URL=target.owner_url,
        PASHU_ENV="prod",
        PASHU_SWEEP_INTERVAL="0",
        PASHU_LOG_LEVEL="WARNING",
        PASHU_MAX_QUERY_COST="100000000",  # as bench/servers.py's server: W1 is over the default
    )
    # The generator read the settings before these were set (they are cached): read afresh,
    # or the app would open the default database.
    from pashu.config import settings
    from pashu.db.engine import database

    settings.cache_clear()
    database.cache_clear()
    try:
        asyncio.run(_count(requests, n))
    finally:
        w2.undo(target, writer)
    _count_sweep(target)


def _child_w3(size: int) -> None:
    """In the child, W3 alone: the sweep on the data of `size` (generated already, by
    `python -m bench`; neither generated nor changed here)."""
    _count_sweep(target_for(size))


def _count_sweep(target: Target) -> None:
    """In the child: the sweep once to warm up, then once counted; its due actions printed."""
    from pashu.db.engine import Database
    from pashu.services.impoundment import cases

    db = Database(target.app_url)
    try:
        sweep.once(db)
        cases.forget_timelines()  # every case's timeline worked out anew, as when timed
        _callgrind("-i", "on")
        _, actions, _ = sweep.once(db)
        _callgrind("-i", "off")
        _callgrind("-d")
    finally:
        db.engine.dispose()
    print(f"COUNTED W3 {actions}", flush=True)


def _totals(out: Path) -> list[int]:
    """The instructions of each counted stretch, from callgrind's numbered dump files."""
    dumps = sorted(out.parent.glob(out.name + ".*"), key=lambda d: int(d.suffix[1:]))
    counts = []
    for dump in dumps:
        found = re.search(r"^totals:\s+(\d+)", dump.read_text(), re.MULTILINE)
        counts.append(int(found.group(1)) if found else 0)
    return counts


def measure(
    n: int, settings: dict[str, str] | None = None, w3_size: int | None = None
) -> dict[str, int]:
    """Instructions per request of W1 and W2 (and per due action of W3), the application
    run with `settings` in its environment (bench/fastpaths.py: the fast paths off); with
    `w3_size`, W3 alone on the data of that size."""
    if shutil.which("valgrind") is None or shutil.which("callgrind_control") is None:
        raise RuntimeError("valgrind is needed (Debian: apt-get install valgrind)")
    child = ["--child-w3", str(w3_size)] if w3_size else ["--child", str(n)]
    stretches = 1 if w3_size else 3
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        env = {
            **os.environ,
            **(settings or {}),
            "PYTHONPATH": os.pathsep.join([str(REPO), str(REPO / "platform")]),
        }
        cmd = [
            "valgrind", "--tool=callgrind", "--instr-atstart=no", "--dump-instr=no",
            f"--callgrind-out-file={out}",
            sys.executable, "-m", "bench.instructions", *child,
        ]  # fmt: skip
        done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
        if done.returncode != 0 or done.stdout.count("COUNTED") != stretches:
            failed = done.stdout[-1000:] + done.stderr[-2000:]
            raise RuntimeError(f"the counted run failed: {failed}")
        counts = _totals(out)
        actions = int(done.stdout.split("COUNTED W3 ")[1].split()[0])
    if len(counts) != stretches:
        raise RuntimeError(f"expected {stretches} counted stretches, found {counts}")
    if w3_size:
        return {"W3": counts[0] // max(actions, 1)}
    return {"W1": counts[0] // n, "W2": counts[1] // n, "W3": counts[2] // max(actions, 1)}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.instructions", description=__doc__)
    p.add_argument("--requests", type=int, default=200, help="counted requests of each")
    p.add_argument("--w3", action="store_true", help="the sweep alone (W3)")
    p.add_argument("--size", type=int, default=10_000, help="impoundments of W3's data")
    p.add_argument("--child", type=int, help=argparse.SUPPRESS)
    p.add_argument("--child-w3", type=int, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.child:
        _child(args.child)
        return 0
    if args.child_w3:
        _child_w3(args.child_w3)
        return 0
    w3_size = args.size if args.w3 or args.size != 10_000 else None
    for name, per in measure(args.requests, w3_size=w3_size).items():
        unit = "due action" if name == "W3" else "request"
        print(f"{name} instructions/{unit} = {per:,}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

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

W5: every query the frontend sends (bench/documents.py), asked as W5 asks it (bench/w5.py:
the variables its page sends, about the fullest case of the tenant whose Act has what it
asks, with a token or, for the law pages' queries, without), each warmed up `W5_WARMUP`
times (proven, then planned, where a fast path answers it; its statements prepared), then
`--w5-requests` counted; printed as a table by operation name, most instructions first. A
register's PDF (`CasePapers`, `CaseRegisterCopy`) is rendered by the renderers' processes
(schema/documents.py), started with "spawn" and not traced by valgrind: their count is the
API's side of the request, the PDF's own rendering not in it. "spawn" starts each renderer by
importing the parent's main module afresh, so a harness that runs the application in
process must be a module whose work is under `if __name__ == "__main__"` (as this one): a
script doing its work at import has every renderer run the harness again and die, and each
PDF answers INTERNAL with `BrokenProcessPool`.

W3: after the requests, the sweep over every tenant at `AS_OF` (bench/sweep.py: each
tenant's transaction rolled back) is run once cold and once counted; the count over its due
actions is the instructions per due action.

Run: `python -m bench.instructions [--requests 200] [--workloads W1,W2,W3,W5]
[--w5-requests 5] [--size 10000] [--documents CasePage,...]` (valgrind from Debian; W1 to
W3 a few minutes, W5 ten more, or only the `--documents` named); `--workloads W3 --size
100000` counts the sweep alone on the 100k data (generated already by `python -m bench`;
neither generated nor changed here). Not part of
`python -m bench`: it measures one tree's CPU, to compare two commits with.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import uvloop

from bench import generate, sweep, w2, w5
from bench.settings import REPO, Target, target_for
from bench.workloads import Request, w1_requests, w1_tenant

WARMUP = 50
# Proven by the ordinary path, the tenant's Act learnt, the statement kept, and each of its
# statements prepared by psycopg (on its sixth run on a connection): with three, a count of
# ten `CasePage` requests took in the preparing and swung from 30 to 41 M (2026-12-07).
W5_WARMUP = 10
WORKLOADS = ("W1", "W2", "W3", "W5")


@dataclass(frozen=True)
class Counted:
    """A request counted `n` times after `warmup` asks; W5's are checked free of errors."""

    label: str
    request: Request
    warmup: int
    n: int
    checked: bool = False


def _callgrind(*args: str) -> None:
    """A command to the callgrind running this process (`callgrind_control`)."""
    subprocess.run(["callgrind_control", *args, str(os.getpid())], check=True, capture_output=True)


async def _count(counted: list[Counted]) -> None:
    """In the child, under callgrind: each request warmed up, then counted."""
    import httpx

    from pashu.app import create_app, executor

    app = create_app()
    transport = httpx.ASGITransport(app=app)
    try:
        async with httpx.AsyncClient(transport=transport, base_url="http://bench") as client:
            for c in counted:
                req = c.request
                for _ in range(c.warmup):
                    answer = await client.post("/graphql", content=req.body, headers=req.headers)
                    if c.checked:
                        w5.check(c.label, answer.status_code, answer.content)
                    elif answer.status_code != 200 or b'"errors"' in answer.content:
                        raise RuntimeError(f"{c.label}: {answer.text[:500]}")
                _callgrind("-i", "on")
                for _ in range(c.n):
                    await client.post("/graphql", content=req.body, headers=req.headers)
                _callgrind("-i", "off")
                _callgrind("-d")  # this stretch's counts, in a dump file of its own
                print(f"COUNTED {c.label}", flush=True)
    finally:
        executor.stop()  # as the server's lifespan ends them: the app's loop and the renderers


def _child(
    n: int, workloads: list[str], w5_n: int, size: int, documents: list[str] | None = None
) -> None:
    target = target_for(10_000)
    if workloads == ["W3"]:  # the sweep alone, on the data of `size` (neither made nor changed)
        _count_sweep(target_for(size))
        return
    tenants = generate.generate(target, 10_000, progress=False)
    home = w1_tenant(tenants)
    writer = w2.writer_of(tenants)
    url = "http://bench/graphql"
    counted = []
    if "W1" in workloads:
        w1 = w1_requests({"pashu": url, "floor": url, "postgraphile": url}, home)["pashu"]
        counted.append(Counted("W1", w1, WARMUP, n))
    if "W2" in workloads:
        seizure = w2.requests(target, writer, {"pashu": url, "floor": url})["pashu"]
        counted.append(Counted("W2", seizure, WARMUP, n))
    if "W5" in workloads:
        for name, asked in w5.requests(target, url, tenants, home).items():
            if documents and name not in documents:
                continue
            label = f"W5 {name} {asked.tenant.jurisdiction}"
            counted.append(Counted(label, asked.request, W5_WARMUP, w5_n, checked=True))
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
        # On the loop uvicorn runs the server's on (its `loop="auto"`: uvloop where installed),
        # where W1's and W2's direct paths are answered (app.py, `GraphQLApp._direct`).
        uvloop.run(_count(counted))
    finally:
        if "W2" in workloads:
            w2.undo(target, writer)
    if "W3" in workloads:
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
    n: int,
    settings: dict[str, str] | None = None,
    workloads: tuple[str, ...] = ("W1", "W2", "W3"),
    w5_n: int = 5,
    size: int = 10_000,
    documents: list[str] | None = None,
) -> dict[str, int]:
    """Instructions per request of W1 and W2, per due action of W3 and per request of each
    W5 document ("W5 <operation> <Act>"), the application run with `settings` in its
    environment (bench/fastpaths.py: the fast paths off)."""
    if shutil.which("valgrind") is None or shutil.which("callgrind_control") is None:
        raise RuntimeError("valgrind is needed (Debian: apt-get install valgrind)")
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
            sys.executable, "-m", "bench.instructions", "--child", str(n),
            "--workloads", ",".join(workloads), "--w5-requests", str(w5_n),
            "--size", str(size), *(["--documents", ",".join(documents)] if documents else []),
        ]  # fmt: skip
        done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
        labels = re.findall(r"^COUNTED (.+)$", done.stdout, re.MULTILINE)
        if done.returncode != 0:
            failed = done.stdout[-1000:] + done.stderr[-2000:]
            raise RuntimeError(f"the counted run failed: {failed}")
        counts = _totals(out)
    if len(counts) != len(labels):
        raise RuntimeError(f"{len(labels)} stretches counted, {len(counts)} dumps: {counts}")
    per: dict[str, int] = {}
    for label, count in zip(labels, counts, strict=True):
        if label.startswith("W3 "):
            per["W3"] = count // max(int(label.split()[1]), 1)
        elif label.startswith("W5 "):
            per[label] = count // w5_n
        else:
            per[label] = count // n
    return per


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.instructions", description=__doc__)
    p.add_argument("--requests", type=int, default=200, help="counted requests of W1 and W2")
    p.add_argument("--workloads", default="W1,W2,W3,W5", help="of W1, W2, W3, W5")
    p.add_argument("--w5-requests", type=int, default=5, help="counted requests of each W5 one")
    p.add_argument(
        "--size", type=int, default=10_000, help="impoundments of W3's data (generated already)"
    )
    p.add_argument(
        "--documents", default="", help="W5's documents to count, by operation name (all: none)"
    )
    p.add_argument("--child", type=int, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    wanted = [w for w in args.workloads.split(",") if w]
    documents = [d for d in args.documents.split(",") if d]
    if not set(wanted) <= set(WORKLOADS):
        p.error(f"--workloads: of {', '.join(WORKLOADS)}")
    if args.child:
        _child(args.child, wanted, args.w5_requests, args.size, documents or None)
        return 0
    counted = measure(
        args.requests,
        workloads=tuple(wanted),
        w5_n=args.w5_requests,
        size=args.size,
        documents=documents,
    )
    documents = sorted(
        ((k.split()[1], k.split()[2], v) for k, v in counted.items() if k.startswith("W5 ")),
        key=lambda row: -row[2],
    )
    if documents:
        print("| W5 document | Act | instructions/request |")
        print("|---|---|---:|")
        for name, act, per in documents:
            print(f"| {name} | {act} | {per:,} |")
    for name, per in counted.items():
        if not name.startswith("W5 "):
            unit = "due action" if name == "W3" else "request"
            print(f"{name} instructions/{unit} = {per:,}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

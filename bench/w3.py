"""W3 on real Celery workers: the sweep fanned out by tenant and batch, committed.

The fan-out commits (each task's transaction is the unit of work), so every run works on a
fresh copy of the generated database: `CREATE DATABASE <db>_w3 TEMPLATE <db>` (seconds at
10k), then a `CHECKPOINT`, dropped afterwards. Each run thus sees exactly the due work of the
in-process run (bench/sweep.py, which rolls back instead). The workers (`--concurrency=1`
each, on Redis database REDIS_DB and a queue of this run's own) are started and ready before
the clock starts; the clock stops when every task relayed through the outbox has finished.
One and two workers are measured in ROUNDS rounds taken in turn (`compare`).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import psycopg
from psycopg import sql

from bench.settings import AS_OF_ISO, REPO, Target

REDIS_DB = 12  # the tests use 13
BROKER = f"redis://127.0.0.1:6379/{REDIS_DB}"
TIMEOUT = 900.0
# Rounds of one worker and of two, taken in turn; each side's fastest is reported. One run of
# each gave 1.59 to 2.03 for two over one, back to back on a quiet 2-core host (12-07).
ROUNDS = 3


@contextmanager
def _copy(target: Target) -> Iterator[Target]:
    copy = Target(f"{target.dbname}_w3")
    with psycopg.connect(target.server_url, autocommit=True) as c:
        c.execute(
            sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(copy.dbname))
        )
        c.execute(
            sql.SQL("CREATE DATABASE {} TEMPLATE {}").format(
                sql.Identifier(copy.dbname), sql.Identifier(target.dbname)
            )
        )
        # The copy is written through the WAL (PostgreSQL 15's default strategy): flushed
        # now, not by a checkpoint that falls inside one of the timed runs.
        c.execute("CHECKPOINT")
    try:
        yield copy
    finally:
        with psycopg.connect(target.server_url, autocommit=True) as c:
            c.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(
                    sql.Identifier(copy.dbname)
                )
            )


def _worker(copy: Target, queue: str, name: str, log: Path) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        "PASHU_DATABASE_URL": copy.app_url,
        "PASHU_BROKER_URL": BROKER,
        "PASHU_SWEEP_INTERVAL": "0",
        "PASHU_TASK_QUEUE": queue,
    }
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "pashu.tasks.celery_app:celery_app",
                "worker",
                "--pool=prefork",
                "--concurrency=1",
                "--loglevel=INFO",  # its "ready." line says when it can take tasks
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
                "-n",
                f"{name}@%h",
            ],
            cwd=REPO,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    return proc


def _ready(log: Path) -> bool:
    return b"ready." in log.read_bytes() if log.exists() else False


_PROGRESS = """
SELECT (SELECT count(*) FROM tenants t WHERE EXISTS (
            SELECT 1 FROM task_runs r WHERE r.tenant_id = t.id AND r.task = 'pashu.sweep_tenant'
            AND r.outcome = 'OK')),
       (SELECT count(*) FROM outbox),
       (SELECT count(*) FROM outbox WHERE sent_at IS NULL),
       (SELECT count(*) FROM task_runs WHERE task <> 'pashu.sweep_tenant'
            AND outcome <> 'RETRYING'),
       (SELECT coalesce(sum(actions), 0) FROM task_runs WHERE task <> 'pashu.sweep_tenant'),
       (SELECT count(*) FROM task_runs WHERE outcome = 'FAILED')
"""
# The pieces handed on (a batch of cases records a run per case, tasks/clocks.py), counted
# once every tenant is swept: the outbox is then whole, and parsing every message's ids at
# each poll would take CPU from the workers being timed.
_PIECES = """
SELECT coalesce(sum(CASE WHEN task = 'pashu.act_on_cases'
                         THEN json_array_length((kwargs::json) -> 'ids') ELSE 1 END), 0)
  FROM outbox
"""


def measure(target: Target, workers: int, tenants: int, logs: Path) -> dict[str, Any]:
    """The sweep at AS_OF through `pashu.sweep` on `workers` worker processes."""
    from pashu.tasks.celery_app import make_celery

    logs.mkdir(parents=True, exist_ok=True)
    queue = f"pashu-bench-w3-{uuid.uuid4().hex[:10]}"
    with _copy(target) as copy:
        procs = []
        try:
            paths = [logs / f"w3-worker-{i}.log" for i in range(workers)]
            procs = [_worker(copy, queue, f"w3-{i}-{queue[-6:]}", p) for i, p in enumerate(paths)]
            deadline = time.monotonic() + 120
            while not all(_ready(p) for p in paths):
                if time.monotonic() > deadline or any(p.poll() is not None for p in procs):
                    raise RuntimeError("a W3 worker did not start: see " + str(logs))
                time.sleep(0.2)
            app = make_celery(BROKER, queue)
            with psycopg.connect(copy.owner_url, autocommit=True) as c:
                started = time.monotonic()
                app.send_task("pashu.sweep", kwargs={"as_of": AS_OF_ISO})
                pieces = None
                while True:
                    row = c.execute(_PROGRESS).fetchone()
                    assert row is not None
                    swept, messages, unsent, ended, actions, failed = row
                    if pieces is None and swept >= tenants:
                        pieces = c.execute(_PIECES).fetchone()[0]  # type: ignore[index]
                    if pieces is not None and unsent == 0 and ended >= pieces:
                        break
                    if time.monotonic() - started > TIMEOUT:
                        raise RuntimeError(f"W3 on Celery did not finish: {ended}/{messages}")
                    time.sleep(0.05)
                seconds = time.monotonic() - started
            app.close()
        finally:
            for p in procs:
                if p.poll() is None:
                    os.killpg(p.pid, 15)
                    try:
                        p.wait(timeout=20)
                    except subprocess.TimeoutExpired:
                        os.killpg(p.pid, 9)
    return {
        "seconds": seconds,
        "workers": workers,
        "tasks": messages,
        "actions": actions,
        "failed": failed,
        "detail": f"{workers} worker process(es): {messages:,} tasks, {actions:,} actions, "
        f"{failed:,} failed runs (committed in a copy of the database, dropped after)",
    }


def compare(target: Target, tenants: int, logs: Path, rounds: int = ROUNDS) -> list[dict[str, Any]]:
    """One worker and two, in `rounds` rounds taken in turn (the order swapped each round, so
    a drift of the machine's speed falls on both); each side's fastest round, with every
    round's seconds."""
    runs: dict[int, list[dict[str, Any]]] = {1: [], 2: []}
    for i in range(rounds):
        for workers in (1, 2) if i % 2 == 0 else (2, 1):
            runs[workers].append(measure(target, workers, tenants, logs))
    out = []
    for each in runs.values():
        best = min(each, key=lambda r: r["seconds"])
        seconds = [r["seconds"] for r in each]
        listed = ", ".join(f"{s:.2f}" for s in seconds)
        out.append(
            {
                **best,
                "rounds": seconds,
                "detail": f"{best['detail']}; the fastest of {rounds} rounds taken in turn "
                f"with the other count ({listed} s)",
            }
        )
    return out

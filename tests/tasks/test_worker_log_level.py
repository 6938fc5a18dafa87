"""A worker logs at the level it was started with (`--loglevel`), as in Celery's own logging:
`pashu worker` starts it at PASHU_LOG_LEVEL (tests/tasks/test_worker_metrics.py reads its
task lines at INFO), and a worker started at WARNING by hand writes no line for a task that
runs well, whatever PASHU_LOG_LEVEL says."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from celery import Celery

from tests.conftest import Databases, make_tenant
from tests.tasks.conftest import BROKER, ROOT, db_url, runs, send, wait_for


def test_a_worker_started_at_warning_writes_no_line_for_a_task_that_runs_well(
    dbs: Databases, broker: Celery, queue: str, tmp_path: Path
) -> None:
    t = make_tenant(dbs, "nagaland")
    log = tmp_path / "worker.log"
    env = {
        **os.environ,
        "PASHU_DATABASE_URL": db_url(dbs.app),
        "PASHU_BROKER_URL": BROKER,
        "PASHU_SWEEP_INTERVAL": "0",
        "PASHU_TASK_QUEUE": queue,
        "PASHU_LOG_LEVEL": "INFO",  # the setting says INFO; the worker was told WARNING
        "PASHU_ENV": "prod",  # JSON lines
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
                "--loglevel=WARNING",
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
            ],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        send(broker, "pashu.sweep_tenant", tenant_id=str(t.id), as_of="2026-02-01T10:00:00+05:30")
        wait_for(lambda: runs(dbs.admin, t.id, "pashu.sweep_tenant") == 1, "the sweep's run")
    finally:
        # Stopped and waited for: every line it was going to write is written.
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)
    lines = log.read_text()
    assert str(t.id) not in lines, lines  # no task line: received, ran, succeeded
    assert '"level": "info"' not in lines, lines

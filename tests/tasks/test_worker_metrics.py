"""`pashu worker` exports its metrics: runs of the clock's tasks, by task and outcome, counted
in the pool's processes and served by the worker on PASHU_WORKER_METRICS_PORT; its log
lines carry each task's id, tenant and `as_of`."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from celery import Celery
from prometheus_client.parser import text_string_to_metric_families

from tests.conftest import Databases, make_tenant
from tests.tasks.conftest import BROKER, ROOT, db_url, runs, send, wait_for


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _task_runs(port: int) -> dict[tuple[str, str], float]:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as r:
        text = r.read().decode()
    return {
        (s.labels["task"], s.labels["outcome"]): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
        if s.name == "pashu_task_runs_total"
    }


def test_the_worker_serves_its_task_runs_by_task_and_outcome(
    dbs: Databases, broker: Celery, queue: str, tmp_path: Path
) -> None:
    t = make_tenant(dbs, "nagaland")
    port = _free_port()
    log = tmp_path / "worker.log"
    env = {
        **os.environ,
        "PASHU_DATABASE_URL": db_url(dbs.app),
        "PASHU_BROKER_URL": BROKER,
        "PASHU_SWEEP_INTERVAL": "0",
        "PASHU_TASK_QUEUE": queue,
        "PASHU_WORKER_METRICS_PORT": str(port),
        "PASHU_ENV": "prod",  # JSON lines
    }
    env.pop("PROMETHEUS_MULTIPROC_DIR", None)
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "pashu.cli", "worker", "--concurrency", "1"],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        wait_for(lambda: b" ready." in log.read_bytes() or proc.poll() is not None, "the worker")
        assert proc.poll() is None, log.read_text()
        as_of = "2026-02-01T10:00:00+05:30"
        send(broker, "pashu.sweep_tenant", tenant_id=str(t.id), as_of=as_of)
        wait_for(lambda: runs(dbs.admin, t.id, "pashu.sweep_tenant") == 1, "the sweep's run")
        wait_for(lambda: _task_runs(port).get(("pashu.sweep_tenant", "OK")) == 1, "the count")
        time.sleep(0.5)  # the task's own closing lines
        lines = log.read_text()
        assert f'"tenant_id": "{t.id}"' in lines and f'"as_of": "{as_of}"' in lines
        assert f'"tenant": "{t.slug}"' in lines
        assert '"task_id": "' in lines
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=10)

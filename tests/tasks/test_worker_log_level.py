"""A worker logs at the level it was started with (`--loglevel`), as in Celery's own logging:
`pashu worker` starts it at PASHU_LOG_LEVEL (tests/tasks/test_worker_metrics.py reads its
task lines at INFO), and a worker started at WARNING by hand writes no line for a task that
runs well, whatever PASHU_LOG_LEVEL says."""

from __future__ import annotations

from collections.abc import Callable

from celery import Celery

from tests.conftest import Databases, make_tenant
from tests.tasks.conftest import Worker, runs, send, wait_for


def test_a_worker_started_at_warning_writes_no_line_for_a_task_that_runs_well(
    dbs: Databases, broker: Celery, worker: Callable[..., Worker]
) -> None:
    t = make_tenant(dbs, "nagaland")
    # The setting says INFO; the worker is told WARNING. JSON lines, as in production.
    w = worker(dbs.app, loglevel="WARNING", PASHU_LOG_LEVEL="INFO", PASHU_ENV="prod")
    send(broker, "pashu.sweep_tenant", tenant_id=str(t.id), as_of="2026-02-01T10:00:00+05:30")
    wait_for(lambda: runs(dbs.admin, t.id, "pashu.sweep_tenant") == 1, "the sweep's run")
    w.stop()  # waited for: every line it was going to write is written
    lines = w.log.read_text()
    assert str(t.id) not in lines, lines  # no task line: received, ran, succeeded
    assert '"level": "info"' not in lines, lines

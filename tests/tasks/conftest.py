"""Real Celery workers on Redis, as separate processes on the test database (not eager mode).

Each test gets a queue of its own in Redis database REDIS_DB; `worker()` starts a worker
process on the test database and waits until it is ready; `send()` enqueues by task name.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import redis
from celery import Celery
from sqlalchemy import func, select

from pashu.db.clocks import TaskRun
from pashu.db.engine import Database
from pashu.tasks.celery_app import make_celery

REDIS_DB = 13
BROKER = f"redis://127.0.0.1:6379/{REDIS_DB}"
ROOT = Path(__file__).resolve().parents[2]


def db_url(db: Database) -> str:
    return db.engine.url.render_as_string(hide_password=False)


class Worker:
    def __init__(self, proc: subprocess.Popen[bytes], log: Path) -> None:
        self.proc, self.log = proc, log

    def kill(self) -> None:
        """SIGKILL the worker and its pool: nothing is acknowledged, nothing cleaned up."""
        os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture
def queue() -> Iterator[str]:
    """A queue of this test's own: other runs of the suite may share the Redis database."""
    name = f"pashu-test-{uuid.uuid4().hex[:12]}"
    yield name
    client = redis.Redis.from_url(BROKER)
    client.delete(name)
    client.close()


@pytest.fixture
def broker(queue: str) -> Iterator[Celery]:
    app = make_celery(BROKER, queue)
    yield app
    app.close()


@pytest.fixture
def worker(tmp_path: Path, queue: str) -> Iterator[Callable[..., Worker]]:
    started: list[Worker] = []

    def start(
        db: Database,
        *,
        concurrency: int = 1,
        visibility: int = 3600,
        loglevel: str = "INFO",
        **settings: str,
    ) -> Worker:
        """A worker on `db`, ready for tasks when returned (its `ready.` line, written at
        INFO: at a stricter `loglevel` the caller waits for the state it means instead);
        `settings` are more of its environment."""
        name = f"w{len(started)}-{uuid.uuid4().hex[:6]}"
        log = tmp_path / f"{name}.log"
        env = {
            **os.environ,
            "PASHU_DATABASE_URL": db_url(db),
            "PASHU_BROKER_URL": BROKER,
            "PASHU_BROKER_VISIBILITY_TIMEOUT": str(visibility),
            "PASHU_SWEEP_INTERVAL": "0",
            "PASHU_TASK_QUEUE": queue,
            **settings,
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
                    f"--concurrency={concurrency}",
                    f"--loglevel={loglevel}",
                    "--without-gossip",
                    "--without-mingle",
                    "--without-heartbeat",
                    "-n",
                    f"{name}@%h",
                ],
                cwd=ROOT,
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its own process group, to kill pool and all
            )
        w = Worker(proc, log)
        started.append(w)
        deadline = time.monotonic() + 60
        while loglevel in ("DEBUG", "INFO") and b" ready." not in log.read_bytes():
            if proc.poll() is not None or time.monotonic() > deadline:
                raise AssertionError("the worker did not start:\n" + log.read_text())
            time.sleep(0.2)
        return w

    yield start
    for w in started:
        w.stop()


def send(app: Celery, task: str, **kwargs: Any) -> None:
    app.send_task(task, kwargs=kwargs)


def wait_for(check: Callable[[], bool], what: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.2)


def runs(db: Database, tenant: uuid.UUID, task: str, outcome: str = "OK") -> int:
    with db.transaction(tenant) as s:
        return int(
            s.scalar(
                select(func.count())
                .select_from(TaskRun)
                .where(TaskRun.task == task, TaskRun.outcome == outcome)
            )
            or 0
        )

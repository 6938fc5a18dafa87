"""The pool reports, for the metrics, the connections in use and the requests waiting for
one when it is exhausted."""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path

from pashu.db import pool
from pashu.db.pool import CountedPool


def _until(check: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + 10
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.01)


def test_a_request_for_a_connection_from_an_exhausted_pool_is_counted_as_waiting(
    tmp_path: Path,
) -> None:
    counted = CountedPool(
        lambda: sqlite3.connect(tmp_path / "p.db", check_same_thread=False),
        pool_size=1,
        max_overflow=0,
        timeout=30,
    )
    held = counted.connect()
    assert (pool.in_use(counted), pool.waiting(counted)) == (1, 0)
    got = threading.Event()

    def second() -> None:
        conn = counted.connect()  # blocks until the first is returned
        got.set()
        conn.close()

    waiter = threading.Thread(target=second)
    waiter.start()
    _until(lambda: pool.waiting(counted) == 1, "the second request to wait")
    assert not got.is_set()
    held.close()
    waiter.join(timeout=10)
    assert got.is_set()
    assert (pool.in_use(counted), pool.waiting(counted)) == (0, 0)
    counted.dispose()

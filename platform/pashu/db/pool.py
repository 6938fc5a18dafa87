"""Connection pools that count who is waiting for a connection, for the metrics."""

from __future__ import annotations

from typing import Any

from sqlalchemy.pool import AsyncAdaptedQueuePool, QueuePool


class _Counted:
    """`waiting`: checkouts in progress, those blocked on an exhausted pool included."""

    waiting = 0

    def _do_get(self) -> Any:
        self.waiting += 1
        try:
            return super()._do_get()  # type: ignore[misc]
        finally:
            self.waiting -= 1


class CountedPool(_Counted, QueuePool):
    pass


class CountedAsyncPool(_Counted, AsyncAdaptedQueuePool):
    pass


def in_use(pool: Any) -> int:
    checked_out = getattr(pool, "checkedout", None)
    return int(checked_out()) if callable(checked_out) else 0


def waiting(pool: Any) -> int:
    return int(getattr(pool, "waiting", 0))

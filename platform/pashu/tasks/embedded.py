"""The embedded default: with no broker, `pashu serve` runs the periodic sweep itself, at
start-up and then every PASHU_SWEEP_INTERVAL seconds (0: off), through the same task
functions (run in-process)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any

from pashu.config import Settings

log = logging.getLogger(__name__)


def _sweep_once() -> None:
    from pashu.tasks.clocks import sweep_all

    sweep_all.apply_async()  # eager: runs here, every tenant's work included


async def ticker(interval: int, stop: asyncio.Event) -> None:
    # The first sweep runs at once: duties that fell due while the server was down are done
    # on start-up, not an interval later. Once `stop` is set no sweep starts.
    while not stop.is_set():
        try:
            await asyncio.to_thread(_sweep_once)
        except Exception:  # one failed sweep must not stop the clock; each run is recorded
            log.exception("the in-process sweep failed")
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), interval)


def clocks_lifespan(cfg: Settings) -> Any:
    """A Starlette lifespan that runs the ticker while the app serves (embedded only)."""

    @contextlib.asynccontextmanager
    async def lifespan(_app: Any) -> AsyncIterator[None]:
        task = None
        stop = asyncio.Event()
        if not cfg.broker_url and cfg.sweep_interval > 0:
            task = asyncio.create_task(ticker(cfg.sweep_interval, stop))
        try:
            yield
        finally:
            if task is not None:
                # Not cancelled: a sweep runs in a thread, which a cancellation would leave
                # running past the server's shutdown. The sweep in hand finishes (shutdown
                # waits for it) and no other starts.
                stop.set()
                await task

    return lifespan

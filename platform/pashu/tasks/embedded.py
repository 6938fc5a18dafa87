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


async def ticker(interval: int) -> None:
    # The first sweep runs at once: duties that fell due while the server was down are done
    # on start-up, not an interval later.
    while True:
        try:
            await asyncio.to_thread(_sweep_once)
        except Exception:  # one failed sweep must not stop the clock; each run is recorded
            log.exception("the in-process sweep failed")
        await asyncio.sleep(interval)


def clocks_lifespan(cfg: Settings) -> Any:
    """A Starlette lifespan that runs the ticker while the app serves (embedded only)."""

    @contextlib.asynccontextmanager
    async def lifespan(_app: Any) -> AsyncIterator[None]:
        task = None
        if not cfg.broker_url and cfg.sweep_interval > 0:
            task = asyncio.create_task(ticker(cfg.sweep_interval))
        try:
            yield
        finally:
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task

    return lifespan

"""The worker's and beat's logs, metrics and traces: Celery's signals bind each task's id,
name, tenant and `as_of` to every line it logs, and route Celery's own logging through
observability/logs.py instead of Celery's."""

from __future__ import annotations

import contextlib
import logging
from typing import Any

import structlog
from celery import signals

from pashu.config import settings
from pashu.observability import logs, tracing


@signals.setup_logging.connect
def _logging(loglevel: int | str | None = None, **_: Any) -> None:
    # The level the worker or beat was started with decides, as it would in Celery's own
    # logging (`pashu worker` and `pashu beat` start them with PASHU_LOG_LEVEL); the
    # platform's setting only when Celery gives none.
    cfg = settings()
    level = logging.getLevelName(loglevel) if isinstance(loglevel, int) else loglevel
    logs.configure(cfg.env, level or cfg.log_level)


@signals.worker_process_init.connect
def _tracing(**_: Any) -> None:
    from pashu.db.engine import database

    tracing.instrument_worker([database().engine])


# The bindings each running task made, to undo exactly those when it ends (an eager task
# may run inside another, or inside a web request).
_bound: dict[str, Any] = {}


@signals.task_prerun.connect
def _bind(task_id: str | None = None, task: Any = None, kwargs: Any = None, **_: Any) -> None:
    given = kwargs or {}
    tokens = structlog.contextvars.bind_contextvars(
        task_id=task_id,
        task=getattr(task, "name", None),
        tenant_id=given.get("tenant_id"),
        tenant=None,  # its slug, once the task has read it (tasks/clocks.py)
        as_of=given.get("as_of"),
    )
    if task_id is not None:
        _bound[task_id] = tokens


@signals.task_postrun.connect
def _unbind(task_id: str | None = None, **_: Any) -> None:
    tokens = _bound.pop(task_id, None) if task_id is not None else None
    if tokens:
        with contextlib.suppress(ValueError):  # ended in another context: nothing to undo
            structlog.contextvars.reset_contextvars(**tokens)

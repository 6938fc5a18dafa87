"""Structured logs through structlog: JSON lines in prod, readable lines otherwise.

Every line carries what is bound for the request or task it belongs to (request id, tenant
slug, operation name; task id, task name and `as_of`), and the standard library's loggers
(uvicorn, Celery, SQLAlchemy) go through the same formatter. A last processor keeps secrets
and people out: fields that would hold a token or a person's name or address are dropped,
and anything shaped like an API token is cut to its prefix.
"""

from __future__ import annotations

import logging
import re
from collections.abc import MutableMapping
from typing import Any

import structlog

# Field names whose values are never written (a token, a person, where a person lives).
SECRET_FIELDS = frozenset(
    {
        "token",
        "authorization",
        "password",
        "secret",
        "name",
        "owner",
        "owner_name",
        "owner_address",
        "address",
        "buyer",
        "buyer_name",
        "buyer_address",
        "person",
    }
)
TOKEN = re.compile(r"pashu_[0-9a-f]{32}_[A-Za-z0-9_-]+")


def _scrub(value: Any) -> Any:
    if isinstance(value, str):
        return TOKEN.sub("pashu_[redacted]", value)
    return value


def redact(_: Any, __: str, event: MutableMapping[str, Any]) -> MutableMapping[str, Any]:
    for key in [k for k in event if k.lower() in SECRET_FIELDS]:
        del event[key]
    for key, value in event.items():
        event[key] = _scrub(value)
    return event


def _shared() -> list[Any]:
    return [
        structlog.contextvars.merge_contextvars,
        structlog.stdlib.add_log_level,
        structlog.stdlib.add_logger_name,
        structlog.processors.TimeStamper(fmt="iso", utc=True),
        structlog.stdlib.ExtraAdder(),
        structlog.processors.format_exc_info,
        redact,
    ]


def route_to_stdlib() -> None:
    """structlog's events go to the standard library's logging, whoever configures that
    (`configure` below for our processes; a host application or pytest otherwise)."""
    structlog.configure(
        # A line no handler would write (its level is off) is dropped before it is built.
        processors=[
            structlog.stdlib.filter_by_level,
            *_shared(),
            structlog.stdlib.ProcessorFormatter.wrap_for_formatter,
        ],
        logger_factory=structlog.stdlib.LoggerFactory(),
        wrapper_class=structlog.stdlib.BoundLogger,
    )


def configure(env: str, level: str = "INFO") -> None:
    """Route every log line through structlog; JSON when `env` is prod."""
    renderer: Any = (
        structlog.processors.JSONRenderer()
        if env == "prod"
        else structlog.dev.ConsoleRenderer(colors=False)
    )
    route_to_stdlib()
    formatter = structlog.stdlib.ProcessorFormatter(
        foreign_pre_chain=_shared(),
        processors=[structlog.stdlib.ProcessorFormatter.remove_processors_meta, renderer],
    )
    handler = logging.StreamHandler()
    handler.setFormatter(formatter)
    root = logging.getLogger()
    root.handlers = [handler]
    root.setLevel(level.upper())
    for name in ("uvicorn", "uvicorn.error", "celery"):
        logging.getLogger(name).handlers = []
        logging.getLogger(name).propagate = True
    logging.getLogger("uvicorn.access").disabled = True  # the request line is ours


route_to_stdlib()

"""One request, observed: its id (from `X-Request-ID` or made), the GraphQL operation, the
tenant and the error codes it answered with, for the log lines and the metrics."""

from __future__ import annotations

import logging
import re
import secrets
import time
from collections.abc import Iterable
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

import structlog
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from pashu.observability import logs, metrics

logs.route_to_stdlib()
log = structlog.get_logger("pashu.http")
_stdlib_log = logging.getLogger("pashu.http")  # asked directly: structlog's proxy costs 3 us
HEADER = "x-request-id"
# A caller's id is kept only when it is short and plain, so it is safe in a log line.
GOOD_ID = re.compile(r"^[A-Za-z0-9._:-]{1,128}$")
QUIET = {"/healthz", "/readyz", "/metrics"}


@dataclass
class RequestInfo:
    request_id: str
    operation: str | None = None
    tenant: str | None = None
    codes: list[str] = field(default_factory=list)


_current: ContextVar[RequestInfo | None] = ContextVar("pashu_request", default=None)


def current() -> RequestInfo | None:
    return _current.get()


def note_operation(name: str | None) -> None:
    """The GraphQL operation being run (its name as the document gives it)."""
    info = _current.get()
    if info is not None:
        info.operation = metrics.operation_label(name)
        structlog.contextvars.bind_contextvars(operation=info.operation)


def note_document(digest: str | None) -> None:
    """The document's hash: its lines name it, never quote it (its literals may name people)."""
    if digest is not None and _current.get() is not None:
        structlog.contextvars.bind_contextvars(document=digest)


def note_tenant(slug: str) -> None:
    info = _current.get()
    if info is not None:
        info.tenant = slug
        structlog.contextvars.bind_contextvars(tenant=slug)


def note_errors(codes: Iterable[str]) -> None:
    info = _current.get()
    if info is not None:
        info.codes.extend(codes)


def outcome(status: int, codes: list[str]) -> str:
    """ok; refused (the platform's own, coded refusal); failed (a server-side failure)."""
    if status >= 500 or "INTERNAL" in codes:
        return "failed"
    return "refused" if codes or status >= 400 else "ok"


class Observe:
    """ASGI middleware: a request id on every line and on the response, then one log line
    and the GraphQL metrics for each request."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        given = dict(scope["headers"]).get(HEADER.encode(), b"").decode("latin-1")
        info = RequestInfo(given if GOOD_ID.match(given) else secrets.token_hex(16))
        token = _current.set(info)
        structlog.contextvars.clear_contextvars()
        structlog.contextvars.bind_contextvars(request_id=info.request_id)
        status = 500

        async def send_with_id(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                headers = [*message.get("headers", []), (HEADER.encode(), info.request_id.encode())]
                message = {**message, "headers": headers}
            await send(message)

        started = time.perf_counter()
        try:
            await self.app(scope, receive, send_with_id)
        finally:
            seconds = time.perf_counter() - started
            self._done(scope, info, status, seconds)
            structlog.contextvars.clear_contextvars()
            _current.reset(token)

    @staticmethod
    def _done(scope: Scope, info: RequestInfo, status: int, seconds: float) -> None:
        path: str = scope.get("path", "")
        result = outcome(status, info.codes)
        if path == "/graphql":
            metrics.observe_request(info.operation or "anonymous", result, seconds, info.codes)
        level = logging.DEBUG if path in QUIET and status < 400 else logging.INFO
        # Asked first: a line no handler writes would cost more to build and drop than
        # answering a kept public answer does.
        if not _stdlib_log.isEnabledFor(level):
            return
        fields: dict[str, Any] = {
            "method": scope.get("method"),
            "path": path,
            "status": status,
            "ms": round(seconds * 1000, 1),
        }
        if path == "/graphql":
            fields.update(outcome=result, errors=sorted(set(info.codes)) or None)
        log.log(level, "request", **fields)

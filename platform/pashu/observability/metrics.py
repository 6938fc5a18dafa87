"""Prometheus metrics, with the maintained client library (prometheus_client).

The API serves them on a port of their own (PASHU_METRICS_PORT, bound to PASHU_METRICS_HOST,
loopback by default), never on its public port; `pashu worker` serves the worker's the same
way (PASHU_WORKER_METRICS_PORT and _HOST), gathering its pool processes' through the client's
multiprocess mode. Labels are operation names, outcomes, error codes, task names and, only
when PASHU_METRICS_TENANT_LABELS is set, tenant slugs: never a person's name, never anything a
caller can grow without bound (operation names are checked and capped).
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
import threading
from collections.abc import Awaitable, Callable, Iterable, Iterator
from datetime import UTC, datetime
from typing import Any

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
    multiprocess,
    start_http_server,
)
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector
from starlette.requests import Request
from starlette.responses import Response

from pashu.db import pool
from pashu.db.engine import Database
from pashu.services.clocks import backlog, tenant_slugs

log = logging.getLogger(__name__)

REQUESTS = Counter(
    "pashu_graphql_requests_total",
    "GraphQL requests, by operation name and outcome (ok, refused, failed)",
    ["operation", "outcome"],
)
LATENCY = Histogram(
    "pashu_graphql_request_seconds",
    "Time to answer a GraphQL request, by operation name and outcome",
    ["operation", "outcome"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10),
)
ERRORS = Counter(
    "pashu_graphql_errors_total",
    "Errors in GraphQL answers, by extensions.code (INTERNAL: masked server failures)",
    ["code"],
)
PUBLIC_ANSWERS = Counter(
    "pashu_public_answers_total",
    "Anonymous answers of the public law: served kept (hit), or made and kept (made)",
    ["result"],
)
TASK_RUNS = Counter(
    "pashu_task_runs_total", "Runs of the clock's tasks, by task and outcome", ["task", "outcome"]
)
TASK_SECONDS = Histogram(
    "pashu_task_run_seconds",
    "Time a run of a clock's task took, by task",
    ["task"],
    buckets=(0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300),
)

_NAME = re.compile(r"^[_A-Za-z][_0-9A-Za-z]{0,63}$")
MAX_OPERATIONS = 200  # distinct operation names kept as labels; then "other"
_seen: set[str] = set()
_lock = threading.Lock()


def operation_label(name: str | None) -> str:
    if not name:
        return "anonymous"
    if not _NAME.match(name):
        return "invalid"
    with _lock:
        if name in _seen or len(_seen) < MAX_OPERATIONS:
            _seen.add(name)
            return name
    return "other"


# Each (operation, outcome)'s counter and histogram, looked up once: `labels()` costs more
# than answering a kept public answer does. Bounded as the labels are (MAX_OPERATIONS).
_children: dict[tuple[str, str], tuple[Any, Any]] = {}


def observe_request(operation: str, outcome: str, seconds: float, codes: Iterable[str]) -> None:
    pair = _children.get((operation, outcome))
    if pair is None:
        pair = (REQUESTS.labels(operation, outcome), LATENCY.labels(operation, outcome))
        _children[(operation, outcome)] = pair
    pair[0].inc()
    pair[1].observe(seconds)
    for code in codes:
        ERRORS.labels(code).inc()


def observe_task(task: str, outcome: str, seconds: float) -> None:
    TASK_RUNS.labels(task, outcome).inc()
    TASK_SECONDS.labels(task).observe(seconds)


class DatabaseCollector(Collector):
    """Read at scrape time: the pools' connections, and each tenant's backlog (by slug when
    `tenant_labels`, else summed over tenants, the lag the largest)."""

    def __init__(self, db: Database, tenant_labels: bool = False) -> None:
        self.db = db
        self.tenant_labels = tenant_labels

    def collect(self) -> Iterator[Metric]:
        in_use = GaugeMetricFamily(
            "pashu_db_pool_in_use", "Connections checked out of the pool", labels=["database"]
        )
        waiting = GaugeMetricFamily(
            "pashu_db_pool_waiting",
            "Requests for a connection not yet served (waiting on an exhausted pool)",
            labels=["database"],
        )
        engines = [("primary", self.db.async_engine), ("replica", self.db.replica_engine)]
        for name, engine in engines:
            if engine is not None:
                in_use.add_metric([name], pool.in_use(engine.pool))
                waiting.add_metric([name], pool.waiting(engine.pool))
        if self.db.direct is not None:  # the compiled queries' pipelined connections
            in_use.add_metric(["direct"], self.db.direct.in_use())
            waiting.add_metric(["direct"], self.db.direct.waiting())
        yield in_use
        yield waiting
        labels = ["tenant"] if self.tenant_labels else []
        lag = GaugeMetricFamily(
            "pashu_sweep_lag_seconds",
            "Age of the oldest duty fallen due and not yet done (0: none); by tenant, or the "
            "largest of any tenant",
            labels=labels,
        )
        outbox = GaugeMetricFamily(
            "pashu_outbox_waiting",
            "Tasks decided but not yet sent to the broker; by tenant, or of every tenant",
            labels=labels,
        )
        now = datetime.now(UTC)
        with self.db.transaction() as s:
            tenants = tenant_slugs(s)
        most, total = 0.0, 0
        for slug, tid in tenants:
            with self.db.transaction(tid) as s:
                found = backlog(s, slug, now)
            if self.tenant_labels:
                lag.add_metric([slug], found.lag_seconds(now))
                outbox.add_metric([slug], found.outbox_waiting)
            most, total = max(most, found.lag_seconds(now)), total + found.outbox_waiting
        if not self.tenant_labels:
            lag.add_metric([], most)
            outbox.add_metric([], total)
        yield lag
        yield outbox


class _ThisProcess(Collector):
    """The process's own counters (the default registry), beside the database's."""

    def collect(self) -> Iterator[Metric]:
        yield from REGISTRY.collect()


def registry_for(db: Database, tenant_labels: bool = False) -> CollectorRegistry:
    """What the API's metrics show: the process's counters, then what the database says now."""
    registry = CollectorRegistry(auto_describe=False)
    registry.register(_ThisProcess())
    registry.register(DatabaseCollector(db, tenant_labels))
    return registry


def endpoint(db: Database, tenant_labels: bool = False) -> Callable[[Request], Awaitable[Response]]:
    """A /metrics route on the API's own port: development and tests only
    (PASHU_METRICS_ON_API_PORT; prod refuses it)."""
    registry = registry_for(db, tenant_labels)

    async def metrics(_: Request) -> Response:
        body = await asyncio.to_thread(generate_latest, registry)
        return Response(body, media_type=CONTENT_TYPE_LATEST)

    return metrics


def serve_api_metrics(db: Database, port: int, host: str, tenant_labels: bool) -> Any:
    """Serve the API's metrics on `host:port` (a thread of this process); the server, to be
    shut down with the app. A port already taken (a second process of the same host) is
    logged and skipped: one process's metrics are missing, the API still serves."""
    try:
        server, _ = start_http_server(port, host, registry=registry_for(db, tenant_labels))
    except OSError as err:
        log.warning("metrics not served on %s:%s: %s", host, port, err)
        return None
    return server


def serve_worker_metrics(port: int, host: str = "127.0.0.1") -> Any:
    """Serve the worker's metrics; with PROMETHEUS_MULTIPROC_DIR set (by `pashu worker`),
    those of every pool process, gathered from the files they write."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
        return start_http_server(port, host, registry=registry)
    return start_http_server(port, host)

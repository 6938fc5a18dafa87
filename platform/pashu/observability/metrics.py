"""Prometheus metrics, with the maintained client library (prometheus_client).

The API serves them at /metrics; `pashu worker` serves the worker's on its own port
(PASHU_WORKER_METRICS_PORT), gathering its pool processes' through the client's multiprocess
mode. Labels are operation names, outcomes, error codes, task names and tenant slugs: never
a person's name, never anything a caller can grow without bound (operation names are
checked and capped).
"""

from __future__ import annotations

import asyncio
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
    """Read at scrape time: the pools' connections, and each tenant's backlog."""

    def __init__(self, db: Database) -> None:
        self.db = db

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
        lag = GaugeMetricFamily(
            "pashu_sweep_lag_seconds",
            "Age of the tenant's oldest duty fallen due and not yet done (0: none)",
            labels=["tenant"],
        )
        outbox = GaugeMetricFamily(
            "pashu_outbox_waiting",
            "Tasks decided but not yet sent to the broker",
            labels=["tenant"],
        )
        now = datetime.now(UTC)
        with self.db.transaction() as s:
            tenants = tenant_slugs(s)
        for slug, tid in tenants:
            with self.db.transaction(tid) as s:
                found = backlog(s, slug, now)
            lag.add_metric([slug], found.lag_seconds(now))
            outbox.add_metric([slug], found.outbox_waiting)
        yield lag
        yield outbox


def endpoint(db: Database) -> Callable[[Request], Awaitable[Response]]:
    """The /metrics route: the process's counters, then what the database says now."""
    local = CollectorRegistry(auto_describe=False)
    local.register(DatabaseCollector(db))

    async def metrics(_: Request) -> Response:
        def render() -> bytes:
            return generate_latest(REGISTRY) + generate_latest(local)

        return Response(await asyncio.to_thread(render), media_type=CONTENT_TYPE_LATEST)

    return metrics


def serve_worker_metrics(port: int) -> Any:
    """Serve the worker's metrics; with PROMETHEUS_MULTIPROC_DIR set (by `pashu worker`),
    those of every pool process, gathered from the files they write."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
        return start_http_server(port, registry=registry)
    return start_http_server(port)

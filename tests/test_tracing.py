"""Tracing is off until the standard OTEL variables ask for it; then a request to the API
is a trace whose spans include the SQL it ran. Each run is a process of its own, as the
tracer provider is global to a process."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from pashu.db.migrate import upgrade

SCRIPT = """
import asyncio, httpx
from opentelemetry import trace
from pashu.app import create_app
from pashu.config import Settings
from pashu.db.engine import Database

async def main():
    app = create_app(Database({url!r}, pooled=False), Settings(env="test"))
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://pashu") as http:
        assert (await http.get("/readyz")).status_code == 200
    flush = getattr(trace.get_tracer_provider(), "force_flush", None)
    if flush:
        flush()

asyncio.run(main())
"""


def _run(tmp_path: Path, **otel: str) -> str:
    url = f"sqlite:///{tmp_path / 'trace.db'}"
    upgrade(url)
    env = {k: v for k, v in os.environ.items() if not k.startswith("OTEL_")}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT.format(url=url)],
        env={**env, **otel},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_no_trace_is_made_unless_the_otel_variables_ask(tmp_path: Path) -> None:
    assert "trace_id" not in _run(tmp_path)


def test_with_the_otel_variables_a_request_is_traced_down_to_its_sql(tmp_path: Path) -> None:
    out = _run(tmp_path, OTEL_TRACES_EXPORTER="console", OTEL_SERVICE_NAME="pashu-test")
    assert '"service.name": "pashu-test"' in out
    assert "GET /readyz" in out
    assert "SELECT 1" in out  # the readiness probe's query, a child span

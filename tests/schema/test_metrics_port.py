"""The API's metrics are served on a port of their own, bound to loopback unless told
otherwise, never on its public port (in prod not even when asked); tenants' slugs are
labels only when configured; the worker's metrics bind loopback too."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families

from pashu.app import create_app
from pashu.config import InsecureSettings, Settings
from pashu.observability.metrics import serve_worker_metrics
from tests.conftest import Databases, GraphQLClient, client, make_tenant
from tests.test_cli import ROOT


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _listening(port: int) -> list[str]:
    """The local addresses (hex, as /proc/net/tcp writes them) listening on `port`."""
    found = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        if not Path(table).exists():
            continue
        for line in Path(table).read_text().splitlines()[1:]:
            local, state = line.split()[1], line.split()[3]
            address, hex_port = local.rsplit(":", 1)
            if int(hex_port, 16) == port and state == "0A":  # LISTEN
                found.append(address)
    return found


LOOPBACK = "0100007F"  # 127.0.0.1


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int]]:
    """`pashu serve` on a SQLite file, its metrics on a port of their own (default host)."""
    folder = tmp_path_factory.mktemp("metrics")
    url = f"sqlite:///{folder / 'pashu.db'}"
    port, metrics_port = _free_port(), _free_port()
    env = {
        **os.environ,
        "PASHU_DATABASE_URL": url,
        "PASHU_ADMIN_DATABASE_URL": url,
        "PASHU_SWEEP_INTERVAL": "0",
        "PASHU_METRICS_PORT": str(metrics_port),
    }
    env.pop("PASHU_METRICS_HOST", None)
    assert (
        subprocess.run(
            [sys.executable, "-m", "pashu.cli", "db", "upgrade"], env=env, capture_output=True
        ).returncode
        == 0
    )
    with (folder / "server.log").open("w") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "pashu.cli", "serve", "--port", str(port)],
            env=env, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
        )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while not _ready(port, metrics_port):
            assert proc.poll() is None and time.monotonic() < deadline, (
                folder / "server.log"
            ).read_text()
            time.sleep(0.2)
        yield f"http://127.0.0.1:{port}", metrics_port
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def _ready(port: int, metrics_port: int) -> bool:
    try:
        api = httpx.get(f"http://127.0.0.1:{port}/readyz", timeout=2).status_code == 200
        return api and bool(_listening(metrics_port))
    except httpx.HTTPError:
        return False


def test_the_apis_metrics_are_served_on_their_own_port_bound_to_loopback(
    served: tuple[str, int],
) -> None:
    api, metrics_port = served
    httpx.post(f"{api}/graphql", json={"query": '{ classifyAnimal(species: "cow") { species } }'})
    r = httpx.get(f"http://127.0.0.1:{metrics_port}/metrics", timeout=10)
    assert r.status_code == 200
    names = {f.name for f in text_string_to_metric_families(r.text)}
    assert {"pashu_graphql_requests", "pashu_db_pool_in_use"} <= names
    assert _listening(metrics_port) == [LOOPBACK]


def test_the_apis_public_port_does_not_answer_metrics(served: tuple[str, int]) -> None:
    api, _ = served
    r = httpx.get(f"{api}/metrics", timeout=10)
    assert r.status_code == 404 and "pashu_graphql" not in r.text


def test_prod_refuses_metrics_on_the_public_port(dbs: Databases) -> None:
    key = "a-production-secret-key-of-40-bytes-long"
    with pytest.raises(InsecureSettings, match="PASHU_METRICS_PORT"):
        create_app(dbs.app, Settings(env="prod", secret_key=key, metrics_on_api_port=True))


async def _scrape(dbs: Databases, **options: bool) -> str:
    async with client(dbs.app, Settings(env="test", metrics_on_api_port=True, **options)) as h:
        r = await h.get("/metrics")
    await dbs.app.async_engine.dispose()
    assert r.status_code == 200
    return r.text


async def test_tenants_slugs_are_metric_labels_only_when_configured(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "nagaland")
    plain = await _scrape(dbs)
    assert t.slug not in plain and 'tenant="' not in plain
    outbox = [
        s
        for f in text_string_to_metric_families(plain)
        for s in f.samples
        if s.name == "pashu_outbox_waiting"
    ]
    assert [s.labels for s in outbox] == [{}]  # one number, of every tenant
    labelled = await _scrape(dbs, metrics_tenant_labels=True)
    assert f'pashu_outbox_waiting{{tenant="{t.slug}"}}' in labelled


def test_the_workers_metrics_bind_loopback_by_default() -> None:
    assert Settings().worker_metrics_host == "127.0.0.1"
    port = _free_port()
    server, _ = serve_worker_metrics(port)
    try:
        assert _listening(port) == [LOOPBACK]
        body = httpx.get(f"http://127.0.0.1:{port}/metrics", timeout=10).text
        assert "pashu_task_runs_total" in body or "python_info" in body
    finally:
        server.shutdown()
        server.server_close()

"""The PDF renderers' processes end with `pashu serve`: on SIGTERM, a server whose renderers
are busy with a long document stops within its grace period and leaves none of them behind
(before, they outlived it, rendering for no one)."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import httpx

from tests.test_cli import ROOT, pashu
from tests.web.conftest import _free_port

POUND = 'mutation { createPound(input: {name: "Main", localAuthority: "Kohima TC"}) { id } }'
SEIZE = "mutation($input: RecordSeizureInput!) { recordSeizure(input: $input) { id } }"
# The same long document asked again and again: more renders than the pool has renderers.
COPY = "impoundments(first: 1) { edges { node { registerCopy { pdfBase64 } } } }"
COPIES = "{ " + " ".join(f"c{i}: {COPY}" for i in range(30)) + " }"  # ~25 s of rendering here
# Seconds: `pashu serve` gives running requests SHUTDOWN_GRACE (5), then ends the renderers.
# Waiting on them instead would take the rest of the 30 documents.
GRACE = 15


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def _state(pid: int) -> str | None:
    """The process's state letter (R running, S sleeping, Z zombie), None when gone."""
    try:
        return (Path(f"/proc/{pid}/stat").read_text()).rsplit(")", 1)[1].split()[0]
    except OSError:
        return None


def _wait(condition: Callable[[], bool], what: str, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"waited {seconds}s for {what}"
        time.sleep(0.1)


def test_busy_renderers_end_when_the_server_gets_sigterm(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'pashu.db'}"
    assert pashu("db", "upgrade", db_url=url).returncode == 0
    made = pashu(
        "tenant", "create", "--slug", "nl", "--jurisdiction", "nagaland", "--name", "NL",
        db_url=url,
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    out = pashu("token", "create", "--tenant", "nl", "--role", "admin", db_url=url)
    token = out.stdout.strip().splitlines()[-1]
    port = _free_port()
    env = {
        **os.environ,
        "PASHU_DATABASE_URL": url,
        "PASHU_ADMIN_DATABASE_URL": url,
        "PASHU_SWEEP_INTERVAL": "0",
        "PASHU_METRICS_PORT": "0",
        # Thirty register copies of a full case: far over the default budget (schema/cost.py),
        # allowed here so that the renderers are busy when the server is stopped.
        "PASHU_MAX_QUERY_COST": "10000000",
    }
    log = (tmp_path / "server.log").open("w")
    server = subprocess.Popen(
        [sys.executable, "-m", "pashu.cli", "serve", "--port", str(port)],
        env=env, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    api = f"http://127.0.0.1:{port}"
    headers = {"Authorization": f"Bearer {token}"}
    try:
        _wait(lambda: _up(api), "the server", 60)
        pound = httpx.post(f"{api}/graphql", json={"query": POUND}, headers=headers).json()
        seizure = {
            "poundId": pound["data"]["createPound"]["id"],
            "seizedAt": "2026-01-03T09:00:00+05:30",
            "impoundedAt": "2026-01-03T15:00:00+05:30",
            "placeKind": "PRIVATE_LAND",
            "place": "Paddy fields, Kohima village",
            "seizer": {"name": "K. Angami", "address": "Kohima village"},
            "seizerSigned": True,
            "seizerCapacity": "CULTIVATOR",
            "damage": "paddy trampled",
            "animals": [{"species": "cow", "count": 500} for _ in range(4)],  # 2,000 head
        }
        r = httpx.post(
            f"{api}/graphql",
            json={"query": SEIZE, "variables": {"input": seizure}},
            headers=headers,
            timeout=120,
        )
        assert not r.json().get("errors"), r.text

        def ask() -> None:
            with contextlib.suppress(httpx.HTTPError):  # the server goes away under it
                httpx.post(f"{api}/graphql", json={"query": COPIES}, headers=headers, timeout=300)

        threading.Thread(target=ask, daemon=True).start()
        _wait(lambda: any(_state(c) == "R" for c in _children(server.pid)), "a busy renderer", 60)
        renderers = _children(server.pid)
        started = time.monotonic()
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=GRACE)
        assert time.monotonic() - started < GRACE
        _wait(lambda: all(_state(c) in (None, "Z") for c in renderers), "the renderers", 5)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
        log.close()


def _up(api: str) -> bool:
    try:
        return httpx.get(f"{api}/healthz", timeout=2).status_code == 200
    except httpx.HTTPError:
        return False

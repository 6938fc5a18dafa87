"""A real Pashu server (uvicorn, a temp SQLite file seeded by `pashu demo`) and headless
Debian Chromium driven by Playwright, for the end-to-end tests of the reference frontend.

The server always runs on its own SQLite file, whatever PASHU_TEST_DATABASE says: the
browser tests are about the frontend, and the API beneath it is tested on both databases
elsewhere. They run once, in the SQLite pass.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from tests.processes import descendants, wait_until_ended

CHROMIUM = os.environ.get("PASHU_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@dataclass
class Server:
    url: str
    tokens: dict[str, str]  # jurisdiction code -> the demo tenant's admin token
    db_url: str


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if os.environ.get("PASHU_TEST_DATABASE", "sqlite") != "postgres":
        return
    skip = pytest.mark.skip(
        reason="browser tests use their own SQLite server; run in the sqlite pass"
    )
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("web")
    db_url = f"sqlite:///{folder / 'pashu.db'}"
    env = {
        **os.environ,
        "PASHU_DATABASE_URL": db_url,
        "PASHU_ADMIN_DATABASE_URL": db_url,
        "PASHU_SWEEP_INTERVAL": "0",
        "PASHU_ENV": "dev",
        # Its metrics on its own port (development only), not on a metrics port another
        # server on this machine may hold: the browser tests scrape what it counted.
        "PASHU_METRICS_ON_API_PORT": "true",
        "PASHU_METRICS_PORT": "0",
    }
    demo = subprocess.run(
        [sys.executable, "-m", "pashu.cli", "demo", "--no-serve"],
        capture_output=True,
        text=True,
        env=env,
        cwd=folder,
        timeout=300,
    )
    assert demo.returncode == 0, demo.stderr
    tokens = {
        m.group(1): m.group(2)
        for m in re.finditer(r"^demo-(\S+)\s.*token: (\S+)$", demo.stdout, re.MULTILINE)
    }
    assert {"mizoram", "nagaland", "chhattisgarh"} <= set(tokens), demo.stdout
    port = _free_port()
    log = (folder / "server.log").open("w")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "uvicorn",
            "--factory",
            "pashu.app:create_app",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
        ],
        env=env,
        cwd=folder,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{url}/readyz", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError((folder / "server.log").read_text())
            time.sleep(0.2)
        yield Server(url, tokens, db_url)
    finally:
        started = descendants(proc.pid)  # e.g. the PDF renderers and their resource tracker
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()
        left = wait_until_ended(started)
        for pid in left:
            os.kill(pid, signal.SIGKILL)
    # The server, stopped as an operator stops it, leaves nothing running (issue #35).
    assert proc.returncode in (0, -signal.SIGTERM), (folder / "server.log").read_text()
    assert not left, f"processes left running by the server: {sorted(left)}"


# Module scope: Playwright's sync API runs an event loop of its own in this thread, which
# must be gone before any asyncio test runs.
@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (scripts/test does)")
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Browser, server: Server) -> Iterator[Page]:
    """A fresh browser context (its own sessionStorage) on a laptop-sized screen."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
    context.set_default_timeout(15000)
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"

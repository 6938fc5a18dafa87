"""A real API process (uvicorn, one worker) on the suite's database, for what only a process
shows: a crash (`kill -9`) and resident memory."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

from tests.conftest import Databases


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class LiveServer:
    """`pashu.app:create_app` served by uvicorn on a free port of 127.0.0.1."""

    def __init__(self, dbs: Databases, log: Path, **env: str) -> None:
        self.env = {
            **os.environ,
            "PASHU_DATABASE_URL": dbs.app.url,
            "PASHU_ADMIN_DATABASE_URL": dbs.admin.url,
            "PASHU_ENV": "test",
            "PASHU_SWEEP_INTERVAL": "0",
            **env,
        }
        self.log = log
        self.proc: subprocess.Popen[bytes] | None = None
        self.url = ""

    def start(self) -> LiveServer:
        port = free_port()
        self.url = f"http://127.0.0.1:{port}"
        cmd = [
            sys.executable, "-m", "uvicorn", "--factory", "pashu.app:create_app",
            "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning",
            "--no-access-log",
        ]  # fmt: skip
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(cmd, env=self.env, stdout=out, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while True:  # wait for the state "answering", not for a time
            try:
                if httpx.get(f"{self.url}/healthz", timeout=2).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(self.log.read_text()[-3000:])
            time.sleep(0.1)

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def rss_kib(self) -> int:
        """Resident memory of the server process, from /proc/<pid>/status."""
        for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        raise AssertionError("no VmRSS")

    def kill(self) -> None:
        """`kill -9`: the process ends at once, nothing of it runs after."""
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(30)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(15)


@contextmanager
def live_server(dbs: Databases, log: Path, **env: str) -> Iterator[LiveServer]:
    server = LiveServer(dbs, log, **env).start()
    try:
        yield server
    finally:
        server.stop()

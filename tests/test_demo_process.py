"""`pashu demo` as a user runs it (issue #35): quiet, refused at once on a busy port, and
nothing of it left running once it is stopped."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

from tests.processes import descendants, wait_until_ended

PDF = "{ impoundments(first: 1) { edges { node { registerCopy { pdfBase64 } } } } }"


def demo_env(tmp_path: Path) -> dict[str, str]:
    db_url = f"sqlite:///{tmp_path / 'demo.db'}"
    env = {**os.environ, "PASHU_DATABASE_URL": db_url, "PASHU_ADMIN_DATABASE_URL": db_url}
    # As a user runs it: the embedded default with its sweep (the first at start-up).
    for name in ("PASHU_SWEEP_INTERVAL", "PASHU_BROKER_URL", "PASHU_ENV"):
        env.pop(name, None)
    return env


def test_a_demo_on_a_busy_port_is_refused_before_a_token_is_printed(tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        out = subprocess.run(
            [sys.executable, "-m", "pashu.cli", "demo", "--port", str(port)],
            capture_output=True,
            text=True,
            env=demo_env(tmp_path),
            cwd=tmp_path,
            timeout=120,
        )
    assert out.returncode == 2
    assert out.stdout == ""  # no token, no "Pashu on ...", nothing served
    assert f"127.0.0.1:{port}" in out.stderr and "in use" in out.stderr
    assert not (tmp_path / "demo.db").exists()  # refused before anything was done


def test_a_stopped_demo_leaves_nothing_running_and_logs_no_broker_warning(
    tmp_path: Path,
) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    log = (tmp_path / "demo.log").open("w+")
    proc = subprocess.Popen(
        [sys.executable, "-m", "pashu.cli", "demo", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=log,
        text=True,
        env=demo_env(tmp_path),
        cwd=tmp_path,
    )
    try:
        assert proc.stdout is not None
        printed = []
        while not (line := proc.stdout.readline()).startswith("Pashu on"):
            assert line, f"the demo ended: {log.seek(0) or log.read()}"
            printed.append(line)
        token = re.search(r"^demo-nagaland\s.*token: (\S+)$", "".join(printed), re.M)
        assert token
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{url}/readyz", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                assert time.monotonic() < deadline, "the demo never became ready"
            time.sleep(0.1)
        # A PDF: the renderers' processes (and multiprocessing's resource tracker) start.
        printed_pdf = httpx.post(
            f"{url}/graphql",
            json={"query": PDF},
            headers={"Authorization": f"Bearer {token.group(1)}"},
            timeout=60,
        ).json()
        assert printed_pdf["data"]["impoundments"]["edges"][0]["node"]["registerCopy"]["pdfBase64"]
        children = descendants(proc.pid)
        assert children  # the renderers were running
        proc.send_signal(signal.SIGTERM)
        # Uvicorn shuts down, then ends by the signal it was sent (its exit status says so).
        assert proc.wait(timeout=60) in (0, -signal.SIGTERM)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    left = wait_until_ended(children)
    for pid in left:  # so that a failure here leaves nothing behind either
        os.kill(pid, signal.SIGKILL)
    assert left == set()
    log.seek(0)
    logged = log.read()
    log.close()
    assert "No hostname was supplied" not in logged
    assert "leaked" not in logged  # no semaphore left to the resource tracker
    shutdown = logged.index("Application shutdown complete")  # it shut down, not died
    assert "Task pashu." not in logged[shutdown:]  # no sweep after the shutdown

"""Start the three servers of W1 as child processes, wait until they answer, stop them."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx

from bench.settings import HOST, NODE_DIR, PORTS, REPO, ROOT, Target
from bench.sql import fine_kinds, peer_functions


@dataclass(frozen=True)
class Server:
    name: str
    url: str
    pid: int


def _env(**extra: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(extra)
    env["PYTHONPATH"] = os.pathsep.join(
        [str(REPO), str(REPO / "platform"), env.get("PYTHONPATH", "")]
    ).rstrip(os.pathsep)
    return env


@contextmanager
def _process(name: str, cmd: list[str], env: dict[str, str], log: Path) -> Iterator[Server]:
    port = PORTS[name]
    with log.open("w") as out:
        proc = subprocess.Popen(cmd, env=env, cwd=REPO, stdout=out, stderr=subprocess.STDOUT)
    try:
        _wait(name, port, proc, log)
        yield Server(name, f"http://{HOST}:{port}/graphql", proc.pid)
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _wait(name: str, port: int, proc: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{name} exited: {log.read_text()[-2000:]}")
        try:
            httpx.get(f"http://{HOST}:{port}/", timeout=1)
            return
        except httpx.TransportError:
            time.sleep(0.2)
    raise RuntimeError(f"{name} did not start on port {port}: {log.read_text()[-2000:]}")


def _uvicorn(app: str, port: int, *factory: str) -> list[str]:
    return [
        sys.executable, "-m", "uvicorn", app, *factory, "--host", HOST, "--port", str(port),
        "--workers", "1", "--log-level", "warning", "--no-access-log",
    ]  # fmt: skip


def pashu(
    target: Target, logs: Path, name: str = "pashu", **switches: str
) -> AbstractContextManager[Server]:
    """Pashu's server on the port of `name` ("pashu", or "pashu_off" beside it), with the
    settings `switches` (a fast path's switch off: bench/fastpaths.py)."""
    env = _env(
        **switches,
        PASHU_DATABASE_URL=target.app_url,
        PASHU_ADMIN_DATABASE_URL=target.owner_url,
        PASHU_ENV="prod",
        PASHU_SWEEP_INTERVAL="0",
        # W1 asks a page of cases with their animals and dues: on the law's maximum data (a
        # full seizure a case) that is over the default budget; the generated cases hold a
        # few animals each, and the benchmark measures the path, not the budget.
        PASHU_MAX_QUERY_COST="100000000",
    )
    cmd = _uvicorn("pashu.app:create_app", PORTS[name], "--factory")
    return _process(name, cmd, env, logs / f"{name}.log")


def floor(target: Target, logs: Path) -> AbstractContextManager[Server]:
    env = _env(BENCH_FLOOR_DATABASE=target.app_url)
    return _process("floor", _uvicorn("bench.floor:app", PORTS["floor"]), env, logs / "floor.log")


def install_peer() -> None:
    """PostGraphile from npm into bench/.node (once; not committed)."""
    NODE_DIR.mkdir(exist_ok=True)
    shutil.copy(ROOT / "node" / "package.json", NODE_DIR / "package.json")
    shutil.copy(ROOT / "node" / "server.js", NODE_DIR / "server.js")
    if not (NODE_DIR / "node_modules" / "postgraphile").exists():
        subprocess.run(
            ["npm", "install", "--no-audit", "--no-fund", "--loglevel=error"],
            cwd=NODE_DIR,
            check=True,
        )


def prepare_peer(target: Target) -> None:
    """The functions PostGraphile's W1 query uses, made by the owner in the bench database."""
    import psycopg

    with psycopg.connect(target.owner_url, autocommit=True) as conn:
        for statement in peer_functions(fine_kinds()):
            conn.execute(statement)


def postgraphile(target: Target, logs: Path) -> AbstractContextManager[Server]:
    install_peer()
    prepare_peer(target)
    env = _env(DATABASE_URL=target.app_url, PORT=str(PORTS["postgraphile"]), NODE_ENV="production")
    cmd = ["node", str(NODE_DIR / "server.js")]
    return _process("postgraphile", cmd, env, logs / "postgraphile.log")


@contextmanager
def all_three(target: Target, logs: Path) -> Iterator[dict[str, Server]]:
    logs.mkdir(parents=True, exist_ok=True)
    with ExitStack() as stack:
        yield {
            "pashu": stack.enter_context(pashu(target, logs)),
            "floor": stack.enter_context(floor(target, logs)),
            "postgraphile": stack.enter_context(postgraphile(target, logs)),
        }

"""What machine the numbers came from."""

from __future__ import annotations

import os
import platform
import subprocess
from pathlib import Path

import psycopg

from bench.settings import NODE_DIR, REPO, Target


def _run(*cmd: str) -> str:
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=10, cwd=REPO)
    except (OSError, subprocess.TimeoutExpired):
        return "not found"
    text = (done.stdout or done.stderr).strip()
    return text.splitlines()[0] if text else "?"


def changed(repo: Path = REPO) -> bool:
    """Whether the work tree differs from its commit. Not `_run`'s text: a clean tree prints
    nothing, which `_run` answers as "?" (every report said "+ uncommitted changes")."""
    try:
        done = subprocess.run(
            ["git", "status", "--porcelain"], capture_output=True, text=True, timeout=10, cwd=repo
        )
    except (OSError, subprocess.TimeoutExpired):
        return False
    return done.returncode == 0 and bool(done.stdout.strip())


def _cpu() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "?"


def _memory() -> str:
    try:
        kb = int(Path("/proc/meminfo").read_text().split()[1])
        return f"{kb / 1024 / 1024:.0f} GiB"
    except (OSError, ValueError, IndexError):
        return "?"


def _postgraphile() -> str:
    try:
        import json

        pkg = NODE_DIR / "node_modules" / "postgraphile" / "package.json"
        return str(json.loads(pkg.read_text())["version"])
    except (OSError, ValueError, KeyError):
        return "not installed"


def describe(target: Target) -> dict[str, str]:
    with psycopg.connect(target.owner_url) as conn:
        row = conn.execute("SHOW server_version").fetchone()
        pg = str(row[0]) if row else "?"
    return {
        "cpu": f"{_cpu()} × {os.cpu_count()} logical cores",
        "memory": _memory(),
        "os": f"{platform.system()} {platform.release()}",
        "python": platform.python_version(),
        "postgresql": f"{pg} on loopback",
        "node": _run("node", "--version"),
        "postgraphile": _postgraphile(),
        "load generator": _run("wrk", "--version") + " (1 thread, same machine, loopback)",
        "servers": "uvicorn, 1 worker each (Pashu, floor); node, 1 process (PostGraphile)",
        "commit": _run("git", "rev-parse", "--short", "HEAD")
        + (" + uncommitted changes" if changed() else ""),
    }

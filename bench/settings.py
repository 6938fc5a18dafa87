"""Where the benchmark runs: databases, ports, the instant the data is generated around."""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from pashu.core.legaltime import IST

ROOT = Path(__file__).resolve().parent
REPO = ROOT.parent
RESULTS = ROOT / "results"
NODE_DIR = ROOT / ".node"  # PostGraphile is installed here, never committed

SEED = 20260601
# Pashu's server runs as `prod`, which refuses a default or short (< 32 bytes) secret key;
# the tokens the generator issues are hashed with the same key the server checks them with.
SECRET_KEY = os.environ.setdefault("PASHU_SECRET_KEY", f"pashu-bench-key-of-the-run-{SEED}")
# The data is a history up to this instant; every workload asks "as of" it.
AS_OF = datetime(2026, 6, 1, 0, 0, tzinfo=IST)
AS_OF_ISO = AS_OF.isoformat()

HOST = "127.0.0.1"
# BENCH_PORT_BASE and BENCH_DB let two runs share a machine without meeting.
_PORT_BASE = int(os.environ.get("BENCH_PORT_BASE", "8300"))
PORTS = {
    "pashu": _PORT_BASE + 1,
    "floor": _PORT_BASE + 2,
    "postgraphile": _PORT_BASE + 3,
    "static": _PORT_BASE + 4,  # W4's static floor (bench/static.py)
    "floor_w2": _PORT_BASE + 5,  # W2's floor (bench/floor_w2.py)
    "pashu_off": _PORT_BASE + 6,  # Pashu with a fast path switched off (bench/fastpaths.py)
}
BASE = os.environ.get("BENCH_DB", "pashu_bench")

SERVER = os.environ.get("BENCH_SERVER_URL", "postgresql://postgres@127.0.0.1:5432/postgres")
APP_ROLE = os.environ.get("PASHU_APP_ROLE", "pashu_app")


@dataclass(frozen=True)
class Target:
    """One benchmark database: its owner's URL and the application role's URL."""

    dbname: str

    def _url(self, user: str | None) -> str:
        parts = urlsplit(SERVER)
        host = parts.hostname or HOST
        port = f":{parts.port}" if parts.port else ""
        netloc = f"{user}@{host}{port}" if user else parts.netloc
        return urlunsplit((parts.scheme, netloc, "/" + self.dbname, "", ""))

    @property
    def server_url(self) -> str:
        return SERVER

    @property
    def owner_url(self) -> str:
        return self._url(None)

    @property
    def app_url(self) -> str:
        return self._url(APP_ROLE)


def target_for(size: int, base: str = BASE) -> Target:
    """10k lives in `pashu_bench`; larger sizes in their own databases, kept between runs."""
    if size <= 10_000:
        return Target(base)
    label = f"{size // 1_000_000}m" if size % 1_000_000 == 0 else f"{size // 1000}k"
    return Target(f"{base}_{label}")

"""Load from a separate process on loopback: wrk, with a Lua script for the POST body.

wrk's own summary lacks p95, so the script's `done` hook prints one JSON line with the
count, the duration and the percentiles from wrk's latency histogram (microseconds).
Several requests (the soak of every frontend document) are sent in turn, each connection
taking the next: the script formats each once and its `request` hook hands them round.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from urllib.parse import urlsplit

from bench.workloads import Request

# One request, or several sent in turn (the soak of every frontend document).
Sent = Request | Sequence[Request]

_DONE = """
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    "BENCH {\\"requests\\": %d, \\"duration_us\\": %d, \\"p50_us\\": %d, \\"p95_us\\": %d, "
    .. "\\"p99_us\\": %d, \\"errors\\": %d, \\"non2xx\\": %d}\\n",
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(95),
    latency:percentile(99), e.connect + e.read + e.write + e.timeout, e.status))
end
"""


@dataclass(frozen=True)
class Result:
    server: str
    concurrency: int
    requests: int
    rps: float
    p50_ms: float
    p95_ms: float
    p99_ms: float
    errors: int

    def row(self) -> dict[str, object]:
        return asdict(self)


def _long(s: str) -> str:
    return "[==[" + s + "]==]"


def script(req: Sent) -> str:
    if isinstance(req, Request):
        lines = ['wrk.method = "POST"', f"wrk.body = {_long(req.body)}"]
        for k, v in req.headers.items():
            lines.append(f"wrk.headers[ {_long(k)} ] = {_long(v)}")
        return "\n".join(lines) + "\n" + _DONE
    lines = ["local specs, sent = {}, {}"]
    for r in req:
        headers = ", ".join(f"[ {_long(k)} ] = {_long(v)}" for k, v in r.headers.items())
        path = urlsplit(r.url).path or "/"
        lines.append(f"specs[#specs + 1] = {{ {_long(path)}, {{ {headers} }}, {_long(r.body)} }}")
    # Formatted once per wrk thread (each has its own Lua state) in `init`, when wrk has set
    # the Host header HTTP/1.1 requires; then handed round in turn.
    lines += [
        "init = function(args)",
        "  for i, s in ipairs(specs) do",
        '    s[2]["Host"] = wrk.headers["Host"]',
        '    sent[i] = wrk.format("POST", s[1], s[2], s[3])',
        "  end",
        "end",
        "local turn = 0",
        "request = function()",
        "  turn = turn % #sent + 1",
        "  return sent[turn]",
        "end",
    ]
    return "\n".join(lines) + "\n" + _DONE


def available() -> bool:
    return shutil.which("wrk") is not None


def run(server: str, req: Sent, concurrency: int, seconds: float, warmup: float = 2.0) -> Result:
    """Warm up, then measure `seconds` at `concurrency` connections (one wrk thread); given
    several requests (all to one server), send them in turn."""
    url = req.url if isinstance(req, Request) else req[0].url
    with tempfile.TemporaryDirectory() as tmp:
        lua = Path(tmp) / "w.lua"
        lua.write_text(script(req))
        if warmup > 0:
            _wrk(lua, url, concurrency, warmup)
        out = _wrk(lua, url, concurrency, seconds)
    rps = out["requests"] / (out["duration_us"] / 1e6) if out["duration_us"] else 0.0
    return Result(
        server=server,
        concurrency=concurrency,
        requests=out["requests"],
        rps=round(rps, 1),
        p50_ms=round(out["p50_us"] / 1000, 2),
        p95_ms=round(out["p95_us"] / 1000, 2),
        p99_ms=round(out["p99_us"] / 1000, 2),
        errors=out["errors"] + out["non2xx"],
    )


def _wrk(lua: Path, url: str, concurrency: int, seconds: float) -> dict[str, int]:
    cmd = [
        "wrk", "-t1", f"-c{concurrency}", f"-d{max(1, round(seconds))}s", "--timeout", "30s",
        "-s", str(lua), url,
    ]  # fmt: skip
    done = subprocess.run(cmd, capture_output=True, text=True, check=True)
    for line in done.stdout.splitlines():
        if line.startswith("BENCH "):
            parsed: dict[str, int] = json.loads(line[len("BENCH ") :])
            return parsed
    raise RuntimeError(f"wrk printed no result: {done.stdout}\n{done.stderr}")

"""The API process's resident memory: read around each workload, and sampled under a steady load.

RSS is `VmRSS` of /proc/<pid>/status of the uvicorn process (one worker: the server itself).
A steady load that leaks shows as RSS climbing after warm-up; one that does not, as a plateau
(the caches of parsed, validated and compiled documents fill once, then stay bounded).
"""

from __future__ import annotations

import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from bench import load
from bench.load import Result
from bench.workloads import Request


def rss_kib(pid: int) -> int:
    """The process's resident set, in KiB (0 once it has gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except FileNotFoundError:
        pass
    return 0


@dataclass
class Reading:
    """RSS of one server before and after one workload point."""

    workload: str
    server: str
    concurrency: int
    before_kib: int
    after_kib: int

    def row(self) -> dict[str, object]:
        return asdict(self)


@dataclass
class Soak:
    """A long run at one concurrency with RSS sampled every `every` seconds."""

    workload: str
    concurrency: int
    seconds: float
    requests: int
    samples: list[tuple[float, int]] = field(default_factory=list)  # (seconds in, KiB)

    def after_warmup(self) -> list[int]:
        """The samples of the second half: what steady load settles to."""
        half = self.seconds / 2
        return [kib for t, kib in self.samples if t >= half]

    def growth_kib(self) -> int:
        """RSS at the end less RSS at half-time: ~0 when flat after warm-up."""
        late = self.after_warmup()
        return late[-1] - late[0] if len(late) > 1 else 0

    def row(self) -> dict[str, object]:
        return asdict(self)


def measured(
    workload: str, pid: int, server: str, req: Request, c: int, seconds: float, warmup: float
) -> tuple[Result, Reading]:
    """`load.run`, with the API process's RSS read before the warm-up and after the run."""
    before = rss_kib(pid)
    r = load.run(server, req, c, seconds, warmup)
    return r, Reading(workload, server, c, before, rss_kib(pid))


def soak(workload: str, pid: int, req: Request, c: int, seconds: float, every: float = 2.0) -> Soak:
    """Run wrk for `seconds` (no warm-up: the climb is part of the picture) and sample RSS."""
    out: dict[str, Result] = {}
    t = threading.Thread(target=lambda: out.setdefault("r", load.run(workload, req, c, seconds, 0)))
    s = Soak(workload, c, seconds, 0)
    start = time.monotonic()
    t.start()
    while t.is_alive():
        s.samples.append((round(time.monotonic() - start, 1), rss_kib(pid)))
        t.join(every)
    s.samples.append((round(time.monotonic() - start, 1), rss_kib(pid)))
    s.requests = out["r"].requests if "r" in out else 0
    return s

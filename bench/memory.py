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
from bench.load import Result, Sent
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


FIRST_MINUTE = 60.0  # seconds: the soak's RSS is judged against what it was here


@dataclass
class Soak:
    """A long run at one concurrency with RSS sampled every `every` seconds."""

    workload: str
    concurrency: int
    seconds: float
    requests: int
    samples: list[tuple[float, int]] = field(default_factory=list)  # (seconds in, KiB)
    errors: int = 0  # wrk's failed requests: a refused request is not load

    def after_warmup(self) -> list[int]:
        """The samples of the second half: what steady load settles to."""
        half = self.seconds / 2
        return [kib for t, kib in self.samples if t >= half]

    def growth_kib(self) -> int:
        """RSS at the end less RSS at half-time: ~0 when flat after warm-up."""
        late = self.after_warmup()
        return late[-1] - late[0] if len(late) > 1 else 0

    def at(self, seconds: float) -> int | None:
        """RSS at the first sample `seconds` in or later (None if the soak was shorter)."""
        return next((kib for t, kib in self.samples if t >= seconds), None)

    def end_over(self, seconds: float = FIRST_MINUTE) -> float | None:
        """RSS at the end over RSS `seconds` in: issue #36 asks ≤ 1.10 after ten minutes,
        against the first minute (the caches fill in it; a leak climbs after it)."""
        then = self.at(seconds)
        if then is None or not then or self.samples[-1][0] <= seconds:
            return None
        return self.samples[-1][1] / then

    def row(self) -> dict[str, object]:
        return asdict(self)


def measured(
    workload: str, pid: int, server: str, req: Request, c: int, seconds: float, warmup: float
) -> tuple[Result, Reading]:
    """`load.run`, with the API process's RSS read before the warm-up and after the run."""
    before = rss_kib(pid)
    r = load.run(server, req, c, seconds, warmup)
    return r, Reading(workload, server, c, before, rss_kib(pid))


def soak(workload: str, pid: int, req: Sent, c: int, seconds: float, every: float = 2.0) -> Soak:
    """Run wrk for `seconds` (no warm-up: the climb is part of the picture) and sample RSS;
    several requests are sent in turn."""
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
    s.errors = out["r"].errors if "r" in out else 0
    return s

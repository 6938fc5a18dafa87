"""Servers measured side by side: each in ROUNDS rounds taken in turn with the others'.

A ratio of two measurements taken minutes apart on a shared host says as much about the host
as about the servers: W1's floor took twice as long in one hour as in the next (bench/README,
the run of 2026-12-06), and a ratio taken across that drift was over its goal by it. Taken in
turn (a, b, a, b, a, b), a drift falls on both; each side's result is its round of median
p50, so one round caught in a burst does not decide it.
"""

from __future__ import annotations

from dataclasses import dataclass

from bench import memory
from bench.load import Result
from bench.memory import Reading
from bench.workloads import Request

ROUNDS = 3
AGAIN = 1.0  # seconds of warm-up before a later round: wrk's connections are opened again


@dataclass(frozen=True)
class Asked:
    """One side: the label its results carry, its server's process, what it is asked."""

    label: str
    pid: int
    request: Request


def median(taken: list[Result]) -> Result:
    """The round of median p50 (the middle one of an odd number)."""
    return sorted(taken, key=lambda r: r.p50_ms)[len(taken) // 2]


def alternated(
    workload: str, sides: list[Asked], c: int, seconds: float, warmup: float
) -> tuple[list[Result], list[Reading]]:
    """Each side at `c` connections for `seconds` a round, in ROUNDS rounds taken in turn
    (the first round after `warmup`, the later after AGAIN); each side's round of median p50,
    in the order of `sides`, and the API processes' memory read around every round."""
    taken: dict[str, list[Result]] = {side.label: [] for side in sides}
    readings = []
    for n in range(ROUNDS):
        for side in sides:
            r, m = memory.measured(
                workload,
                side.pid,
                side.label,
                side.request,
                c,
                seconds,
                warmup if n == 0 else AGAIN,
            )
            taken[side.label].append(r)
            readings.append(m)
    return [median(taken[side.label]) for side in sides], readings

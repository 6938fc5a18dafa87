"""What a process left running: its descendants, read from /proc (Linux)."""

from __future__ import annotations

import time
from pathlib import Path


def _parents() -> dict[int, int]:
    found: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:  # gone while read
            continue
        # pid (comm) state ppid ...; comm may hold spaces and parentheses
        found[int(text.split(" ", 1)[0])] = int(text.rsplit(")", 1)[1].split()[1])
    return found


def descendants(pid: int) -> set[int]:
    parents = _parents()
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {p for p, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def alive(pids: set[int]) -> set[int]:
    """Those of `pids` still running (a zombie has ended)."""
    running = set()
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z":
            running.add(pid)
    return running


def wait_until_ended(pids: set[int], seconds: float = 30) -> set[int]:
    """Those of `pids` still running once all have ended or `seconds` have passed."""
    deadline = time.monotonic() + seconds
    while (left := alive(pids)) and time.monotonic() < deadline:
        time.sleep(0.1)
    return left

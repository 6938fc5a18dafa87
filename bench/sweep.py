"""W3: the sweep over all tenants at an `as_of`, timed and then rolled back.

The sweep (pashu/services/sweep.py) is run exactly as `pashu sweep --as-of` runs it — every
tenant with clocks, one transaction each, as the application's role under row-level
security — except that each transaction is rolled back, so the data stays as generated and
the next run measures the same work.
"""

from __future__ import annotations

import importlib.util
import time
from typing import Any

from bench.settings import AS_OF, Target


def gap() -> str | None:
    """Why W3 cannot be measured, or None when it can."""
    if importlib.util.find_spec("pashu.services.sweep") is None:
        return (
            "W3 not measured: the sweep (pashu/services/sweep.py, `pashu sweep`, "
            "`runDueActions`) does not exist in this tree yet."
        )
    return None


def measure(target: Target) -> dict[str, Any]:
    from pashu.db.engine import Database
    from pashu.services import sweep as clocks

    db = Database(target.app_url, pooled=False)
    done = failed = 0
    try:
        started = time.monotonic()
        with db.transaction() as s:
            found = [t.id for t in clocks.tenants(s)]
        for tid in found:
            with db.session(tid) as s:
                s.begin()
                actions, failures = clocks.run(s, clocks.clock(s, tid), AS_OF)
                s.flush()
                done += len(actions)
                failed += len(failures)
                s.rollback()
        seconds = time.monotonic() - started
    finally:
        db.engine.dispose()
    return {
        "seconds": seconds,
        "tenants": len(found),
        "actions": done,
        "refused": failed,
        "detail": f"{len(found)} tenants, {done:,} actions done, {failed:,} refused by the law "
        "(all rolled back)",
    }

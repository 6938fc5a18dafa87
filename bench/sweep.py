"""W3: the sweep over all tenants at an `as_of`, timed and then rolled back.

The sweep (pashu/services/clocks/_sweep.py) is run exactly as `pashu sweep --as-of` runs
it — every tenant with clocks, one transaction each, `clocks.AT_ONCE` tenants at a time, as
the application's role under row-level security — except that each transaction is rolled
back, so the data stays as generated and the next run measures the same work. It runs
twice: the first (cold) sweep is reported in the detail, the second is the one timed.
"""

from __future__ import annotations

import importlib.util
import time
import uuid
from typing import Any

from bench.settings import AS_OF, Target


def gap() -> str | None:
    """Why W3 cannot be measured, or None when it can."""
    if importlib.util.find_spec("pashu.services.clocks") is None:
        return (
            "W3 not measured: the sweep (pashu/services/clocks/_sweep.py, `pashu sweep`, "
            "`runDueActions`) does not exist in this tree yet."
        )
    return None


def once(db: Any) -> tuple[int, int, int]:
    """Every tenant's sweep at AS_OF, rolled back: (tenants, actions, refused)."""
    from pashu.services import clocks

    with db.transaction() as s:
        found = [t.id for t in clocks.tenants(s)]

    def swept(tid: uuid.UUID) -> tuple[int, int]:
        with db.session(tid) as s:
            s.begin()
            actions, failures = clocks.run(s, clocks.clock(s, tid), AS_OF)
            s.flush()
            s.rollback()
        return len(actions), len(failures)

    # Tenants at once as `pashu sweep` takes them (clocks.each_tenant); none is refused here.
    outcomes = clocks.each_tenant(db, found, swept)
    counts = [o for o in outcomes if not isinstance(o, Exception)]
    if len(counts) < len(outcomes):
        raise RuntimeError(f"the sweep refused a tenant: {outcomes}")
    return len(found), sum(d for d, _ in counts), sum(f for _, f in counts)


def measure(target: Target, warm: bool = True) -> dict[str, Any]:
    """The sweep, timed as a long-running worker runs it: after a first (cold) sweep in this
    process, as `pashu sweep` runs in a new one, has loaded the modules, the Acts and
    SQLAlchemy's compiled statements; the kept timelines dropped, so that every case's is
    worked out anew. `warm=False` (the largest data, where the first sweep's start is lost in
    its length) times the first sweep."""
    from pashu.db.engine import Database
    from pashu.services.impoundment import cases as impoundments

    db = Database(target.app_url)  # pooled, as `pashu sweep` and a worker have it
    cold = None
    try:
        if warm:
            started = time.monotonic()
            once(db)
            cold = time.monotonic() - started
            impoundments.forget_timelines()
        started = time.monotonic()
        tenants, done, failed = once(db)
        seconds = time.monotonic() - started
    finally:
        db.engine.dispose()
    detail = (
        f"{tenants} tenants, {done:,} actions done, {failed:,} refused by the law "
        "(all rolled back); "
    )
    detail += (
        f"the first sweep in a new process took {cold:.2f} s ({done / cold:,.0f}/s)"
        if cold is not None
        else "timed on the first sweep in a new process"
    )
    return {
        "seconds": seconds,
        "cold_seconds": cold,
        "tenants": tenants,
        "actions": done,
        "refused": failed,
        "detail": detail,
    }

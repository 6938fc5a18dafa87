"""Each tenant's cases on its own Act's timeline (the generator's notices and next duties).

The plugin says which notices its Act requires and from when (`impoundment_timeline`); a
clerk is taken to have issued, six hours after each came due, the notices that fell due on a
case's first day (every notice before the sale, for a case sold), and the sweep to owe the
rest. Open cases (a few hundred per tenant) are worked out one by one with the plugin and
`services.impoundment.cases.schedule`, exactly as the application sets a case's next duty; closed
cases, the bulk of a long history, take the offsets of one reference case of the same Act,
set-based (their notices are history the sweep never reads).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from types import SimpleNamespace
from typing import Any

import psycopg

from bench.settings import AS_OF
from pashu.jurisdictions import registry
from pashu.jurisdictions.base import Jurisdiction
from pashu.jurisdictions.vocabulary import Capability
from pashu.services.impoundment import cases
from pashu.services.impoundment.seizures import NOTICE_ACTIONS

CLERK_DELAY = timedelta(hours=6)
FIRST_DAY = timedelta(days=1)
SALE_AFTER = timedelta(days=16)  # generate._SALE_AT
OPEN = ("IMPOUNDED", "PARTLY_RELEASED")


def simulate(
    plugin: Jurisdiction, seized_at: datetime, impounded_at: datetime, cutoff: datetime | None
) -> tuple[list[tuple[str, datetime]], Any]:
    """The notices a clerk issued by `cutoff` (None: none at all), and the case's next duty
    after them (a namespace with next_action, next_action_at, next_deadline)."""
    case = SimpleNamespace(
        seized_at=seized_at,
        impounded_at=impounded_at,
        refused_at=None,
        refusal_sold_at=None,
        next_action=None,
        next_action_at=None,
        next_deadline=None,
    )
    in_pound = [SimpleNamespace(status="IN_POUND")]
    issued: list[Any] = []
    while True:
        cases.schedule(plugin, case, issued, in_pound)
        if cutoff is None or case.next_action is None or case.next_action_at is None:
            break
        if case.next_action not in {a.value for a in NOTICE_ACTIONS}:
            break
        last = max((n.issued_at for n in issued), default=case.next_action_at)
        at = max(case.next_action_at, last) + CLERK_DELAY
        if at > cutoff:
            break
        issued.append(SimpleNamespace(kind=case.next_action, issued_at=at))
    return [(n.kind, n.issued_at) for n in issued], case


def reference(code: str) -> dict[str, list[Any]]:
    """The closed cases' notices as (kind, offset from impoundment, 1 = first day, 2 = by
    the sale), from one reference case of the Act."""
    plugin = registry.get(code)
    if not plugin.has(Capability.IMPOUNDMENT):
        return {"notice_kinds": [], "notice_afters": [], "notice_steps": []}
    impounded = AS_OF - timedelta(days=40)
    first, _ = simulate(plugin, impounded, impounded, impounded + FIRST_DAY)
    all_, _ = simulate(plugin, impounded, impounded, impounded + SALE_AFTER)
    kinds, afters, steps = [], [], []
    for kind, at in all_:
        kinds.append(kind)
        afters.append(at - impounded)
        steps.append(1 if (kind, at) in first else 2)
    return {"notice_kinds": kinds, "notice_afters": afters, "notice_steps": steps}


_OPEN_CASES = """
SELECT id, seized_at, impounded_at FROM impoundments
WHERE tenant_id = %(tenant)s AND status IN ('IMPOUNDED', 'PARTLY_RELEASED')
"""
_NOTICE = """
INSERT INTO notices (tenant_id, id, created_at, impoundment_id, kind, issued_at, text,
    recorded_by)
VALUES (%s, md5(%s::text || ':' || %s)::uuid, %s, %s, %s, %s,
    'Notice of ' || lower(replace(%s, '_', ' ')), 'Bench clerk (clerk)')
"""
_NEXT = """
UPDATE impoundments SET next_action = %s, next_action_at = %s, next_deadline = %s
WHERE tenant_id = %s AND id = %s
"""


def open_cases(conn: psycopg.Connection, params: dict[str, Any], code: str) -> None:
    """Issue the open cases' first-day notices and set their next duty, by the Act."""
    plugin = registry.get(code)
    tenant = params["tenant"]
    notices, nexts = [], []
    for case_id, seized_at, impounded_at in conn.execute(_OPEN_CASES, params).fetchall():
        old_enough = AS_OF - seized_at >= FIRST_DAY
        cutoff = impounded_at + FIRST_DAY if old_enough else None
        issued, case = simulate(plugin, seized_at, impounded_at, cutoff)
        for kind, at in issued:
            notices.append((tenant, case_id, kind, at, case_id, kind, at, kind))
        nexts.append((case.next_action, case.next_action_at, case.next_deadline, tenant, case_id))
    with conn.cursor() as cur:
        if notices:
            cur.executemany(_NOTICE, notices)
        cur.executemany(_NEXT, nexts)

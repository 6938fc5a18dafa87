"""The register of compensation orders, a page at a time, and their payments or recoveries
for a page in one read (the offences page records them paid or recovered as a fine)."""

from __future__ import annotations

import uuid

from sqlalchemy import select
from sqlalchemy.orm import Session

from pashu.core.citations import Citation
from pashu.db import keyset
from pashu.db.keyset import Page
from pashu.db.offences import CompensationOrder, CompensationRecovery
from pashu.jurisdictions import registry
from pashu.jurisdictions.penalties import CompensationKind
from pashu.services.offences.offences import law
from pashu.services.tenancy.tenants import Principal


def orders(
    session: Session, who: Principal, unrecovered: bool = False, page: Page | None = None
) -> list[tuple[CompensationOrder, list[Citation]]]:
    """The tenant's compensation orders, latest first, then id (ix_compensation_orders_page),
    each with the provisions it rests on (asked of the Act once per kind); `unrecovered`: only
    those not yet paid or recovered."""
    query = select(CompensationOrder)
    if unrecovered:
        done = select(CompensationRecovery.order_id)
        query = query.where(CompensationOrder.id.not_in(done))
    order = [(CompensationOrder.at, True), (CompensationOrder.id, True)]
    rows: list[CompensationOrder] = keyset.rows(session, query, page, order)
    if not rows:
        return []
    rules = law(registry.get(who.jurisdiction))
    cites: dict[str, list[Citation]] = {}
    for r in rows:
        if r.kind not in cites:
            cites[r.kind] = rules.compensation(CompensationKind(r.kind)).cites
    return [(r, cites[r.kind]) for r in rows]


def recoveries(session: Session, ids: list[uuid.UUID]) -> list[CompensationRecovery | None]:
    """The payment or recovery of each order of `ids` (None: not yet), in one statement."""
    found = {
        r.order_id: r
        for r in session.scalars(
            select(CompensationRecovery).where(CompensationRecovery.order_id.in_(ids))
        )
    }
    return [found.get(i) for i in ids]

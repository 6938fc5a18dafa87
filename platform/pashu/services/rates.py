"""Rate notifications: publishing the amounts an Act leaves to notification, and reading them.

The law (which rates, which bounds) is in jurisdictions/notifications.py; this module loads
the tenant's notifications, asks the law, and keeps the record with its audit event.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.orm import Session

from pashu.core.decision import Decision
from pashu.db.rates import RateNotification
from pashu.jurisdictions import registry
from pashu.jurisdictions.base import Jurisdiction, RateKind
from pashu.jurisdictions.notifications import Notification, check
from pashu.jurisdictions.species import canonical
from pashu.services import audit
from pashu.services.tenants import Principal


def as_notification(row: RateNotification) -> Notification:
    return Notification(
        kind=RateKind(row.kind),
        species=row.species,
        amount=row.amount,
        effective_from=row.effective_from,
        reference=row.reference,
    )


def notifications(session: Session, kind: RateKind | None = None) -> list[RateNotification]:
    """The tenant's notifications in the order they were published."""
    query = select(RateNotification).order_by(RateNotification.created_at, RateNotification.id)
    if kind is not None:
        query = query.where(RateNotification.kind == kind.value)
    return list(session.scalars(query))


def publish(
    session: Session,
    principal: Principal,
    kind: RateKind,
    species: str | None,
    amount: Decimal,
    effective_from: date,
    reference: str,
) -> tuple[RateNotification, Decision[Decimal]]:
    """Check a notification against the tenant's Act and its notifications so far, keep it.

    Returns the record and the decision that admitted it (its citation and bound).
    """
    principal.require("finance")
    plugin = registry.get(principal.jurisdiction)
    species = canonical(species) if species is not None and species.strip() else None
    new = Notification(kind, species, amount, effective_from, reference.strip())
    decision = check(plugin, new, [as_notification(r) for r in notifications(session)])
    row = RateNotification(
        kind=kind.value,
        species=species,
        amount=decision.value,
        effective_from=effective_from,
        reference=new.reference,
        published_by=principal.actor,
    )
    session.add(row)
    session.flush()
    audit.record(
        session,
        principal.actor,
        "rate.publish",
        f"RateNotification:{row.id}",
        after={
            "kind": kind.value,
            "species": species,
            "amount": str(decision.value),
            "effective_from": effective_from.isoformat(),
            "reference": new.reference,
            "why": decision.why,
        },
    )
    return row, decision


def rates_in_force(
    session: Session, plugin: Jurisdiction, on: date, kind: RateKind | None = None
) -> list[RateNotification]:
    """The notifications in force on `on`: for each kind the Act leaves to notification and
    each species (or all species) notified, the latest one effective by then."""
    latest: dict[tuple[str, str | None], RateNotification] = {}
    notifiable = {k.value for k in plugin.rate_rules()}
    for row in notifications(session, kind):  # publication order: a later one of a day wins
        if row.kind not in notifiable or row.effective_from > on:
            continue
        key = (row.kind, row.species)
        if key not in latest or row.effective_from >= latest[key].effective_from:
            latest[key] = row
    return sorted(latest.values(), key=lambda r: (r.kind, r.species or "", r.effective_from))

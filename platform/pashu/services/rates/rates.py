"""Rate notifications: publishing the amounts an Act leaves to notification, and reading them.

The law (which rates, which bounds) is in jurisdictions/notifications.py; this module loads
the tenant's notifications, asks the law, and keeps the record with its audit event.
"""

from __future__ import annotations

import uuid
from dataclasses import replace
from datetime import UTC, date, datetime
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.orm import Session

from pashu.core.decision import Decision
from pashu.core.errors import NotFound, ValidationError
from pashu.core.legaltime import legal_date
from pashu.db import audit, keyset, side_by_side
from pashu.db.keyset import Page
from pashu.db.pounds import LocalAuthority, Pound
from pashu.db.rates import RateNotification
from pashu.db.scoping import TENANT
from pashu.db.side_by_side import Rows
from pashu.jurisdictions import registry
from pashu.jurisdictions.base import Jurisdiction
from pashu.jurisdictions.notifications import Area, Notification, check
from pashu.jurisdictions.species import canonical
from pashu.jurisdictions.vocabulary import RateKind
from pashu.services.tenancy.tenants import Principal

Places = list[tuple[LocalAuthority, Pound | None]]

# The order the notifications were published in (ix_rate_notifications_page): every read of
# them comes in it.
PUBLISHED_ORDER = (RateNotification.created_at, RateNotification.id)

# The tenant's registers the rates and a case's money name, as rows whose parent is the
# tenant (db/side_by_side.py): read side by side with each other here, and on a case page
# with the case's own rows (schema/impoundment/loaders.py), in one statement.
AUTHORITIES = Rows(LocalAuthority, LocalAuthority.tenant_id, (LocalAuthority.id,))
POUNDS = Rows(Pound, Pound.tenant_id, (Pound.id,))
NOTIFICATIONS = Rows(RateNotification, RateNotification.tenant_id, PUBLISHED_ORDER)


def places(session: Session) -> Places:
    """Every local authority of the tenant with each of its pounds (None: it has none), in
    one statement: the areas a notification may name, and the pounds' and bodies' names."""
    tenant: uuid.UUID | None = session.info.get(TENANT)
    if tenant is None:  # the places are a tenant's: a session of none has none
        return []
    found = side_by_side.read(
        session, {"authorities": (AUTHORITIES, [tenant]), "pounds": (POUNDS, [tenant])}
    )
    return places_of(found["authorities"].get(tenant, []), found["pounds"].get(tenant, []))


def places_of(authorities: list[LocalAuthority], pounds: list[Pound]) -> Places:
    """Each authority with each of its pounds, or with None when it has none (as an outer
    join of the two pairs them), in the authorities' order."""
    theirs: dict[uuid.UUID, list[Pound | None]] = {}
    for pound in pounds:
        theirs.setdefault(pound.local_authority_id, []).append(pound)
    return [(a, pound) for a in authorities for pound in theirs.get(a.id, [None])]


def areas(session: Session) -> dict[uuid.UUID, Area]:
    """Every local authority and pound of the tenant as the area a notification may name."""
    return areas_of(places(session))


def areas_of(rows: Places) -> dict[uuid.UUID, Area]:
    """`areas` from the `places` read already."""
    found: dict[uuid.UUID, Area] = {}
    members: dict[uuid.UUID, set[str]] = {}
    names: dict[uuid.UUID, str] = {}
    for authority, pound in rows:
        names[authority.id] = authority.name
        members.setdefault(authority.id, set())
        if pound is not None:
            found[pound.id] = Area(2, f"the pound {pound.name}", frozenset({str(pound.id)}))
            members[authority.id].add(str(pound.id))
    for key, name in names.items():
        found[key] = Area(1, f"the pounds of {name}", frozenset(members[key]))
    return found


def as_notification(
    row: RateNotification, places: dict[uuid.UUID, Area] | None = None
) -> Notification:
    """`places` (from `areas`) is needed for a notification limited to a local area."""
    key = row.pound_id or row.local_authority_id
    return Notification(
        kind=RateKind(row.kind),
        species=row.species,
        amount=row.amount,
        effective_from=row.effective_from,
        reference=row.reference,
        area=None if key is None or places is None else places[key],
        aerodrome=row.aerodrome,
        published_on=row.published_on,
    )


def load(session: Session, kind: RateKind | None = None) -> list[Notification]:
    """The tenant's notifications, each with the local area it is limited to (the areas are
    read only when one is)."""
    rows = notifications(session, kind)
    return as_notifications(rows, areas(session) if scoped(rows) else None)


def scoped(rows: list[RateNotification]) -> bool:
    """Whether any of `rows` is limited to a local area (its areas are needed then)."""
    return any(r.local_authority_id or r.pound_id for r in rows)


def as_notifications(
    rows: list[RateNotification], places: dict[uuid.UUID, Area] | None
) -> list[Notification]:
    """`rows` as the law reads them; `places` (from `areas`) when `scoped(rows)`."""
    return [as_notification(r, places) for r in rows]


_PUBLISHED: keyset.Order = [(c, False) for c in PUBLISHED_ORDER]
# Built once: every seizure's dues read all of them.
_ALL_NOTIFICATIONS = select(RateNotification).order_by(*PUBLISHED_ORDER)


def notifications(
    session: Session, kind: RateKind | None = None, page: Page | None = None
) -> list[RateNotification]:
    """The tenant's notifications in the order they were published
    (ix_rate_notifications_page)."""
    if kind is None and page is None:
        return list(session.scalars(_ALL_NOTIFICATIONS))
    query = select(RateNotification)
    if kind is not None:
        query = query.where(RateNotification.kind == kind.value)
    return keyset.rows(session, query, page, _PUBLISHED)


def publish(
    session: Session,
    principal: Principal,
    kind: RateKind,
    species: str | None,
    amount: Decimal,
    effective_from: date,
    reference: str,
    local_authority_id: uuid.UUID | None = None,
    pound_id: uuid.UUID | None = None,
    published_on: date | None = None,
    aerodrome: str | None = None,
) -> tuple[RateNotification, Decision[Decimal]]:
    """Check a notification against the tenant's Act and its notifications so far, keep it.
    It may be limited to a local authority's pounds or to one pound, where the Act lets the
    rate differ by local area; a rate fixed for aerodromes names its aerodrome.
    `published_on` is the day the Gazette published it (None: the day it takes effect); it
    may not take effect before then, nor be published after today.

    Returns the record and the decision that admitted it (its citation and bound).
    """
    principal.require("finance")
    plugin = registry.get(principal.jurisdiction)
    species = canonical(species) if species is not None and species.strip() else None
    if local_authority_id is not None and pound_id is not None:
        raise ValidationError("name a local authority or a pound, not both", field="poundId")
    places = areas(session)
    key = pound_id or local_authority_id
    if key is not None and key not in places:
        raise NotFound("no such pound or local authority")
    area = places[key] if key is not None else None
    published = published_on or effective_from
    if published_on is not None and published_on > legal_date(datetime.now(UTC)):
        raise ValidationError(
            f"a notification published on {published_on.isoformat()} has not been published "
            "yet; record it once the Gazette publishes it",
            field="publishedOn",
        )
    named = " ".join(aerodrome.split()) if aerodrome is not None else None
    new = Notification(
        kind, species, amount, effective_from, reference.strip(), area, named or None, published
    )
    if aerodrome is not None and not named:
        new = replace(new, aerodrome="")  # named but blank: refused by the check
    decision = check(plugin, new, [as_notification(r, places) for r in notifications(session)])
    row = RateNotification(
        kind=kind.value,
        species=species,
        amount=decision.value,
        effective_from=effective_from,
        reference=new.reference,
        published_by=principal.actor,
        local_authority_id=local_authority_id,
        pound_id=pound_id,
        published_on=published,
        aerodrome=new.aerodrome,
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
            "published_on": published.isoformat(),
            "reference": new.reference,
            "area": new.whose,
            "why": decision.why,
        },
    )
    return row, decision


def rates_in_force(
    session: Session, plugin: Jurisdiction, on: date, kind: RateKind | None = None
) -> list[RateNotification]:
    """The notifications in force on `on`: for each kind the Act leaves to notification, each
    species (or all species), each local area (or all) and each aerodrome notified, the
    latest one effective by then."""
    latest: dict[
        tuple[str, str | None, uuid.UUID | None, uuid.UUID | None, str | None], RateNotification
    ]
    latest = {}
    notifiable = {k.value for k in plugin.rate_rules()}
    for row in notifications(session, kind):  # publication order: a later one of a day wins
        if row.kind not in notifiable or row.effective_from > on:
            continue
        key = (row.kind, row.species, row.local_authority_id, row.pound_id, row.aerodrome)
        if key not in latest or row.effective_from >= latest[key].effective_from:
            latest[key] = row
    return sorted(latest.values(), key=lambda r: (r.kind, r.species or "", r.effective_from))

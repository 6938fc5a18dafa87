"""The areas pounds serve and where pounds stand, and the check that a seizure was sent to
the pound the Act names: the pound for the area where the land lies, or the nearest pound.

An area's pound is the latest determination of that area on or before the day asked
about (one set-based query). "Nearest" is measured as the great-circle distance between
the place of seizure and each pound's recorded site; without those, the check says it
cannot tell rather than guess.
"""

from __future__ import annotations

import math
import uuid
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from sqlalchemy import Select, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from pashu.core.citations import Citation
from pashu.core.errors import Conflict, NotFound, ValidationError
from pashu.core.legaltime import legal_date
from pashu.db import audit, keyset
from pashu.db.keeping import PoundArea, PoundSite
from pashu.db.keyset import Page
from pashu.db.pounds import Pound
from pashu.jurisdictions.keeping import (
    PoundChoice,
)
from pashu.jurisdictions.vocabulary import PlaceKind
from pashu.services.impoundment import cases
from pashu.services.keeping.keeping import clean, key, law
from pashu.services.tenancy.tenants import Principal

EARTH_RADIUS_KM = 6371.0088  # mean radius (IUGG)
MICRODEGREE = Decimal("0.000001")  # what a site keeps (db.types.MicroDegrees)


def _pound(session: Session, pound_id: uuid.UUID) -> Pound:
    pound = session.scalar(select(Pound).where(Pound.id == pound_id))
    if pound is None:
        raise NotFound("no such pound", field="poundId")
    return pound


def determine_area(
    session: Session,
    who: Principal,
    *,
    pound_id: uuid.UUID,
    area: str,
    determined_on: date,
    reference: str,
) -> tuple[PoundArea, Pound]:
    """The area a pound serves, as the authority the Act names determined it."""
    who.require("clerk")
    rule = law(who).pound_area()
    pound = _pound(session, pound_id)
    name = clean(area, "area")
    row = PoundArea(
        pound_id=pound.id,
        area=name,
        area_key=key(name),
        determined_on=determined_on,
        determined_by=rule.value,
        reference=clean(reference, "reference"),
        recorded_by=who.actor,
    )
    try:
        with session.begin_nested():
            session.add(row)
            session.flush()
    except IntegrityError:
        raise Conflict(
            f"the pound for {name!r} was determined on {determined_on.isoformat()} already",
            field="area",
        ) from None
    audit.record(
        session,
        who.actor,
        "pound.determine_area",
        f"Pound:{pound.id}",
        after={"area": name, "on": determined_on.isoformat(), "reference": row.reference},
    )
    return row, pound


def record_site(
    session: Session, who: Principal, *, pound_id: uuid.UUID, latitude: Decimal, longitude: Decimal
) -> PoundSite:
    who.require("clerk")
    law(who).pound_area()
    pound = _pound(session, pound_id)
    _coordinates(latitude, longitude)
    site = PoundSite(
        pound_id=pound.id, latitude=latitude, longitude=longitude, recorded_by=who.actor
    )
    session.add(site)
    session.flush()
    audit.record(
        session,
        who.actor,
        "pound.record_site",
        f"Pound:{pound.id}",
        after={"latitude": str(latitude), "longitude": str(longitude)},
    )
    return site


def _coordinates(latitude: Decimal, longitude: Decimal) -> None:
    if not (-90 <= latitude <= 90 and -180 <= longitude <= 180):
        raise ValidationError("latitude is -90 to 90 and longitude -180 to 180 degrees")
    for value in (latitude, longitude):
        if value != value.quantize(MICRODEGREE):
            raise ValidationError("degrees are given to at most six decimal places (about 0.1 m)")


def _current(on: date) -> Select[PoundArea, Pound]:
    """Each area's latest determination on or before `on`, with its pound."""
    latest = (
        select(PoundArea.area_key, func.max(PoundArea.determined_on).label("on"))
        .where(PoundArea.determined_on <= on)
        .group_by(PoundArea.area_key)
        .subquery()
    )
    return (
        select(PoundArea, Pound)
        .join(
            latest,
            (latest.c.area_key == PoundArea.area_key) & (latest.c.on == PoundArea.determined_on),
        )
        .join(Pound, (Pound.tenant_id == PoundArea.tenant_id) & (Pound.id == PoundArea.pound_id))
    )


def areas(
    session: Session,
    who: Principal,
    on: date,
    pound_id: uuid.UUID | None = None,
    page: Page | None = None,
) -> list[tuple[PoundArea, Pound]]:
    """The areas as determined on `on`, by area (ix_pound_areas_page)."""
    law(who).pound_area()
    q = _current(on)
    if pound_id is not None:
        q = q.where(PoundArea.pound_id == pound_id)
    order = [(PoundArea.area_key, False), (PoundArea.id, False)]
    return [(a, p) for a, p in keyset.rows(session, q, page, order, scalars=False)]


def pound_for(session: Session, area: str, on: date) -> tuple[PoundArea, Pound] | None:
    row = session.execute(_current(on).where(PoundArea.area_key == key(area))).first()
    return None if row is None else (row[0], row[1])


def sites(session: Session) -> dict[uuid.UUID, PoundSite]:
    """Each pound's latest site."""
    latest = (
        select(PoundSite.pound_id, func.max(PoundSite.created_at).label("at"))
        .group_by(PoundSite.pound_id)
        .subquery()
    )
    q = select(PoundSite).join(
        latest, (latest.c.pound_id == PoundSite.pound_id) & (latest.c.at == PoundSite.created_at)
    )
    return {s.pound_id: s for s in session.scalars(q)}


def distance_km(lat1: Decimal, lon1: Decimal, lat2: Decimal, lon2: Decimal) -> float:
    """Great-circle distance (haversine)."""
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_RADIUS_KM * math.asin(min(1.0, math.sqrt(h)))


@dataclass(frozen=True)
class PoundCheck:
    ok: bool | None  # None: it cannot be told from what is recorded
    explanation: str
    cites: list[Citation]
    choice: PoundChoice
    expected: Pound | None  # the pound the Act names, where it can be told


def check(
    session: Session,
    who: Principal,
    *,
    impoundment_id: uuid.UUID,
    area: str | None = None,
    latitude: Decimal | None = None,
    longitude: Decimal | None = None,
) -> PoundCheck:
    """Was this seizure sent to the pound the Act names for where it was made?"""
    rules = law(who)
    case = cases.get(session, impoundment_id)
    rule = rules.destination(PlaceKind(case.place_kind))
    sent_to = _pound(session, case.pound_id)
    on = legal_date(case.seized_at)
    if rule.value is PoundChoice.AREA_POUND:
        if not area:
            return PoundCheck(
                None,
                "say the area where the land lies to check the pound",
                rule.cites,
                rule.value,
                None,
            )
        found = pound_for(session, area, on)
        if found is None:
            return PoundCheck(
                None,
                f"no pound's area includes {area!r} on {on.isoformat()}: "
                f"{rules.pound_area().value} has not determined one",
                [*rule.cites, *rules.pound_area().cites],
                rule.value,
                None,
            )
        row, expected = found
        ok = expected.id == sent_to.id
        said = f"{rule.why}: {row.area} is served by {expected.name} ({row.reference})"
        return PoundCheck(
            ok,
            said if ok else f"sent to {sent_to.name}, not the area's pound; {said}",
            rule.cites,
            rule.value,
            expected,
        )
    if latitude is None or longitude is None:
        return PoundCheck(
            None,
            "give the place of seizure's latitude and longitude to find the nearest pound",
            rule.cites,
            rule.value,
            None,
        )
    _coordinates(latitude, longitude)
    known = sites(session)
    if sent_to.id not in known:
        return PoundCheck(
            None,
            f"{sent_to.name} has no recorded site, so its distance cannot be told",
            rule.cites,
            rule.value,
            None,
        )
    far = {
        pid: distance_km(latitude, longitude, s.latitude, s.longitude) for pid, s in known.items()
    }
    nearest_id = min(far, key=lambda pid: (far[pid], str(pid)))
    expected = _pound(session, nearest_id)
    # A tie with the nearest is as near: either pound satisfies the Act.
    ok = far[sent_to.id] <= far[nearest_id] + 1e-9
    said = f"{rule.why}: the nearest recorded pound is {expected.name} ({far[nearest_id]:.1f} km)"
    return PoundCheck(
        ok,
        said
        if ok
        else f"sent to {sent_to.name} ({far[sent_to.id]:.1f} km), not the nearest; {said}",
        rule.cites,
        rule.value,
        expected,
    )

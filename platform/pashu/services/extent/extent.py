"""Where the tenant's Act is in force, and the kinds of animal notified into it.

The law (what the Act leaves out, which notifications it allows) is the plugin's
(`extent()`, `kinds()`); this module keeps the tenant's dated, referenced entries, reads them
for a day, and refuses an operation in an area where the Act is not in force.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date
from functools import lru_cache
from typing import Any

from sqlalchemy import ScalarSelect, Select, bindparam, literal, select
from sqlalchemy.orm import Session

from pashu.core.decision import Decision
from pashu.core.errors import NotInJurisdiction, ValidationError
from pashu.db import audit, keyset
from pashu.db.extent import ExtentNotification, KindNotification
from pashu.db.keyset import Page
from pashu.jurisdictions import registry
from pashu.jurisdictions.base import Jurisdiction, Same
from pashu.jurisdictions.extent import (
    AreaEntry,
    AreaGround,
    KindEntry,
    KindRule,
    in_force,
    notified,
    rule_for,
    statutory_exclusion,
)
from pashu.jurisdictions.species import canonical
from pashu.jurisdictions.vocabulary import Classification
from pashu.services.keeping.keeping import clean, key
from pashu.services.tenancy.tenants import Principal


def areas(
    session: Session, area: str | None = None, page: Page | None = None
) -> list[ExtentNotification]:
    """Entries by area, then date (ix_extent_notifications_page)."""
    q = select(ExtentNotification)
    if area is not None:
        q = q.where(ExtentNotification.area_key == key(area))
    order = [
        (ExtentNotification.area_key, False),
        (ExtentNotification.effective_from, False),
        (ExtentNotification.id, False),
    ]
    return keyset.rows(session, q, page, order)


def record_area(
    session: Session,
    who: Principal,
    *,
    area: str,
    ground: AreaGround,
    effective_from: date,
    reference: str,
) -> ExtentNotification:
    """Enter that, from `effective_from`, the Act is (or is not) in force in `area`."""
    who.require("clerk")
    plugin = registry.get(who.jurisdiction)
    extent = plugin.extent()
    rule = rule_for(extent.value, ground)
    if rule is None:
        grounds = [r.ground.value for r in extent.value.rules]
        raise NotInJurisdiction(
            f"{plugin.act.title} provides no {ground.value.lower().replace('_', ' ')} of an "
            f"area; its grounds are: {', '.join(grounds) or 'none'}",
            citation=extent.cites[0] if extent.cites else None,
            field="ground",
            grounds=grounds,
        )
    ref = " ".join(reference.split())
    if not ref and not rule.by_notification:
        ref = f"{plugin.act.short_title}, {rule.cites[0].cited}"
    if not ref or len(ref) > 200:
        raise ValidationError(
            "a notification is entered with its gazette reference (1 to 200 characters)",
            citation=rule.cites[0],
            field="reference",
        )
    name = clean(area, "area")
    if rule.by_notification:
        # A notification cannot reach an area the Act's own words leave out (Animal (Control
        # & Taxation) Act 2014 s.1(2): the proviso varies or cancels the Government's own
        # exemptions).
        own = statutory_exclusion(extent.value, area_entries(session, key(name)))
        if own is not None:
            entry, excluded = own
            raise ValidationError(
                f"the Act itself does not extend to {name} ({excluded.summary}); a "
                f"{ground.value.lower().replace('_', ' ')} by notification cannot bring it in",
                citation=excluded.cites[0],
                field="ground",
                entry=entry.reference,
            )
    row = ExtentNotification(
        area=name,
        area_key=key(name),
        in_force=rule.in_force,
        ground=ground.value,
        effective_from=effective_from,
        reference=ref,
        recorded_by=who.actor,
    )
    session.add(row)
    session.flush()
    audit.record(
        session,
        who.actor,
        "extent.record",
        f"ExtentNotification:{row.id}",
        after={
            "area": name,
            "ground": ground.value,
            "inForce": rule.in_force,
            "from": effective_from.isoformat(),
            "reference": ref,
            "cites": [c.label for c in rule.cites],
        },
    )
    return row


# Columns, not entities, and built once: this runs on every seizure.
AREA_ENTRIES = (
    select(
        ExtentNotification.area,
        ExtentNotification.ground,
        ExtentNotification.effective_from,
        ExtentNotification.reference,
    )
    .where(ExtentNotification.area_key == bindparam("area_key"))
    .order_by(ExtentNotification.effective_from, ExtentNotification.id)
)


def area_entry(row: Sequence[Any]) -> AreaEntry:
    """An AREA_ENTRIES row as the law reads it."""
    a, g, since, ref = row
    return AreaEntry(a, AreaGround(g), since, ref)


def area_entries(session: Session, area_key: str) -> list[AreaEntry]:
    """The entries recorded for the area whose key (`keeping.key`) is `area_key`."""
    return [area_entry(r) for r in session.execute(AREA_ENTRIES, {"area_key": area_key})]


def force(session: Session, plugin: Jurisdiction, area: str, on: date) -> Decision[bool | None]:
    """Is the Act in force in `area` on `on`, by the Act and the entries recorded?"""
    return in_force(plugin.extent(), " ".join(area.split()), area_entries(session, key(area)), on)


def require_in_force(
    session: Session, plugin: Jurisdiction, area: str, on: date, field: str
) -> None:
    """Refuse, citing the section, an operation in an area where the Act is not in force."""
    require_in_force_by(plugin, area, area_entries(session, key(area)), on, field)


def require_in_force_by(
    plugin: Jurisdiction, area: str, entries: Sequence[AreaEntry], on: date, field: str
) -> None:
    """`require_in_force` with the area's entries read already."""
    decision = in_force(plugin.extent(), " ".join(area.split()), list(entries), on)
    if decision.value is False:
        raise NotInJurisdiction(
            f"{plugin.act.title} is not in force there: {decision.why}",
            citation=decision.cites[0] if decision.cites else None,
            field=field,
            area=" ".join(area.split()),
        )


def kinds(session: Session, page: Page | None = None) -> list[KindNotification]:
    """Notifications by species, then date (ix_kind_notifications_page)."""
    order = [
        (KindNotification.species, False),
        (KindNotification.effective_from, False),
        (KindNotification.id, False),
    ]
    return keyset.rows(session, select(KindNotification), page, order)


def record_kind(
    session: Session,
    who: Principal,
    *,
    species: str,
    included: bool,
    effective_from: date,
    reference: str,
) -> KindNotification:
    """Enter a notification adding a kind of animal to the Act (or, where the Act allows,
    taking one out) from its date."""
    who.require("clerk")
    plugin = registry.get(who.jurisdiction)
    rule = plugin.kinds()
    name = canonical(species)
    if not included and not rule.value.removable:
        raise ValidationError(
            "the Act lets kinds of animal be added by notification, not taken out",
            citation=rule.cites[0],
            field="included",
        )
    if not included and rule.value.rescission is not None:
        added = [
            e
            for e in kind_entries(session, [name])
            if e.included and e.effective_from <= effective_from
        ]
        if not added:
            raise ValidationError(
                f"no notification added {name} by {effective_from.isoformat()}: only a kind "
                f"a notification specified can be taken out by rescinding it ({rule.why})",
                citation=rule.value.rescission,
                field="included",
            )
    ref = clean(reference, "reference")
    row = KindNotification(
        species=name,
        included=included,
        effective_from=effective_from,
        reference=ref,
        recorded_by=who.actor,
    )
    session.add(row)
    session.flush()
    audit.record(
        session,
        who.actor,
        "kind.record",
        f"KindNotification:{row.id}",
        after={
            "species": name,
            "included": included,
            "from": effective_from.isoformat(),
            "reference": ref,
        },
    )
    return row


def kind_entries(session: Session, species: Iterable[str]) -> list[KindEntry]:
    """The tenant's notifications of these kinds (canonical names), in one statement."""
    rows = session.execute(
        select(
            KindNotification.species,
            KindNotification.included,
            KindNotification.effective_from,
            KindNotification.reference,
        ).where(KindNotification.species.in_(sorted(set(species))))
    )
    return [KindEntry(*row) for row in rows]


def with_kind_entries(first: ScalarSelect[Any]) -> Select[Any]:
    """A statement reading `first` and the tenant's notifications of the kinds bound as
    `kinds`, for `kind_entries_and`: a row per notification, `first` on each, or one row of
    it alone when there is none (the notifications outer-joined to one row, the tenant's
    criteria in the join's ON). Built once by its caller: it is the same every time."""
    one = select(literal(1).label("one")).subquery("one")
    return (
        select(
            first,
            KindNotification.species,
            KindNotification.included,
            KindNotification.effective_from,
            KindNotification.reference,
        )
        .select_from(one)
        .outerjoin(
            KindNotification, KindNotification.species.in_(bindparam("kinds", expanding=True))
        )
    )


def kind_entries_and(
    session: Session, statement: Select[Any], species: Iterable[str], values: dict[str, Any]
) -> tuple[Any, list[KindEntry]]:
    """`first`'s value and the notifications of these kinds (canonical names), in one
    statement made by `with_kind_entries(first)`; `values` are `first`'s parameters."""
    kinds = sorted(set(species))
    return kind_rows(session.execute(statement, {**values, "kinds": kinds}).all())


def kind_rows(rows: Sequence[Sequence[Any]]) -> tuple[Any, list[KindEntry]]:
    """`first`'s value and the notifications, from the rows of `with_kind_entries`."""
    value = rows[0][0] if rows else None
    return value, [KindEntry(*row[1:]) for row in rows if row[1] is not None]


def classify(
    session: Session,
    plugin: Jurisdiction,
    species: str,
    on: date,
    entries: Sequence[KindEntry] | None = None,
) -> Classification:
    """The Act's classification of `species` on `on`, with the tenant's notified kinds
    (`entries`, when the caller read them already for several kinds at once)."""
    if entries is None:
        try:
            plugin.kinds()
        except NotInJurisdiction:
            return plugin.classify(canonical(species))
        entries = kind_entries(session, [plugin.classify(canonical(species)).species])
    return classify_by(plugin, species, on, entries)


def classify_all(
    session: Session, plugin: Jurisdiction, species: Sequence[str], on: date
) -> list[Classification]:
    """`classify` of each of `species`, the notified kinds of them all read in one statement
    (a list of many species costs what a list of one does: issue #36)."""
    try:
        plugin.kinds()
    except NotInJurisdiction:
        return [plugin.classify(canonical(s)) for s in species]
    entries = kind_entries(session, [plugin.classify(canonical(s)).species for s in species])
    return [classify_by(plugin, s, on, entries) for s in species]


def classify_by(
    plugin: Jurisdiction, species: str, on: date, entries: Sequence[KindEntry]
) -> Classification:
    """`classify` with the notifications of the kind read already."""
    c, rule = _as_written(Same(plugin), canonical(species))
    if rule is None:
        return c
    return Classification(
        c.species, notified(c.is_cattle, c.species, rule, entries, on), c.is_animal
    )


# What an Act says of a kind as its text is written, and its rule for notified kinds (None:
# it has none): fixed answers of the text, asked for each animal of every seizure and list
# row, and a few dozen microseconds of building citations each. Kept per plugin and kind;
# decisions are frozen, and no caller changes their citations.
@lru_cache(maxsize=1024)
def _as_written(plugin: Same, name: str) -> tuple[Classification, Decision[KindRule] | None]:
    c = plugin.plugin.classify(name)
    try:
        return c, plugin.plugin.kinds()
    except NotInJurisdiction:
        return c, None

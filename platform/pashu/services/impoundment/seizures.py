"""Recording a seizure in the register (Cattle Trespass Act 1985 ss.7,
9-10; Animal (Control & Taxation) Act 2014 s.7) and the notices
issued about it."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, replace
from datetime import date, datetime
from typing import Any

from sqlalchemy import bindparam, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from pashu.core import bounds
from pashu.core.errors import (
    Conflict,
    NotFound,
    NotInJurisdiction,
    UnknownSpecies,
    ValidationError,
    in_row,
)
from pashu.core.legaltime import aware, legal_date
from pashu.core.people import Person
from pashu.core.recorded_at import not_after_now
from pashu.db import audit
from pashu.db.impoundment import CaseStatus, Impoundment, Notice
from pashu.db.pounds import LocalAuthority, Pound
from pashu.db.types import new_id
from pashu.jurisdictions import registry
from pashu.jurisdictions.base import Jurisdiction
from pashu.jurisdictions.extent import AreaEntry, KindEntry
from pashu.jurisdictions.species import SPECIES, a, canonical
from pashu.jurisdictions.vocabulary import (
    Action,
    Capability,
    PlaceKind,
    SeizerCapacity,
)
from pashu.services.extent import extent
from pashu.services.impoundment import cases, course, seizure_rows
from pashu.services.impoundment.course import NOTICE_ACTIONS as NOTICE_ACTIONS
from pashu.services.impoundment.course import notice_step as notice_step
from pashu.services.keeping.keeping import key
from pashu.services.tenancy.tenants import Principal

MAX_HEADS = bounds.MAX_HEADS_PER_LINE  # per line of a seizure; a larger herd is several lines


@dataclass(frozen=True)
class AnimalLine:
    species: str
    count: int
    description: str = ""
    ear_tags: tuple[str, ...] = ()


def _text(value: str, field: str, *, limit: int = 300) -> str:
    text = " ".join(value.split())
    if not text or len(text) > limit:
        raise ValidationError(f"{field} needs 1 to {limit} characters", field=field)
    return text


_KINDS: dict[str, list[str]] = {}


def act_kinds(plugin: Jurisdiction) -> list[str]:
    """The kinds of the vocabulary the Act covers (cattle, or animals), for a short answer."""
    if plugin.code not in _KINDS:
        _KINDS[plugin.code] = [
            name
            for name in sorted(SPECIES)
            if (c := plugin.classify(name)).is_cattle.value or c.is_animal.value
        ]
    return _KINDS[plugin.code]


def _kind_names(plugin: Jurisdiction, animals: list[AnimalLine]) -> list[str]:
    """The kinds whose notifications the seizure needs (none where the Act takes no
    notified kinds); unknown names are refused line by line, later."""
    try:
        plugin.kinds()
    except NotInJurisdiction:
        return []
    names = []
    for line in animals:
        try:
            names.append(plugin.classify(canonical(line.species)).species)
        except UnknownSpecies:
            continue
    return names


def _seizable(
    plugin: Jurisdiction,
    species: str,
    on: date,
    entries: list[KindEntry],
) -> str:
    """Only what the Act covers on the day may be impounded under it: cattle (with the kinds
    notified into the Act by then), or animals. A clerk who names something else is told the
    Act's own kinds, not the whole vocabulary."""
    kinds = act_kinds(plugin)
    try:
        name = canonical(species)
    except UnknownSpecies:
        raise UnknownSpecies(
            f"{species.strip()!r} is not a kind {plugin.act.title} covers; it covers: "
            + ", ".join(kinds),
            kinds=kinds,
            field="animals",
        ) from None
    c = extent.classify_by(plugin, name, on, entries)
    if c.is_cattle.value or c.is_animal.value:
        return name
    cites = c.is_cattle.cites or c.is_animal.cites
    raise NotInJurisdiction(
        f"{a(name)} cannot be impounded under {plugin.act.title}: {c.is_cattle.why}",
        citation=cites[0] if cites else None,
        field="animals",
        kinds=kinds,
    )


# The pound's local authority, with the notified kinds a seizure names (built once).
AUTHORITY_AND_KINDS = extent.with_kind_entries(
    select(LocalAuthority.name)
    .join(
        Pound,
        (Pound.tenant_id == LocalAuthority.tenant_id)
        & (Pound.local_authority_id == LocalAuthority.id),
    )
    .where(Pound.id == bindparam("pound_id"))
    .scalar_subquery()
)


@dataclass(frozen=True)
class Seizure:
    """A seizure as the clerk enters it."""

    pound_id: uuid.UUID
    seized_at: datetime
    impounded_at: datetime | None
    place_kind: PlaceKind
    place: str
    seizer: Person
    seizer_signed: bool
    owner: Person | None
    animals: list[AnimalLine]
    capacity: SeizerCapacity
    damage: str | None = None
    area: str | None = None


@dataclass(frozen=True)
class Register:
    """What the tenant's registers say of a seizure: the pound's local authority (None: no
    such pound), the notifications of the kinds it names, and the extent entries of the
    area whose key is `area_key`."""

    authority: str | None
    notified: list[KindEntry]
    area_key: str
    areas: list[AreaEntry]


class RegisterMissed(Exception):
    """The register was read for another area than the seizure's (a reader that guessed
    the area before it knew the pound's authority reads it again)."""


def kinds_named(plugin: Jurisdiction, animals: list[AnimalLine]) -> list[str]:
    """The kinds whose notifications a seizure of `animals` needs, sorted (the register's
    `kinds` values)."""
    return sorted(set(_kind_names(plugin, animals)))


def area_of(seizure: Seizure, authority: str) -> str:
    """The area of the seizure: as given, else the pound's local authority (s.1(2)-style
    extent)."""
    return _text(seizure.area, "area", limit=200) if seizure.area is not None else authority


def read_register(session: Session, who: Principal, seizure: Seizure) -> Register:
    """The register's facts for `seizure`: two statements (the authority and kinds; the
    extent entries of its area)."""
    authority, notified = extent.kind_entries_and(
        session,
        AUTHORITY_AND_KINDS,
        kinds_named(registry.get(who.jurisdiction), seizure.animals),
        {"pound_id": seizure.pound_id},
    )
    if authority is None:
        return Register(None, notified, "", [])
    # Refused, if it must be, by `decide`, in the Act's order: here only read.
    area_key = key(seizure.area if seizure.area is not None else authority)
    return Register(authority, notified, area_key, extent.area_entries(session, area_key))


def record_seizure(session: Session, who: Principal, **entry: Any) -> Impoundment:
    """Enter a seizure (the fields of `Seizure`, by name) in the register."""
    return enter(session, who, Seizure(**entry))


def enter(session: Session, who: Principal, seizure: Seizure) -> Impoundment:
    """Enter `seizure` in the register; the case's row as written."""
    case, brought_in, after = decide(who, seizure, read_register(session, who, seizure))
    # The register number is taken last, as the rows are written: it locks the counter.
    return seizure_rows.write(session, who.actor, case, brought_in, after)


def decide(
    who: Principal, seizure: Seizure, register: Register
) -> tuple[seizure_rows.CaseEntry, list[seizure_rows.AnimalEntry], dict[str, Any]]:
    """The case, its animals and the audit event's record, as the Act and the registers
    make them; or the Act's refusal. Reads nothing: the same register gives the same
    rows, whoever read it."""
    who.require("clerk")
    plugin = registry.get(who.jurisdiction)
    plugin.require(Capability.IMPOUNDMENT)
    damage_found = " ".join((seizure.damage or "").split()) or None
    if damage_found is not None and len(damage_found) > 500:
        raise ValidationError("damage needs at most 500 characters", field="damage")
    power = plugin.seizure_power(seizure.capacity, seizure.place_kind, damage_found)
    if seizure.impounded_at is None:
        # The register entry is made when the animals are brought to the pound and states
        # "the day and hour on and at which they were so brought" (Cattle Trespass Act 1985
        # s.7(b); Animal (Control & Taxation) Act 2014 s.7(4)(b)); the periods run from it.
        entry = plugin.register_entry()
        raise ValidationError(
            "the register states the day and hour the animals were brought to the pound: "
            f"give impoundedAt ({entry.why})",
            citation=entry.cites[-1],
            field="impoundedAt",
        )
    seized = aware(seizure.seized_at)
    brought = aware(seizure.impounded_at) if seizure.impounded_at else seized
    if brought < seized:
        raise ValidationError(
            "animals cannot be brought before they were seized", field="impoundedAt"
        )
    not_after_now(seized, "seizedAt")
    not_after_now(brought, "impoundedAt" if seizure.impounded_at else "seizedAt")
    if register.authority is None:
        raise NotFound("no such pound", field="poundId")
    where = area_of(seizure, register.authority)
    if key(where) != register.area_key:
        raise RegisterMissed(where)
    extent.require_in_force_by(plugin, where, register.areas, legal_date(seized), "area")
    entry = plugin.register_entry()
    if entry.value and not seizure.seizer_signed:
        raise ValidationError(
            "the seizer must sign the register entry", citation=entry.cites[0], field="seizerSigned"
        )
    animals = seizure.animals
    if not animals:
        raise ValidationError("a seizure lists at least one animal", field="animals")
    lines = []
    for i, line in enumerate(animals):
        with in_row("animals", i):  # an error of one line names it
            bounds.heads(line.count, "animals.count", MAX_HEADS)
            if len(line.ear_tags) > line.count:
                raise ValidationError("more ear tags than animals", field="animals")
            kind = _seizable(plugin, line.species, legal_date(seized), register.notified)
        lines.append((kind, line))
    bounds.heads(sum(ln.count for ln in animals), "animals", bounds.MAX_HEADS_PER_SEIZURE)
    owner, seizer = seizure.owner, seizure.seizer
    # The case's id is made here, not at its flush, so that its animals and its next duty
    # are known before the case is written (no UPDATE of the row just inserted).
    case = seizure_rows.CaseEntry(
        id=new_id(),
        pound_id=seizure.pound_id,
        seized_at=seized,
        impounded_at=brought,
        impounded_at_recorded=seizure.impounded_at is not None,
        place_kind=str(seizure.place_kind),
        place=_text(seizure.place, "place"),
        seizer_name=_text(seizer.name, "seizer.name", limit=200),
        seizer_address=_text(seizer.address, "seizer.address"),
        seizer_signed=seizure.seizer_signed,
        seizer_capacity=str(seizure.capacity),
        damage=damage_found,
        area=where,
        owner_name=_text(owner.name, "owner.name", limit=200) if owner else None,
        owner_address=_text(owner.address, "owner.address") if owner else None,
        status=CaseStatus.IMPOUNDED.value,
        recorded_by=who.actor,
    )
    brought_in = [
        seizure_rows.AnimalEntry(species, " ".join(line.description.split()), tag)
        for species, line in lines
        for tag in [*line.ear_tags, *[None] * (line.count - len(line.ear_tags))]
    ]
    course.schedule(plugin, case, [], brought_in)
    after = {
        "animals": [{"species": s, "count": ln.count} for s, ln in lines],
        "cites": [c.label for c in entry.cites],
        "capacity": str(seizure.capacity),
        "power": [c.label for c in power.cites],
        "area": where,
    }
    return case, brought_in, after


def record_notice(
    session: Session,
    who: Principal,
    *,
    impoundment_id: uuid.UUID,
    kind: Action,
    issued_at: datetime,
    proclaimed_at: datetime | None = None,
    text: str = "",
) -> Notice:
    """An announcement, report or notice the Act requires, as it was made."""
    who.require("clerk")
    plugin = registry.get(who.jurisdiction)
    case = cases.get(session, impoundment_id)
    issued = aware(issued_at)
    facts = cases.load(session, plugin, case)
    step = course.require(facts, course.Act.NOTICE, issued, kind=kind)
    notice_id = new_id()
    if proclaimed_at is not None:
        # A proclamation recorded with its notice obeys the rule of one recorded later: where
        # the Act has the notice proclaimed, after it is issued, not after now.
        made = course.NoticeFact(kind.value, issued, notice_id)
        course.require(
            replace(facts, notices=(*facts.notices, made)),
            course.Act.PROCLAIM,
            aware(proclaimed_at),
            notice_id=notice_id,
            field="proclaimedAt",
        )
    notice = Notice(
        id=notice_id,
        impoundment_id=case.id,
        kind=kind.value,
        issued_at=issued,
        proclaimed_at=aware(proclaimed_at) if proclaimed_at else None,
        text=text[:4000],
        recorded_by=who.actor,
    )
    try:
        with session.begin_nested():
            session.add(notice)
            session.flush()
    except IntegrityError:
        raise Conflict(f"the {kind.value} of this case is recorded already") from None
    cases.refresh(session, plugin, case, cases.animals(session, case))
    audit.record(
        session,
        who.actor,
        "impoundment.record_notice",
        f"Impoundment:{case.id}",
        after={
            "kind": kind.value,
            "issuedAt": issued.isoformat(),
            "late": step.window.is_late(issued),
        },
    )
    return notice

"""Recording a seizure in the register (Cattle Trespass Act 1985 ss.7,
9-10; Animal (Control & Taxation) Act 2014 s.7) and the notices
issued about it."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from pashu.core import bounds
from pashu.core.errors import Conflict, NotFound, NotInJurisdiction, TooEarly, ValidationError
from pashu.core.legaltime import aware
from pashu.db.impoundment import AnimalStatus, ImpoundedAnimal, Impoundment, Notice
from pashu.db.pounds import Pound
from pashu.jurisdictions import registry
from pashu.jurisdictions.base import Action, Capability, Jurisdiction, PlaceKind
from pashu.jurisdictions.species import canonical
from pashu.services import audit
from pashu.services import impoundments as cases
from pashu.services.numbering import next_number
from pashu.services.people import Person
from pashu.services.tenants import Principal

MAX_HEADS = bounds.MAX_HEADS_PER_LINE  # per line of a seizure; a larger herd is several lines
NOTICE_ACTIONS = (Action.ANNOUNCE_SEIZURE, Action.REPORT_UNCLAIMED, Action.PUBLISH_NOTICE)


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


def _seizable(plugin: Jurisdiction, species: str) -> str:
    """Only what the Act covers may be impounded under it: cattle, or animals."""
    name = canonical(species)
    c = plugin.classify(name)
    if c.is_cattle.value or c.is_animal.value:
        return name
    cites = c.is_cattle.cites or c.is_animal.cites
    raise NotInJurisdiction(
        f"a {name} cannot be impounded under {plugin.act.title}: {c.is_cattle.why}",
        citation=cites[0] if cites else None,
        field="animals",
    )


def record_seizure(
    session: Session,
    who: Principal,
    *,
    pound_id: uuid.UUID,
    seized_at: datetime,
    impounded_at: datetime | None,
    place_kind: PlaceKind,
    place: str,
    seizer: Person,
    seizer_signed: bool,
    owner: Person | None,
    animals: list[AnimalLine],
) -> Impoundment:
    who.require("clerk")
    plugin = registry.get(who.jurisdiction)
    plugin.require(Capability.IMPOUNDMENT)
    seized = aware(seized_at)
    brought = aware(impounded_at) if impounded_at else seized
    if brought < seized:
        raise ValidationError(
            "animals cannot be brought before they were seized", field="impoundedAt"
        )
    if brought > datetime.now(UTC) + timedelta(minutes=5):
        raise ValidationError("a seizure cannot be recorded before it happens", field="impoundedAt")
    if session.scalar(select(Pound.id).where(Pound.id == pound_id)) is None:
        raise NotFound("no such pound", field="poundId")
    entry = plugin.register_entry()
    if entry.value and not seizer_signed:
        raise ValidationError(
            "the seizer must sign the register entry", citation=entry.cites[0], field="seizerSigned"
        )
    if not animals:
        raise ValidationError("a seizure lists at least one animal", field="animals")
    lines = []
    for line in animals:
        bounds.heads(line.count, "animals.count", MAX_HEADS)
        if len(line.ear_tags) > line.count:
            raise ValidationError("more ear tags than animals", field="animals")
        lines.append((_seizable(plugin, line.species), line))
    bounds.heads(sum(ln.count for ln in animals), "animals", bounds.MAX_HEADS_PER_SEIZURE)
    case = Impoundment(
        register_number=next_number(session, who.tenant_id, "register"),
        pound_id=pound_id,
        seized_at=seized,
        impounded_at=brought,
        place_kind=place_kind.value,
        place=_text(place, "place"),
        seizer_name=_text(seizer.name, "seizer.name", limit=200),
        seizer_address=_text(seizer.address, "seizer.address"),
        seizer_signed=seizer_signed,
        owner_name=_text(owner.name, "owner.name", limit=200) if owner else None,
        owner_address=_text(owner.address, "owner.address") if owner else None,
        recorded_by=who.actor,
    )
    session.add(case)
    session.flush()
    brought_in = [
        ImpoundedAnimal(
            impoundment_id=case.id,
            species=species,
            description=" ".join(line.description.split()),
            ear_tag=tag,
            fine_settled=False,
            status=AnimalStatus.IN_POUND.value,
        )
        for species, line in lines
        for tag in [*line.ear_tags, *[None] * (line.count - len(line.ear_tags))]
    ]
    session.add_all(brought_in)
    cases.schedule(plugin, case, [], brought_in)
    session.flush()
    audit.record(
        session,
        who.actor,
        "impoundment.record_seizure",
        f"Impoundment:{case.id}",
        after={
            "registerNumber": case.register_number,
            "animals": [{"species": s, "count": ln.count} for s, ln in lines],
            "cites": [c.label for c in entry.cites],
        },
    )
    return case


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
    steps = cases.timeline(plugin, case, cases.notices(session, case.id))
    step = cases.step(steps, kind)
    if kind not in NOTICE_ACTIONS or step is None:
        raise NotInJurisdiction(f"{plugin.act.title} requires no {kind.value.lower()}")
    if issued < step.window.not_before:
        raise TooEarly(
            f"{kind.value.lower()} may be made from {step.window.not_before.isoformat()}",
            citation=step.cites[0],
            notBefore=step.window.not_before.isoformat(),
        )
    notice = Notice(
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
        raise Conflict(f"the {kind.value.lower()} of this case is recorded already") from None
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

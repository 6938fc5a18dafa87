"""Vicious animals: the events that make an animal vicious, whether it is vicious at an
instant (with the provisions that say so), and the owner's liability to the victim of an
attack by one.

For how long an event makes an animal vicious, and what the owner owes, the plugin's penalty
rules answer (`vicious_window`, `attack_liability`); an Act without them refuses.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.orm import Session

from pashu.core.citations import Citation
from pashu.core.errors import ValidationError
from pashu.core.legaltime import aware
from pashu.core.money import rupees
from pashu.core.people import Person, normalise
from pashu.db import audit
from pashu.db.offences import AttackLiability, ViciousEvent
from pashu.jurisdictions import registry
from pashu.jurisdictions.penalties import ViciousKind
from pashu.services.offences.offences import RECORDERS, law, text
from pashu.services.tenancy.tenants import Principal


@dataclass(frozen=True)
class Status:
    """Whether an animal is vicious at `at`; `until` None with `vicious`: no end is set."""

    animal: str
    at: datetime
    vicious: bool
    until: datetime | None
    why: str
    cites: list[Citation] = field(default_factory=list)
    events: list[ViciousEvent] = field(default_factory=list)


def _animal(value: str) -> tuple[str, str]:
    name = text(value, "animal", 200)
    return name, normalise(name)


def record_event(
    session: Session,
    who: Principal,
    *,
    animal: str,
    owner: Person,
    kind: ViciousKind,
    at: datetime,
    description: str,
) -> ViciousEvent:
    who.require(*RECORDERS)
    law(registry.get(who.jurisdiction)).vicious_window(kind, aware(at))  # refuses if none
    name, key = _animal(animal)
    event = ViciousEvent(
        animal=name,
        animal_key=key,
        owner_name=owner.name,
        owner_address=owner.address,
        kind=kind.value,
        at=at,
        description=text(description, "description"),
        recorded_by=who.actor,
    )
    session.add(event)
    session.flush()
    audit.record(
        session,
        who.actor,
        "vicious.event",
        f"ViciousEvent:{event.id}",
        after={"animal": name, "kind": kind.value, "at": at.isoformat()},
    )
    return event


def status(session: Session, who: Principal, animal: str, at: datetime) -> Status:
    """Vicious at `at` if an event recorded by then makes it so; the latest-ending window
    decides until when."""
    rules = law(registry.get(who.jurisdiction))
    name, key = _animal(animal)
    events = list(
        session.scalars(
            select(ViciousEvent)
            .where(ViciousEvent.animal_key == key, ViciousEvent.at <= aware(at))
            .order_by(ViciousEvent.at)
        )
    )
    live = []
    for e in events:
        d = rules.vicious_window(ViciousKind(e.kind), e.at)
        if d.value.is_open(at):
            live.append((e, d))
    if not live:
        return Status(name, at, False, None, "no recorded event makes the animal vicious then")
    endless = [x for x in live if x[1].value.deadline is None]
    event, decision = endless[-1] if endless else max(live, key=lambda x: x[1].value.deadline or at)
    return Status(
        name,
        at,
        True,
        decision.value.deadline,
        f"{decision.why} ({event.kind.lower().replace('_', ' ')} on {event.at.date()})",
        decision.cites,
        [e for e, _ in live],
    )


def record_attack_liability(
    session: Session,
    who: Principal,
    *,
    animal: str,
    victim: Person,
    at: datetime,
    medical_treatment: bool,
    medical_cost: Decimal | None,
    pay_victim: bool,
) -> tuple[AttackLiability, list[Citation]]:
    """The owner's liability for an attack by an animal vicious at the time: treatment as a
    doctor advises, the Act's fixed sum to the victim, or both."""
    who.require("magistrate")
    rules = law(registry.get(who.jurisdiction))
    liability = rules.attack_liability()
    state = status(session, who, animal, at)
    if not state.vicious:
        raise ValidationError(
            f"{state.animal} was not a vicious animal at the time of the attack: {state.why}",
            citation=liability.cites[-1],
        )
    if not (medical_treatment or pay_victim):
        raise ValidationError(
            "the owner is liable for medical treatment, the fixed sum to the victim, or both",
            citation=liability.cites[0],
        )
    if medical_cost is not None and (not medical_treatment or rupees(medical_cost) <= 0):
        raise ValidationError("a medical cost goes with medical treatment, above zero")
    owner = state.events[-1]
    row = AttackLiability(
        animal=state.animal,
        animal_key=normalise(state.animal),
        owner_name=owner.owner_name,
        owner_address=owner.owner_address,
        victim_name=victim.name,
        victim_address=victim.address,
        at=at,
        medical_treatment=medical_treatment,
        medical_cost=medical_cost,
        victim_sum=liability.value.victim_sum if pay_victim else None,
        vicious_because=state.why,
        ordered_by=who.actor,
    )
    session.add(row)
    session.flush()
    audit.record(
        session,
        who.actor,
        "vicious.attack_liability",
        f"AttackLiability:{row.id}",
        after={"victim": victim.name, "victimSum": str(row.victim_sum)},
    )
    return row, [*liability.cites, *state.cites]


def attack_liability(
    session: Session, who: Principal, liability_id: uuid.UUID
) -> tuple[AttackLiability, list[Citation]] | None:
    """A recorded liability with what it rests on, as its recording answered: the Act's rule,
    then the provisions that made the animal vicious at the attack's instant (read again from
    the events dated by then, as `status` reads them)."""
    row = session.scalar(select(AttackLiability).where(AttackLiability.id == liability_id))
    if row is None:
        return None
    liability = law(registry.get(who.jurisdiction)).attack_liability()
    return row, [*liability.cites, *status(session, who, row.animal, row.at).cites]

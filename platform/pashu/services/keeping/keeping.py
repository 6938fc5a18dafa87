"""How animals must be kept: the tenant's rules per kind of animal, and the check of one way
of keeping (with the grazing ground the animal is found in, if any).

The rules are the tenant's plugin's (`plugin.keeping`); an Act without them refuses with
NOT_IN_JURISDICTION naming the Act. Time of day is the caller's DAY or NIGHT: the Acts do
not define night time, so no hours are assumed here.
"""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass
from datetime import UTC, date, datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from pashu.core.decision import Decision
from pashu.core.errors import NotFound, ValidationError
from pashu.core.legaltime import legal_date
from pashu.db.keeping import GrazingDecision, GrazingGround
from pashu.db.pounds import LocalAuthority
from pashu.jurisdictions import registry
from pashu.jurisdictions.keeping import (
    GroundFacts,
    KeepingAnswer,
    KeepingLaw,
    KeepingMode,
    KeepingRule,
    TimeOfDay,
)
from pashu.jurisdictions.species import canonical
from pashu.services.tenancy.tenants import Principal


def law(who: Principal) -> KeepingLaw:
    return registry.get(who.jurisdiction).keeping_law()


def today() -> date:
    """Today in IST, the day a question defaults to."""
    return legal_date(datetime.now(UTC))


def key(text: str) -> str:
    """A name or place as matched: case, spacing and punctuation ignored."""
    return " ".join(re.sub(r"[^\w]+", " ", text.casefold()).split())


def clean(value: str, field: str, limit: int = 200) -> str:
    text = " ".join(value.split())
    if not text or len(text) > limit:
        raise ValidationError(f"{field} needs 1 to {limit} characters", field=field)
    return text


def authority(session: Session, name: str, field: str = "villageCouncil") -> LocalAuthority:
    """The local authority (Village Council) of that name, recorded the first time."""
    wanted = clean(name, field)
    found = session.scalar(select(LocalAuthority).where(LocalAuthority.name == wanted))
    if found is None:
        found = LocalAuthority(name=wanted)
        session.add(found)
        session.flush()
    return found


def rules(who: Principal) -> Decision[list[KeepingRule]]:
    return law(who).rules()


def decision_on(session: Session, subject_id: uuid.UUID) -> GrazingDecision | None:
    """The State Government's decision on a declaration or an order, if recorded."""
    return session.scalar(select(GrazingDecision).where(GrazingDecision.subject_id == subject_id))


def ground_facts(session: Session, ground: GrazingGround) -> GroundFacts:
    return facts_of(ground, decision_on(session, ground.id))


def facts_of(ground: GrazingGround, decided: GrazingDecision | None) -> GroundFacts:
    """A declaration takes effect from its own date or its approval, whichever is later."""
    approved = decided is not None and decided.approved
    return GroundFacts(
        name=ground.name,
        approved=approved,
        effective_from=max(ground.effective_from, decided.decided_on)
        if decided is not None and approved
        else ground.effective_from,
        effective_until=ground.effective_until,
    )


@dataclass(frozen=True)
class Check:
    decision: Decision[KeepingAnswer]
    species: str
    ground: GrazingGround | None


def check(
    session: Session,
    who: Principal,
    *,
    species: str,
    mode: KeepingMode,
    time: TimeOfDay,
    place: str,
    on: date,
    grazing_ground_id: uuid.UUID | None = None,
    grounds: Grounds | None = None,
) -> Check:
    """Does keeping `species` in `mode` at `time` at `place` on `on` comply?

    The grazing ground is the one named by id, else one whose name is the place's. `grounds`,
    when given, keeps each ground read (and its facts) for the next check of the same visit,
    so a visit's findings cost the statements of one (issue #36).
    """
    rules_of = law(who)
    name = canonical(species)
    wanted: uuid.UUID | str = (
        grazing_ground_id if grazing_ground_id is not None else key(clean(place, "place", 300))
    )
    if grounds is not None and wanted in grounds:
        ground, facts = grounds[wanted]
    else:
        ground, facts = _ground(session, wanted)
        if grounds is not None:
            grounds[wanted] = (ground, facts)
    return Check(rules_of.check(name, mode, time, facts, on), name, ground)


# A visit's grounds read so far, by id or name key (`check`).
Grounds = dict[uuid.UUID | str, tuple[GrazingGround | None, GroundFacts | None]]


def _ground(
    session: Session, wanted: uuid.UUID | str
) -> tuple[GrazingGround | None, GroundFacts | None]:
    """The ground of id `wanted`, else named by the key `wanted`, and its facts."""
    if isinstance(wanted, uuid.UUID):
        ground = session.scalar(select(GrazingGround).where(GrazingGround.id == wanted))
        if ground is None:
            raise NotFound("no such grazing ground", field="grazingGroundId")
    else:
        ground = session.scalar(select(GrazingGround).where(GrazingGround.name_key == wanted))
    return ground, ground_facts(session, ground) if ground is not None else None

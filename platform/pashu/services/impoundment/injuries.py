"""An animal hurt or killed while being seized (Animal (Control & Taxation)
Act 2014 s.7(2)), and its carcass returned.

The injury is recorded in any state (it is a fact about the animal); the duty to return
the carcass, and the citation for it, come from the tenant's Act.
"""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from pashu.core.errors import NotFound
from pashu.core.legaltime import aware
from pashu.db import audit
from pashu.db.impoundment import AnimalStatus, ImpoundedAnimal
from pashu.jurisdictions import registry
from pashu.services.impoundment import cases, course
from pashu.services.impoundment.seizures import _text
from pashu.services.tenancy.tenants import Principal


def _animal(session: Session, animal_id: uuid.UUID) -> ImpoundedAnimal:
    animal = session.scalar(select(ImpoundedAnimal).where(ImpoundedAnimal.id == animal_id))
    if animal is None:
        raise NotFound("no such animal")
    return animal


def record_injury(
    session: Session,
    who: Principal,
    *,
    animal_id: uuid.UUID,
    at: datetime,
    description: str,
    died: bool,
) -> ImpoundedAnimal:
    who.require("clerk")
    plugin = registry.get(who.jurisdiction)
    animal = _animal(session, animal_id)
    when = aware(at)
    case = cases.get(session, animal.impoundment_id, lock=True)
    # The model of the case's course: once, not before the seizure nor after now; a death
    # takes the animal out of the pound, not before an act that reckoned its dues.
    course.require(
        cases.load(session, plugin, case),
        course.Act.RECORD_INJURY,
        when,
        animal_id=animal.id,
        died=died,
    )
    animal.injury = _text(description, "description", limit=500)
    if died:
        cases.release(session, [animal], AnimalStatus.DIED, when)
        cases.refresh(session, plugin, case, cases.animals(session, case))
    audit.record(
        session,
        who.actor,
        "impoundment.record_injury",
        f"Animal:{animal.id}",
        after={"died": died, "description": animal.injury},
    )
    return animal


def return_carcass(
    session: Session, who: Principal, *, animal_id: uuid.UUID, at: datetime
) -> ImpoundedAnimal:
    who.require("clerk")
    plugin = registry.get(who.jurisdiction)
    animal = _animal(session, animal_id)
    when = aware(at)
    case = cases.get(session, animal.impoundment_id, lock=True)
    # The model of the case's course: of an animal recorded as dead, once, after its death.
    rule = course.require(
        cases.load(session, plugin, case), course.Act.RETURN_CARCASS, when, animal_id=animal.id
    )
    animal.carcass_returned_at = when
    audit.record(
        session,
        who.actor,
        "impoundment.return_carcass",
        f"Animal:{animal.id}",
        after={
            "at": animal.carcass_returned_at.isoformat(),
            "cites": [c.label for c in rule.cites],
        },
    )
    return animal

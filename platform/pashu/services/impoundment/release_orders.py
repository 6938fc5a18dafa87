"""Release of impounded animals on a written order stating its reasons (Cattle Trespass Act
1985 s.19(2)): the order is recorded, the animals leave the pound, their charges stop, and
the case's clocks close once none is left."""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from pashu.core.errors import ValidationError
from pashu.core.legaltime import aware
from pashu.db import audit
from pashu.db.impoundment import AnimalStatus
from pashu.db.refusals import ReleaseOrder
from pashu.jurisdictions import registry
from pashu.jurisdictions.vocabulary import ReleasingAuthority
from pashu.services.impoundment import cases, course
from pashu.services.impoundment.seizures import _text
from pashu.services.tenancy.tenants import Principal


def of_case(session: Session, case_id: uuid.UUID) -> list[ReleaseOrder]:
    q = select(ReleaseOrder).where(ReleaseOrder.impoundment_id == case_id)
    return list(session.scalars(q.order_by(ReleaseOrder.released_at)))


def release_by_order(
    session: Session,
    who: Principal,
    *,
    impoundment_id: uuid.UUID,
    authority: ReleasingAuthority,
    ordered_by: str,
    ordered_at: datetime,
    reasons: str,
    document: str,
    at: datetime,
    animal_ids: list[uuid.UUID] | None = None,
) -> ReleaseOrder:
    who.require("clerk", "magistrate")
    plugin = registry.get(who.jurisdiction)
    rule = plugin.release_by_order()
    cite = rule.cites[0]
    why = " ".join(reasons.split())
    if not why:
        raise ValidationError("the order must state its reasons", citation=cite, field="reasons")
    if len(why) > 4000:
        raise ValidationError("reasons need at most 4000 characters", field="reasons")
    reference = _text(document, "document")  # the order is in writing
    issuer = _text(ordered_by, "orderedBy", limit=200)
    ordered, released = aware(ordered_at), aware(at)
    case = cases.get(session, impoundment_id, lock=True)
    everything = cases.animals(session, case)
    # The model of the case's course: who may order, a Magistrate on a complaint, the order
    # after the seizure and the release after both, the animals named.
    course.require(
        cases.load(session, plugin, case, everything),
        course.Act.RELEASE_BY_ORDER,
        released,
        authority=authority,
        ordered_at=ordered,
        animal_ids=animal_ids,
    )
    chosen = cases.chosen(everything, animal_ids)
    row = ReleaseOrder(
        impoundment_id=case.id,
        authority=authority.value,
        ordered_by=issuer,
        ordered_at=ordered,
        reasons=why,
        document=reference,
        released_at=released,
        animals=[str(a.id) for a in chosen],
        recorded_by=who.actor,
    )
    session.add(row)
    cases.release(session, chosen, AnimalStatus.DELIVERED, released)
    for a in chosen:
        a.charges_settled_at = released  # nothing more accrues on what has left
    cases.refresh(session, plugin, case, everything)
    session.flush()
    audit.record(
        session,
        who.actor,
        "impoundment.release_by_order",
        f"Impoundment:{case.id}",
        after={
            "authority": authority.value,
            "orderedBy": issuer,
            "orderedAt": ordered.isoformat(),
            "document": reference,
            "animals": len(chosen),
            "cites": [c.label for c in rule.cites],
        },
    )
    return row

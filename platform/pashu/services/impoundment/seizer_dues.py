"""Collecting the fines and charges laid on the seizer (or detainer) when a seizure is adjudged
illegal and the cattle released (Cattle Trespass Act 1985 s.22(2)): paid by the person the
decision names, into the accounts the Act sends fines and feeding charges to, once."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.orm import Session

from pashu.core.citations import Citation
from pashu.core.errors import Conflict, NotFound
from pashu.core.legaltime import aware
from pashu.db import audit
from pashu.db.complaints import Complaint, ComplaintDecision
from pashu.jurisdictions import registry
from pashu.jurisdictions.vocabulary import Capability, MoneyKind
from pashu.services.impoundment import cases, course
from pashu.services.ledger import ledger
from pashu.services.ledger.accounts import body_of, routed
from pashu.services.tenancy.tenants import Principal

ZERO = Decimal("0.00")


def ledger_key(complaint_id: uuid.UUID) -> str:
    return f"seizer-dues:{complaint_id}"


@dataclass(frozen=True)
class Collected:
    complaint_id: uuid.UUID
    at: datetime
    fines: Decimal
    feeding: Decimal
    payer: str
    cites: list[Citation]


def collect(
    session: Session, who: Principal, *, complaint_id: uuid.UUID, at: datetime
) -> Collected:
    who.require("clerk", "finance")
    plugin = registry.get(who.jurisdiction)
    plugin.require(Capability.ILLEGAL_SEIZURE_COMPLAINTS)  # before looking for the complaint
    complaint = session.scalar(select(Complaint).where(Complaint.id == complaint_id))
    if complaint is None:
        raise NotFound("no such complaint", field="complaintId")
    when = aware(at)
    case = cases.get(session, complaint.impoundment_id, lock=True)
    # The model of the case's course: the dues a decision of illegal seizure laid, after it,
    # not after now.
    rule = course.require(
        cases.load(session, plugin, case),
        course.Act.COLLECT_SEIZER_DUES,
        when,
        complaint_id=complaint.id,
    )
    cite = rule.cites[0]
    decision = session.scalars(
        select(ComplaintDecision).where(ComplaintDecision.complaint_id == complaint.id)
    ).one()
    body = body_of(session, case)
    fines = decision.seizer_fines or ZERO
    feeding = decision.seizer_owes - fines
    payer = decision.payer_name or case.seizer_name
    capacity = (decision.payer_capacity or "SEIZER").lower()
    try:
        ledger.post(
            session,
            at=when,
            kind="complaint.seizer_dues",
            memo=f"fines and charges paid by the {capacity} {payer}: "
            + "; ".join(c.label for c in rule.cites),
            subject=f"Impoundment:{case.id}",
            entries=[
                (f"payer:{capacity}", -decision.seizer_owes),
                *routed(plugin, MoneyKind.FINE, fines, body),
                *routed(plugin, MoneyKind.FEEDING_CHARGE, feeding, body),
            ],
            key=ledger_key(complaint.id),
        )
    except Conflict:
        raise Conflict(
            "the fines and charges this decision lays have been collected already", citation=cite
        ) from None
    audit.record(
        session,
        who.actor,
        "complaint.collect_seizer_dues",
        f"Complaint:{complaint.id}",
        after={"amount": str(decision.seizer_owes), "payer": payer, "at": when.isoformat()},
    )
    return Collected(complaint.id, when, fines, feeding, payer, rule.cites)

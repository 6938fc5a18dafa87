"""Offence cases, fines, compositions, vicious animals and compensation as the API shows them."""

from __future__ import annotations

import uuid
from datetime import datetime
from decimal import Decimal
from typing import Any

import strawberry
from sqlalchemy.orm import Session

from pashu.db import offences as db
from pashu.jurisdictions import registry
from pashu.jurisdictions.penalties import CompensationKind, OffenderRole, ViciousKind
from pashu.schema.context import Info
from pashu.schema.enums import described_enum
from pashu.schema.law.types import Citation, Offence, cites
from pashu.schema.node import Node, to_global_id
from pashu.schema.offences import loaders
from pashu.services.offences import offences
from pashu.services.offences.fines import ledger_key, paid_at
from pashu.services.offences.offences import CaseStatus, CaseView, StepKind, law
from pashu.services.offences.vicious import Status as ViciousState

described_enum(
    OffenderRole,
    {
        "OWNER": "The owner of the animals",
        "KEEPER": "The person in charge of the animals",
        "SEIZER": "The person who seized them",
        "POUND_KEEPER": "The keeper of the pound",
        "BUYER": "A buyer at a sale",
        "CORPORATION": "A company or other body corporate",
        "OFFICER_OF_CORPORATION": "An officer of a body corporate, liable for its offence",
    },
    description="In what capacity a person is charged",
)
described_enum(
    ViciousKind,
    {
        "BEHAVIOUR": "Ferocious, vicious or aggressive behaviour",
        "COURT_PENALTY": "The cause of a penalty a court imposed on the owner",
        "UNPROVOKED_BITE": "Bit or maimed an animal or a person, unprovoked",
    },
    description="What made an animal vicious",
)
described_enum(
    CompensationKind,
    {
        "DAMAGE": "Damage done by straying animals, ordered by a local body",
        "ILLEGAL_SEIZURE": "Loss from an illegal seizure or detention",
    },
    description="What a compensation order is for",
)
described_enum(
    CaseStatus,
    {
        "RECORDED": "The offence is recorded",
        "REPORTED": "An authorised officer has reported the facts in writing",
        "IN_COURT": "Sent to court",
        "FINED": "A fine was imposed",
        "COMPOUNDED": "Compounded: no further proceedings (an acquittal)",
    },
    name="OffenceStatus",
    description="Where an offence case stands",
)
described_enum(
    StepKind,
    {
        "REPORT": "An authorised officer's written report of the facts",
        "SENT_TO_COURT": "The case sent to court",
        "FORFEITURE": "A court's direction that the animals be forfeited",
    },
    name="OffenceStepKind",
    description="A step taken on an offence case",
)


@strawberry.type(description="A person named in a record: name and address as given")
class Party:
    name: str = strawberry.field(description="The party's name")
    address: str = strawberry.field(description="Where the party resides")


@strawberry.type(description="Who is charged")
class Offender(Party):
    role: OffenderRole = strawberry.field(description="In what capacity")
    corporation: str | None = strawberry.field(
        description="For an officer charged for a corporation's offence: the corporation"
    )


@strawberry.type(description="Money going to an account: fund:<key>, payee:<who>, deposit:<what>")
class AccountShare:
    account: str = strawberry.field(description="The ledger account")
    amount: Decimal = strawberry.field(description="Rupees (decimal string)")


def _shares(routes: list[dict[str, Any]]) -> list[AccountShare]:
    return [AccountShare(account=r["account"], amount=Decimal(r["amount"])) for r in routes]


@strawberry.type(description="Part of a fine the convicting court applied as compensation")
class FineCompensation:
    amount: Decimal = strawberry.field(description="Rupees paid as compensation")
    recipient: Party = strawberry.field(description="Who receives it")
    loss_proved: str = strawberry.field(description="Whether the loss was proved")


@strawberry.type(description="A fine imposed on an offence case")
class Fine(Node):
    amount: Decimal = strawberry.field(description="The fine in rupees (decimal string)")
    at: datetime = strawberry.field(description="When imposed (ISO 8601 with offset, shown in IST)")
    subsequent: bool = strawberry.field(description="Fined as a subsequent offence")
    cap_unknown: bool = strawberry.field(
        description="The Act's cap is illegible in the source: none was applied"
    )
    warning: str | None = strawberry.field(description="A warning about the fine, if any")
    recoverable_from_salary: bool = strawberry.field(
        description="Whether it may be recovered from salary"
    )
    compensation: FineCompensation | None = strawberry.field(
        description="Part paid as compensation, if any"
    )
    routes: list[AccountShare] = strawberry.field(description="Where the money goes when paid")
    routing_note: str = strawberry.field(
        description="How the routing is read, where the Act leaves it open"
    )
    paid_at: datetime | None = strawberry.field(description="When it was paid; null while unpaid")
    citations: list[Citation] = strawberry.field(description="The provisions this rests on")

    @classmethod
    def of(cls, f: db.Fine, v: CaseView, paid_at: datetime | None = None) -> Fine:
        comp = None
        if f.compensation is not None:
            comp = FineCompensation(
                amount=f.compensation,
                recipient=Party(
                    name=f.compensation_to_name or "", address=f.compensation_to_address or ""
                ),
                loss_proved=f.loss_proved or "",
            )
        return cls(
            id=to_global_id("Fine", f.id),
            amount=f.amount,
            at=f.at,
            subsequent=f.subsequent,
            cap_unknown=f.cap_unknown,
            warning=f.warning,
            recoverable_from_salary=f.recoverable_from_salary,
            compensation=comp,
            routes=_shares(f.routes),
            routing_note=f.routing_note,
            paid_at=paid_at,
            citations=cites(v.offence.cites),
        )


@strawberry.type(description="A licence cancelled with a composition")
class LicenceCancellation:
    licence_id: strawberry.ID = strawberry.field(description="The licence's global id")
    reason: str = strawberry.field(description="Why it was cancelled")
    status: str = strawberry.field(description="CANCELLED: the licence register has cancelled it")


@strawberry.type(
    description="An offence compounded: an acquittal where proceedings had been instituted; "
    "before them, a bar to any proceedings"
)
class Composition(Node):
    amount: Decimal = strawberry.field(description="The sum in rupees (decimal string)")
    release_sum: Decimal | None = strawberry.field(
        description="The sum for things released in rupees (decimal string)"
    )
    estimated_value: Decimal | None = strawberry.field(
        description="The estimated value of things released in rupees (decimal string)"
    )
    things_released: str | None = strawberry.field(description="What was released")
    at: datetime = strawberry.field(description="When (ISO 8601 with offset, shown in IST)")
    after_proceedings: bool = strawberry.field(
        description="Whether it was made after proceedings began"
    )
    acquitted: bool = strawberry.field(
        description="Deemed an acquittal: only where proceedings had been instituted"
    )
    bars_proceedings: bool = strawberry.field(
        description="No further proceedings may be taken against the person for the offence"
    )
    licence_cancellation: LicenceCancellation | None = strawberry.field(
        description="A licence cancelled with it, if any"
    )
    routes: list[AccountShare] = strawberry.field(description="Where the money went")
    routing_note: str = strawberry.field(
        description="How the routing is read, where the Act leaves it open"
    )

    @classmethod
    def of(cls, c: db.Composition) -> Composition:
        cancel = None
        if c.licence_id is not None:
            cancel = LicenceCancellation(
                licence_id=to_global_id("CattleLicence", c.licence_id),
                reason=c.licence_reason or "",
                status=c.licence_cancellation or "",
            )
        return cls(
            id=to_global_id("Composition", c.id),
            amount=c.amount,
            release_sum=c.release_sum,
            estimated_value=c.estimated_value,
            things_released=c.things_released,
            at=c.at,
            after_proceedings=c.after_proceedings,
            acquitted=c.acquitted,
            bars_proceedings=True,
            licence_cancellation=cancel,
            routes=_shares(c.routes),
            routing_note=c.routing_note,
        )


@strawberry.type(description="A step taken on an offence case")
class OffenceStep:
    kind: StepKind = strawberry.field(description="The step")
    at: datetime = strawberry.field(
        description="When it was taken (ISO 8601 with offset, shown in IST)"
    )
    authority: str = strawberry.field(description="The officer or the court")
    text: str = strawberry.field(description="What was recorded")


@strawberry.type(description="An offence charged against a person")
class OffenceCase(Node):
    section: str = strawberry.field(description="The section creating the offence")
    offence: Offence = strawberry.field(description="The offence")
    offender: Offender = strawberry.field(description="Who is charged")
    committed_at: datetime = strawberry.field(
        description="When it was committed (ISO 8601 with offset, shown in IST)"
    )
    impoundment_id: strawberry.ID | None = strawberry.field(
        description="The impoundment case it arises from, if any"
    )
    status: CaseStatus = strawberry.field(description="Where it stands")
    forfeited: bool = strawberry.field(description="Whether the animals were forfeited")
    # One case's own steps, fines and compositions: bounded by its course through the Act,
    # not by the department's work, so not paged (the list of cases is).
    steps: list[OffenceStep] = strawberry.field(description="Steps taken, in order")
    fines: list[Fine] = strawberry.field(description="Fines imposed")
    compositions: list[Composition] = strawberry.field(description="Compositions made")

    @classmethod
    def of(cls, v: CaseView, paid: dict[str, datetime] | None = None) -> OffenceCase:
        c = v.case
        paid = paid or {}
        return cls(
            id=to_global_id("OffenceCase", c.id),
            section=c.section,
            offence=Offence.of(v.offence),
            offender=Offender(
                name=c.offender_name,
                address=c.offender_address,
                role=OffenderRole(c.role),
                corporation=c.corporation,
            ),
            committed_at=c.committed_at,
            impoundment_id=None
            if c.impoundment_id is None
            else to_global_id("Impoundment", c.impoundment_id),
            status=v.status,
            forfeited=v.forfeited,
            steps=[
                OffenceStep(kind=StepKind(s.kind), at=s.at, authority=s.authority, text=s.text)
                for s in v.steps
            ],
            fines=[Fine.of(f, v, paid.get(f"fine:{f.id}")) for f in v.fines],
            compositions=[Composition.of(x) for x in v.compositions],
        )


@strawberry.type(description="An event that makes an animal vicious")
class ViciousEvent(Node):
    animal: str = strawberry.field(description="The animal")
    owner: Party = strawberry.field(description="Its owner")
    kind: ViciousKind = strawberry.field(description="What happened")
    at: datetime = strawberry.field(description="When (ISO 8601 with offset, shown in IST)")
    description: str = strawberry.field(description="What happened, in words")

    @classmethod
    def of(cls, e: db.ViciousEvent) -> ViciousEvent:
        return cls(
            id=to_global_id("ViciousEvent", e.id),
            animal=e.animal,
            owner=Party(name=e.owner_name, address=e.owner_address),
            kind=ViciousKind(e.kind),
            at=e.at,
            description=e.description,
        )


@strawberry.type(description="Whether an animal is vicious at an instant, and why")
class ViciousStatus:
    animal: str = strawberry.field(description="The animal")
    at: datetime = strawberry.field(
        description="The instant judged (ISO 8601 with offset, shown in IST)"
    )
    vicious: bool = strawberry.field(description="Whether it is vicious then")
    until: datetime | None = strawberry.field(
        description="First instant it is no longer vicious; null: no end is set"
    )
    explanation: str = strawberry.field(
        description="Why, in one line; says so where a reading is interpreted"
    )
    citations: list[Citation] = strawberry.field(description="The provisions this rests on")
    events: list[ViciousEvent] = strawberry.field(description="The events that count")

    @classmethod
    def of(cls, s: ViciousState) -> ViciousStatus:
        return cls(
            animal=s.animal,
            at=s.at,
            vicious=s.vicious,
            until=s.until,
            explanation=s.why,
            citations=cites(s.cites),
            events=[ViciousEvent.of(e) for e in s.events],
        )


@strawberry.type(description="The owner's liability to the victim of a vicious animal")
class AttackLiability(Node):
    animal: str = strawberry.field(description="The animal")
    owner: Party = strawberry.field(description="Its owner")
    victim: Party = strawberry.field(description="Who was attacked")
    at: datetime = strawberry.field(description="When (ISO 8601 with offset, shown in IST)")
    medical_treatment: bool = strawberry.field(description="The treatment given")
    medical_cost: Decimal | None = strawberry.field(
        description="The cost of treatment in rupees (decimal string)"
    )
    victim_sum: Decimal | None = strawberry.field(
        description="What the owner must pay the victim in rupees (decimal string)"
    )
    vicious_because: str = strawberry.field(description="The events that made the animal vicious")
    citations: list[Citation] = strawberry.field(description="The provisions this rests on")

    @classmethod
    def of(cls, r: db.AttackLiability, citations: list[Citation]) -> AttackLiability:
        return cls(
            id=to_global_id("AttackLiability", r.id),
            animal=r.animal,
            owner=Party(name=r.owner_name, address=r.owner_address),
            victim=Party(name=r.victim_name, address=r.victim_address),
            at=r.at,
            medical_treatment=r.medical_treatment,
            medical_cost=r.medical_cost,
            victim_sum=r.victim_sum,
            vicious_because=r.vicious_because,
            citations=citations,
        )


@strawberry.type(description="Compensation ordered under the Act")
class CompensationOrder(Node):
    kind: CompensationKind = strawberry.field(description="What it is for")
    payer: Party = strawberry.field(description="Who pays")
    recipient: Party = strawberry.field(description="Who is paid")
    amount: Decimal = strawberry.field(description="The compensation in rupees (decimal string)")
    fines_paid: Decimal = strawberry.field(description="Fines paid in rupees (decimal string)")
    expenses: Decimal = strawberry.field(description="Expenses awarded in rupees (decimal string)")
    total: Decimal = strawberry.field(description="The total in rupees (decimal string)")
    release_ordered: bool = strawberry.field(description="Whether release was ordered")
    grounds: str = strawberry.field(description="The order's grounds")
    ordered_by: str = strawberry.field(description="Who made the order")
    at: datetime = strawberry.field(description="When (ISO 8601 with offset, shown in IST)")
    citations: list[Citation] = strawberry.field(description="The provisions this rests on")
    _order_id: strawberry.Private[uuid.UUID]

    @strawberry.field(
        description="Its payment, or its recovery as a fine (Cattle Trespass Act 1985 s.23); "
        "null: not yet"
    )
    async def recovery(self, info: Info) -> CompensationRecovery | None:
        row = await loaders.recoveries(info.context).load(self._order_id)
        return CompensationRecovery.of(row) if row is not None else None

    @classmethod
    def of(cls, r: db.CompensationOrder, citations: list[Citation]) -> CompensationOrder:
        return cls(
            id=to_global_id("CompensationOrder", r.id),
            kind=CompensationKind(r.kind),
            payer=Party(name=r.payer_name, address=r.payer_address),
            recipient=Party(name=r.recipient_name, address=r.recipient_address),
            amount=r.amount,
            fines_paid=r.fines_paid,
            expenses=r.expenses,
            total=r.amount + r.fines_paid + r.expenses,
            release_ordered=r.release_ordered,
            grounds=r.grounds,
            ordered_by=r.ordered_by,
            at=r.at,
            citations=citations,
            _order_id=r.id,
        )


@strawberry.type(
    description="An order of compensation paid, or recovered as a fine where the Act makes it so"
)
class CompensationRecovery:
    manner: str = strawberry.field(
        description="PAID by the person ordered to pay it, or RECOVERED_AS_FINE (Cattle "
        "Trespass Act 1985 s.23)"
    )
    amount: Decimal = strawberry.field(
        description="The order's whole sum: compensation, fines and expenses (decimal string)"
    )
    at: datetime = strawberry.field(description="When (ISO 8601 with offset, shown in IST)")
    reference: str = strawberry.field(description="The receipt, or the court's process")

    @classmethod
    def of(cls, r: db.CompensationRecovery) -> CompensationRecovery:
        return cls(manner=r.manner, amount=r.amount, at=r.at, reference=r.reference)


@strawberry.type(description="A civil decree less the compensation already paid under the Act")
class SetOff(Node):
    claimant: Party = strawberry.field(description="Who sued")
    defendant: Party | None = strawberry.field(
        description="Whom the suit was against; null on set-offs recorded before it was named"
    )
    suit: str = strawberry.field(description="The suit")
    decree_amount: Decimal = strawberry.field(description="The decree in rupees (decimal string)")
    deducted: Decimal = strawberry.field(description="What was set off in rupees (decimal string)")
    balance: Decimal = strawberry.field(
        description="What is left to pay in rupees (decimal string)"
    )
    at: datetime = strawberry.field(description="When (ISO 8601 with offset, shown in IST)")
    citations: list[Citation] = strawberry.field(description="The provisions this rests on")

    @classmethod
    def of(cls, r: db.SetOff, citations: list[Citation]) -> SetOff:
        return cls(
            id=to_global_id("SetOff", r.id),
            claimant=Party(name=r.claimant_name, address=r.claimant_address),
            defendant=Party(name=r.defendant_name, address=r.defendant_address or "")
            if r.defendant_name is not None
            else None,
            suit=r.suit,
            decree_amount=r.decree_amount,
            deducted=r.deducted,
            balance=r.balance,
            at=r.at,
            citations=citations,
        )


def load_case(s: Session, jurisdiction: str, pk: uuid.UUID) -> OffenceCase:
    """A case with its fines' payment state, mapped for the API."""
    v = offences.view(s, registry.get(jurisdiction), pk)
    return OffenceCase.of(v, paid_at(s, [ledger_key(f) for f in v.fines]))


def compensation_cites(jurisdiction: str, kind: CompensationKind) -> list[Citation]:
    return cites(law(registry.get(jurisdiction)).compensation(kind).cites)

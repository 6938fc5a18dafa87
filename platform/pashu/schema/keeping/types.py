"""Keeping rules and their check, grazing grounds with their orders and approvals, persons
designated to inspect and their visits, as the API shows them."""

from __future__ import annotations

import uuid
from datetime import date, datetime

import strawberry
from sqlalchemy.orm import Session

from pashu.core.citations import Confidence
from pashu.core.decision import Decision
from pashu.db import keeping as rows
from pashu.jurisdictions.keeping import (
    DesignatedBy,
    KeepingAnswer,
    KeepingMode,
    TimeOfDay,
)
from pashu.jurisdictions.keeping import (
    KeepingRule as CoreRule,
)
from pashu.schema.context import Context
from pashu.schema.enums import described_enum
from pashu.schema.law.types import Citation, cites
from pashu.schema.node import Node, node_type, to_global_id
from pashu.services import grazing, inspections
from pashu.services import keeping as service

described_enum(
    KeepingMode,
    {
        "CONFINED": "In confinement: a pen, sty, coop or other enclosure",
        "IN_SHED": "In a shed meant for the animals",
        "FENCED": "Within a fence or compound",
        "TETHERED": "Tied with a rope or a sufficiently strong tie",
        "UNDER_KEEPER": "Loose, under the watch of a keeper (grazing, for instance)",
        "AT_LARGE": "Loose, with no keeper",
    },
    description="How an animal is being kept when it is looked at",
)
described_enum(
    TimeOfDay,
    {
        "DAY": "By day, as the caller finds it",
        "NIGHT": "At night, as the caller finds it",
    },
    description="Day or night as found: the Acts give no hours",
)
described_enum(
    DesignatedBy,
    {
        "GOVERNMENT": "Designated by the Government",
        "VILLAGE_COUNCIL": "Designated by a Village Council",
    },
    description="Who designated a person to inspect",
)


@strawberry.type(description="How one kind of animal must be kept")
class KeepingRule:
    clause: str = strawberry.field(description='The provision: "4(2)"')
    kinds: str
    species: list[str] | None = strawberry.field(description="null: every other kind")
    by_day: list[KeepingMode]
    by_night: list[KeepingMode]
    free_in_grazing_ground: bool = strawberry.field(
        description="May it be at large within a grazing ground in force?"
    )
    summary: str

    @classmethod
    def of(cls, r: CoreRule) -> KeepingRule:
        order = list(KeepingMode)
        return cls(
            clause=r.clause,
            kinds=r.kinds,
            species=sorted(r.species) if r.species is not None else None,
            by_day=sorted(r.by_day, key=order.index),
            by_night=sorted(r.by_night, key=order.index),
            free_in_grazing_ground=r.free_in_grazing_ground,
            summary=r.summary,
        )


@strawberry.type(description="Whether a way of keeping an animal complies, and why")
class KeepingCheck:
    species: str
    complies: bool
    rule: KeepingRule
    grazing_ground: str | None = strawberry.field(
        description="The grazing ground in force that makes it lawful, if one does"
    )
    citations: list[Citation]
    confidence: Confidence
    explanation: str

    @classmethod
    def of(cls, species: str, d: Decision[KeepingAnswer]) -> KeepingCheck:
        return cls(
            species=species,
            complies=d.value.complies,
            rule=KeepingRule.of(d.value.rule),
            grazing_ground=d.value.ground,
            citations=cites(d.cites),
            confidence=d.confidence,
            explanation=d.why,
        )


@strawberry.type(description="The State Government's decision on a declaration or an order")
class GrazingDecision:
    approved: bool
    decided_on: date
    reference: str

    @classmethod
    def of(cls, d: rows.GrazingDecision | None) -> GrazingDecision | None:
        if d is None:
            return None
        return cls(approved=d.approved, decided_on=d.decided_on, reference=d.reference)


@strawberry.type(description="An order for a grazing ground's control and management")
class GrazingOrder(Node):
    ground_id: strawberry.ID
    title: str
    text: str
    made_on: date
    referred_on: date = strawberry.field(description="Referred to the State Government")
    decision: GrazingDecision | None
    in_force: bool
    explanation: str
    citations: list[Citation]

    @classmethod
    def of(cls, v: grazing.OrderView) -> GrazingOrder:
        o = v.order
        return cls(
            id=to_global_id("GrazingOrder", o.id),
            ground_id=to_global_id("GrazingGround", o.ground_id),
            title=o.title,
            text=o.text,
            made_on=o.made_on,
            referred_on=o.referred_on,
            decision=GrazingDecision.of(v.decision),
            in_force=v.in_force.value,
            explanation=v.in_force.why,
            citations=cites(v.in_force.cites),
        )


@strawberry.type(description="A grazing ground declared by a Village Council")
class GrazingGround(Node):
    name: str
    village_council: str
    location: str
    extent: str | None
    reference: str = strawberry.field(description="The Village Council's declaration")
    declared_on: date
    effective_from: date
    effective_until: date | None
    approval: GrazingDecision | None
    in_force: bool = strawberry.field(description="On the day asked about")
    explanation: str
    citations: list[Citation]
    orders: list[GrazingOrder]

    @classmethod
    def of(cls, v: grazing.GroundView) -> GrazingGround:
        g = v.ground
        return cls(
            id=to_global_id("GrazingGround", g.id),
            name=g.name,
            village_council=v.village_council,
            location=g.location,
            extent=g.extent,
            reference=g.reference,
            declared_on=g.declared_on,
            effective_from=g.effective_from,
            effective_until=g.effective_until,
            approval=GrazingDecision.of(v.decision),
            in_force=v.in_force.value,
            explanation=v.in_force.why,
            citations=cites(v.in_force.cites),
            orders=[GrazingOrder.of(o) for o in v.orders],
        )


@strawberry.type(description="A person designated to inspect animals and how they are kept")
class Inspector(Node):
    name: str
    designated_by: DesignatedBy
    village_council: str | None
    designated_on: date
    reference: str

    @classmethod
    def of(cls, i: rows.Inspector, council: str | None) -> Inspector:
        return cls(
            id=to_global_id("Inspector", i.id),
            name=i.name,
            designated_by=DesignatedBy(i.designated_by),
            village_council=council,
            designated_on=i.designated_on,
            reference=i.reference,
        )


@strawberry.type(description="How one kind of animal was found kept, and what the rule says")
class InspectionFinding:
    species: str
    heads: int
    mode: KeepingMode
    time_of_day: TimeOfDay
    grazing_ground_id: strawberry.ID | None
    complies: bool
    sections: list[str]
    explanation: str

    @classmethod
    def of(cls, f: rows.InspectionFinding) -> InspectionFinding:
        return cls(
            species=f.species,
            heads=f.heads,
            mode=KeepingMode(f.mode),
            time_of_day=TimeOfDay(f.time_of_day),
            grazing_ground_id=to_global_id("GrazingGround", f.grazing_ground_id)
            if f.grazing_ground_id
            else None,
            complies=f.complies,
            sections=[s for s in f.sections.split(", ") if s],
            explanation=f.explanation,
        )


@strawberry.type(description="An inspection visit and what it found")
class Inspection(Node):
    inspector_id: strawberry.ID
    inspector_name: str
    at: datetime
    place: str
    owner_name: str
    owner_address: str
    hygienic: bool | None = strawberry.field(description="null: hygiene was not looked at")
    notes: str
    contravention: bool
    offence_case_id: strawberry.ID | None = strawberry.field(
        description="The offence case the contravention opened"
    )
    findings: list[InspectionFinding]

    @classmethod
    def of(cls, v: inspections.InspectionView) -> Inspection:
        i = v.inspection
        return cls(
            id=to_global_id("Inspection", i.id),
            inspector_id=to_global_id("Inspector", i.inspector_id),
            inspector_name=v.inspector.name,
            at=i.at,
            place=i.place,
            owner_name=i.owner_name,
            owner_address=i.owner_address,
            hygienic=i.hygienic,
            notes=i.notes,
            contravention=i.contravention,
            offence_case_id=to_global_id("OffenceCase", i.offence_case_id)
            if i.offence_case_id
            else None,
            findings=[InspectionFinding.of(f) for f in v.findings],
        )


@node_type("GrazingGround")
async def _ground(ctx: Context, pk: uuid.UUID) -> GrazingGround | None:
    who = ctx.require()

    def load(s: Session) -> GrazingGround | None:
        found = grazing.grounds(s, who, service.today(), pk)
        return GrazingGround.of(found[0]) if found else None

    return await ctx.read(load)


@node_type("Inspection")
async def _inspection(ctx: Context, pk: uuid.UUID) -> Inspection | None:
    who = ctx.require()

    def load(s: Session) -> Inspection | None:
        found = inspections.visit(s, who, pk)
        return Inspection.of(found) if found else None

    return await ctx.read(load)

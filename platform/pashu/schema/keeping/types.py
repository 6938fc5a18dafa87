"""Keeping rules and their check, grazing grounds with their orders and approvals, persons
designated to inspect and their visits, as the API shows them."""

from __future__ import annotations

import uuid
from datetime import date, datetime

import strawberry
from sqlalchemy.orm import Session

from pashu.core.citations import Confidence
from pashu.core.decision import Decision
from pashu.core.errors import NotFound
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
from pashu.services.keeping import grazing, inspections
from pashu.services.keeping import keeping as service

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
    kinds: str = strawberry.field(description="The kinds of animal the rule is for")
    species: list[str] | None = strawberry.field(description="null: every other kind")
    by_day: list[KeepingMode] = strawberry.field(description="The ways they may be kept by day")
    by_night: list[KeepingMode] = strawberry.field(description="The ways they may be kept at night")
    free_in_grazing_ground: bool = strawberry.field(
        description="May it be at large within a grazing ground in force?"
    )
    summary: str = strawberry.field(description="The rule in a sentence")

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
    species: str = strawberry.field(description="The species")
    complies: bool = strawberry.field(
        description="Whether keeping it so complies; null where the Act does not say"
    )
    rule: KeepingRule = strawberry.field(description="The rule applied")
    grazing_ground: str | None = strawberry.field(
        description="The grazing ground in force that makes it lawful, if one does"
    )
    citations: list[Citation] = strawberry.field(description="The provisions this rests on")
    confidence: Confidence = strawberry.field(description="How the rule's text is known")
    explanation: str = strawberry.field(
        description="Why, in one line; says so where a reading is interpreted"
    )

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
    approved: bool = strawberry.field(description="Whether it was approved")
    decided_on: date = strawberry.field(
        description="The day of the decision (a calendar day in IST)"
    )
    reference: str = strawberry.field(description="The decision's reference")

    @classmethod
    def of(cls, d: rows.GrazingDecision | None) -> GrazingDecision | None:
        if d is None:
            return None
        return cls(approved=d.approved, decided_on=d.decided_on, reference=d.reference)


@strawberry.type(description="An order for a grazing ground's control and management")
class GrazingOrder(Node):
    ground_id: strawberry.ID = strawberry.field(description="The ground's global id")
    title: str = strawberry.field(description="The order's title")
    text: str = strawberry.field(description="Its text")
    made_on: date = strawberry.field(description="The day it was made (a calendar day in IST)")
    referred_on: date = strawberry.field(description="Referred to the State Government")
    decision: GrazingDecision | None = strawberry.field(description="The decision on it, once made")
    in_force: bool = strawberry.field(description="Whether it is in force")
    explanation: str = strawberry.field(
        description="Why, in one line; says so where a reading is interpreted"
    )
    citations: list[Citation] = strawberry.field(description="The provisions this rests on")

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
    name: str = strawberry.field(description="The ground's name")
    village_council: str = strawberry.field(description="The Village Council that declared it")
    location: str = strawberry.field(description="Where it is")
    extent: str | None = strawberry.field(description="Its extent, as declared")
    reference: str = strawberry.field(description="The Village Council's declaration")
    declared_on: date = strawberry.field(
        description="The day it was declared (a calendar day in IST)"
    )
    effective_from: date = strawberry.field(
        description="The first day it is in force (a calendar day in IST)"
    )
    effective_until: date | None = strawberry.field(
        description="The last day it is in force, if set (a calendar day in IST)"
    )
    approval: GrazingDecision | None = strawberry.field(
        description="The decision on its approval, once made"
    )
    in_force: bool = strawberry.field(description="On the day asked about")
    explanation: str = strawberry.field(
        description="Why, in one line; says so where a reading is interpreted"
    )
    citations: list[Citation] = strawberry.field(description="The provisions this rests on")
    # One ground's own orders: a handful over its life, so not paged (the grounds are).
    orders: list[GrazingOrder] = strawberry.field(
        description="Orders for its control and management"
    )

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
    name: str = strawberry.field(description="The inspector's name")
    designated_by: DesignatedBy = strawberry.field(description="Who designated the inspector")
    village_council: str | None = strawberry.field(
        description="The Village Council, if it designated"
    )
    designated_on: date = strawberry.field(
        description="The day of designation (a calendar day in IST)"
    )
    reference: str = strawberry.field(description="The designation's reference")

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
    species: str = strawberry.field(description="The species")
    heads: int = strawberry.field(description="How many head")
    mode: KeepingMode = strawberry.field(description="How they were kept")
    time_of_day: TimeOfDay = strawberry.field(description="By day or at night")
    grazing_ground_id: strawberry.ID | None = strawberry.field(
        description="The grazing ground they were on, if any"
    )
    complies: bool = strawberry.field(description="Whether keeping them so complies")
    sections: list[str] = strawberry.field(description="The sections applied")
    explanation: str = strawberry.field(
        description="Why, in one line; says so where a reading is interpreted"
    )

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
    inspector_id: strawberry.ID = strawberry.field(description="The inspector's global id")
    inspector_name: str = strawberry.field(description="The inspector's name")
    at: datetime = strawberry.field(
        description="When it was made (ISO 8601 with offset, shown in IST)"
    )
    place: str = strawberry.field(description="The premises visited")
    area: str | None = strawberry.field(
        description="The area under the order providing for inspection; null: the place is "
        "itself the order's area"
    )
    owner_name: str = strawberry.field(description="The owner's name")
    owner_address: str = strawberry.field(description="The owner's address")
    hygienic: bool | None = strawberry.field(description="null: hygiene was not looked at")
    notes: str = strawberry.field(description="The inspector's notes")
    contravention: bool = strawberry.field(description="Whether any finding is a contravention")
    offence_case_id: strawberry.ID | None = strawberry.field(
        description="The offence case the contravention opened"
    )
    findings: list[InspectionFinding] = strawberry.field(description="What was found, kind by kind")

    @classmethod
    def of(cls, v: inspections.InspectionView) -> Inspection:
        i = v.inspection
        return cls(
            id=to_global_id("Inspection", i.id),
            inspector_id=to_global_id("Inspector", i.inspector_id),
            inspector_name=v.inspector.name,
            at=i.at,
            place=i.place,
            area=i.area,
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


@node_type("GrazingOrder")
async def _order(ctx: Context, pk: uuid.UUID) -> GrazingOrder | None:
    who = ctx.require()

    def load(s: Session) -> GrazingOrder | None:
        try:
            return GrazingOrder.of(grazing.order_view(s, who, pk))
        except NotFound:
            return None

    return await ctx.read(load)


@node_type("Inspector")
async def _inspector(ctx: Context, pk: uuid.UUID) -> Inspector | None:
    who = ctx.require()

    def load(s: Session) -> Inspector | None:
        found = inspections.inspectors(s, who, inspector_id=pk)
        return Inspector.of(*found[0]) if found else None

    return await ctx.read(load)


@node_type("Inspection")
async def _inspection(ctx: Context, pk: uuid.UUID) -> Inspection | None:
    who = ctx.require()

    def load(s: Session) -> Inspection | None:
        found = inspections.visit(s, who, pk)
        return Inspection.of(found) if found else None

    return await ctx.read(load)

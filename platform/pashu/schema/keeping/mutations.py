"""Declaring grazing grounds, their orders and the State Government's decisions; designating
inspectors and recording their visits (clerk)."""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated

import strawberry
from sqlalchemy.orm import Session

from pashu.core.recorded_at import act_at, act_on
from pashu.jurisdictions.keeping import (
    DesignatedBy,
    KeepingMode,
    TimeOfDay,
)
from pashu.schema.context import Info
from pashu.schema.keeping.types import (
    GrazingDecision,
    GrazingGround,
    GrazingOrder,
    Inspection,
    Inspector,
)
from pashu.schema.registration.common import pk, typed
from pashu.services.keeping import grazing, inspections

# Every mutation takes one argument, `input`, whose type describes each of its fields.
INPUT = "What to record; each field is described on the input type"


@strawberry.input(description="A Village Council's declaration of a grazing ground")
class DeclareGrazingGroundInput:
    village_council: str = strawberry.field(description="The Village Council")
    name: str = strawberry.field(description="The ground's name")
    location: str = strawberry.field(description="The land, as the declaration describes it")
    extent: str | None = strawberry.field(default=None, description='As declared: "12 ha"')
    reference: str = strawberry.field(description="The Village Council's resolution")
    declared_on: date = strawberry.field(
        description="The day it was declared (a calendar day in IST)"
    )
    effective_from: date = strawberry.field(
        description="The first day it is in force (a calendar day in IST)"
    )
    effective_until: date | None = strawberry.field(
        default=None, description="The last day it is in force, if set (a calendar day in IST)"
    )


@strawberry.input(description="An order for a grazing ground's control and management")
class MakeGrazingOrderInput:
    ground_id: strawberry.ID = strawberry.field(description="The ground's global id")
    title: str = strawberry.field(description="The order's title")
    text: str = strawberry.field(description="Its text")
    made_on: date = strawberry.field(description="The day it was made (a calendar day in IST)")
    referred_on: date = strawberry.field(description="Referred to the State Government")


@strawberry.input(description="The decision on a grazing ground or order")
class RecordGrazingDecisionInput:
    subject_id: strawberry.ID = strawberry.field(description="A GrazingGround or GrazingOrder")
    approved: bool = strawberry.field(description="Whether it is approved")
    decided_on: date = strawberry.field(
        description="The day of the decision (a calendar day in IST)"
    )
    reference: str = strawberry.field(description="The decision's reference")


@strawberry.input(description="A person designated to inspect")
class DesignateInspectorInput:
    name: str = strawberry.field(description="The person's name")
    designated_by: DesignatedBy = strawberry.field(description="Who designated")
    village_council: str | None = strawberry.field(
        default=None, description="The Village Council, if it designated"
    )
    designated_on: date = strawberry.field(
        description="The day of designation (a calendar day in IST)"
    )
    reference: str = strawberry.field(description="The designation's reference")


@strawberry.input(description="How one kind of animal was found kept")
class FindingInput:
    species: str = strawberry.field(description="The species")
    heads: int = strawberry.field(default=1, description="How many head")
    mode: KeepingMode = strawberry.field(description="How they were kept")
    time_of_day: TimeOfDay = strawberry.field(description="By day or at night")
    grazing_ground_id: strawberry.ID | None = strawberry.field(
        default=None, description="The grazing ground they were on, if any"
    )


@strawberry.input(description="An inspection visit")
class RecordInspectionInput:
    inspector_id: strawberry.ID = strawberry.field(description="The inspector's global id")
    at: datetime = strawberry.field(
        description="When it was made (ISO 8601 with offset; not after now)"
    )
    place: str = strawberry.field(description="The premises visited")
    area: str | None = strawberry.field(
        default=None,
        description="The area under the notified order that provides for inspection, where "
        "it is not the place itself (Pashu Niyantran Adhiniyam 1976 s.4(2)(b): premises in "
        "the order's area)",
    )
    owner_name: str = strawberry.field(description="The owner's name")
    owner_address: str = strawberry.field(description="The owner's address")
    findings: list[FindingInput] = strawberry.field(description="What was found, kind by kind")
    hygienic: bool | None = strawberry.field(
        default=None, description="Clean and sanitary? null: not looked at"
    )
    notes: str = strawberry.field(default="", description="The inspector's notes")


@strawberry.type
class KeepingMutation:
    @strawberry.mutation(description="Record a Village Council's declaration of a grazing ground")
    async def declare_grazing_ground(
        self,
        info: Info,
        input: Annotated[DeclareGrazingGroundInput, strawberry.argument(description=INPUT)],
    ) -> GrazingGround:
        who = info.context.require("clerk")
        given = grazing.Declaration(
            village_council=input.village_council,
            name=input.name,
            location=input.location,
            extent=input.extent,
            reference=input.reference,
            declared_on=act_on(input.declared_on, "declaredOn"),
            effective_from=input.effective_from,
            effective_until=input.effective_until,
        )
        return await info.context.write(lambda s: GrazingGround.of(grazing.declare(s, who, given)))

    @strawberry.mutation(description="Record an order for a grazing ground, as referred")
    async def make_grazing_order(
        self,
        info: Info,
        input: Annotated[
            MakeGrazingOrderInput,
            strawberry.argument(description=INPUT),
        ],
    ) -> GrazingOrder:
        who = info.context.require("clerk")
        ground = pk(input.ground_id, "GrazingGround")
        return await info.context.write(
            lambda s: GrazingOrder.of(
                grazing.make_order(
                    s,
                    who,
                    ground_id=ground,
                    title=input.title,
                    text=input.text,
                    made_on=act_on(input.made_on, "madeOn"),
                    referred_on=act_on(input.referred_on, "referredOn"),
                )
            )
        )

    @strawberry.mutation(
        description="Record the State Government's approval or refusal of a grazing ground's "
        "declaration or of an order"
    )
    async def record_grazing_decision(
        self,
        info: Info,
        input: Annotated[RecordGrazingDecisionInput, strawberry.argument(description=INPUT)],
    ) -> GrazingDecision:
        who = info.context.require("clerk")
        _, subject = typed(input.subject_id, "GrazingGround", "GrazingOrder")

        def run(s: Session) -> GrazingDecision:
            made = grazing.decide(
                s,
                who,
                subject_id=subject,
                approved=input.approved,
                decided_on=act_on(input.decided_on, "decidedOn"),
                reference=input.reference,
            )
            shown = GrazingDecision.of(made)
            assert shown is not None
            return shown

        return await info.context.write(run)

    @strawberry.mutation(description="Record a person designated to inspect")
    async def designate_inspector(
        self,
        info: Info,
        input: Annotated[
            DesignateInspectorInput,
            strawberry.argument(description=INPUT),
        ],
    ) -> Inspector:
        who = info.context.require("clerk")
        return await info.context.write(
            lambda s: Inspector.of(
                *inspections.designate(
                    s,
                    who,
                    name=input.name,
                    designated_by=input.designated_by,
                    village_council=input.village_council,
                    designated_on=act_on(input.designated_on, "designatedOn"),
                    reference=input.reference,
                )
            )
        )

    @strawberry.mutation(
        description="Record an inspection visit; a contravention found opens an offence case"
    )
    async def record_inspection(
        self,
        info: Info,
        input: Annotated[
            RecordInspectionInput,
            strawberry.argument(description=INPUT),
        ],
    ) -> Inspection:
        who = info.context.require("clerk")
        person = pk(input.inspector_id, "Inspector")
        found = [
            inspections.FindingInput(
                species=f.species,
                heads=f.heads,
                mode=f.mode,
                time=f.time_of_day,
                grazing_ground_id=pk(f.grazing_ground_id, "GrazingGround")
                if f.grazing_ground_id
                else None,
            )
            for f in input.findings
        ]
        return await info.context.write(
            lambda s: Inspection.of(
                inspections.record_visit(
                    s,
                    who,
                    inspector_id=person,
                    at=act_at(input.at, "at"),
                    place=input.place,
                    area=input.area,
                    owner_name=input.owner_name,
                    owner_address=input.owner_address,
                    findings=found,
                    hygienic=input.hygienic,
                    notes=input.notes,
                )
            )
        )

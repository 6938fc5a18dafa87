"""Declaring grazing grounds, their orders and the State Government's decisions; designating
inspectors and recording their visits (clerk)."""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated

import strawberry
from sqlalchemy.orm import Session

from pashu.core.recorded_at import act_at, act_on
from pashu.jurisdictions.keeping import DesignatedBy, KeepingMode, TimeOfDay
from pashu.schema.context import Info
from pashu.schema.keeping.types import (
    GrazingDecision,
    GrazingGround,
    GrazingOrder,
    Inspection,
    Inspector,
)
from pashu.schema.registration.common import pk, typed
from pashu.services import grazing, inspections

# Every mutation takes one argument, `input`, whose type describes each of its fields.
INPUT = "What to record; each field is described on the input type"


@strawberry.input
class DeclareGrazingGroundInput:
    village_council: str
    name: str
    location: str = strawberry.field(description="The land, as the declaration describes it")
    extent: str | None = strawberry.field(default=None, description='As declared: "12 ha"')
    reference: str = strawberry.field(description="The Village Council's resolution")
    declared_on: date
    effective_from: date
    effective_until: date | None = None


@strawberry.input
class MakeGrazingOrderInput:
    ground_id: strawberry.ID
    title: str
    text: str
    made_on: date
    referred_on: date = strawberry.field(description="Referred to the State Government")


@strawberry.input
class RecordGrazingDecisionInput:
    subject_id: strawberry.ID = strawberry.field(description="A GrazingGround or GrazingOrder")
    approved: bool
    decided_on: date
    reference: str


@strawberry.input
class DesignateInspectorInput:
    name: str
    designated_by: DesignatedBy
    village_council: str | None = None
    designated_on: date
    reference: str


@strawberry.input
class FindingInput:
    species: str
    heads: int = 1
    mode: KeepingMode
    time_of_day: TimeOfDay
    grazing_ground_id: strawberry.ID | None = None


@strawberry.input
class RecordInspectionInput:
    inspector_id: strawberry.ID
    at: datetime
    place: str
    owner_name: str
    owner_address: str
    findings: list[FindingInput]
    hygienic: bool | None = strawberry.field(
        default=None, description="Clean and sanitary? null: not looked at"
    )
    notes: str = ""


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
                    owner_name=input.owner_name,
                    owner_address=input.owner_address,
                    findings=found,
                    hygienic=input.hygienic,
                    notes=input.notes,
                )
            )
        )

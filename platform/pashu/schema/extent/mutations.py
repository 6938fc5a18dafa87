"""Recording where the Act is in force and the kinds notified into it (clerk, admin)."""

from __future__ import annotations

from datetime import date
from typing import Annotated

import strawberry
from sqlalchemy.orm import Session

from pashu.jurisdictions.extent import AreaGround
from pashu.schema.context import Info
from pashu.schema.extent.types import ExtentNotification, KindNotification
from pashu.services.extent import extent as service

# Every mutation takes one argument, `input`, whose type describes each of its fields.
INPUT = "What to record; each field is described on the input type"


@strawberry.input(description="A notification of where the Act is, or is not, in force")
class RecordExtentNotificationInput:
    area: str = strawberry.field(description="The area as it is named (a local authority's)")
    ground: AreaGround = strawberry.field(description="Why")
    effective_from: date = strawberry.field(description="The day it takes effect (IST)")
    reference: str = strawberry.field(
        default="", description="The gazette reference (may be empty for the Act's own words)"
    )


@strawberry.input(description="A notification adding a kind of animal to the Act")
class RecordKindNotificationInput:
    species: str = strawberry.field(description="The species")
    included: bool = strawberry.field(default=True, description="false: taken out of the Act")
    effective_from: date = strawberry.field(description="The day it takes effect (IST)")
    reference: str = strawberry.field(description="The gazette reference")


@strawberry.type
class ExtentMutation:
    @strawberry.mutation(
        description="Enter that the Act is, or is not, in force in an area from a date"
    )
    async def record_extent_notification(
        self,
        info: Info,
        input: Annotated[RecordExtentNotificationInput, strawberry.argument(description=INPUT)],
    ) -> ExtentNotification:
        who = info.context.require()

        def run(s: Session) -> ExtentNotification:
            return ExtentNotification.of(
                service.record_area(
                    s,
                    who,
                    area=input.area,
                    ground=input.ground,
                    effective_from=input.effective_from,
                    reference=input.reference,
                )
            )

        return await info.context.write(run)

    @strawberry.mutation(description="Enter a notification adding a kind of animal to the Act")
    async def record_kind_notification(
        self,
        info: Info,
        input: Annotated[RecordKindNotificationInput, strawberry.argument(description=INPUT)],
    ) -> KindNotification:
        who = info.context.require()

        def run(s: Session) -> KindNotification:
            return KindNotification.of(
                service.record_kind(
                    s,
                    who,
                    species=input.species,
                    included=input.included,
                    effective_from=input.effective_from,
                    reference=input.reference,
                )
            )

        return await info.context.write(run)

"""Determining the area a pound serves; recording where a pound stands (clerk)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Annotated

import strawberry

from pashu.core.recorded_at import act_on
from pashu.schema.context import Info
from pashu.schema.pound_returns.types import PoundArea, PoundSite
from pashu.schema.registration.common import pk
from pashu.services.pounds import pound_areas

# Every mutation takes one argument, `input`, whose type describes each of its fields.
INPUT = "What to record; each field is described on the input type"


@strawberry.input(description="The area a pound serves, as determined")
class DeterminePoundAreaInput:
    pound_id: strawberry.ID = strawberry.field(description="The pound's global id")
    area: str = strawberry.field(description="The area")
    determined_on: date = strawberry.field(description="The day it was determined (IST)")
    reference: str = strawberry.field(description="The order determining it")


@strawberry.input(description="Where a pound stands")
class RecordPoundSiteInput:
    pound_id: strawberry.ID = strawberry.field(description="The pound's global id")
    latitude: Decimal = strawberry.field(description="Latitude in decimal degrees")
    longitude: Decimal = strawberry.field(description="Longitude in decimal degrees")


@strawberry.type
class PoundReturnsMutation:
    @strawberry.mutation(description="Record the area a pound serves, as determined")
    async def determine_pound_area(
        self,
        info: Info,
        input: Annotated[
            DeterminePoundAreaInput,
            strawberry.argument(description=INPUT),
        ],
    ) -> PoundArea:
        who = info.context.require("clerk")
        pound = pk(input.pound_id, "Pound")
        return await info.context.write(
            lambda s: PoundArea.of(
                *pound_areas.determine_area(
                    s,
                    who,
                    pound_id=pound,
                    area=input.area,
                    determined_on=act_on(input.determined_on, "determinedOn"),
                    reference=input.reference,
                )
            )
        )

    @strawberry.mutation(description="Record where a pound stands, to find the nearest pound")
    async def record_pound_site(
        self,
        info: Info,
        input: Annotated[
            RecordPoundSiteInput,
            strawberry.argument(description=INPUT),
        ],
    ) -> PoundSite:
        who = info.context.require("clerk")
        pound = pk(input.pound_id, "Pound")
        return await info.context.write(
            lambda s: PoundSite.of(
                pound_areas.record_site(
                    s, who, pound_id=pound, latitude=input.latitude, longitude=input.longitude
                )
            )
        )

"""Pound areas, the pound check of a seizure, and returns (any role)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Annotated

import strawberry

from pashu.schema.context import Info
from pashu.schema.paging import After, First, page
from pashu.schema.pound_returns.types import PoundArea, PoundCheck, PoundReturn
from pashu.schema.registration.common import pk
from pashu.services.keeping.keeping import today
from pashu.services.pound_returns import returns
from pashu.services.pounds import pound_areas


@strawberry.type
class PoundReturnsQuery:
    @strawberry.field(
        description="The areas pounds serve, as determined on `on` (default today), by area "
        "(then the determination's id); paged with `first` and `after`"
    )
    async def pound_areas(
        self,
        info: Info,
        on: Annotated[
            date | None,
            strawberry.argument(
                description="The day judged (a calendar day in IST; default today)"
            ),
        ] = None,
        pound_id: Annotated[
            strawberry.ID | None, strawberry.argument(description="Only this pound's areas")
        ] = None,
        first: First = None,
        after: After = None,
    ) -> list[PoundArea]:
        who = info.context.require()
        pound = pk(pound_id, "Pound") if pound_id else None
        day = on or today()
        asked = page("poundAreas", first, after, "PoundArea")
        return await info.context.read(
            lambda s: [PoundArea.of(a, p) for a, p in pound_areas.areas(s, who, day, pound, asked)]
        )

    @strawberry.field(
        description="Was the seizure sent to the pound the Act names? Give the area where the "
        "land lies (pound for the area) or the place's latitude and longitude (nearest pound)"
    )
    async def pound_check(
        self,
        info: Info,
        impoundment_id: Annotated[
            strawberry.ID, strawberry.argument(description="The case's global id")
        ],
        area: Annotated[
            str | None, strawberry.argument(description="The area where the animals were seized")
        ] = None,
        latitude: Annotated[
            Decimal | None,
            strawberry.argument(description="Latitude of the place of seizure, in decimal degrees"),
        ] = None,
        longitude: Annotated[
            Decimal | None,
            strawberry.argument(
                description="Longitude of the place of seizure, in decimal degrees"
            ),
        ] = None,
    ) -> PoundCheck:
        who = info.context.require()
        case = pk(impoundment_id, "Impoundment")
        return await info.context.read(
            lambda s: PoundCheck.of(
                pound_areas.check(
                    s, who, impoundment_id=case, area=area, latitude=latitude, longitude=longitude
                )
            )
        )

    @strawberry.field(
        description="The return from the registers for a period (days in IST, both included): "
        "of a pound, of a local authority's pounds, or (neither given) of the department"
    )
    async def pound_return(
        self,
        info: Info,
        from_: Annotated[
            date,
            strawberry.argument(name="from", description="The period's first day (IST, included)"),
        ],
        to: Annotated[
            date, strawberry.argument(description="The period's last day (IST, included)")
        ],
        pound_id: Annotated[
            strawberry.ID | None, strawberry.argument(description="Only this pound")
        ] = None,
        local_authority_id: Annotated[
            strawberry.ID | None,
            strawberry.argument(description="Only the pounds of this local authority"),
        ] = None,
    ) -> PoundReturn:
        who = info.context.require()
        pound = pk(pound_id, "Pound") if pound_id else None
        authority = pk(local_authority_id, "LocalAuthority") if local_authority_id else None
        return await info.context.read(
            lambda s: PoundReturn.of(
                returns.pound_return(
                    s, who, start=from_, end=to, pound_id=pound, authority_id=authority
                )
            )
        )

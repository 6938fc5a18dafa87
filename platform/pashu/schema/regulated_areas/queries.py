"""Notified orders, licences and the checks of keeping and movement (any role)."""

from __future__ import annotations

from datetime import date
from typing import Annotated

import strawberry
from sqlalchemy.orm import Session

from pashu.jurisdictions.registration import (
    CattleActivity,
)
from pashu.jurisdictions.vocabulary import Capability
from pashu.schema.context import Info
from pashu.schema.paging import After, First, page
from pashu.schema.registration.common import law, pk
from pashu.schema.regulated_areas.types import ActivityCheck, CattleLicence, NotifiedOrder
from pashu.services.regulated_areas import regulated_areas as service


async def _check(
    info: Info, activity: CattleActivity, species: str, area: str, on: date, holder: str | None
) -> ActivityCheck:
    who = info.context.require()
    rules = law(who, Capability.REGULATED_AREAS)

    def load(s: Session) -> ActivityCheck:
        decision, order = service.check(s, who, activity, species, area, on, holder)
        return ActivityCheck.of(decision, order, rules)

    return await info.context.read(load)


@strawberry.type
class RegulatedAreasQuery:
    @strawberry.field(
        description="Notified orders, by the date they take effect, then reference (then id); "
        "paged with `first` and `after`"
    )
    async def notified_orders(
        self,
        info: Info,
        area: Annotated[
            str | None, strawberry.argument(description="Only orders for this area")
        ] = None,
        first: First = None,
        after: After = None,
    ) -> list[NotifiedOrder]:
        rules = law(info.context.require(), Capability.REGULATED_AREAS)
        asked = page("notifiedOrders", first, after, "NotifiedOrder")
        return await info.context.read(
            lambda s: [NotifiedOrder.of(o, rules) for o in service.orders(s, area, asked)]
        )

    @strawberry.field(
        description="Licences and permits granted under notified orders, in the order granted "
        "(then id); paged with `first` and `after`"
    )
    async def cattle_licences(
        self,
        info: Info,
        order_id: Annotated[
            strawberry.ID | None, strawberry.argument(description="Only licences under this order")
        ] = None,
        holder: Annotated[
            str | None, strawberry.argument(description="Only licences held by this person")
        ] = None,
        first: First = None,
        after: After = None,
    ) -> list[CattleLicence]:
        rules = law(info.context.require(), Capability.REGULATED_AREAS)
        order = pk(order_id, "NotifiedOrder") if order_id is not None else None
        asked = page("cattleLicences", first, after, "CattleLicence")
        return await info.context.read(
            lambda s: [
                CattleLicence.of(x, c, rules)
                for x, c in service.licences(s, order, holder, page=asked)
            ]
        )

    @strawberry.field(description="May `holder` keep `species` in `area` on `on`? With citations")
    async def keeping_allowed(
        self,
        info: Info,
        species: Annotated[str, strawberry.argument(description="The species")],
        area: Annotated[str, strawberry.argument(description="The area")],
        on: Annotated[
            date,
            strawberry.argument(description="The day judged (a calendar day in IST)"),
        ],
        holder: Annotated[
            str | None,
            strawberry.argument(description="Who keeps the animals (a licence holder, if any)"),
        ] = None,
    ) -> ActivityCheck:
        return await _check(info, CattleActivity.KEEPING, species, area, on, holder)

    @strawberry.field(description="May `holder` move `species` in `area` on `on`? With citations")
    async def movement_allowed(
        self,
        info: Info,
        species: Annotated[str, strawberry.argument(description="The species")],
        area: Annotated[str, strawberry.argument(description="The area")],
        on: Annotated[
            date,
            strawberry.argument(description="The day judged (a calendar day in IST)"),
        ],
        holder: Annotated[
            str | None,
            strawberry.argument(description="Who moves the animals (a permit holder, if any)"),
        ] = None,
    ) -> ActivityCheck:
        return await _check(info, CattleActivity.MOVEMENT, species, area, on, holder)

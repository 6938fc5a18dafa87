"""The tenant's entries of extent and notified kinds, and whether the Act is in force."""

from __future__ import annotations

from datetime import date
from typing import Annotated

import strawberry
from sqlalchemy.orm import Session

from pashu.jurisdictions import registry
from pashu.schema.context import Info
from pashu.schema.extent.types import (
    ExtentNotification,
    ForceInArea,
    KindNotification,
)
from pashu.schema.law.types import cites
from pashu.schema.paging import After, First, page
from pashu.services.extent import extent as service


@strawberry.type
class ExtentQuery:
    @strawberry.field(
        description="Entries of where the Act is, or is not, in force, by area, then the day "
        "effective (then id); paged with `first` and `after`"
    )
    async def extent_notifications(
        self,
        info: Info,
        area: Annotated[
            str | None, strawberry.argument(description="Only entries for this area")
        ] = None,
        first: First = None,
        after: After = None,
    ) -> list[ExtentNotification]:
        info.context.require()
        asked = page("extentNotifications", first, after, "ExtentNotification")
        return await info.context.read(
            lambda s: [ExtentNotification.of(r) for r in service.areas(s, area, asked)]
        )

    @strawberry.field(description="Is the Act in force in `area` on `on`? With citations")
    async def act_in_force(
        self,
        info: Info,
        area: Annotated[str, strawberry.argument(description="The area")],
        on: Annotated[
            date,
            strawberry.argument(description="The day judged (a calendar day in IST)"),
        ],
    ) -> ForceInArea:
        who = info.context.require()
        plugin = registry.get(who.jurisdiction)

        def load(s: Session) -> ForceInArea:
            d = service.force(s, plugin, area, on)
            return ForceInArea(
                area=" ".join(area.split()),
                on=on,
                in_force=d.value,
                citations=cites(d.cites),
                explanation=d.why,
            )

        return await info.context.read(load)

    @strawberry.field(
        description="Notifications adding kinds of animal to the Act, by species, then the day "
        "effective (then id); paged with `first` and `after`"
    )
    async def kind_notifications(
        self, info: Info, first: First = None, after: After = None
    ) -> list[KindNotification]:
        info.context.require()
        asked = page("kindNotifications", first, after, "KindNotification")
        return await info.context.read(
            lambda s: [KindNotification.of(r) for r in service.kinds(s, asked)]
        )

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
from pashu.services import extent as service


@strawberry.type
class ExtentQuery:
    @strawberry.field(description="Entries of where the Act is, or is not, in force")
    async def extent_notifications(
        self,
        info: Info,
        area: Annotated[
            str | None, strawberry.argument(description="Only entries for this area")
        ] = None,
    ) -> list[ExtentNotification]:
        info.context.require()
        return await info.context.read(
            lambda s: [ExtentNotification.of(r) for r in service.areas(s, area)]
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

    @strawberry.field(description="Notifications adding kinds of animal to the Act")
    async def kind_notifications(self, info: Info) -> list[KindNotification]:
        info.context.require()
        return await info.context.read(lambda s: [KindNotification.of(r) for r in service.kinds(s)])

"""Keeping rules and their check, grazing grounds, inspectors and inspections (any role)."""

from __future__ import annotations

from datetime import date
from typing import Annotated

import strawberry
from sqlalchemy.orm import Session

from pashu.jurisdictions.keeping import (
    KeepingMode,
    TimeOfDay,
)
from pashu.schema.context import Info
from pashu.schema.keeping.types import (
    GrazingGround,
    Inspection,
    Inspector,
    KeepingCheck,
    KeepingRule,
)
from pashu.schema.paging import After, First, page
from pashu.schema.registration.common import pk
from pashu.services.keeping import grazing, inspections
from pashu.services.keeping import keeping as service


@strawberry.type
class KeepingQuery:
    @strawberry.field(description="How each kind of animal must be kept under the tenant's Act")
    async def keeping_rules(self, info: Info) -> list[KeepingRule]:
        who = info.context.require()
        return [KeepingRule.of(r) for r in service.rules(who).value]

    @strawberry.field(
        description="Does keeping `species` this way, by day or at night, at `place` comply? "
        "`place` or `grazingGroundId` names a grazing ground the animal is in, if any"
    )
    async def keeping_check(
        self,
        info: Info,
        species: Annotated[str, strawberry.argument(description="The species kept")],
        mode: Annotated[
            KeepingMode, strawberry.argument(description="How the animal is being kept")
        ],
        time_of_day: Annotated[
            TimeOfDay, strawberry.argument(description="By day or at night, as found")
        ],
        place: Annotated[str, strawberry.argument(description="Where it is kept, in words")],
        on: Annotated[
            date | None,
            strawberry.argument(
                description="The day judged (a calendar day in IST; default today)"
            ),
        ] = None,
        grazing_ground_id: Annotated[
            strawberry.ID | None,
            strawberry.argument(description="The grazing ground it is on, if any"),
        ] = None,
    ) -> KeepingCheck:
        who = info.context.require()
        ground = pk(grazing_ground_id, "GrazingGround") if grazing_ground_id else None

        def load(s: Session) -> KeepingCheck:
            done = service.check(
                s,
                who,
                species=species,
                mode=mode,
                time=time_of_day,
                place=place,
                on=on or service.today(),
                grazing_ground_id=ground,
            )
            return KeepingCheck.of(done.species, done.decision)

        return await info.context.read(load)

    @strawberry.field(
        description="Grazing grounds by name (then id), with whether each is in force on `on`; "
        "paged with `first` and `after`"
    )
    async def grazing_grounds(
        self,
        info: Info,
        on: Annotated[
            date | None,
            strawberry.argument(
                description="The day judged (a calendar day in IST; default today)"
            ),
        ] = None,
        first: First = None,
        after: After = None,
    ) -> list[GrazingGround]:
        who = info.context.require()
        day = on or service.today()
        asked = page("grazingGrounds", first, after, "GrazingGround")
        return await info.context.read(
            lambda s: [GrazingGround.of(v) for v in grazing.grounds(s, who, day, page=asked)]
        )

    @strawberry.field(
        description="Persons designated to inspect, by name (then id); paged with `first` and "
        "`after`"
    )
    async def inspectors(
        self, info: Info, first: First = None, after: After = None
    ) -> list[Inspector]:
        who = info.context.require()
        asked = page("inspectors", first, after, "Inspector")
        return await info.context.read(
            lambda s: [Inspector.of(i, c) for i, c in inspections.inspectors(s, who, asked)]
        )

    @strawberry.field(
        description="Inspection visits, latest first (by instant, then id); paged with `first` "
        "and `after`"
    )
    async def inspections(
        self,
        info: Info,
        inspector_id: Annotated[
            strawberry.ID | None, strawberry.argument(description="Only this inspector's visits")
        ] = None,
        contravention: Annotated[
            bool | None,
            strawberry.argument(
                description=(
                    "True: only visits that found a contravention; false: only those that did not"
                )
            ),
        ] = None,
        first: First = None,
        after: After = None,
    ) -> list[Inspection]:
        who = info.context.require()
        person = pk(inspector_id, "Inspector") if inspector_id else None
        asked = page("inspections", first, after, "Inspection")
        return await info.context.read(
            lambda s: [
                Inspection.of(v)
                for v in inspections.visits(
                    s,
                    who,
                    inspector_id=person,
                    contravention=contravention,
                    page=asked,
                )
            ]
        )

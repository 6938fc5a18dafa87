"""Queries on pounds."""

from __future__ import annotations

import strawberry
from sqlalchemy.orm import Session

from pashu.schema.context import Info
from pashu.schema.paging import After, First, page
from pashu.schema.pounds.types import Pound
from pashu.services.pounds import pounds


@strawberry.type
class PoundsQuery:
    @strawberry.field(
        description="The tenant's pounds, by name (then id); paged with `first` and `after`"
    )
    async def pounds(self, info: Info, first: First = None, after: After = None) -> list[Pound]:
        info.context.require()
        asked = page("pounds", first, after, "Pound")

        def load(s: Session) -> list[Pound]:
            return [Pound.of(p, a) for p, a in pounds.pounds(s, asked)]

        return await info.context.read(load)

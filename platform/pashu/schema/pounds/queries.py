"""Queries on pounds."""

from __future__ import annotations

import strawberry
from sqlalchemy.orm import Session

from pashu.schema.context import Info
from pashu.schema.pounds.types import Pound
from pashu.services import pounds


@strawberry.type
class PoundsQuery:
    @strawberry.field(description="The tenant's pounds, by name")
    async def pounds(self, info: Info) -> list[Pound]:
        info.context.require()

        def load(s: Session) -> list[Pound]:
            return [Pound.of(p, a) for p, a in pounds.pounds(s)]

        return await info.context.read(load)

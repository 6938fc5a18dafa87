"""Mutations on pounds."""

from __future__ import annotations

from typing import Annotated

import strawberry
from sqlalchemy import select
from sqlalchemy.orm import Session

from pashu.db.pounds import LocalAuthority as AuthorityRow
from pashu.schema.context import Info
from pashu.schema.pounds.types import Pound
from pashu.services.pounds import pounds

# Every mutation takes one argument, `input`, whose type describes each of its fields.
INPUT = "What to record; each field is described on the input type"


@strawberry.input(description="A pound to create")
class CreatePoundInput:
    name: str = strawberry.field(description="The pound's name")
    local_authority: str = strawberry.field(
        description="The Village Council or Town Committee that controls the pound"
    )


@strawberry.type
class PoundsMutation:
    @strawberry.mutation(description="Record a pound under its local authority")
    async def create_pound(
        self,
        info: Info,
        input: Annotated[
            CreatePoundInput,
            strawberry.argument(description=INPUT),
        ],
    ) -> Pound:
        who = info.context.require()

        def create(s: Session) -> Pound:
            pound = pounds.create_pound(s, who, input.name, input.local_authority)
            authority = s.scalars(
                select(AuthorityRow).where(AuthorityRow.id == pound.local_authority_id)
            ).one()
            return Pound.of(pound, authority)

        return await info.context.write(create)

"""Pounds and local authorities as the API shows them."""

from __future__ import annotations

import uuid
from datetime import date
from typing import Annotated

import strawberry
from sqlalchemy import select
from sqlalchemy.orm import Session

from pashu.db.pounds import LocalAuthority as AuthorityRow
from pashu.db.pounds import Pound as PoundRow
from pashu.jurisdictions import registry
from pashu.schema.context import Context, Info
from pashu.schema.documents import Document
from pashu.schema.impoundment import loaders
from pashu.schema.node import Node, node_type, to_global_id
from pashu.services.impoundment import case_documents as papers


@strawberry.type(
    description=("A local authority (town committee, Village Council) a pound belongs to")
)
class LocalAuthority(Node):
    name: str = strawberry.field(description="Its name")


@strawberry.type(description="A pound, or the enclosure a Village Council sets apart")
class Pound(Node):
    name: str = strawberry.field(description="The pound's name")
    local_authority: LocalAuthority = strawberry.field(
        description="The local authority it belongs to"
    )
    _rows: strawberry.Private[tuple[PoundRow, AuthorityRow]]

    @strawberry.field(
        description="The list of fines and feeding rates exhibited at the pound, as on a day"
    )
    async def exhibited_list(
        self,
        info: Info,
        on: Annotated[
            date, strawberry.argument(description="The day whose notified rates the list shows")
        ],
    ) -> Document:
        plugin = registry.get(info.context.require().jurisdiction)
        notifications = await loaders.rates(info.context)
        return Document.of(papers.exhibited_list(plugin, *self._rows, notifications, on))

    @classmethod
    def of(cls, pound: PoundRow, authority: AuthorityRow) -> Pound:
        return cls(
            id=to_global_id("Pound", pound.id),
            name=pound.name,
            local_authority=LocalAuthority(
                id=to_global_id("LocalAuthority", authority.id), name=authority.name
            ),
            _rows=(pound, authority),
        )


@node_type("Pound")
async def _pound(ctx: Context, pk: uuid.UUID) -> Pound | None:
    def load(s: Session) -> tuple[PoundRow, AuthorityRow] | None:
        row = s.execute(
            select(PoundRow, AuthorityRow)
            .join(
                AuthorityRow,
                (AuthorityRow.tenant_id == PoundRow.tenant_id)
                & (AuthorityRow.id == PoundRow.local_authority_id),
            )
            .where(PoundRow.id == pk)
        ).first()
        return None if row is None else (row[0], row[1])

    found = await ctx.read(load)
    return Pound.of(*found) if found else None

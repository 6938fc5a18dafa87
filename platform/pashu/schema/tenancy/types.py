"""The signed-in side: the viewer, their tenant and user."""

from __future__ import annotations

import uuid

import strawberry
from sqlalchemy import select
from sqlalchemy.orm import Session

from pashu.db.tenancy import User as UserRow
from pashu.jurisdictions import registry
from pashu.schema.context import Context
from pashu.schema.law.jurisdiction import Jurisdiction
from pashu.schema.node import Node, node_type, to_global_id


@strawberry.type
class Tenant:
    slug: str
    name: str
    _jurisdiction: strawberry.Private[str]

    @strawberry.field
    def jurisdiction(self) -> Jurisdiction:
        return Jurisdiction(_plugin=registry.get(self._jurisdiction))


@strawberry.type
class User(Node):
    name: str
    role: str

    @classmethod
    def of(cls, row: UserRow) -> User:
        return cls(id=to_global_id("User", row.id), name=row.name, role=row.role)


@node_type("User")
async def _user(ctx: Context, pk: uuid.UUID) -> User | None:
    def load(s: Session) -> UserRow | None:
        return s.scalar(select(UserRow).where(UserRow.id == pk))

    row = await ctx.read(load)
    return User.of(row) if row else None


@strawberry.type
class Viewer:
    role: str
    tenant: Tenant
    user: User

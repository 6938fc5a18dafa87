"""The signed-in side: the viewer, their tenant and user."""

from __future__ import annotations

import enum
import uuid

import strawberry
from sqlalchemy import select
from sqlalchemy.orm import Session

from pashu.db.tenancy import User as UserRow
from pashu.jurisdictions import registry
from pashu.schema.context import Context
from pashu.schema.law.jurisdiction import Jurisdiction
from pashu.schema.node import Node, node_type, to_global_id


@strawberry.type(description="A state department: the tenant, bound to one jurisdiction")
class Tenant:
    slug: str = strawberry.field(description="The tenant's short name")
    name: str = strawberry.field(description="The department's name")
    _jurisdiction: strawberry.Private[str]

    @strawberry.field(description="The jurisdiction whose Acts the department administers")
    def jurisdiction(self) -> Jurisdiction:
        return Jurisdiction(_plugin=registry.get(self._jurisdiction))


@strawberry.enum(description="What a token may do: the role of the user it signs in")
class Role(enum.Enum):
    # The values are the roles as stored and as `pashu token create --role` takes them.
    ADMIN = strawberry.enum_value(
        "admin", description="Every act of every role, and the tenant's users and tokens"
    )
    CLERK = strawberry.enum_value(
        "clerk",
        description="Records the registers' acts (seizures, deliveries, sales...); reads all",
    )
    FINANCE = strawberry.enum_value(
        "finance",
        description="Publishes rates, assesses and takes animal tax, receives fines; reads all",
    )
    MAGISTRATE = strawberry.enum_value(
        "magistrate", description="Records a Magistrate's decisions and orders; reads all"
    )
    VIEWER = strawberry.enum_value("viewer", description="Reads the registers; changes nothing")
    INSPECTOR = strawberry.enum_value(
        "inspector",
        description="An officer checking the registers and accounts; reads, changes nothing",
    )


@strawberry.type(description="A user of a tenant")
class User(Node):
    name: str = strawberry.field(description="The user's name")
    role: Role = strawberry.field(description="The user's role: what the user may do")

    @classmethod
    def of(cls, row: UserRow) -> User:
        return cls(id=to_global_id("User", row.id), name=row.name, role=Role(row.role))


@node_type("User")
async def _user(ctx: Context, pk: uuid.UUID) -> User | None:
    def load(s: Session) -> UserRow | None:
        return s.scalar(select(UserRow).where(UserRow.id == pk))

    row = await ctx.read(load)
    return User.of(row) if row else None


@strawberry.type(description="The caller, as their token says (needs a token)")
class Viewer:
    role: Role = strawberry.field(description="The token's role: what it may do")
    tenant: Tenant = strawberry.field(description="The caller's tenant")
    user: User = strawberry.field(description="The caller's user")

"""Queries that need a token: who am I, fetch any object by global id."""

from __future__ import annotations

from typing import Annotated

import strawberry

from pashu.schema.context import Info
from pashu.schema.node import Node, resolve_node, to_global_id
from pashu.schema.tenancy.types import Role, Tenant, User, Viewer


@strawberry.type
class TenancyQuery:
    @strawberry.field(description="The caller: role and tenant (needs a token)")
    def viewer(self, info: Info) -> Viewer:
        p = info.context.require()
        return Viewer(
            role=Role(p.role),
            tenant=Tenant(slug=p.tenant_slug, name=p.tenant_name, _jurisdiction=p.jurisdiction),
            user=User(id=to_global_id("User", p.user_id), name=p.user_name, role=Role(p.role)),
        )

    @strawberry.field(
        description="Any object of the caller's tenant by its global id: every type that "
        "implements Node, exactly as the field that lists it (or the mutation that made it) "
        "shows it, to the roles that field admits"
    )
    async def node(
        self,
        info: Info,
        id: Annotated[
            strawberry.ID,
            strawberry.argument(
                description="A global id; another tenant's, an unknown or a malformed one "
                "answers null (a type of a chapter the tenant's Act lacks is refused as the "
                "type's own field is)"
            ),
        ],
    ) -> Node | None:
        return await resolve_node(info.context, id)

"""Tokens (admin only): `tokens`, `createToken`, `revokeToken`."""

from __future__ import annotations

from typing import Annotated

import strawberry
from sqlalchemy.orm import Session

from pashu.schema.context import Info
from pashu.schema.impoundment.mutations import INPUT
from pashu.schema.impoundment.queries import decode_id
from pashu.schema.tenancy.types import Role
from pashu.schema.tokens.types import ApiToken, CreatedToken
from pashu.services.tenancy import tokens


@strawberry.input(description="A new user of a role, and a token for it")
class CreateTokenInput:
    role: Role = strawberry.field(description="The new user's role: what the token may do")
    name: str = strawberry.field(description="Who the token is for (a new user of that role)")
    days: int | None = strawberry.field(
        default=None, description="How long it lasts (default: PASHU_TOKEN_DAYS)"
    )


@strawberry.input(description="The token to revoke")
class RevokeTokenInput:
    id: strawberry.ID = strawberry.field(description="The token's global id (ApiToken.id)")


@strawberry.type
class TokensQuery:
    @strawberry.field(description="The tenant's API tokens, newest first (admin)")
    async def tokens(self, info: Info) -> list[ApiToken]:
        who = info.context.require("admin")
        return await info.context.read(lambda s: [ApiToken.of(t) for t in tokens.listed(s, who)])


@strawberry.type
class TokensMutation:
    @strawberry.mutation(description="Make a user with a role and a token for it (admin)")
    async def create_token(
        self, info: Info, input: Annotated[CreateTokenInput, strawberry.argument(description=INPUT)]
    ) -> CreatedToken:
        who = info.context.require("admin")

        def run(s: Session) -> CreatedToken:
            # The value is the role as stored (strawberry types it as the value's definition).
            role = str(input.role.value)
            secret, made = tokens.issue(s, who, role, input.name, input.days)
            return CreatedToken(secret=secret, token=ApiToken.of(made))

        return await info.context.write(run)

    @strawberry.mutation(description="Revoke a token: it signs nobody in from now on (admin)")
    async def revoke_token(
        self, info: Info, input: Annotated[RevokeTokenInput, strawberry.argument(description=INPUT)]
    ) -> ApiToken:
        who = info.context.require("admin")
        pk = decode_id(input.id, "ApiToken", "id")
        return await info.context.write(lambda s: ApiToken.of(tokens.revoke(s, who, pk)))

"""API tokens as the administrator's screen shows them: never the secret, except once."""

from __future__ import annotations

from datetime import datetime

import strawberry

from pashu.schema.node import to_global_id
from pashu.schema.tenancy.types import Role, User
from pashu.services.tenancy.tokens import TokenInfo


@strawberry.type(description="An API token: who it signs in, until when, when it was last used")
class ApiToken:
    id: strawberry.ID = strawberry.field(description="The token's global id (not its secret)")
    user: User = strawberry.field(description="The user the token signs in")
    role: Role = strawberry.field(description="The user's role: what the token may do")
    label: str = strawberry.field(description="What the administrator called the token")
    created_at: datetime = strawberry.field(description="When it was made (ISO 8601, offset)")
    created_by: str = strawberry.field(description="Who made it")
    expires_at: datetime = strawberry.field(
        description="The first instant it no longer signs in (ISO 8601, offset)"
    )
    last_used_at: datetime | None = strawberry.field(description="Kept to within a minute")
    revoked_at: datetime | None = strawberry.field(
        description="When it was revoked; null while it is not"
    )

    @classmethod
    def of(cls, info: TokenInfo) -> ApiToken:
        t = info.row
        return cls(
            id=to_global_id("ApiToken", t.id),
            user=User.of(info.user),
            role=Role(info.user.role),
            label=t.label,
            created_at=t.created_at,
            created_by=t.created_by,
            expires_at=t.expires_at,
            last_used_at=t.last_used_at,
            revoked_at=t.revoked_at,
        )


@strawberry.type(description="A new token: `secret` is shown now and never again")
class CreatedToken:
    secret: str = strawberry.field(
        description="The bearer secret, shown only in this answer: keep it, it cannot be read again"
    )
    token: ApiToken = strawberry.field(description="The token as the tokens list shows it")

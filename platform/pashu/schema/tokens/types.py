"""API tokens as the administrator's screen shows them: never the secret, except once."""

from __future__ import annotations

from datetime import datetime

import strawberry

from pashu.schema.node import to_global_id
from pashu.schema.tenancy.types import User
from pashu.services.tokens import TokenInfo


@strawberry.type(description="An API token: who it signs in, until when, when it was last used")
class ApiToken:
    id: strawberry.ID
    user: User
    role: str
    label: str
    created_at: datetime
    created_by: str
    expires_at: datetime
    last_used_at: datetime | None = strawberry.field(description="Kept to within a minute")
    revoked_at: datetime | None

    @classmethod
    def of(cls, info: TokenInfo) -> ApiToken:
        t = info.row
        return cls(
            id=to_global_id("ApiToken", t.id),
            user=User.of(info.user),
            role=info.user.role,
            label=t.label,
            created_at=t.created_at,
            created_by=t.created_by,
            expires_at=t.expires_at,
            last_used_at=t.last_used_at,
            revoked_at=t.revoked_at,
        )


@strawberry.type(description="A new token: `secret` is shown now and never again")
class CreatedToken:
    secret: str
    token: ApiToken

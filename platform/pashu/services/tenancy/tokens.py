"""API tokens as an administrator manages them: issue (the secret shown once), list, revoke.

Every token expires (PASHU_TOKEN_DAYS by default) and keeps its last use; a revoked or
expired one signs nobody in. Revoking is a change of state, recorded in the audit trail.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from pashu.core.errors import Conflict, NotFound
from pashu.db import audit
from pashu.db.tenancy import ApiToken, User
from pashu.services.tenancy.tenants import Principal, issue_token


@dataclass(frozen=True)
class TokenInfo:
    """A token as its administrator sees it: never its secret."""

    row: ApiToken
    user: User


def issue(
    session: Session, who: Principal, role: str, name: str, days: int | None
) -> tuple[str, TokenInfo]:
    who.require("admin")
    token, row = issue_token(session, who.tenant_id, role, name, days=days, actor=who.actor)
    user = session.scalar(select(User).where(User.id == row.user_id))
    assert user is not None
    return token, TokenInfo(row, user)


def listed(session: Session, who: Principal) -> list[TokenInfo]:
    who.require("admin")
    rows = session.execute(
        select(ApiToken, User)
        .join(User, (User.tenant_id == ApiToken.tenant_id) & (User.id == ApiToken.user_id))
        .order_by(ApiToken.created_at.desc(), ApiToken.id)
    ).all()
    return [TokenInfo(t, u) for t, u in rows]


def revoke(session: Session, who: Principal, token_id: uuid.UUID) -> TokenInfo:
    who.require("admin")
    found = session.execute(
        select(ApiToken, User)
        .join(User, (User.tenant_id == ApiToken.tenant_id) & (User.id == ApiToken.user_id))
        .where(ApiToken.id == token_id)
    ).first()
    if found is None:
        raise NotFound("no such token", field="id")
    row, user = found
    if row.revoked_at is not None:
        raise Conflict("this token is revoked already", field="id")
    row.revoked_at = datetime.now(UTC)
    session.flush()
    audit.record(
        session,
        who.actor,
        "token.revoke",
        f"ApiToken:{row.id}",
        before={"revokedAt": None},
        after={"revokedAt": row.revoked_at.isoformat()},
    )
    return TokenInfo(row, user)

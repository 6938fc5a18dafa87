"""Tenants (state departments), their users, API tokens and who is asking."""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import Subquery, Update, bindparam, select, update
from sqlalchemy.orm import Session

from pashu.config import settings
from pashu.core.errors import Conflict, Forbidden, NotFound, Unauthenticated, ValidationError
from pashu.db import audit
from pashu.db.tenancy import ApiToken, Tenant, User
from pashu.jurisdictions import registry

# "inspector": an officer checking the registers and accounts; reads, changes nothing.
ROLES = ("admin", "clerk", "finance", "magistrate", "viewer", "inspector")
SLUG = re.compile(r"^[a-z0-9][a-z0-9-]{1,62}$")
PREFIX = "pashu"
MAX_TOKEN_DAYS = 3660


@dataclass(frozen=True)
class Principal:
    """Who is asking: a user of one tenant, holding one role."""

    tenant_id: uuid.UUID
    tenant_slug: str
    tenant_name: str
    jurisdiction: str
    user_id: uuid.UUID
    user_name: str
    role: str
    # The token's last use was written in the session that authenticated it: commit it.
    used: bool = field(default=False, compare=False)

    def require(self, *roles: str) -> None:
        if self.role != "admin" and self.role not in roles:
            needed = " or ".join([*roles, "admin"]) if roles else "admin"
            raise Forbidden(f"the role {self.role} may not do this; it needs {needed}")

    @property
    def actor(self) -> str:
        return f"{self.user_name} ({self.role})"


def create_tenant(session: Session, slug: str, jurisdiction: str, name: str) -> Tenant:
    """A department bound to an installed jurisdiction; refuses unknown codes."""
    plugin = registry.get(jurisdiction)  # UNKNOWN_JURISDICTION lists the installed ones
    if not SLUG.match(slug):
        raise ValidationError("a slug is 2-63 lower-case letters, digits or hyphens")
    if not name.strip():
        raise ValidationError("a tenant needs a name")
    if session.scalar(select(Tenant.id).where(Tenant.slug == slug)) is not None:
        raise Conflict(f"a tenant with slug {slug!r} exists")
    tenant = Tenant(slug=slug, jurisdiction=plugin.code, name=name.strip())
    session.add(tenant)
    session.flush()
    return tenant


def tenant_by_slug(session: Session, slug: str) -> Tenant:
    tenant = session.scalar(select(Tenant).where(Tenant.slug == slug))
    if tenant is None:
        raise NotFound(f"no tenant {slug!r}")
    return tenant


def token_hash(token: str) -> str:
    """The token as the register keeps it (keyed by the platform's secret)."""
    return hmac.new(settings().secret_key.encode(), token.encode(), hashlib.sha256).hexdigest()


def create_token(
    session: Session,
    tenant: Tenant,
    role: str,
    user_name: str | None = None,
    *,
    days: int | None = None,
    actor: str = "cli",
) -> str:
    """Make a user with `role` and a token for it; the token is returned once, never stored.
    It expires after `days` (default: PASHU_TOKEN_DAYS).

    The token names its tenant (`pashu_<tenant>_<secret>`) so that the lookup of its hash
    runs inside that tenant's scope, behind row-level security like every other query.
    """
    token, _ = issue_token(
        session, tenant.id, role, user_name or f"{tenant.slug} {role}", days=days, actor=actor
    )
    return token


def issue_token(
    session: Session,
    tenant_id: uuid.UUID,
    role: str,
    user_name: str,
    *,
    days: int | None = None,
    actor: str,
) -> tuple[str, ApiToken]:
    if role not in ROLES:
        raise ValidationError(f"unknown role {role!r}; roles: {', '.join(ROLES)}", field="role")
    if session.info.get("tenant_id") != tenant_id:
        raise RuntimeError("a token is made in a session scoped to its tenant")
    lifetime = settings().token_days if days is None else days
    if not 1 <= lifetime <= MAX_TOKEN_DAYS:
        raise ValidationError(f"a token lasts 1 to {MAX_TOKEN_DAYS} days", field="days")
    name = " ".join(user_name.split())
    if not name:
        raise ValidationError("a token's user needs a name", field="name")
    user = User(name=name, role=role, tenant_id=tenant_id)
    session.add(user)
    session.flush()
    token = f"{PREFIX}_{tenant_id.hex}_{secrets.token_urlsafe(32)}"
    row = ApiToken(
        user_id=user.id,
        token_hash=token_hash(token),
        tenant_id=tenant_id,
        expires_at=datetime.now(UTC) + timedelta(days=lifetime),
        label=name,
        created_by=actor,
    )
    session.add(row)
    session.flush()
    audit.record(
        session,
        actor,
        "token.create",
        f"ApiToken:{row.id}",
        after={"role": role, "user": name, "expiresAt": row.expires_at.isoformat()},
    )
    return token, row


def tenant_of_token(token: str) -> uuid.UUID:
    """The tenant a token claims to belong to (checked against its hash afterwards)."""
    parts = token.split("_", 2)
    if len(parts) != 3 or parts[0] != PREFIX:
        raise Unauthenticated("the token is not a Pashu API token")
    try:
        return uuid.UUID(hex=parts[1])
    except ValueError:
        raise Unauthenticated("the token is not a Pashu API token") from None


# Every request runs this: built once, and columns rather than entities (no ORM objects).
_PRINCIPAL = (
    select(
        Tenant.id,
        Tenant.slug,
        Tenant.name,
        Tenant.jurisdiction,
        User.id,
        User.name,
        User.role,
        ApiToken.id,
        ApiToken.last_used_at,
    )
    .join(User, User.tenant_id == Tenant.id)
    .join(ApiToken, (ApiToken.tenant_id == User.tenant_id) & (ApiToken.user_id == User.id))
    .where(
        ApiToken.token_hash == bindparam("token_hash"),
        ApiToken.revoked_at.is_(None),
        ApiToken.expires_at > bindparam("now"),
    )
)
# The last use is kept to within this much: at most one write per token per interval.
USE_RECORDED_EVERY = timedelta(minutes=1)


def check_params(token: str, now: datetime) -> dict[str, object]:
    """The values `principal_check()` is run with, for `token` at `now`."""
    return {"token_hash": token_hash(token), "now": now}


def principal_check(name: str) -> Subquery:
    """The token check as a subquery (its columns: `principal_of`'s row), to run as part
    of a larger statement; values from `check_params`."""
    return _PRINCIPAL.subquery(name)


def principal_of(row: Sequence[Any], now: datetime) -> tuple[Principal, uuid.UUID | None]:
    """The caller a row of `principal_check()` names, and its token's id when its use is
    to be recorded (the last one recorded is older than USE_RECORDED_EVERY)."""
    token_id, used = row[7], _use_due(row[8], now)
    who = Principal(row[0], row[1], row[2], row[3], row[4], row[5], row[6], used=used)
    return who, token_id if used else None


def use_recorded(row: Sequence[Any], now: datetime) -> datetime:
    """When a row of `principal_check()` at `now` leaves its token's use recorded: `now`
    when `principal_of` says to record it, else the use recorded last."""
    last_used: datetime | None = row[8]
    return now if last_used is None or _use_due(last_used, now) else last_used


def _use_due(last_used: datetime | None, now: datetime) -> bool:
    return last_used is None or now - last_used >= USE_RECORDED_EVERY


def record_use(token_id: uuid.UUID, now: datetime) -> Update:
    """The statement recording a token's use at `now`."""
    return update(ApiToken).where(ApiToken.id == token_id).values(last_used_at=now)


def authenticate(session: Session, token: str) -> Principal:
    """`session` must be scoped to `tenant_of_token(token)`. Records the token's use (the
    caller commits it, see `Principal.used`)."""
    now = datetime.now(UTC)
    row = session.execute(_PRINCIPAL, check_params(token, now)).first()
    if row is None:
        raise Unauthenticated("the token is unknown, revoked or expired")
    who, used = principal_of(row, now)
    if used is not None:
        session.execute(record_use(used, now))
    return who

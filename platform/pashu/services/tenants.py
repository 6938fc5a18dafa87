"""Tenants (state departments), their users, API tokens and who is asking."""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import uuid
from dataclasses import dataclass

from sqlalchemy import bindparam, select
from sqlalchemy.orm import Session

from pashu.config import settings
from pashu.core.errors import Conflict, Forbidden, NotFound, Unauthenticated, ValidationError
from pashu.db.tenancy import ApiToken, Tenant, User
from pashu.jurisdictions import registry
from pashu.services import audit

# "inspector": an officer checking the registers and accounts; reads, changes nothing.
ROLES = ("admin", "clerk", "finance", "magistrate", "viewer", "inspector")
SLUG = re.compile(r"^[a-z0-9][a-z0-9-]{1,62}$")
PREFIX = "pashu"


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


def _hash(token: str) -> str:
    return hmac.new(settings().secret_key.encode(), token.encode(), hashlib.sha256).hexdigest()


def create_token(session: Session, tenant: Tenant, role: str, user_name: str | None = None) -> str:
    """Make a user with `role` and a token for it; the token is returned once, never stored.

    The token names its tenant (`pashu_<tenant>_<secret>`) so that the lookup of its hash
    runs inside that tenant's scope, behind row-level security like every other query.
    """
    if role not in ROLES:
        raise ValidationError(f"unknown role {role!r}; roles: {', '.join(ROLES)}")
    if session.info.get("tenant_id") != tenant.id:
        raise RuntimeError("create_token needs a session scoped to the tenant")
    user = User(name=user_name or f"{tenant.slug} {role}", role=role, tenant_id=tenant.id)
    session.add(user)
    session.flush()
    token = f"{PREFIX}_{tenant.id.hex}_{secrets.token_urlsafe(32)}"
    session.add(ApiToken(user_id=user.id, token_hash=_hash(token), tenant_id=tenant.id))
    audit.record(session, "cli", "token.create", f"User:{user.id}", after={"role": role})
    return token


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
    select(Tenant.id, Tenant.slug, Tenant.name, Tenant.jurisdiction, User.id, User.name, User.role)
    .join(User, User.tenant_id == Tenant.id)
    .join(ApiToken, (ApiToken.tenant_id == User.tenant_id) & (ApiToken.user_id == User.id))
    .where(ApiToken.token_hash == bindparam("token_hash"), ApiToken.revoked_at.is_(None))
)


def authenticate(session: Session, token: str) -> Principal:
    """`session` must be scoped to `tenant_of_token(token)`."""
    row = session.execute(_PRINCIPAL, {"token_hash": _hash(token)}).first()
    if row is None:
        raise Unauthenticated("the token is unknown or revoked")
    return Principal(*row)

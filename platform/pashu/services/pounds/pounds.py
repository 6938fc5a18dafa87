"""Pounds and the local authorities that control them.

The Cattle Trespass Act 1985 (ss.3-5) and the Animal (Control & Taxation) Act 2014
(s.7(1)) put seized animals in a pound or an enclosure under a
local authority; which Act applies comes from the tenant's jurisdiction plugin.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from pashu.core.errors import Conflict, ValidationError
from pashu.core.legaltime import legal_date
from pashu.db import audit, keyset
from pashu.db.base import utcnow
from pashu.db.keyset import Page
from pashu.db.pounds import LocalAuthority, Pound
from pashu.jurisdictions import Capability, registry
from pashu.services.extent import extent
from pashu.services.tenancy.tenants import Principal


def _name(value: str, what: str) -> str:
    name = " ".join(value.split())
    if not name or len(name) > 200:
        raise ValidationError(f"a {what} needs a name of 1 to 200 characters", field=what)
    return name


def create_pound(session: Session, who: Principal, name: str, local_authority: str) -> Pound:
    """A pound under `local_authority` (found by name, or recorded the first time)."""
    who.require("clerk")
    plugin = registry.get(who.jurisdiction)
    plugin.require(Capability.IMPOUNDMENT)
    pound_name = _name(name, "pound")
    authority_name = _name(local_authority, "localAuthority")
    # No pound under a local authority whose area the Act does not reach (s.1(2)-style extent).
    extent.require_in_force(session, plugin, authority_name, legal_date(utcnow()), "localAuthority")
    if session.scalar(select(Pound.id).where(Pound.name == pound_name)) is not None:
        raise Conflict(f"a pound named {pound_name!r} exists", field="name")
    authority = authority_named(session, authority_name)
    pound = Pound(name=pound_name, local_authority_id=authority.id)
    session.add(pound)
    session.flush()
    audit.record(
        session,
        who.actor,
        "pound.create",
        f"Pound:{pound.id}",
        after={"name": pound_name, "localAuthority": authority_name},
    )
    return pound


def authority_named(session: Session, name: str) -> LocalAuthority:
    """The local authority named `name` (cleaned), recorded the first time it is named."""
    authority = session.scalar(
        select(LocalAuthority).where(LocalAuthority.name == name)
    ) or LocalAuthority(name=name)
    session.add(authority)
    session.flush()
    return authority


def pounds(session: Session, page: Page | None = None) -> list[tuple[Pound, LocalAuthority]]:
    """The tenant's pounds by name (ix_pounds_page), each with its local authority."""
    q = select(Pound, LocalAuthority).join(
        LocalAuthority,
        (LocalAuthority.tenant_id == Pound.tenant_id)
        & (LocalAuthority.id == Pound.local_authority_id),
    )
    order = [(Pound.name, False), (Pound.id, False)]
    return [(p, a) for p, a in keyset.rows(session, q, page, order, scalars=False)]

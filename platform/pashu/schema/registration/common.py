"""Shared by the registration, tax, establishment and regulated-area resolvers."""

from __future__ import annotations

import uuid

import strawberry

from pashu.core.errors import NotFound
from pashu.jurisdictions import registry
from pashu.jurisdictions.base import Capability
from pashu.jurisdictions.registration import (
    AppealOutcome,
    CattleActivity,
    OrderEffect,
    OwnerCategory,
    PermitKind,
    RegistrationLaw,
    TaxSchedule,
    law_of,
)
from pashu.schema.node import from_global_id
from pashu.services.tenants import Principal

strawberry.enum(OwnerCategory, description="PRIVATE, or a public body an Act may exempt")
strawberry.enum(TaxSchedule, description="Annually in one instalment, or half-yearly in two")
strawberry.enum(AppealOutcome, name="RegistrationAppealOutcome")
strawberry.enum(OrderEffect, description="An order prohibits, or regulates by licence/permit")
strawberry.enum(CattleActivity)
strawberry.enum(PermitKind)


def typed(gid: strawberry.ID | str, *type_names: str) -> tuple[str, uuid.UUID]:
    """The type and row id a global id names; NOT_FOUND when it is none of `type_names`."""
    parsed = from_global_id(str(gid))
    if parsed is None or parsed[0] not in type_names:
        raise NotFound(f"no {' or '.join(type_names)} {gid}")
    return parsed


def pk(gid: strawberry.ID | str, *type_names: str) -> uuid.UUID:
    """The row id a global id names; NOT_FOUND when it names no object of those types."""
    return typed(gid, *type_names)[1]


def law(principal: Principal, capability: Capability) -> RegistrationLaw:
    """The tenant's law for `capability`; NOT_IN_JURISDICTION naming the Act when it has none."""
    return law_of(registry.get(principal.jurisdiction), capability)

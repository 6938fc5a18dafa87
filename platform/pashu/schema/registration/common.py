"""Shared by the registration, tax, establishment and regulated-area resolvers."""

from __future__ import annotations

import uuid

import strawberry

from pashu.core.errors import NotFound
from pashu.jurisdictions import registry
from pashu.jurisdictions.registration import (
    AppealOutcome,
    CattleActivity,
    OrderEffect,
    OwnerCategory,
    PermitKind,
    RegistrationLaw,
    TaxSchedule,
)
from pashu.jurisdictions.vocabulary import Capability
from pashu.schema.enums import described_enum
from pashu.schema.node import from_global_id
from pashu.services.tenancy.tenants import Principal

described_enum(
    OwnerCategory,
    {
        "PRIVATE": "A private person",
        "CENTRAL_GOVERNMENT": "The Central Government",
        "STATE_GOVERNMENT": "The State Government",
        "NORTH_EASTERN_COUNCIL": "The North Eastern Council",
        "GOVERNMENT_CORPORATION": "A government corporation",
        "VILLAGE_COUNCIL": "A Village Council",
    },
    description="PRIVATE, or a public body an Act may exempt",
)
described_enum(
    TaxSchedule,
    {
        "ANNUAL": "The year's tax in one instalment",
        "HALF_YEARLY": "The year's tax in two half-yearly instalments",
    },
    description="Annually in one instalment, or half-yearly in two",
)
described_enum(
    AppealOutcome,
    {
        "ALLOWED": "The appeal allowed",
        "PARTLY_ALLOWED": "The appeal allowed in part",
        "DISMISSED": "The appeal dismissed",
        "WITHDRAWN": "The appeal withdrawn",
    },
    name="RegistrationAppealOutcome",
    description="How an appeal against a registration or assessment ended",
)
described_enum(
    OrderEffect,
    {
        "PROHIBIT": "The order prohibits the activity outright",
        "REGULATE": "The order allows it under a licence or permit",
    },
    description="An order prohibits, or regulates by licence/permit",
)
described_enum(
    CattleActivity,
    {
        "KEEPING": "Keeping, maintaining, stalling or herding cattle",
        "MOVEMENT": "Moving cattle",
    },
    description="What a notified order governs",
)
described_enum(
    PermitKind,
    {
        "LICENCE": "A licence to keep cattle",
        "PERMIT": "A permit to move cattle",
    },
    description="What a regulating order grants",
)


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
    return registry.get(principal.jurisdiction).registration_law(capability)

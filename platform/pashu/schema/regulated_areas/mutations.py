"""Recording notified orders; granting and cancelling licences and permits."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Annotated

import strawberry
from sqlalchemy.orm import Session

from pashu.core.recorded_at import act_at
from pashu.jurisdictions.registration import (
    CattleActivity,
    OrderEffect,
    PermitKind,
)
from pashu.jurisdictions.vocabulary import Capability
from pashu.schema.context import Info
from pashu.schema.registration.common import law, pk
from pashu.schema.regulated_areas.types import CattleLicence, NotifiedOrder
from pashu.services.regulated_areas import regulated_areas as service

# Every mutation takes one argument, `input`, whose type describes each of its fields.
INPUT = "What to record; each field is described on the input type"


@strawberry.input(description="A notified order (Pashu (Niyantran) Adhiniyam s.4)")
class RecordNotifiedOrderInput:
    title: str = strawberry.field(description="The order's title")
    reference: str = strawberry.field(description="The gazette reference")
    area: str = strawberry.field(description="The area")
    effect: OrderEffect = strawberry.field(description="Whether it prohibits or regulates")
    activities: list[CattleActivity] = strawberry.field(description="What it governs")
    clauses: list[str] = strawberry.field(description='The clauses it rests on: ["a", "e"]')
    effective_from: date = strawberry.field(
        description="The first day it is in force (a calendar day in IST)"
    )
    effective_until: date | None = strawberry.field(
        default=None, description="The last day, if set (a calendar day in IST)"
    )
    species: list[str] | None = strawberry.field(default=None, description="null: all cattle")
    licence_fee: Decimal | None = strawberry.field(
        default=None, description="The fee for a licence in rupees (decimal string)"
    )
    permit_fee: Decimal | None = strawberry.field(
        default=None, description="The fee for a permit in rupees (decimal string)"
    )


@strawberry.input(description="A licence or permit granted under an order")
class GrantLicenceInput:
    order_id: strawberry.ID = strawberry.field(description="The order's global id")
    kind: PermitKind = strawberry.field(description="Licence or permit")
    holder: str = strawberry.field(description="Who holds it")
    valid_from: date = strawberry.field(
        description="The first day it is valid (a calendar day in IST)"
    )
    valid_until: date | None = strawberry.field(
        default=None, description="The last day it is valid (a calendar day in IST)"
    )
    at: datetime = strawberry.field(
        description="When it was granted (ISO 8601 with offset; not after now)"
    )


@strawberry.input(description="A licence or permit cancelled")
class CancelLicenceInput:
    licence_id: strawberry.ID = strawberry.field(description="The licence's global id")
    reason: str = strawberry.field(description="Why")
    at: datetime | None = strawberry.field(
        default=None, description="When (ISO 8601 with offset; not after now)"
    )


@strawberry.type
class RegulatedAreasMutation:
    @strawberry.mutation(description="Enter a notified order in the register (clerk)")
    async def record_notified_order(
        self,
        info: Info,
        input: Annotated[RecordNotifiedOrderInput, strawberry.argument(description=INPUT)],
    ) -> NotifiedOrder:
        who = info.context.require("clerk")
        rules = law(who, Capability.REGULATED_AREAS)
        given = service.OrderInput(
            title=input.title,
            reference=input.reference,
            area=input.area,
            effect=input.effect,
            activities=input.activities,
            clauses=input.clauses,
            effective_from=input.effective_from,
            effective_until=input.effective_until,
            species=input.species,
            licence_fee=input.licence_fee,
            permit_fee=input.permit_fee,
        )
        return await info.context.write(
            lambda s: NotifiedOrder.of(service.record_order(s, who, given), rules)
        )

    @strawberry.mutation(description="Grant a licence or permit under a regulating order (clerk)")
    async def grant_licence(
        self,
        info: Info,
        input: Annotated[
            GrantLicenceInput,
            strawberry.argument(description=INPUT),
        ],
    ) -> CattleLicence:
        who = info.context.require("clerk")
        rules = law(who, Capability.REGULATED_AREAS)
        order = pk(input.order_id, "NotifiedOrder")

        def run(s: Session) -> CattleLicence:
            lic = service.grant_licence(
                s,
                who,
                order,
                input.kind,
                input.holder,
                input.valid_from,
                input.valid_until,
                act_at(input.at, "at"),
            )
            return CattleLicence.of(lic, None, rules)

        return await info.context.write(run)

    @strawberry.mutation(description="Cancel a licence or permit (clerk, magistrate)")
    async def cancel_licence(
        self,
        info: Info,
        input: Annotated[
            CancelLicenceInput,
            strawberry.argument(description=INPUT),
        ],
    ) -> CattleLicence:
        who = info.context.require("clerk", "magistrate")
        rules = law(who, Capability.REGULATED_AREAS)
        licence = pk(input.licence_id, "CattleLicence")

        def run(s: Session) -> CattleLicence:
            cancel = service.cancel_licence(s, who, licence, input.reason, act_at(input.at, "at"))
            lic, _ = service.licences(s, licence_id=licence)[0]
            return CattleLicence.of(lic, cancel, rules)

        return await info.context.write(run)

"""The registers of animals and of animal tax, and appeals (any role, the inspector too)."""

from __future__ import annotations

from datetime import date
from typing import Annotated

import strawberry
from sqlalchemy.orm import Session

from pashu.jurisdictions.vocabulary import Capability
from pashu.schema.context import Info
from pashu.schema.paging import After, First, page
from pashu.schema.registration.common import law, pk
from pashu.schema.registration.types import (
    Appeal,
    Owner,
    Registration,
    RegistrationStatus,
    TaxInstalment,
    TaxPayment,
    load_registrations,
)
from pashu.services.registration import registration as service
from pashu.services.registration import taxation


@strawberry.type
class RegistrationQuery:
    @strawberry.field(
        description="Owners on the register of animals, by name, then address (then id); "
        "paged with `first` and `after`"
    )
    async def animal_owners(
        self, info: Info, first: First = None, after: After = None
    ) -> list[Owner]:
        law(info.context.require(), Capability.ANIMAL_REGISTRATION)
        asked = page("animalOwners", first, after, "AnimalOwner")
        return await info.context.read(lambda s: [Owner.of(o) for o in service.owners(s, asked)])

    @strawberry.field(
        description="The register of animals, newest first (by the instant registered, then "
        "id); paged with `first` and `after`"
    )
    async def registrations(
        self,
        info: Info,
        owner_id: Annotated[
            strawberry.ID | None, strawberry.argument(description="Only this owner's registrations")
        ] = None,
        late: Annotated[
            bool | None,
            strawberry.argument(
                description="True: only registrations made late (after the Act's time); false: "
                "only those made in time"
            ),
        ] = None,
        first: First = None,
        after: After = None,
    ) -> list[Registration]:
        rules = law(info.context.require(), Capability.ANIMAL_REGISTRATION)
        owner = pk(owner_id, "AnimalOwner") if owner_id is not None else None
        asked = page("registrations", first, after, "Registration")

        def load(s: Session) -> list[Registration]:
            return load_registrations(s, service.registrations(s, owner, late, asked), rules)

        return await info.context.read(load)

    @strawberry.field(description="Whether an owner has registered animals by a day")
    async def registration_status(
        self,
        info: Info,
        name: Annotated[str, strawberry.argument(description="The owner's name")],
        address: Annotated[str, strawberry.argument(description="The owner's address")],
        on: Annotated[
            date,
            strawberry.argument(description="The day judged (a calendar day in IST)"),
        ],
    ) -> RegistrationStatus:
        law(info.context.require(), Capability.ANIMAL_REGISTRATION)

        def load(s: Session) -> RegistrationStatus:
            st = service.registration_status(s, name, address, on)
            return RegistrationStatus.of(st, service.find_owner(s, name, address))

        return await info.context.read(load)

    @strawberry.field(
        description="The animal tax register: instalments assessed, by tax year, registration "
        "and number (then id); paged with `first` and `after`"
    )
    async def tax_instalments(
        self,
        info: Info,
        registration_id: Annotated[
            strawberry.ID | None,
            strawberry.argument(description="Only this registration's instalments"),
        ] = None,
        year: Annotated[int | None, strawberry.argument(description="Only this tax year")] = None,
        first: First = None,
        after: After = None,
    ) -> list[TaxInstalment]:
        rules = law(info.context.require(), Capability.ANIMAL_TAX)
        reg = pk(registration_id, "Registration") if registration_id is not None else None
        asked = page("taxInstalments", first, after, "TaxInstalment")

        def load(s: Session) -> list[TaxInstalment]:
            found = taxation.instalments(s, reg, year, asked)
            paid = {p.payment.instalment_id for p in taxation.payments(s, [i.id for i in found])}
            return [TaxInstalment.of(i, i.id in paid, rules) for i in found]

        return await info.context.read(load)

    @strawberry.field(
        description="Animal tax collected, with each fund's share, oldest first (by the instant "
        "paid, then id); with `localAuthorityId`, the register of one Village Council's "
        "collections (registrations naming it); paged with `first` and `after`"
    )
    async def tax_payments(
        self,
        info: Info,
        local_authority_id: Annotated[
            strawberry.ID | None,
            strawberry.argument(
                description=(
                    "Only payments whose Village Council share goes to this local authority"
                )
            ),
        ] = None,
        first: First = None,
        after: After = None,
    ) -> list[TaxPayment]:
        law(info.context.require(), Capability.ANIMAL_TAX)
        council = (
            pk(local_authority_id, "LocalAuthority") if local_authority_id is not None else None
        )
        asked = page("taxPayments", first, after, "TaxPayment")
        return await info.context.read(
            lambda s: [
                TaxPayment.of(p)
                for p in taxation.payments(s, local_authority_id=council, page=asked)
            ]
        )

    @strawberry.field(
        description="Appeals against orders under the registration and tax chapter, by the day "
        "filed (then id); paged with `first` and `after`"
    )
    async def registration_appeals(
        self, info: Info, first: First = None, after: After = None
    ) -> list[Appeal]:
        rules = law(info.context.require(), Capability.ANIMAL_TAX)
        asked = page("registrationAppeals", first, after, "RegistrationAppeal")
        return await info.context.read(
            lambda s: [Appeal.of(a, d, rules) for a, d in taxation.appeals(s, asked)]
        )

"""Registering animals, assessing and collecting animal tax, recording appeals."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Annotated

import strawberry
from sqlalchemy.orm import Session

from pashu.core.recorded_at import act_at, act_on
from pashu.jurisdictions.registration import (
    AppealOutcome,
    OwnerCategory,
    TaxSchedule,
)
from pashu.jurisdictions.vocabulary import Capability
from pashu.schema.context import Info
from pashu.schema.registration.common import law, pk, typed
from pashu.schema.registration.types import (
    Appeal,
    Registration,
    TaxInstalment,
    TaxPayment,
    load_registrations,
)
from pashu.services.registration import registration as service
from pashu.services.registration import taxation

# Every mutation takes one argument, `input`, whose type describes each of its fields.
INPUT = "What to record; each field is described on the input type"


@strawberry.input(description="An owner of animals", name="AnimalOwnerInput")
class OwnerInput:
    name: str = strawberry.field(description="The owner's name")
    address: str = strawberry.field(description="Where the owner resides")
    category: OwnerCategory = strawberry.field(
        default=OwnerCategory.PRIVATE,
        description="A private person, or a public body an Act may exempt",
    )


@strawberry.input(description="How many of one kind, adult and young")
class RegisteredAnimalsInput:
    species: str = strawberry.field(description="The species")
    adults: int = strawberry.field(default=0, description="How many adults")
    young: int = strawberry.field(default=0, description="How many young")


@strawberry.input(description="An owner's report and registration of animals")
class RegisterAnimalsInput:
    owner: OwnerInput = strawberry.field(description="The owner")
    at: datetime = strawberry.field(description="When the owner reported and registered")
    owned_since: date = strawberry.field(description="When the owner came to own the animals")
    animals: list[RegisteredAnimalsInput] = strawberry.field(description="The animals, by species")
    village_council: str | None = strawberry.field(
        default=None,
        description="The Village Council of the area, by name: its fund receives the fee and "
        "its share of the tax, and its own tax register lists them",
    )


@strawberry.input(description="A year's animal tax assessed")
class AssessAnimalTaxInput:
    registration_id: strawberry.ID = strawberry.field(description="The registration's global id")
    year: int = strawberry.field(description="The tax year")
    schedule: TaxSchedule = strawberry.field(description="Annual or half-yearly")


@strawberry.input(description="An instalment of animal tax paid")
class PayAnimalTaxInput:
    instalment_id: strawberry.ID = strawberry.field(description="The instalment's global id")
    amount: Decimal = strawberry.field(description="The instalment in full, in rupees")
    at: datetime = strawberry.field(
        description="When it was paid (ISO 8601 with offset; not after now)"
    )


@strawberry.input(description="An appeal against a registration or assessment")
class RecordRegistrationAppealInput:
    subject: strawberry.ID = strawberry.field(
        description="The registration or tax instalment appealed against"
    )
    appellant: str = strawberry.field(description="Who appeals")
    authority: str = strawberry.field(description="The authority appealed to")
    filed_on: date = strawberry.field(description="The day it was filed (a calendar day in IST)")
    grounds: str = strawberry.field(description="The grounds")


@strawberry.input(description="The outcome of an appeal")
class DecideRegistrationAppealInput:
    appeal_id: strawberry.ID = strawberry.field(description="The appeal's global id")
    outcome: AppealOutcome = strawberry.field(description="How it ended")
    decided_on: date = strawberry.field(
        description="The day it was decided (a calendar day in IST)"
    )
    remarks: str = strawberry.field(default="", description="Remarks")


@strawberry.type
class RegistrationMutation:
    @strawberry.mutation(description="Register an owner's animals and collect the fee (clerk)")
    async def register_animals(
        self,
        info: Info,
        input: Annotated[
            RegisterAnimalsInput,
            strawberry.argument(description=INPUT),
        ],
    ) -> Registration:
        who = info.context.require("clerk")
        rules = law(who, Capability.ANIMAL_REGISTRATION)

        def run(s: Session) -> Registration:
            reg = service.register_animals(
                s,
                who,
                service.OwnerInput(input.owner.name, input.owner.address, input.owner.category),
                act_at(input.at, "at"),
                input.owned_since,
                [service.AnimalCount(a.species, a.adults, a.young) for a in input.animals],
                village_council=input.village_council,
            )
            return load_registrations(s, [reg], rules)[0]

        return await info.context.write(run)

    @strawberry.mutation(description="Assess a year's animal tax in one or two instalments")
    async def assess_animal_tax(
        self,
        info: Info,
        input: Annotated[AssessAnimalTaxInput, strawberry.argument(description=INPUT)],
    ) -> list[TaxInstalment]:
        who = info.context.require("clerk", "finance")
        rules = law(who, Capability.ANIMAL_TAX)
        reg = pk(input.registration_id, "Registration")

        def run(s: Session) -> list[TaxInstalment]:
            made = taxation.assess_animal_tax(s, who, reg, input.year, input.schedule)
            return [TaxInstalment.of(i, False, rules) for i in made]

        return await info.context.write(run)

    @strawberry.mutation(description="Take payment of an instalment in full, split between funds")
    async def pay_animal_tax(
        self,
        info: Info,
        input: Annotated[
            PayAnimalTaxInput,
            strawberry.argument(description=INPUT),
        ],
    ) -> TaxPayment:
        who = info.context.require("clerk", "finance")
        inst = pk(input.instalment_id, "TaxInstalment")

        def run(s: Session) -> TaxPayment:
            return TaxPayment.of(
                taxation.pay_animal_tax(s, who, inst, input.amount, act_at(input.at, "at"))
            )

        return await info.context.write(run)

    @strawberry.mutation(description="Record an appeal against a registration or assessment")
    async def record_registration_appeal(
        self,
        info: Info,
        input: Annotated[RecordRegistrationAppealInput, strawberry.argument(description=INPUT)],
    ) -> Appeal:
        who = info.context.require("clerk")
        rules = law(who, Capability.ANIMAL_TAX)
        kind, subject_id = typed(input.subject, "Registration", "TaxInstalment")

        def run(s: Session) -> Appeal:
            if kind == "Registration":  # the order appealed against must exist
                service.registration(s, subject_id)
            else:
                taxation.instalment(s, subject_id)
            appeal = taxation.record_appeal(
                s,
                who,
                f"{kind}:{subject_id}",
                input.appellant,
                input.authority,
                act_on(input.filed_on, "filedOn"),
                input.grounds,
            )
            return Appeal.of(appeal, None, rules)

        return await info.context.write(run)

    @strawberry.mutation(description="Record the outcome of an appeal")
    async def decide_registration_appeal(
        self,
        info: Info,
        input: Annotated[DecideRegistrationAppealInput, strawberry.argument(description=INPUT)],
    ) -> Appeal:
        who = info.context.require("clerk", "magistrate")
        rules = law(who, Capability.ANIMAL_TAX)
        appeal_id = pk(input.appeal_id, "RegistrationAppeal")

        def run(s: Session) -> Appeal:
            d = taxation.decide_appeal(
                s,
                who,
                appeal_id,
                input.outcome,
                act_on(input.decided_on, "decidedOn"),
                input.remarks,
            )
            appeal = taxation.appeals(s, appeal_id=appeal_id)[0][0]
            return Appeal.of(appeal, d, rules)

        return await info.context.write(run)

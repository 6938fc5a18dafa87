"""Registering and renewing an establishment."""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated

import strawberry
from sqlalchemy.orm import Session

from pashu.core.recorded_at import act_at
from pashu.jurisdictions.vocabulary import Capability
from pashu.schema.context import Info
from pashu.schema.establishments.types import EstablishmentRegistration
from pashu.schema.registration.common import law
from pashu.services.establishments import establishments as service

# Every mutation takes one argument, `input`, whose type describes each of its fields.
INPUT = "What to record; each field is described on the input type"


@strawberry.input(description="An application to renew an establishment's registration")
class RenewEstablishmentRegistrationInput:
    establishment: str = strawberry.field(description="The establishment's name")
    last_date: date = strawberry.field(description="The last date for submitting the application")
    applied_at: datetime = strawberry.field(
        description="When the application was made (ISO 8601 with offset; not after now)"
    )
    valid_application_on_time: bool = strawberry.field(
        description="A valid application was submitted within the prescribed period"
    )


@strawberry.type
class EstablishmentsMutation:
    @strawberry.mutation(
        description="Register (the first time) or renew an establishment for twelve months"
    )
    async def renew_establishment_registration(
        self,
        info: Info,
        input: Annotated[
            RenewEstablishmentRegistrationInput, strawberry.argument(description=INPUT)
        ],
    ) -> EstablishmentRegistration:
        who = info.context.require("clerk")
        rules = law(who, Capability.ESTABLISHMENT_REGISTRATION)

        def run(s: Session) -> EstablishmentRegistration:
            est, reg = service.renew_establishment_registration(
                s,
                who,
                input.establishment,
                input.last_date,
                act_at(input.applied_at, "appliedAt"),
                input.valid_application_on_time,
            )
            return EstablishmentRegistration.of(est, reg, rules)

        return await info.context.write(run)

"""Publishing a rate notification (DESIGN §7: `publishNotification(input:)`)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Annotated

import strawberry
from sqlalchemy.orm import Session

from pashu.db.rates import RateNotification as RateNotificationRow
from pashu.jurisdictions.vocabulary import RateKind
from pashu.schema.context import Info
from pashu.schema.impoundment.queries import decode_id
from pashu.schema.rates.types import RateNotification
from pashu.services.rates import rates

# Every mutation takes one argument, `input`, whose type describes each of its fields.
INPUT = "What to record; each field is described on the input type"


@strawberry.input(description="A rate fixed by notification, as the gazette published it")
class PublishNotificationInput:
    kind: RateKind = strawberry.field(
        description="The rate's kind; one the tenant's Act leaves to notification"
    )
    species: str | None = strawberry.field(
        default=None, description="null: the rate applies to every species"
    )
    amount: Decimal = strawberry.field(description='Rupees as a decimal string: "50.00"')
    effective_from: date = strawberry.field(description="The day it takes effect (IST)")
    reference: str = strawberry.field(description="The gazette reference")
    published_on: date | None = strawberry.field(
        default=None,
        description="The day the Gazette published it (IST); null: the day it takes effect. "
        "A notification may not take effect before it is published",
    )
    aerodrome: str | None = strawberry.field(
        default=None,
        description="The aerodrome a rate fixed for aerodromes is for, as the place of "
        "seizure names it (required for such a rate, refused for any other)",
    )
    local_authority_id: strawberry.ID | None = strawberry.field(
        default=None,
        description="Limit it to this local authority's pounds, where the Act lets rates "
        "differ by local area",
    )
    pound_id: strawberry.ID | None = strawberry.field(
        default=None, description="Limit it to this pound (a locality within a local area)"
    )


@strawberry.type
class RatesMutation:
    @strawberry.mutation(
        description="Publish a notified rate; checked against the Act's bound (finance, admin)"
    )
    async def publish_notification(
        self,
        info: Info,
        input: Annotated[PublishNotificationInput, strawberry.argument(description=INPUT)],
    ) -> RateNotification:
        principal = info.context.require("finance")
        authority = (
            decode_id(input.local_authority_id, "LocalAuthority", "localAuthorityId")
            if input.local_authority_id
            else None
        )
        pound = decode_id(input.pound_id, "Pound", "poundId") if input.pound_id else None

        def publish(s: Session) -> tuple[RateNotificationRow, str]:
            row, decision = rates.publish(
                s,
                principal,
                input.kind,
                input.species,
                input.amount,
                input.effective_from,
                input.reference,
                local_authority_id=authority,
                pound_id=pound,
                published_on=input.published_on,
                aerodrome=input.aerodrome,
            )
            return row, decision.why

        row, why = await info.context.write(publish)
        return RateNotification.of(row, principal.jurisdiction, why)

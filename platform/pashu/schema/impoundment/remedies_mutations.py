"""Owners who will not pay, what remains after their sale, and release orders: the clerk's
mutations (Cattle Trespass Act 1985 ss.16, 19(2); Animal (Control & Taxation) Act 2014
s.10(2))."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Annotated

import strawberry
from sqlalchemy.orm import Session

from pashu.core.recorded_at import act_at
from pashu.jurisdictions.vocabulary import ReleasingAuthority
from pashu.schema.context import Info
from pashu.schema.enums import described_enum
from pashu.schema.impoundment.mutations import PersonInput
from pashu.schema.impoundment.queries import decode_id, decode_ids
from pashu.schema.impoundment.remedies import Handover, RefusalToPay, ReleaseOrder
from pashu.services.impoundment import refusals, release_orders, seizures

described_enum(
    ReleasingAuthority,
    {
        "DIRECTOR": "The Director (Cattle Trespass Act s.19(2))",
        "LOCAL_AUTHORITY": "The local authority (Cattle Trespass Act s.19(2))",
        "MAGISTRATE": "The Magistrate acting under Chapter V (Cattle Trespass Act s.19(2))",
        "CIVIL_COURT": "A civil court (Cattle Trespass Act s.19(2))",
    },
    description="Who may order impounded animals released otherwise than on payment or sale",
)


# Every mutation takes one argument, `input`, whose type describes each of its fields.
INPUT = "What to record; each field is described on the input type"


@strawberry.input(description="An owner who appears but will not pay the dues")
class RecordRefusalToPayInput:
    impoundment_id: strawberry.ID = strawberry.field(description="The case's global id")
    at: datetime = strawberry.field(
        description="When the owner refused (ISO 8601 with offset; not after now)"
    )
    claimant: PersonInput = strawberry.field(description="The owner who refused")
    deposit: bool = strawberry.field(
        default=False, description="He refused the deposit of a disputed seizure"
    )


@strawberry.input(
    description=(
        "The animals left after a sale on refusal, with the balance and "
        "account, offered to the owner"
    )
)
class DeliverRestInput:
    impoundment_id: strawberry.ID = strawberry.field(description="The case's global id")
    at: datetime = strawberry.field(
        description="When they were offered (ISO 8601 with offset; not after now)"
    )
    claimant: PersonInput = strawberry.field(description="The owner")
    accepted: bool = strawberry.field(
        default=True, description="False: the owner refused the remaining animals and balance"
    )
    amount_paid: Decimal = strawberry.field(
        default=Decimal("0.00"), description="Feeding since the sale beyond the balance"
    )


@strawberry.input(description="Release of impounded animals by order of an authority")
class ReleaseByOrderInput:
    impoundment_id: strawberry.ID = strawberry.field(description="The case's global id")
    authority: ReleasingAuthority = strawberry.field(description="Who ordered the release")
    ordered_by: str = strawberry.field(description="The name or office of who made the order")
    ordered_at: datetime = strawberry.field(
        description="When the order was made (ISO 8601 with offset; not after now)"
    )
    reasons: str = strawberry.field(description="The order's reasons, as given")
    document: str = strawberry.field(description="The written order's number or reference")
    at: datetime = strawberry.field(description="When the animals left the pound")
    animal_ids: list[strawberry.ID] | None = strawberry.field(
        default=None, description="Release only these animals (default: all in the pound)"
    )


def _person(p: PersonInput) -> seizures.Person:
    return seizures.Person(p.name, p.address)


@strawberry.type
class RemediesMutation:
    @strawberry.mutation(description="Record that the owner appeared and would not pay")
    async def record_refusal_to_pay(
        self,
        info: Info,
        input: Annotated[RecordRefusalToPayInput, strawberry.argument(description=INPUT)],
    ) -> RefusalToPay:
        who = info.context.require()
        case = decode_id(input.impoundment_id, "Impoundment", "impoundmentId")

        def run(s: Session) -> RefusalToPay:
            return RefusalToPay.of(
                refusals.record_refusal(
                    s,
                    who,
                    impoundment_id=case,
                    at=act_at(input.at, "at"),
                    claimant=_person(input.claimant),
                    deposit=input.deposit,
                )
            )

        return await info.context.write(run)

    @strawberry.mutation(description="Deliver what remains after the sale, with its account")
    async def deliver_rest(
        self,
        info: Info,
        input: Annotated[
            DeliverRestInput,
            strawberry.argument(description=INPUT),
        ],
    ) -> Handover:
        who = info.context.require()
        case = decode_id(input.impoundment_id, "Impoundment", "impoundmentId")

        def run(s: Session) -> Handover:
            return Handover.of(
                refusals.deliver_rest(
                    s,
                    who,
                    impoundment_id=case,
                    at=act_at(input.at, "at"),
                    claimant=_person(input.claimant),
                    accepted=input.accepted,
                    amount_paid=input.amount_paid,
                )
            )

        return await info.context.write(run)

    @strawberry.mutation(description="Release animals on a written order stating its reasons")
    async def release_by_order(
        self,
        info: Info,
        input: Annotated[
            ReleaseByOrderInput,
            strawberry.argument(description=INPUT),
        ],
    ) -> ReleaseOrder:
        who = info.context.require()
        case = decode_id(input.impoundment_id, "Impoundment", "impoundmentId")
        animals = (
            decode_ids(input.animal_ids, "Animal", "animalIds")
            if input.animal_ids is not None
            else None
        )

        def run(s: Session) -> ReleaseOrder:
            return ReleaseOrder.of(
                release_orders.release_by_order(
                    s,
                    who,
                    impoundment_id=case,
                    authority=input.authority,
                    ordered_by=input.ordered_by,
                    ordered_at=act_at(input.ordered_at, "orderedAt"),
                    reasons=input.reasons,
                    document=input.document,
                    at=act_at(input.at, "at"),
                    animal_ids=animals,
                )
            )

        return await info.context.write(run)

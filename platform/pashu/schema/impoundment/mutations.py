"""Clerks' actions on a case: record the seizure, notices, deliver, sell."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

import strawberry
from sqlalchemy.orm import Session

from pashu.core.recorded_at import act_at
from pashu.jurisdictions.base import Action, BuyerRole, PlaceKind, SeizerCapacity
from pashu.schema.context import Info
from pashu.schema.impoundment.queries import decode_id
from pashu.schema.impoundment.types import (
    Animal,
    Impoundment,
    Notice,
    Person,
    Receipt,
    Sale,
)
from pashu.schema.law.types import Citation, cites
from pashu.services import claims, corrections, delivery, injuries, sales, seizures


@strawberry.input
class PersonInput:
    name: str
    address: str


@strawberry.input
class AnimalInput:
    species: str
    count: int = 1
    description: str = ""
    ear_tags: list[str] = strawberry.field(default_factory=list)


@strawberry.input
class RecordSeizureInput:
    pound_id: strawberry.ID
    seized_at: datetime
    impounded_at: datetime | None = None
    place_kind: PlaceKind
    place: str
    seizer: PersonInput
    seizer_signed: bool = strawberry.field(
        description="Whether the seizer signed the register entry (an Act may require it: "
        "the Cattle Trespass Act s.7); required, so that no entry is recorded unsigned by default"
    )
    seizer_capacity: SeizerCapacity = strawberry.field(
        description="The capacity in which the seizer acted; one the Act gives a power to seize"
    )
    damage: str | None = strawberry.field(
        default=None, description="The damage found (required where the Act requires damage)"
    )
    area: str | None = strawberry.field(
        default=None,
        description="The local area of the place of seizure (default: the pound's local "
        "authority); refused where the Act is not in force",
    )
    owner: PersonInput | None = None
    animals: list[AnimalInput]


@strawberry.input
class RecordNoticeInput:
    impoundment_id: strawberry.ID
    kind: Action
    issued_at: datetime
    proclaimed_at: datetime | None = None
    text: str = ""


@strawberry.input
class DeliverToOwnerInput:
    impoundment_id: strawberry.ID
    at: datetime
    claimant: PersonInput
    amount_paid: Decimal
    under_protest: bool = False
    animal_ids: list[strawberry.ID] | None = strawberry.field(
        default=None, description="Deliver only these animals (default: all in the pound)"
    )


@strawberry.input
class LotInput:
    species: str
    count: int


@strawberry.input
class BuyerInput:
    name: str
    address: str
    role: BuyerRole = BuyerRole.PUBLIC


@strawberry.input
class RecordSaleInput:
    impoundment_id: strawberry.ID
    at: datetime
    lots: list[LotInput]
    buyer: BuyerInput
    price: Decimal
    expenses: Decimal = Decimal("0.00")
    decided_by: str | None = strawberry.field(
        default=None,
        description="For a disposal otherwise than by auction: the authority that decided it",
    )
    recovers_fine_id: strawberry.ID | None = strawberry.field(
        default=None, description="A sale to recover this fine on conviction, where the Act allows"
    )


def _person(p: PersonInput) -> seizures.Person:
    return seizures.Person(p.name, p.address)


@strawberry.input
class ClaimProceedsInput:
    impoundment_id: strawberry.ID
    at: datetime
    claimant: PersonInput


@strawberry.type(description="Proceeds paid to the owner on a claim made in time")
class ProceedsClaim:
    amount: Decimal
    at: datetime
    claimant: Person
    citations: list[Citation]


@strawberry.input
class RecordInjuryInput:
    animal_id: strawberry.ID
    at: datetime
    description: str
    died: bool = False


@strawberry.input
class ReturnCarcassInput:
    animal_id: strawberry.ID
    at: datetime


@strawberry.input
class CorrectSeizureInput:
    impoundment_id: strawberry.ID
    reason: str
    seized_at: datetime | None = None
    impounded_at: datetime | None = None
    place_kind: PlaceKind | None = None
    place: str | None = None
    seizer: PersonInput | None = None
    seizer_signed: bool | None = None
    owner: PersonInput | None = None
    seizer_capacity: SeizerCapacity | None = None
    damage: str | None = None
    area: str | None = None


@strawberry.type
class ImpoundmentMutation:
    @strawberry.mutation(description="Enter a seizure in the register")
    async def record_seizure(self, info: Info, input: RecordSeizureInput) -> Impoundment:
        who = info.context.require()
        pound = decode_id(input.pound_id, "Pound", "poundId")

        def run(s: Session) -> Impoundment:
            return Impoundment.of(
                seizures.record_seizure(
                    s,
                    who,
                    pound_id=pound,
                    seized_at=act_at(input.seized_at, "seizedAt"),
                    impounded_at=act_at(input.impounded_at, "impoundedAt"),
                    place_kind=input.place_kind,
                    place=input.place,
                    seizer=_person(input.seizer),
                    seizer_signed=input.seizer_signed,
                    owner=_person(input.owner) if input.owner else None,
                    animals=[
                        seizures.AnimalLine(a.species, a.count, a.description, tuple(a.ear_tags))
                        for a in input.animals
                    ],
                    capacity=input.seizer_capacity,
                    damage=input.damage,
                    area=input.area,
                )
            )

        return await info.context.write(run)

    @strawberry.mutation(description="Record an announcement, report or notice as made")
    async def record_notice(self, info: Info, input: RecordNoticeInput) -> Notice:
        who = info.context.require()
        case = decode_id(input.impoundment_id, "Impoundment", "impoundmentId")

        def run(s: Session) -> Notice:
            return Notice.of(
                seizures.record_notice(
                    s,
                    who,
                    impoundment_id=case,
                    kind=input.kind,
                    issued_at=act_at(input.issued_at, "issuedAt"),
                    proclaimed_at=act_at(input.proclaimed_at, "proclaimedAt"),
                    text=input.text,
                )
            )

        return await info.context.write(run)

    @strawberry.mutation(description="Deliver animals to their owner on payment of the dues")
    async def deliver_to_owner(self, info: Info, input: DeliverToOwnerInput) -> Receipt:
        who = info.context.require()
        case = decode_id(input.impoundment_id, "Impoundment", "impoundmentId")
        animals = (
            [decode_id(a, "Animal", "animalIds") for a in input.animal_ids]
            if input.animal_ids is not None
            else None
        )

        def run(s: Session) -> Receipt:
            receipt = delivery.deliver_to_owner(
                s,
                who,
                impoundment_id=case,
                at=act_at(input.at, "at"),
                claimant=_person(input.claimant),
                amount_paid=input.amount_paid,
                under_protest=input.under_protest,
                animal_ids=animals,
            )
            return Receipt.of(receipt.delivery)

        return await info.context.write(run)

    @strawberry.mutation(description="Record a sale by auction, or a disposal otherwise")
    async def record_sale(self, info: Info, input: RecordSaleInput) -> Sale:
        who = info.context.require()
        case = decode_id(input.impoundment_id, "Impoundment", "impoundmentId")

        def run(s: Session) -> Sale:
            return Sale.of(
                sales.record_sale(
                    s,
                    who,
                    impoundment_id=case,
                    at=act_at(input.at, "at"),
                    lots=[sales.Lot(lot.species, lot.count) for lot in input.lots],
                    buyer=seizures.Person(input.buyer.name, input.buyer.address),
                    buyer_role=input.buyer.role,
                    price=input.price,
                    expenses=input.expenses,
                    decided_by=input.decided_by,
                    recovers_fine_id=decode_id(input.recovers_fine_id, "Fine", "recoversFineId")
                    if input.recovers_fine_id
                    else None,
                )
            )

        return await info.context.write(run)

    @strawberry.mutation(description="Pay the owner what the Act lets him claim after a sale")
    async def claim_proceeds(self, info: Info, input: ClaimProceedsInput) -> ProceedsClaim:
        who = info.context.require()
        case = decode_id(input.impoundment_id, "Impoundment", "impoundmentId")

        def run(s: Session) -> ProceedsClaim:
            c = claims.claim_proceeds(
                s,
                who,
                impoundment_id=case,
                at=act_at(input.at, "at"),
                claimant=_person(input.claimant),
            )
            return ProceedsClaim(
                amount=c.amount,
                at=c.at,
                claimant=Person(name=c.claimant.name, address=c.claimant.address),
                citations=cites(c.cites),
            )

        return await info.context.write(run)

    @strawberry.mutation(description="Record an animal hurt or killed while being seized")
    async def record_injury(self, info: Info, input: RecordInjuryInput) -> Animal:
        who = info.context.require()
        animal = decode_id(input.animal_id, "Animal", "animalId")

        def run(s: Session) -> Animal:
            return Animal.of(
                injuries.record_injury(
                    s,
                    who,
                    animal_id=animal,
                    at=act_at(input.at, "at"),
                    description=input.description,
                    died=input.died,
                )
            )

        return await info.context.write(run)

    @strawberry.mutation(description="Record the carcass returned to its owner")
    async def return_carcass(self, info: Info, input: ReturnCarcassInput) -> Animal:
        who = info.context.require()
        animal = decode_id(input.animal_id, "Animal", "animalId")

        def run(s: Session) -> Animal:
            return Animal.of(
                injuries.return_carcass(s, who, animal_id=animal, at=act_at(input.at, "at"))
            )

        return await info.context.write(run)

    @strawberry.mutation(description="Correct a register entry by a new entry pointing at it")
    async def correct_seizure(self, info: Info, input: CorrectSeizureInput) -> Impoundment:
        who = info.context.require()
        case = decode_id(input.impoundment_id, "Impoundment", "impoundmentId")
        changes = corrections.Changes(
            seized_at=act_at(input.seized_at, "seizedAt"),
            impounded_at=act_at(input.impounded_at, "impoundedAt"),
            place_kind=input.place_kind,
            place=input.place,
            seizer=_person(input.seizer) if input.seizer else None,
            seizer_signed=input.seizer_signed,
            owner=_person(input.owner) if input.owner else None,
            seizer_capacity=input.seizer_capacity,
            damage=input.damage,
            area=input.area,
        )

        def run(s: Session) -> Impoundment:
            return Impoundment.of(
                corrections.correct_seizure(
                    s, who, impoundment_id=case, reason=input.reason, changes=changes
                )
            )

        return await info.context.write(run)

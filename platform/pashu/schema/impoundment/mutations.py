"""Clerks' actions on a case: record the seizure, notices, deliver, sell."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Annotated, Any

import strawberry
from sqlalchemy.orm import Session

from pashu.core.recorded_at import act_at
from pashu.jurisdictions.vocabulary import PUBLIC_BUYER, Action
from pashu.schema.context import Info
from pashu.schema.impoundment.queries import decode_id, decode_ids
from pashu.schema.impoundment.types import (
    Animal,
    Impoundment,
    Notice,
    Person,
    Receipt,
    Sale,
)
from pashu.schema.kinds import BuyerRole, PlaceKind, SeizerCapacity, code
from pashu.schema.law.types import Citation, cites
from pashu.services.impoundment import (
    claims,
    corrections,
    delivery,
    injuries,
    notices,
    sales,
    seizures,
)

# Every mutation takes one argument, `input`, whose type describes each of its fields.
INPUT = "What to record; each field is described on the input type"


@strawberry.input(description="A person as the register records them")
class PersonInput:
    name: str = strawberry.field(description="The person's name")
    address: str = strawberry.field(description="Where the person resides")


@strawberry.input(description="Animals of one species seized together")
class AnimalInput:
    species: str = strawberry.field(
        description="The species (a name or synonym from the controlled vocabulary)"
    )
    count: int = strawberry.field(default=1, description="How many head (1 or more)")
    description: str = strawberry.field(default="", description="Marks, colour and the like")
    ear_tags: list[str] = strawberry.field(
        description="Their ear tags, if any (at most one per head)", default_factory=list
    )


@strawberry.input(description="A seizure to enter in the register")
class RecordSeizureInput:
    pound_id: strawberry.ID = strawberry.field(description="The pound the animals are taken to")
    seized_at: datetime = strawberry.field(
        description="When the animals were seized (ISO 8601 with offset; not after now)"
    )
    impounded_at: datetime | None = strawberry.field(
        default=None,
        description=(
            "When the pound received them (ISO 8601 with offset; not after now): the day and "
            "hour the register states (Cattle Trespass Act s.7(b), Animal (Control & Taxation) "
            "Act s.7(4)(b)); refused when omitted, and every period from impounding counts from it"
        ),
    )
    place_kind: PlaceKind = strawberry.field(
        description="The kind of place they were seized at; one the Act reaches"
    )
    place: str = strawberry.field(description="Where they were seized, in words")
    seizer: PersonInput = strawberry.field(description="Who seized them")
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
    owner: PersonInput | None = strawberry.field(default=None, description="The owner, if known")
    animals: list[AnimalInput] = strawberry.field(description="The animals seized, by species")


@strawberry.input(description="A notice or announcement issued on a case")
class RecordNoticeInput:
    impoundment_id: strawberry.ID = strawberry.field(description="The case's global id")
    kind: Action = strawberry.field(
        description=(
            "Which step of the timeline the notice is (ANNOUNCE_SEIZURE, "
            "PUBLISH_NOTICE, ...); one the Act requires"
        )
    )
    issued_at: datetime = strawberry.field(
        description="When it was issued (ISO 8601 with offset; not after now)"
    )
    proclaimed_at: datetime | None = strawberry.field(
        default=None,
        description=("When it was proclaimed, if it was (ISO 8601 with offset; not after now)"),
    )
    text: str = strawberry.field(default="", description="The notice's text, if given")


@strawberry.input(description="Delivery of impounded animals to their owner on payment")
class DeliverToOwnerInput:
    impoundment_id: strawberry.ID = strawberry.field(description="The case's global id")
    at: datetime = strawberry.field(
        description="When they were delivered (ISO 8601 with offset; not after now)"
    )
    claimant: PersonInput = strawberry.field(description="Who claimed them")
    amount_paid: Decimal = strawberry.field(
        description="Rupees paid (decimal string); must meet the dues"
    )
    under_protest: bool = strawberry.field(
        default=False,
        description=(
            "Paid under protest as a deposit for a complaint of illegal seizure "
            "(Cattle Trespass Act s.15)"
        ),
    )
    animal_ids: list[strawberry.ID] | None = strawberry.field(
        default=None, description="Deliver only these animals (default: all in the pound)"
    )


@strawberry.input(description="How many head of one species a sale sold")
class LotInput:
    species: str = strawberry.field(description="The species")
    count: int = strawberry.field(description="How many head")


@strawberry.input(description="Who bought at a sale")
class BuyerInput:
    name: str = strawberry.field(description="The buyer's name")
    address: str = strawberry.field(description="Where the buyer resides")
    role: BuyerRole = strawberry.field(
        default=code(PUBLIC_BUYER),
        description=(
            "The buyer's capacity; one the tenant's Act bars is refused with PROHIBITED_PURCHASER"
        ),
    )


@strawberry.input(description="A sale of impounded animals")
class RecordSaleInput:
    impoundment_id: strawberry.ID = strawberry.field(description="The case's global id")
    at: datetime = strawberry.field(
        description="When the sale was made (ISO 8601 with offset; not after now)"
    )
    lots: list[LotInput] = strawberry.field(description="What was sold, by species")
    buyer: BuyerInput = strawberry.field(description="Who bought")
    price: Decimal = strawberry.field(description="The price, in rupees (decimal string)")
    expenses: Decimal = strawberry.field(
        default=Decimal("0.00"), description="The expenses of the sale, in rupees (decimal string)"
    )
    decided_by: str | None = strawberry.field(
        default=None,
        description="For a disposal otherwise than by auction: the authority that decided it",
    )
    recovers_fine_id: strawberry.ID | None = strawberry.field(
        default=None, description="A sale to recover this fine on conviction, where the Act allows"
    )


def _person(p: PersonInput) -> seizures.Person:
    return seizures.Person(p.name, p.address)


def seizure_of(input: RecordSeizureInput) -> seizures.Seizure:
    """The seizure the input enters (the resolver's)."""
    return seizures.Seizure(
        pound_id=decode_id(input.pound_id, "Pound", "poundId"),
        seized_at=act_at(input.seized_at, "seizedAt"),
        impounded_at=act_at(input.impounded_at, "impoundedAt"),
        place_kind=str(input.place_kind),  # the code, not the schema's enum member
        place=input.place,
        seizer=_person(input.seizer),
        seizer_signed=input.seizer_signed,
        owner=_person(input.owner) if input.owner else None,
        animals=[
            seizures.AnimalLine(a.species, a.count, a.description, tuple(a.ear_tags))
            for a in input.animals
        ],
        capacity=str(input.seizer_capacity),
        damage=input.damage,
        area=input.area,
    )


def seizure_from(arguments: dict[str, Any]) -> seizures.Seizure:
    """`seizure_of` for the input as graphql-core coerced it (GraphQL names, defaults
    filled, scalars parsed, enums made): the direct path's, without strawberry's conversion
    into RecordSeizureInput (tests/fastpaths/test_direct_mutations.py holds the two equal)."""
    given = arguments["input"]
    seizer, owner = given["seizer"], given["owner"]
    return seizures.Seizure(
        pound_id=decode_id(given["poundId"], "Pound", "poundId"),
        seized_at=act_at(given["seizedAt"], "seizedAt"),
        impounded_at=act_at(given["impoundedAt"], "impoundedAt"),
        place_kind=str(given["placeKind"]),
        place=given["place"],
        seizer=seizures.Person(seizer["name"], seizer["address"]),
        seizer_signed=given["seizerSigned"],
        owner=seizures.Person(owner["name"], owner["address"]) if owner else None,
        animals=[
            seizures.AnimalLine(a["species"], a["count"], a["description"], tuple(a["earTags"]))
            for a in given["animals"]
        ],
        capacity=str(given["seizerCapacity"]),
        damage=given["damage"],
        area=given["area"],
    )


@strawberry.input(description="An owner's claim to the proceeds of a sale")
class ClaimProceedsInput:
    impoundment_id: strawberry.ID = strawberry.field(description="The case's global id")
    at: datetime = strawberry.field(
        description="When the claim was made (ISO 8601 with offset; not after now)"
    )
    claimant: PersonInput = strawberry.field(description="Who claimed")


@strawberry.type(description="Proceeds paid to the owner on a claim made in time")
class ProceedsClaim:
    amount: Decimal = strawberry.field(description="Rupees paid (decimal string)")
    at: datetime = strawberry.field(description="When they were paid")
    claimant: Person = strawberry.field(description="Who claimed them")
    citations: list[Citation] = strawberry.field(description="The provisions the claim rests on")


@strawberry.input(description="An injury to (or the death of) an animal in the pound")
class RecordInjuryInput:
    animal_id: strawberry.ID = strawberry.field(description="The animal's global id")
    at: datetime = strawberry.field(
        description="When it happened (ISO 8601 with offset; not after now)"
    )
    description: str = strawberry.field(description="What happened")
    died: bool = strawberry.field(default=False, description="Whether the animal died")


@strawberry.input(description="The carcass of an animal that died returned to its owner")
class ReturnCarcassInput:
    animal_id: strawberry.ID = strawberry.field(description="The animal's global id")
    at: datetime = strawberry.field(
        description="When it was returned (ISO 8601 with offset; not after now)"
    )


@strawberry.input(
    description=(
        "A correction of a seizure entry: a new entry that points at the one "
        "it corrects; only what is given changes"
    )
)
class CorrectSeizureInput:
    impoundment_id: strawberry.ID = strawberry.field(
        description="The global id of the case corrected"
    )
    reason: str = strawberry.field(description="Why the entry is corrected")
    seized_at: datetime | None = strawberry.field(
        default=None, description="The corrected instant of seizure"
    )
    impounded_at: datetime | None = strawberry.field(
        default=None, description="The corrected instant of impounding"
    )
    place_kind: PlaceKind | None = strawberry.field(
        default=None, description="The corrected kind of place"
    )
    place: str | None = strawberry.field(default=None, description="The corrected place")
    seizer: PersonInput | None = strawberry.field(default=None, description="The corrected seizer")
    seizer_signed: bool | None = strawberry.field(
        default=None, description="Whether the seizer signed"
    )
    owner: PersonInput | None = strawberry.field(default=None, description="The corrected owner")
    seizer_capacity: SeizerCapacity | None = strawberry.field(
        default=None, description="The corrected capacity of the seizer"
    )
    damage: str | None = strawberry.field(default=None, description="The corrected damage found")
    area: str | None = strawberry.field(default=None, description="The corrected local area")


@strawberry.type
class ImpoundmentMutation:
    @strawberry.mutation(description="Enter a seizure in the register")
    async def record_seizure(
        self,
        info: Info,
        input: Annotated[
            RecordSeizureInput,
            strawberry.argument(description=INPUT),
        ],
    ) -> Impoundment:
        who = info.context.require()
        seizure = seizure_of(input)

        def run(s: Session) -> Impoundment:
            return Impoundment.of(seizures.enter(s, who, seizure))

        return await info.context.write(run)

    @strawberry.mutation(description="Record an announcement, report or notice as made")
    async def record_notice(
        self,
        info: Info,
        input: Annotated[
            RecordNoticeInput,
            strawberry.argument(description=INPUT),
        ],
    ) -> Notice:
        who = info.context.require()
        case = decode_id(input.impoundment_id, "Impoundment", "impoundmentId")

        def run(s: Session) -> Notice:
            return Notice.of(
                notices.record(
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
    async def deliver_to_owner(
        self,
        info: Info,
        input: Annotated[
            DeliverToOwnerInput,
            strawberry.argument(description=INPUT),
        ],
    ) -> Receipt:
        who = info.context.require()
        case = decode_id(input.impoundment_id, "Impoundment", "impoundmentId")
        animals = (
            decode_ids(input.animal_ids, "Animal", "animalIds")
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
    async def record_sale(
        self,
        info: Info,
        input: Annotated[
            RecordSaleInput,
            strawberry.argument(description=INPUT),
        ],
    ) -> Sale:
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
                    buyer_role=str(input.buyer.role),
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
    async def claim_proceeds(
        self,
        info: Info,
        input: Annotated[
            ClaimProceedsInput,
            strawberry.argument(description=INPUT),
        ],
    ) -> ProceedsClaim:
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
    async def record_injury(
        self,
        info: Info,
        input: Annotated[
            RecordInjuryInput,
            strawberry.argument(description=INPUT),
        ],
    ) -> Animal:
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
    async def return_carcass(
        self,
        info: Info,
        input: Annotated[
            ReturnCarcassInput,
            strawberry.argument(description=INPUT),
        ],
    ) -> Animal:
        who = info.context.require()
        animal = decode_id(input.animal_id, "Animal", "animalId")

        def run(s: Session) -> Animal:
            return Animal.of(
                injuries.return_carcass(s, who, animal_id=animal, at=act_at(input.at, "at"))
            )

        return await info.context.write(run)

    @strawberry.mutation(description="Correct a register entry by a new entry pointing at it")
    async def correct_seizure(
        self,
        info: Info,
        input: Annotated[
            CorrectSeizureInput,
            strawberry.argument(description=INPUT),
        ],
    ) -> Impoundment:
        who = info.context.require()
        case = decode_id(input.impoundment_id, "Impoundment", "impoundmentId")
        changes = corrections.Changes(
            seized_at=act_at(input.seized_at, "seizedAt"),
            impounded_at=act_at(input.impounded_at, "impoundedAt"),
            place_kind=str(input.place_kind) if input.place_kind else None,
            place=input.place,
            seizer=_person(input.seizer) if input.seizer else None,
            seizer_signed=input.seizer_signed,
            owner=_person(input.owner) if input.owner else None,
            seizer_capacity=str(input.seizer_capacity) if input.seizer_capacity else None,
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

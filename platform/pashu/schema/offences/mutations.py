"""Offences, fines, compounding, vicious animals and compensation (DESIGN §7: `imposeFine`,
`compoundOffence`). Recording: clerk or magistrate; orders and money: magistrate."""

from __future__ import annotations

import uuid
from datetime import datetime
from decimal import Decimal
from typing import Annotated

import strawberry
from sqlalchemy.orm import Session

from pashu.core.errors import ValidationError
from pashu.core.recorded_at import act_at
from pashu.jurisdictions import registry
from pashu.jurisdictions.penalties import CompensationKind, OffenderRole, ViciousKind
from pashu.schema.context import Info
from pashu.schema.law.types import cites
from pashu.schema.node import from_global_id
from pashu.schema.offences.recovery_sales import FineRecoverySale, RecordFineRecoverySaleInput
from pashu.schema.offences.types import (
    AttackLiability,
    CompensationOrder,
    Composition,
    Fine,
    OffenceCase,
    SetOff,
    ViciousEvent,
    load_case,
)
from pashu.services.complaints import compensation
from pashu.services.offences import compounding, fines, offences, recovery_sales, vicious
from pashu.services.offences.offences import person


def _id(gid: strawberry.ID, type_name: str, field: str) -> uuid.UUID:
    parsed = from_global_id(gid)
    if parsed is None or parsed[0] != type_name:
        raise ValidationError(f"not the id of a {type_name}", field=field)
    return parsed[1]


def _opt_id(gid: strawberry.ID | None, type_name: str, field: str) -> uuid.UUID | None:
    return None if gid is None else _id(gid, type_name, field)


# Every mutation takes one argument, `input`, whose type describes each of its fields.
INPUT = "What to record; each field is described on the input type"


@strawberry.input(description="A party named in an order")
class PartyInput:
    name: str = strawberry.field(description="The party's name")
    address: str = strawberry.field(description="Where the party resides")


@strawberry.input(description="Who is charged")
class OffenderInput:
    name: str = strawberry.field(description="The person's name")
    address: str = strawberry.field(description="Where the person resides")
    role: OffenderRole = strawberry.field(description="In what capacity the person is charged")
    corporation: str | None = strawberry.field(
        default=None, description="For OFFICER_OF_CORPORATION: the corporation"
    )


@strawberry.input(description="An offence under the Act")
class RecordOffenceInput:
    section: str = strawberry.field(description='The offence by its section: "25", "15(1)"')
    offender: OffenderInput = strawberry.field(description="Who is charged")
    committed_at: datetime = strawberry.field(
        description="When the offence was committed (ISO 8601 with offset; not after now)"
    )
    impoundment_id: strawberry.ID | None = strawberry.field(
        default=None, description="The impoundment case it arises from, if any"
    )


@strawberry.input(description="An authorised officer's written report of the facts")
class RecordOffenceReportInput:
    offence_id: strawberry.ID = strawberry.field(description="The offence case's global id")
    at: datetime = strawberry.field(
        description="When the report was made (ISO 8601 with offset; not after now)"
    )
    officer: str = strawberry.field(description="The authorised officer making the report")
    facts: str = strawberry.field(description="The facts as reported")


@strawberry.input(description="An offence case sent to court")
class SendToCourtInput:
    offence_id: strawberry.ID = strawberry.field(description="The offence case's global id")
    at: datetime = strawberry.field(
        description="When it was sent (ISO 8601 with offset; not after now)"
    )
    court: str = strawberry.field(description="The court it was sent to")


@strawberry.input(description="A court's direction that the animals be forfeited")
class OrderForfeitureInput:
    offence_id: strawberry.ID = strawberry.field(description="The offence case's global id")
    at: datetime = strawberry.field(
        description="When the court directed it (ISO 8601 with offset; not after now)"
    )
    court: str = strawberry.field(description="The court")
    things: str = strawberry.field(description="The animals (or things) forfeited")


@strawberry.input(description="Part of the fine applied as compensation for proved loss")
class FineCompensationInput:
    amount: Decimal = strawberry.field(
        description="Rupees of the fine paid as compensation (decimal string)"
    )
    recipient: PartyInput = strawberry.field(description="Who receives it")
    loss_proved: str = strawberry.field(description="Whether the loss was proved")


@strawberry.input(
    description=(
        "A fine imposed on conviction, checked against the Act's bounds "
        "(FINE_ABOVE_CAP, FINE_BELOW_MINIMUM)"
    )
)
class ImposeFineInput:
    offence_id: strawberry.ID = strawberry.field(description="The offence case's global id")
    amount: Decimal = strawberry.field(description="The fine in rupees (decimal string)")
    at: datetime = strawberry.field(
        description="When it was imposed (ISO 8601 with offset; not after now)"
    )
    compensation: FineCompensationInput | None = strawberry.field(
        default=None, description="Part of the fine ordered paid as compensation, if any"
    )
    local_authority: str | None = strawberry.field(
        default=None,
        description="The local body (Town Committee, Village Council), by name, whose fund "
        "receives the fine where the Act credits it to a local body's fund and the offence "
        "arises from no impoundment case; refused (VALIDATION, field localAuthority) when "
        "needed and not given, when it differs from the local authority of the case's "
        "pound, or when no local body's fund receives the fine",
    )


@strawberry.input(description="Payment of a fine")
class PayFineInput:
    fine_id: strawberry.ID = strawberry.field(description="The fine's global id")
    at: datetime = strawberry.field(
        description="When it was paid (ISO 8601 with offset; not after now)"
    )
    from_salary: bool = strawberry.field(
        default=False, description="Recovered by deduction from the offender's salary"
    )
    local_authority: str | None = strawberry.field(
        default=None,
        description="Only for a fine recorded without the local body whose fund receives it "
        "(its routes name none): that body, by name; such a fine's payment is refused "
        "(VALIDATION, field localAuthority) until it is named",
    )


@strawberry.input(description="An offence compounded for a sum, where the Act allows")
class CompoundOffenceInput:
    offence_id: strawberry.ID = strawberry.field(description="The offence case's global id")
    amount: Decimal = strawberry.field(
        description="The sum in rupees (decimal string); at most the Act's cap"
    )
    at: datetime = strawberry.field(
        description="When it was compounded (ISO 8601 with offset; not after now)"
    )
    release_sum: Decimal | None = strawberry.field(
        default=None, description="Further sum for releasing seized cattle, vehicle or things"
    )
    estimated_value: Decimal | None = strawberry.field(
        default=None, description="The officer's estimate of the seized things' value"
    )
    things_released: str | None = strawberry.field(
        default=None, description="What was seized and is released"
    )
    cancel_licence_id: strawberry.ID | None = strawberry.field(
        default=None, description="A licence cancelled with the composition, if any"
    )
    cancel_licence_reason: str | None = strawberry.field(
        default=None, description="Why that licence is cancelled"
    )


@strawberry.input(description="What makes an animal vicious")
class RecordViciousEventInput:
    animal: str = strawberry.field(description="How the animal is known: tag, name, description")
    owner: PartyInput = strawberry.field(description="The animal's owner")
    kind: ViciousKind = strawberry.field(description="What happened")
    at: datetime = strawberry.field(
        description="When it happened (ISO 8601 with offset; not after now)"
    )
    description: str = strawberry.field(description="What happened, in words")


@strawberry.input(description="An attack by a vicious animal, and what the owner is liable for")
class RecordAttackLiabilityInput:
    animal: str = strawberry.field(description="The animal, as its events name it")
    victim: PartyInput = strawberry.field(description="Who was attacked")
    at: datetime = strawberry.field(
        description="When the attack happened (ISO 8601 with offset; not after now)"
    )
    medical_treatment: bool = strawberry.field(description="The treatment given")
    medical_cost: Decimal | None = strawberry.field(
        default=None, description="The cost of treatment in rupees (decimal string)"
    )
    pay_victim: bool = strawberry.field(description="The Act's fixed sum paid to the victim")


@strawberry.input(description="An order of compensation under the Act")
class OrderCompensationInput:
    kind: CompensationKind = strawberry.field(description="What the compensation is for")
    payer: PartyInput = strawberry.field(description="Who pays")
    recipient: PartyInput = strawberry.field(description="Who is paid")
    amount: Decimal = strawberry.field(description="The compensation in rupees (decimal string)")
    at: datetime = strawberry.field(
        description="When it was ordered (ISO 8601 with offset; not after now)"
    )
    grounds: str = strawberry.field(description="The damage or loss proved")
    ordered_by: str = strawberry.field(description="The Council or Magistrate ordering it")
    fines_paid: Decimal = strawberry.field(
        default=Decimal("0.00"), description="Fines paid, in rupees, counted in the order"
    )
    expenses: Decimal = strawberry.field(
        default=Decimal("0.00"), description="Expenses awarded in rupees (decimal string)"
    )
    release_ordered: bool = strawberry.field(
        default=False, description="Whether the animals' release was ordered"
    )
    offence_id: strawberry.ID | None = strawberry.field(
        default=None, description="The offence case it follows, if any"
    )
    impoundment_id: strawberry.ID | None = strawberry.field(
        default=None, description="The impoundment case it follows, if any"
    )


@strawberry.input(description="A compensation paid set off against a decree in a civil suit")
class RecordSetOffInput:
    claimant: PartyInput = strawberry.field(description="Who sued")
    defendant: PartyInput = strawberry.field(
        description="Whom the suit was against: only compensation this person, convicted, paid "
        "the claimant is set off (Cattle Trespass Act 1985 s.31 with s.30)"
    )
    decree_amount: Decimal = strawberry.field(description="The decree in rupees (decimal string)")
    suit: str = strawberry.field(description="The suit, as named")
    at: datetime = strawberry.field(
        description="When it was set off (ISO 8601 with offset; not after now)"
    )


@strawberry.input(description="An order of compensation paid, or recovered as a fine")
class RecordCompensationRecoveryInput:
    order_id: strawberry.ID = strawberry.field(description="The compensation order's global id")
    manner: str = strawberry.field(
        description="PAID by the person ordered to pay it, or RECOVERED_AS_FINE where the Act "
        "makes it recoverable as a fine (Cattle Trespass Act 1985 s.23)"
    )
    at: datetime = strawberry.field(
        description="When it was paid or recovered (ISO 8601 with offset; not after now)"
    )
    reference: str = strawberry.field(description="The receipt, or the court's process")


@strawberry.type
class OffencesMutation:
    @strawberry.mutation(description="Record an offence against a person (clerk, magistrate)")
    async def record_offence(
        self,
        info: Info,
        input: Annotated[
            RecordOffenceInput,
            strawberry.argument(description=INPUT),
        ],
    ) -> OffenceCase:
        who = info.context.require("clerk", "magistrate")
        o = input.offender

        def run(s: Session) -> OffenceCase:
            v = offences.record_offence(
                s,
                who,
                section=input.section,
                offender=person(o.name, o.address, "offender"),
                role=o.role,
                committed_at=act_at(input.committed_at, "committedAt"),
                impoundment_id=_opt_id(input.impoundment_id, "Impoundment", "impoundmentId"),
                corporation=o.corporation,
            )
            return OffenceCase.of(v)

        return await info.context.write(run)

    @strawberry.mutation(description="An authorised officer's written report of the facts")
    async def record_offence_report(
        self,
        info: Info,
        input: Annotated[RecordOffenceReportInput, strawberry.argument(description=INPUT)],
    ) -> OffenceCase:
        who = info.context.require("clerk", "magistrate")
        pk = _id(input.offence_id, "OffenceCase", "offenceId")

        def run(s: Session) -> OffenceCase:
            offences.record_report(s, who, pk, act_at(input.at, "at"), input.officer, input.facts)
            return load_case(s, who.jurisdiction, pk)

        return await info.context.write(run)

    @strawberry.mutation(description="Send a case to court (needs a report where the Act says)")
    async def send_to_court(
        self,
        info: Info,
        input: Annotated[
            SendToCourtInput,
            strawberry.argument(description=INPUT),
        ],
    ) -> OffenceCase:
        who = info.context.require("clerk", "magistrate")
        pk = _id(input.offence_id, "OffenceCase", "offenceId")

        def run(s: Session) -> OffenceCase:
            offences.send_to_court(s, who, pk, act_at(input.at, "at"), input.court)
            return load_case(s, who.jurisdiction, pk)

        return await info.context.write(run)

    @strawberry.mutation(description="A court's direction that the animals be forfeited")
    async def order_forfeiture(
        self,
        info: Info,
        input: Annotated[
            OrderForfeitureInput,
            strawberry.argument(description=INPUT),
        ],
    ) -> OffenceCase:
        who = info.context.require("magistrate")
        pk = _id(input.offence_id, "OffenceCase", "offenceId")

        def run(s: Session) -> OffenceCase:
            offences.order_forfeiture(s, who, pk, act_at(input.at, "at"), input.court, input.things)
            return load_case(s, who.jurisdiction, pk)

        return await info.context.write(run)

    @strawberry.mutation(description="Impose a fine within the Act's bounds (magistrate)")
    async def impose_fine(
        self,
        info: Info,
        input: Annotated[
            ImposeFineInput,
            strawberry.argument(description=INPUT),
        ],
    ) -> Fine:
        who = info.context.require("magistrate")
        pk = _id(input.offence_id, "OffenceCase", "offenceId")
        c = input.compensation
        share = (
            None
            if c is None
            else fines.Appropriation(
                c.amount,
                person(c.recipient.name, c.recipient.address, "recipient"),
                c.loss_proved,
            )
        )

        def run(s: Session) -> Fine:
            fine, _ = fines.impose_fine(
                s, who, pk, input.amount, act_at(input.at, "at"), share, input.local_authority
            )
            return Fine.of(fine, offences.view(s, registry.get(who.jurisdiction), pk))

        return await info.context.write(run)

    @strawberry.mutation(description="Receive a fine and credit it as routed (magistrate, finance)")
    async def pay_fine(
        self,
        info: Info,
        input: Annotated[
            PayFineInput,
            strawberry.argument(description=INPUT),
        ],
    ) -> Fine:
        who = info.context.require("magistrate", "finance")
        pk = _id(input.fine_id, "Fine", "fineId")

        def run(s: Session) -> Fine:
            fine = fines.pay_fine(
                s, who, pk, act_at(input.at, "at"), input.from_salary, input.local_authority
            )
            v = offences.view(s, registry.get(who.jurisdiction), fine.case_id)
            return Fine.of(fine, v, input.at)

        return await info.context.write(run)

    @strawberry.mutation(
        description="Record a fine recovered by sale of cattle not in a pound (Cattle Trespass "
        "Act 1985 s.26; clerk, finance)"
    )
    async def record_fine_recovery_sale(
        self,
        info: Info,
        input: Annotated[RecordFineRecoverySaleInput, strawberry.argument(description=INPUT)],
    ) -> FineRecoverySale:
        who = info.context.require("clerk", "finance")
        pk = _id(input.fine_id, "Fine", "fineId")
        c = input.cattle
        owner = person(c.owner.name, c.owner.address, "cattle.owner")
        cattle = recovery_sales.named_cattle(c.description, c.count, c.all_of_them, owner)

        def run(s: Session) -> FineRecoverySale:
            sale = recovery_sales.record(
                s,
                who,
                fine_id=pk,
                at=act_at(input.at, "at"),
                cattle=cattle,
                place=input.place,
                buyer=person(input.buyer.name, input.buyer.address, "buyer"),
                buyer_role=str(input.buyer.role),
                price=input.price,
                expenses=input.expenses,
                local_authority=input.local_authority,
            )
            rule = registry.get(who.jurisdiction).recovery_by_sale()
            return FineRecoverySale.of(sale, cites(rule.cites))

        return await info.context.write(run)

    @strawberry.mutation(description="Compound an offence (magistrate); an acquittal")
    async def compound_offence(
        self,
        info: Info,
        input: Annotated[
            CompoundOffenceInput,
            strawberry.argument(description=INPUT),
        ],
    ) -> Composition:
        who = info.context.require("magistrate")
        pk = _id(input.offence_id, "OffenceCase", "offenceId")
        release = None
        if input.release_sum is not None:
            if input.estimated_value is None:
                raise ValidationError("a release needs the estimated value", field="estimatedValue")
            release = compounding.Release(
                input.release_sum, input.estimated_value, input.things_released or ""
            )
        cancel = None
        if input.cancel_licence_id is not None:
            licence = _id(input.cancel_licence_id, "CattleLicence", "cancelLicenceId")
            cancel = compounding.LicenceCancellation(licence, input.cancel_licence_reason or "")

        def run(s: Session) -> Composition:
            return Composition.of(
                compounding.compound(
                    s, who, pk, input.amount, act_at(input.at, "at"), release, cancel
                )
            )

        return await info.context.write(run)

    @strawberry.mutation(description="Record what makes an animal vicious (clerk, magistrate)")
    async def record_vicious_event(
        self,
        info: Info,
        input: Annotated[RecordViciousEventInput, strawberry.argument(description=INPUT)],
    ) -> ViciousEvent:
        who = info.context.require("clerk", "magistrate")

        def run(s: Session) -> ViciousEvent:
            event = vicious.record_event(
                s,
                who,
                animal=input.animal,
                owner=person(input.owner.name, input.owner.address, "owner"),
                kind=input.kind,
                at=act_at(input.at, "at"),
                description=input.description,
            )
            return ViciousEvent.of(event)

        return await info.context.write(run)

    @strawberry.mutation(description="The owner's liability for an attack by a vicious animal")
    async def record_attack_liability(
        self,
        info: Info,
        input: Annotated[RecordAttackLiabilityInput, strawberry.argument(description=INPUT)],
    ) -> AttackLiability:
        who = info.context.require("magistrate")

        def run(s: Session) -> AttackLiability:
            row, citations = vicious.record_attack_liability(
                s,
                who,
                animal=input.animal,
                victim=person(input.victim.name, input.victim.address, "victim"),
                at=act_at(input.at, "at"),
                medical_treatment=input.medical_treatment,
                medical_cost=input.medical_cost,
                pay_victim=input.pay_victim,
            )
            return AttackLiability.of(row, cites(citations))

        return await info.context.write(run)

    @strawberry.mutation(description="Order compensation under the Act (magistrate)")
    async def order_compensation(
        self,
        info: Info,
        input: Annotated[OrderCompensationInput, strawberry.argument(description=INPUT)],
    ) -> CompensationOrder:
        who = info.context.require("magistrate")
        order = compensation.Order(
            kind=input.kind,
            payer=person(input.payer.name, input.payer.address, "payer"),
            recipient=person(input.recipient.name, input.recipient.address, "recipient"),
            amount=input.amount,
            at=act_at(input.at, "at"),
            grounds=input.grounds,
            ordered_by=input.ordered_by,
            fines_paid=input.fines_paid,
            expenses=input.expenses,
            release_ordered=input.release_ordered,
            case_id=_opt_id(input.offence_id, "OffenceCase", "offenceId"),
            impoundment_id=_opt_id(input.impoundment_id, "Impoundment", "impoundmentId"),
        )

        def run(s: Session) -> CompensationOrder:
            row, citations = compensation.order_compensation(s, who, order)
            return CompensationOrder.of(row, cites(citations))

        return await info.context.write(run)

    @strawberry.mutation(
        description="Record an order of compensation paid, or recovered as a fine (magistrate)"
    )
    async def record_compensation_recovery(
        self,
        info: Info,
        input: Annotated[
            RecordCompensationRecoveryInput,
            strawberry.argument(description=INPUT),
        ],
    ) -> CompensationOrder:
        who = info.context.require("magistrate")
        order = _id(input.order_id, "CompensationOrder", "orderId")

        def run(s: Session) -> CompensationOrder:
            compensation.record_recovery(
                s, who, order, input.manner, act_at(input.at, "at"), input.reference
            )
            found = compensation.order(s, who, order)
            assert found is not None
            return CompensationOrder.of(found[0], cites(found[1]))

        return await info.context.write(run)

    @strawberry.mutation(description="Set compensation already paid off against a civil decree")
    async def record_set_off(
        self,
        info: Info,
        input: Annotated[
            RecordSetOffInput,
            strawberry.argument(description=INPUT),
        ],
    ) -> SetOff:
        who = info.context.require("magistrate")
        claimant = person(input.claimant.name, input.claimant.address, "claimant")
        defendant = person(input.defendant.name, input.defendant.address, "defendant")

        def run(s: Session) -> SetOff:
            row, citations = compensation.record_set_off(
                s,
                who,
                claimant,
                input.decree_amount,
                input.suit,
                act_at(input.at, "at"),
                defendant,
            )
            return SetOff.of(row, cites(citations))

        return await info.context.write(run)

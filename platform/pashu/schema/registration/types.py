"""Owners, registrations of animals, tax instalments and payments, appeals, as the API shows
them; each carries the provisions it rests on."""

from __future__ import annotations

import uuid
from datetime import date, datetime
from decimal import Decimal

import strawberry
from sqlalchemy import select
from sqlalchemy.orm import Session

from pashu.db import registration as rows
from pashu.db.pounds import LocalAuthority
from pashu.db.reminders import TaxReminder as TaxReminderRow
from pashu.jurisdictions.registration import (
    AppealOutcome,
    OwnerCategory,
    RegistrationLaw,
    TaxSchedule,
)
from pashu.jurisdictions.vocabulary import Capability
from pashu.schema.context import Context, Info
from pashu.schema.law.types import Citation, cites
from pashu.schema.node import Node, from_global_id, node_type, to_global_id
from pashu.schema.registration.common import law
from pashu.services.registration import registration as service
from pashu.services.registration import taxation

# The ledger accounts of the two funds animal tax is split between: the names the API promises.
VILLAGE_COUNCIL = "fund:village_council_fund"
CONSOLIDATED = "fund:consolidated_fund"
ZERO = Decimal("0.00")


@strawberry.type(name="AnimalOwner", description="An owner of animals, by name and address")
class Owner(Node):
    name: str = strawberry.field(description="The owner's name")
    address: str = strawberry.field(description="Where the owner resides")
    category: OwnerCategory = strawberry.field(
        description="A private person, or a public body an Act may exempt"
    )

    @classmethod
    def of(cls, o: rows.Owner) -> Owner:
        return cls(
            id=to_global_id("AnimalOwner", o.id),
            name=o.name,
            address=o.address,
            category=OwnerCategory(o.category),
        )


@strawberry.type(description="How many of one kind were registered, and their fee")
class RegisteredAnimals:
    species: str = strawberry.field(description="The species")
    adults: int = strawberry.field(description="How many adults")
    young: int = strawberry.field(description="How many young")
    rate: Decimal | None = strawberry.field(description="The notified fee per head; null: exempt")
    fee: Decimal = strawberry.field(description="The fee in rupees (decimal string)")


@strawberry.type(description="An owner's report and registration of his animals")
class Registration(Node):
    owner: Owner = strawberry.field(description="The owner")
    registered_at: datetime = strawberry.field(
        description="When it was registered (ISO 8601 with offset, shown in IST)"
    )
    owned_since: date = strawberry.field(
        description="The day the owner began keeping them (a calendar day in IST)"
    )
    deadline: datetime = strawberry.field(description="First instant a registration is late")
    late: bool = strawberry.field(description="Whether it was made after the Act's time")
    exempt: bool = strawberry.field(description="The chapter does not apply to this owner")
    fee: Decimal = strawberry.field(description="The fee in rupees (decimal string)")
    registered_by: str = strawberry.field(description="Who registered it")
    animals: list[RegisteredAnimals] = strawberry.field(description="The animals, by species")
    citations: list[Citation] = strawberry.field(description="The provisions this rests on")
    explanation: str = strawberry.field(
        description="Why, in one line; says so where a reading is interpreted"
    )
    village_council: str | None = strawberry.field(
        default=None, description="The Village Council the owner reported to, if named"
    )

    @classmethod
    def of(
        cls,
        reg: rows.AnimalRegistration,
        owner: rows.Owner,
        lines: list[rows.RegisteredAnimals],
        rules: RegistrationLaw,
        council: str | None = None,
    ) -> Registration:
        window = rules.registration_window(reg.owned_since)
        fee = rules.registration_fee()
        exemption = rules.exemption(OwnerCategory(owner.category))
        why = [window.why, exemption.why if exemption.value else fee.why]
        if reg.late:
            why.append(f"registered after the month had run (due before {reg.deadline.date()})")
        return cls(
            id=to_global_id("Registration", reg.id),
            owner=Owner.of(owner),
            registered_at=reg.registered_at,
            owned_since=reg.owned_since,
            deadline=reg.deadline,
            late=reg.late,
            exempt=reg.exempt,
            fee=reg.fee,
            registered_by=reg.registered_by,
            animals=[
                RegisteredAnimals(
                    species=x.species, adults=x.adults, young=x.young, rate=x.rate, fee=x.fee
                )
                for x in lines
            ],
            citations=cites([*window.cites, *(exemption.cites if exemption.value else fee.cites)]),
            explanation="; ".join(why),
            village_council=council,
        )


def load_registrations(
    s: Session, regs: list[rows.AnimalRegistration], rules: RegistrationLaw
) -> list[Registration]:
    owners = {
        o.id: o
        for o in s.scalars(select(rows.Owner).where(rows.Owner.id.in_({r.owner_id for r in regs})))
    }
    lines: dict[uuid.UUID, list[rows.RegisteredAnimals]] = {r.id: [] for r in regs}
    for line in service.lines_of(s, [r.id for r in regs]):
        lines[line.registration_id].append(line)
    wanted = {r.local_authority_id for r in regs if r.local_authority_id}
    named = select(LocalAuthority.id, LocalAuthority.name).where(LocalAuthority.id.in_(wanted))
    councils: dict[uuid.UUID, str] = {i: n for i, n in s.execute(named)} if wanted else {}
    return [
        Registration.of(
            r,
            owners[r.owner_id],
            lines[r.id],
            rules,
            councils.get(r.local_authority_id) if r.local_authority_id else None,
        )
        for r in regs
    ]


@strawberry.type(description="One instalment of a year's animal tax")
class TaxInstalment(Node):
    registration_id: strawberry.ID = strawberry.field(description="The registration's global id")
    year: int = strawberry.field(description="The tax year")
    schedule: TaxSchedule = strawberry.field(description="Annual or half-yearly")
    number: int = strawberry.field(description="Which instalment (1 or 2)")
    period_start: date = strawberry.field(
        description="The first day of its period (a calendar day in IST)"
    )
    period_end: date = strawberry.field(
        description="The last day of its period (a calendar day in IST)"
    )
    due_on: date | None = strawberry.field(
        description="When it falls due; the Act leaves the time to rules (see explanation)"
    )
    amount: Decimal = strawberry.field(description="The amount in rupees (decimal string)")
    paid: bool = strawberry.field(description="Whether it is paid")
    citations: list[Citation] = strawberry.field(description="The provisions this rests on")
    explanation: str = strawberry.field(
        description="Why, in one line; says so where a reading is interpreted"
    )

    @strawberry.field(description="The reminder the clock issued when it fell due unpaid")
    async def reminder(self, info: Info) -> TaxReminder | None:
        parsed = from_global_id(self.id)
        if parsed is None:
            return None
        pk = parsed[1]
        row = await info.context.read(
            lambda s: s.scalar(select(TaxReminderRow).where(TaxReminderRow.instalment_id == pk))
        )
        return TaxReminder(issued_at=row.issued_at, text=row.text) if row else None

    @classmethod
    def of(cls, i: rows.TaxInstalment, paid: bool, rules: RegistrationLaw) -> TaxInstalment:
        plan = rules.tax_instalments(i.year, TaxSchedule(i.schedule), i.due_on or i.period_start)
        basis = rules.tax_amount()
        return cls(
            id=to_global_id("TaxInstalment", i.id),
            registration_id=to_global_id("Registration", i.registration_id),
            year=i.year,
            schedule=TaxSchedule(i.schedule),
            number=i.number,
            period_start=i.period_start,
            period_end=i.period_end,
            due_on=i.due_on,
            amount=i.amount,
            paid=paid,
            citations=cites([*plan.cites, *basis.cites]),
            explanation=f"{plan.why}; {basis.why}",
        )


@strawberry.type(description="A reminder of an instalment fallen due, as issued")
class TaxReminder:
    issued_at: datetime = strawberry.field(
        description="When it was issued (ISO 8601 with offset, shown in IST)"
    )
    text: str = strawberry.field(description="The reminder's text")


@strawberry.type(description="An amount credited to an account of the ledger")
class FundCredit:
    account: str = strawberry.field(description="The ledger account credited")
    amount: Decimal = strawberry.field(description="Rupees (decimal string)")


def _share(shares: dict[str, Decimal], fund: str) -> Decimal:
    """A fund's credit, whichever council's account of it (fund:<key>[:<council>])."""
    return sum((v for k, v in shares.items() if k == fund or k.startswith(fund + ":")), ZERO)


@strawberry.type(description="An instalment paid in full, split between the funds")
class TaxPayment(Node):
    instalment_id: strawberry.ID = strawberry.field(description="The instalment's global id")
    amount: Decimal = strawberry.field(description="Rupees paid (decimal string)")
    paid_at: datetime = strawberry.field(
        description="When it was paid (ISO 8601 with offset, shown in IST)"
    )
    received_by: str = strawberry.field(description="Who received it")
    village_council_share: Decimal = strawberry.field(
        description="The Village Council Fund's share in rupees (decimal string)"
    )
    consolidated_fund_share: Decimal = strawberry.field(
        description=("The Consolidated Fund of the State's share in rupees (decimal string)")
    )
    credits: list[FundCredit] = strawberry.field(description="Each account credited")

    @classmethod
    def of(cls, paid: taxation.Paid) -> TaxPayment:
        p = paid.payment
        return cls(
            id=to_global_id("TaxPayment", p.id),
            instalment_id=to_global_id("TaxInstalment", p.instalment_id),
            amount=p.amount,
            paid_at=p.paid_at,
            received_by=p.received_by,
            village_council_share=_share(paid.shares, VILLAGE_COUNCIL),
            consolidated_fund_share=_share(paid.shares, CONSOLIDATED),
            credits=[FundCredit(account=k, amount=v) for k, v in sorted(paid.shares.items())],
        )


@strawberry.type(name="RegistrationAppeal", description="An appeal and, once decided, its outcome")
class Appeal(Node):
    subject: str = strawberry.field(description="What is appealed against")
    appellant: str = strawberry.field(description="Who appeals")
    authority: str = strawberry.field(description="The authority the appeal lies to")
    filed_on: date = strawberry.field(description="The day it was filed (a calendar day in IST)")
    grounds: str = strawberry.field(description="The grounds")
    outcome: AppealOutcome | None = strawberry.field(description="How it ended; null while pending")
    decided_on: date | None = strawberry.field(
        description="The day it was decided (a calendar day in IST)"
    )
    remarks: str | None = strawberry.field(description="Remarks on the decision")
    citations: list[Citation] = strawberry.field(description="The provisions this rests on")
    explanation: str = strawberry.field(
        description="Why, in one line; says so where a reading is interpreted"
    )

    @classmethod
    def of(cls, a: rows.Appeal, d: rows.AppealDecision | None, rules: RegistrationLaw) -> Appeal:
        basis = rules.appeal()
        return cls(
            id=to_global_id("RegistrationAppeal", a.id),
            subject=a.subject,
            appellant=a.appellant,
            authority=a.authority,
            filed_on=a.filed_on,
            grounds=a.grounds,
            outcome=AppealOutcome(d.outcome) if d else None,
            decided_on=d.decided_on if d else None,
            remarks=d.remarks if d else None,
            citations=cites(basis.cites),
            explanation=basis.why,
        )


@strawberry.type(description="Animals of one kind on the register, adult and young together")
class HeadCount:
    species: str = strawberry.field(description="The species")
    count: int = strawberry.field(description="How many head")


@strawberry.type(description="What the register says of an owner on a day")
class RegistrationStatus:
    owner: Owner | None = strawberry.field(description="The owner, if on the register")
    exempt: bool = strawberry.field(description="Whether the owner is exempt")
    registered: bool = strawberry.field(description="Whether the owner has registered")
    late: bool = strawberry.field(description="Whether registration is late")
    head_counts: list[HeadCount] = strawberry.field(description="Head registered, by species")
    citations: list[Citation] = strawberry.field(description="The provisions this rests on")
    explanation: str = strawberry.field(
        description="Why, in one line; says so where a reading is interpreted"
    )

    @classmethod
    def of(cls, st: service.RegistrationStatus, owner: rows.Owner | None) -> RegistrationStatus:
        return cls(
            owner=Owner.of(owner) if owner else None,
            exempt=st.exempt,
            registered=st.registered,
            late=st.late,
            head_counts=[HeadCount(species=k, count=v) for k, v in st.head_counts.items()],
            citations=cites(st.cites),
            explanation=st.why,
        )


@node_type("Registration")
async def _registration(ctx: Context, pk: uuid.UUID) -> Registration | None:
    rules = law(ctx.require(), Capability.ANIMAL_REGISTRATION)

    def load(s: Session) -> Registration | None:
        reg = s.scalar(select(rows.AnimalRegistration).where(rows.AnimalRegistration.id == pk))
        return load_registrations(s, [reg], rules)[0] if reg else None

    return await ctx.read(load)


@node_type("TaxInstalment")
async def _instalment(ctx: Context, pk: uuid.UUID) -> TaxInstalment | None:
    rules = law(ctx.require(), Capability.ANIMAL_TAX)

    def load(s: Session) -> TaxInstalment | None:
        found = s.scalar(select(rows.TaxInstalment).where(rows.TaxInstalment.id == pk))
        if found is None:
            return None
        return TaxInstalment.of(found, bool(taxation.payments(s, [found.id])), rules)

    return await ctx.read(load)


@node_type("TaxPayment")
async def _payment(ctx: Context, pk: uuid.UUID) -> TaxPayment | None:
    law(ctx.require(), Capability.ANIMAL_TAX)

    def load(s: Session) -> TaxPayment | None:
        found = taxation.payments(s, payment_id=pk)
        return TaxPayment.of(found[0]) if found else None

    return await ctx.read(load)


@node_type("RegistrationAppeal")
async def _appeal(ctx: Context, pk: uuid.UUID) -> Appeal | None:
    rules = law(ctx.require(), Capability.ANIMAL_TAX)

    def load(s: Session) -> Appeal | None:
        found = taxation.appeals(s, appeal_id=pk)
        return Appeal.of(*found[0], rules) if found else None

    return await ctx.read(load)

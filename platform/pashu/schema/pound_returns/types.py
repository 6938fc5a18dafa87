"""Areas served by pounds, where pounds stand, the check of a seizure's pound, and the
returns produced from the registers."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import strawberry

from pashu.db import keeping as rows
from pashu.db.pounds import Pound as PoundRow
from pashu.jurisdictions.keeping import (
    PoundChoice,
)
from pashu.schema.documents import Document
from pashu.schema.enums import described_enum
from pashu.schema.law.types import Citation, cites
from pashu.schema.node import to_global_id
from pashu.services.pound_returns import returns
from pashu.services.pounds import pound_areas

described_enum(
    PoundChoice,
    {
        "AREA_POUND": "The pound established for the area where the land lies",
        "NEAREST_POUND": "The nearest pound",
    },
    description="The pound for the land's area, or the nearest pound",
)


@strawberry.type(description="A pound, named")
class PoundRef:
    id: strawberry.ID = strawberry.field(description="The pound's global id")
    name: str = strawberry.field(description="The pound's name")

    @classmethod
    def of(cls, p: PoundRow) -> PoundRef:
        return cls(id=to_global_id("Pound", p.id), name=p.name)


@strawberry.type(description="An area a pound serves, as determined")
class PoundArea:
    area: str = strawberry.field(description="The area")
    pound: PoundRef = strawberry.field(description="The pound serving it")
    determined_on: date = strawberry.field(
        description="The day it was determined (a calendar day in IST)"
    )
    determined_by: str = strawberry.field(description="Who determined it")
    reference: str = strawberry.field(description="The determination's reference")
    cursor: str = strawberry.field(
        description="Opaque: give it as `after` to `poundAreas` for the areas after this one"
    )

    @classmethod
    def of(cls, a: rows.PoundArea, p: PoundRow) -> PoundArea:
        return cls(
            cursor=to_global_id("PoundArea", a.id),
            area=a.area,
            pound=PoundRef.of(p),
            determined_on=a.determined_on,
            determined_by=a.determined_by,
            reference=a.reference,
        )


@strawberry.type(description="Where a pound stands (WGS 84 degrees)")
class PoundSite:
    pound_id: strawberry.ID = strawberry.field(description="The pound's global id")
    latitude: Decimal = strawberry.field(description="Latitude in decimal degrees")
    longitude: Decimal = strawberry.field(description="Longitude in decimal degrees")

    @classmethod
    def of(cls, s: rows.PoundSite) -> PoundSite:
        return cls(
            pound_id=to_global_id("Pound", s.pound_id), latitude=s.latitude, longitude=s.longitude
        )


@strawberry.type(description="Was a seizure sent to the pound the Act names?")
class PoundCheck:
    ok: bool | None = strawberry.field(description="null: it cannot be told from what is recorded")
    explanation: str = strawberry.field(
        description="Why, in one line; says so where a reading is interpreted"
    )
    rule: PoundChoice = strawberry.field(description="Which pound the Act names")
    expected_pound: PoundRef | None = strawberry.field(
        description="The pound the Act names, if it can be told"
    )
    citations: list[Citation] = strawberry.field(description="The provisions this rests on")

    @classmethod
    def of(cls, c: pound_areas.PoundCheck) -> PoundCheck:
        return cls(
            ok=c.ok,
            explanation=c.explanation,
            rule=c.choice,
            expected_pound=PoundRef.of(c.expected) if c.expected is not None else None,
            citations=cites(c.cites),
        )


@strawberry.type(description="One species' animals over the period")
class ReturnSpecies:
    species: str = strawberry.field(description="The species")
    in_pound_at_start: int = strawberry.field(description="In the pound when the period began")
    impounded: int = strawberry.field(description="Impounded in the period")
    delivered: int = strawberry.field(description="Delivered to owners")
    sold: int = strawberry.field(description="Sold")
    disposed: int = strawberry.field(description="Disposed of otherwise")
    died: int = strawberry.field(description="Died")
    in_pound_at_end: int = strawberry.field(description="In the pound when the period ended")

    @classmethod
    def of(cls, s: returns.SpeciesLine) -> ReturnSpecies:
        out = {k.value: n for k, n in s.out.items()}
        return cls(
            species=s.species,
            in_pound_at_start=s.at_start,
            impounded=s.impounded,
            delivered=out["DELIVERED"],
            sold=out["SOLD"],
            disposed=out["DISPOSED"],
            died=out["DIED"],
            in_pound_at_end=s.at_end,
        )


@strawberry.type(description="An account's balance at the close of the period")
class ReturnBalance:
    account: str = strawberry.field(description="The ledger account")
    name: str = strawberry.field(description="The fund and the local body or pound holding it")
    amount: Decimal = strawberry.field(description="Its balance in rupees (decimal string)")


@strawberry.type(description="An account over the period, as the ledger has it")
class ReturnAccount:
    account: str = strawberry.field(description="The ledger account")
    name: str = strawberry.field(description="The fund and the local body or pound holding it")
    opening: Decimal = strawberry.field(
        description="Its balance when the period began, in rupees (decimal string)"
    )
    received: Decimal = strawberry.field(description="Paid into it in the period, in rupees")
    paid_out: Decimal = strawberry.field(description="Paid out of it in the period, in rupees")
    closing: Decimal = strawberry.field(
        description="Its balance when the period ended: opening + received - paidOut"
    )


@strawberry.type(description="A return from the registers for a period")
class PoundReturn:
    period_from: date = strawberry.field(
        description="The period's first day (a calendar day in IST)"
    )
    period_to: date = strawberry.field(description="The period's last day (a calendar day in IST)")
    pound: PoundRef | None = strawberry.field(description="The pound, if the return is for one")
    local_authority: str | None = strawberry.field(
        description="The local authority, if the return is for one"
    )
    kept_by: str = strawberry.field(description="Who keeps the registers under the Act")
    cases: int = strawberry.field(description="Entries made in the seizure register")
    species: list[ReturnSpecies] = strawberry.field(description="Animals by species")
    deliveries: int = strawberry.field(
        description="Deliveries to owners on a receipt: on payment or deposit, and of the "
        "remaining animals after a sale on the owner's refusal"
    )
    fines: Decimal = strawberry.field(description="Fines levied on impounded animals, paid")
    feeding_charges: Decimal = strawberry.field(
        description="Feeding charges paid in rupees (decimal string)"
    )
    under_protest: Decimal = strawberry.field(description="Of the payments, deposits")
    collected: Decimal = strawberry.field(
        description="Paid on delivery, deposits under protest included, in rupees (decimal string)"
    )
    sales: int = strawberry.field(description="Sales by auction")
    disposals: int = strawberry.field(description="Disposals otherwise than by auction")
    sale_proceeds: Decimal = strawberry.field(
        description="Proceeds of sales and disposals, in rupees (decimal string)"
    )
    fines_from_sales: Decimal = strawberry.field(
        description="Fines met from sale proceeds in rupees (decimal string)"
    )
    feeding_charges_from_sales: Decimal = strawberry.field(
        description="Feeding charges met from sale proceeds in rupees (decimal string)"
    )
    sale_expenses: Decimal = strawberry.field(
        description="Expenses of sale met out of the proceeds in the period (the ledger's), "
        "in rupees (decimal string)"
    )
    surplus_held: Decimal = strawberry.field(
        description="Surplus proceeds held in deposit at the close of the period, as the "
        "ledger has them (what was paid out to owners is no longer held), in rupees"
    )
    offence_fines: Decimal = strawberry.field(
        description="Fines on conviction imposed in the period for offences linked to the cases"
    )
    offence_fines_paid: Decimal = strawberry.field(
        description="Fines on conviction paid in the period for offences linked to the cases"
    )
    registration_fees: Decimal | None = strawberry.field(
        description="Department-wide and local authority returns, where the Act registers "
        "animals (a council's: the registrations naming it)"
    )
    animal_tax: Decimal | None = strawberry.field(
        description="Animal tax collected, in rupees (decimal string); department-wide "
        "returns only, else null"
    )
    balances: list[ReturnBalance] = strawberry.field(
        description="Balances of the accounts concerned at the close of the period (money "
        "paid in from outside, payer:*, is no balance held)"
    )
    accounts: list[ReturnAccount] = strawberry.field(
        description="The ledger's sums, account by account, for the transactions the return "
        "reaches (a pound's cases; an authority's, and its own accounts; the department's "
        "whole ledger): the money lines of the return are read from these"
    )
    citations: list[Citation] = strawberry.field(description="The provisions this rests on")
    document: Document = strawberry.field(description="The return as a printable document")

    @classmethod
    def of(cls, r: returns.PoundReturn) -> PoundReturn:
        return cls(
            period_from=r.start,
            period_to=r.end,
            pound=PoundRef.of(r.pound) if r.pound is not None else None,
            local_authority=r.authority.name if r.authority is not None else None,
            kept_by=r.kept_by,
            cases=r.cases,
            species=[ReturnSpecies.of(s) for s in r.species],
            deliveries=r.deliveries,
            fines=r.fines,
            feeding_charges=r.feeding,
            under_protest=r.under_protest,
            collected=r.collected,
            sales=r.sales,
            disposals=r.disposals,
            sale_proceeds=r.proceeds,
            fines_from_sales=r.fines_from_sales,
            feeding_charges_from_sales=r.feeding_from_sales,
            sale_expenses=r.sale_expenses,
            surplus_held=r.surplus,
            offence_fines=r.offence_fines,
            offence_fines_paid=r.offence_fines_paid,
            registration_fees=r.registration_fees,
            animal_tax=r.animal_tax,
            balances=[
                ReturnBalance(account=a, name=r.balance_names.get(a, a), amount=v)
                for a, v in r.balances.items()
            ],
            accounts=[
                ReturnAccount(
                    account=m.account,
                    name=r.balance_names.get(m.account, m.account),
                    opening=m.opening,
                    received=m.received,
                    paid_out=m.paid_out,
                    closing=m.closing,
                )
                for m in r.accounts
            ],
            citations=cites(r.cites),
            document=Document.of(returns.document(r)),
        )

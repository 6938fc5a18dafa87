"""A fine recovered by sale of cattle that are not in a pound (Cattle Trespass Act 1985 s.26):
its input and the sale as the API shows it (services/offences/recovery_sales.py)."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

import strawberry

from pashu.db import offences as db
from pashu.schema.impoundment.mutations import BuyerInput
from pashu.schema.impoundment.types import Buyer
from pashu.schema.impoundment.values import AccountItem
from pashu.schema.kinds import code
from pashu.schema.law.types import Citation
from pashu.schema.node import to_global_id
from pashu.schema.offences.types import Party


@strawberry.input(description="The owner of the cattle sold")
class CattleOwnerInput:
    name: str = strawberry.field(description="The owner's name")
    address: str = strawberry.field(description="Where the owner resides")


@strawberry.input(description="The cattle sold for a fine, as the sale names them")
class SoldCattleInput:
    description: str = strawberry.field(
        description='Their number and description, e.g. "2 cows, brown, white blaze"'
    )
    count: int = strawberry.field(description="How many head were sold")
    all_of_them: bool = strawberry.field(
        description="Whether these are all the cattle by which the trespass was committed. "
        "While some remain unsold, the sale must cover the fine (VALIDATION otherwise: sell "
        "more); a sale of all of them recovers what it can and the rest stays unrecovered"
    )
    owner: CattleOwnerInput = strawberry.field(
        description="Whose cattle they are: the person convicted, or another whose cattle "
        "were only in his charge (s.26); the balance is his"
    )


@strawberry.input(
    description="A fine on conviction recovered by sale of the cattle by which the trespass "
    'was committed, where they are not in a pound: "whether they were seized in the act of '
    'tresspassing or not" (Cattle Trespass Act 1985 s.26). Cattle still in the pound of the '
    "offence's impoundment case are sold with recordSale(recoversFineId) instead (CONFLICT)"
)
class RecordFineRecoverySaleInput:
    fine_id: strawberry.ID = strawberry.field(description="The fine's global id")
    at: datetime = strawberry.field(
        description="When the sale was made (ISO 8601 with offset; not after now, not before "
        "the fine)"
    )
    cattle: SoldCattleInput = strawberry.field(description="The cattle sold")
    place: str = strawberry.field(description="Where they were sold")
    buyer: BuyerInput = strawberry.field(description="Who bought")
    price: Decimal = strawberry.field(description="The price, in rupees (decimal string)")
    expenses: Decimal = strawberry.field(
        default=Decimal("0.00"), description="The expenses of the sale, in rupees (decimal string)"
    )
    local_authority: str | None = strawberry.field(
        default=None,
        description="The local body, by name, whose authority holds the balance in deposit "
        "for the owner; only where the fine names none",
    )


@strawberry.type(
    description="A fine recovered by sale of cattle not in a pound (Cattle Trespass Act 1985 "
    "s.26), with the account of the proceeds"
)
class FineRecoverySale:
    fine_id: strawberry.ID = strawberry.field(description="The fine's global id")
    at: datetime = strawberry.field(
        description="When the sale was made (ISO 8601 with offset, shown in IST)"
    )
    cattle: str = strawberry.field(description="The number and description of the cattle sold")
    cattle_sold: int = strawberry.field(description="How many head were sold")
    all_of_them: bool = strawberry.field(
        description="Whether all the cattle of the trespass were sold"
    )
    place: str = strawberry.field(description="Where they were sold")
    owner: Party = strawberry.field(description="Whose cattle they were")
    buyer: Buyer = strawberry.field(description="Who bought")
    price: Decimal = strawberry.field(description="The price, in rupees (decimal string)")
    expenses: Decimal = strawberry.field(description="The expenses of the sale, in rupees")
    fine_recovered: Decimal = strawberry.field(
        description="What of the fine the proceeds paid, in rupees"
    )
    fine_unrecovered: Decimal = strawberry.field(
        description="What of the fine is left unrecovered (all the cattle sold, and short)"
    )
    balance: Decimal = strawberry.field(
        description="What is left for the owner, held by the local authority in deposit for "
        "his claim, in rupees"
    )
    disposal: list[AccountItem] = strawberry.field(
        description="Where the proceeds went, line by line; the lines add up to the price"
    )
    citations: list[Citation] = strawberry.field(
        description="The provisions the sale and its account follow, each marked as read or "
        "interpreted (s.26 names no procedure and is silent on the balance)"
    )

    @classmethod
    def of(cls, s: db.FineRecoverySale, citations: list[Citation]) -> FineRecoverySale:
        a = s.account
        return cls(
            fine_id=strawberry.ID(to_global_id("Fine", s.fine_id)),
            at=s.at,
            cattle=s.cattle,
            cattle_sold=s.head_count,
            all_of_them=s.all_sold,
            place=s.place,
            owner=Party(name=s.owner_name, address=s.owner_address),
            buyer=Buyer(name=s.buyer_name, address=s.buyer_address, role=code(s.buyer_role)),
            price=s.price,
            expenses=s.expenses,
            fine_recovered=s.recovered,
            fine_unrecovered=Decimal(a["fineUnrecovered"]),
            balance=s.balance,
            disposal=[AccountItem(item=k, amount=Decimal(v)) for k, v in a["disposal"].items()],
            citations=citations,
        )

"""The tenant's books: every account's balance."""

from __future__ import annotations

from decimal import Decimal

import strawberry
from sqlalchemy.orm import Session

from pashu.jurisdictions import registry
from pashu.schema.context import Info
from pashu.schema.node import to_global_id
from pashu.services import accounts, ledger


@strawberry.type(description="One account of the tenant's double-entry books and its balance")
class FundBalance:
    account: str = strawberry.field(
        description='"fund:<key>[:<holder id>]", "deposit:…", "payer:…", "payee:…"'
    )
    kind: str = strawberry.field(description="fund, deposit, payer or payee")
    fund: str | None = strawberry.field(
        description="The key of the jurisdiction's fund (moneyRouting's `fund`), if one"
    )
    holder_id: strawberry.ID | None = strawberry.field(
        description="The local authority or pound (its keeper) holding this account, if one"
    )
    holder: str | None = strawberry.field(description="That local authority's or pound's name")
    name: str = strawberry.field(description="The account's name as the Act calls it")
    balance: Decimal = strawberry.field(
        description="The balance in rupees (decimal string): the sum of the account's ledger legs"
    )


def _global(d: accounts.Described) -> strawberry.ID | None:
    if d.holder_type is None or d.holder_id is None:
        return None
    return to_global_id(d.holder_type, d.holder_id)


def balances(s: Session, jurisdiction: str, subject: str | None = None) -> list[FundBalance]:
    """Every account's balance (or only the legs posted about `subject`), described."""
    found = ledger.balances(s) if subject is None else ledger.subject_balances(s, subject)
    plugin = registry.get(jurisdiction)
    return [
        FundBalance(
            account=d.account,
            kind=d.kind,
            fund=d.fund,
            holder_id=to_global_id(d.holder_type, d.holder_id)
            if d.holder_type and d.holder_id
            else None,
            holder=d.holder,
            name=d.name,
            balance=found[d.account],
        )
        for d in accounts.describe(s, plugin, sorted(found))
    ]


@strawberry.type
class LedgerQuery:
    @strawberry.field(description="Balances of every account the tenant's money has moved through")
    async def funds(self, info: Info) -> list[FundBalance]:
        who = info.context.require()
        return await info.context.read(lambda s: balances(s, who.jurisdiction))

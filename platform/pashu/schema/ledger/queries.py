"""The tenant's books: every account's balance."""

from __future__ import annotations

from decimal import Decimal

import strawberry

from pashu.jurisdictions import registry
from pashu.schema.context import Info
from pashu.services import ledger


@strawberry.type
class FundBalance:
    account: str = strawberry.field(description='"fund:<key>", "deposit:…", "payer:…", "payee:…"')
    name: str
    balance: Decimal


@strawberry.type
class LedgerQuery:
    @strawberry.field(description="Balances of every account the tenant's money has moved through")
    async def funds(self, info: Info) -> list[FundBalance]:
        who = info.context.require()
        names = registry.get(who.jurisdiction).funds
        found = await info.context.read(ledger.balances)
        return [
            FundBalance(
                account=account,
                name=names.get(account.removeprefix("fund:"), account),
                balance=balance,
            )
            for account, balance in sorted(found.items())
        ]

"""The tenant's books: every account's balance."""

from __future__ import annotations

import base64
import binascii
import uuid
from decimal import Decimal

import strawberry
from sqlalchemy.orm import Session

from pashu.core.errors import ValidationError
from pashu.db import keyset
from pashu.db.keyset import Page
from pashu.jurisdictions import registry
from pashu.schema.context import Info
from pashu.schema.node import to_global_id
from pashu.schema.paging import After, First, maximum
from pashu.services.ledger import accounts, ledger


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
    cursor: str = strawberry.field(
        description="Opaque: give it as `after` to `funds` for the accounts after this one"
    )


def _global(d: accounts.Described) -> strawberry.ID | None:
    if d.holder_type is None or d.holder_id is None:
        return None
    return to_global_id(d.holder_type, d.holder_id)


def balances(
    s: Session,
    jurisdiction: str,
    subject: str | None = None,
    names: dict[uuid.UUID, tuple[str, str]] | None = None,
) -> list[FundBalance]:
    """Every account's balance (or only the legs posted about `subject`), described (the
    holders' `names` when read already: `accounts.describe`)."""
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
            cursor=_cursor(d.account),
        )
        for d in accounts.describe(s, plugin, sorted(found), names)
    ]


def _cursor(account: str) -> str:
    return base64.urlsafe_b64encode(f"FundBalance:{account}".encode()).decode()


def _account(cursor: str) -> str:
    """The account a `funds` cursor names (an account the list no longer holds is refused
    by the page, like any cursor naming no row)."""
    try:
        kind, _, account = base64.urlsafe_b64decode(cursor.encode()).decode().partition(":")
    except (ValueError, binascii.Error, UnicodeDecodeError):
        kind, account = "", ""
    if kind != "FundBalance" or not account:
        raise ValidationError(
            "`after` is not a cursor of `funds`: give the last row's `cursor`", field="after"
        )
    return account


@strawberry.type
class LedgerQuery:
    @strawberry.field(
        description="Balances of every account the tenant's money has moved through, by "
        "account; paged with `first` and `after`"
    )
    async def funds(
        self, info: Info, first: First = None, after: After = None
    ) -> list[FundBalance]:
        who = info.context.require()
        # The balances are one GROUP BY over the ledger; the page is taken of that answer,
        # in the order of the account's name.
        asked = Page("funds", maximum("funds"), first, None if after is None else _account(after))
        return await info.context.read(
            lambda s: keyset.in_memory(balances(s, who.jurisdiction), asked, lambda b: b.account)
        )

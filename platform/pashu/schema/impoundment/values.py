"""Plain value types that a case and the paths of its remedies both show: a person as the
register names one, and a line of an account. Their own module, so that `types` (the case)
and `remedies` (refusal, handover, release) each import them and neither imports the other.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import strawberry

from pashu.jurisdictions import registry
from pashu.schema.context import Info
from pashu.schema.law.types import Citation, cites
from pashu.services.impoundment import sale_accounts


@strawberry.type(description="A person as the register records them: name and residence")
class Person:
    name: str = strawberry.field(description="The person's name")
    address: str = strawberry.field(description="Where the person resides (empty when not known)")


@strawberry.type(description="One line of a sale's account")
class AccountItem:
    item: str = strawberry.field(description="What the money went to")
    amount: Decimal = strawberry.field(description="Rupees (decimal string)")


@strawberry.type(
    description="One line of the account of a sale, citing the clause of the Act it answers"
)
class AccountLine:
    clause: str | None = strawberry.field(
        description='The clause\'s letter ("a" to "f" of the Act\'s list); null: a line beyond '
        "the clauses (what the proceeds did not meet, what the owner paid)"
    )
    item: str = strawberry.field(description="A stable key for the line")
    label: str = strawberry.field(description="What the line is, in words")
    count: int | None = strawberry.field(description="A number of animals, for (a) and (d)")
    amount: Decimal | None = strawberry.field(description="Rupees (decimal string), where money")
    text: str = strawberry.field(
        description="The value as the printed account gives it (instants in IST, with the zone)"
    )
    citations: list[Citation] = strawberry.field(description="The clause it answers")


def account_lines(info: Info, account: dict[str, Any]) -> list[AccountLine]:
    """The account's lines, (a) to (f) in the Act's order, then what is owed still."""
    plugin = registry.get(info.context.require().jurisdiction)
    return [
        AccountLine(
            clause=line.clause,
            item=line.item,
            label=line.label,
            count=line.count,
            amount=line.amount,
            text=line.text,
            citations=cites(line.cites),
        )
        for line in sale_accounts.lines(plugin, account)
    ]


def account_items(items: dict[str, Decimal]) -> list[AccountItem]:
    return [AccountItem(item=k, amount=v) for k, v in items.items()]

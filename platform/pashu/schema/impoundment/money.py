"""A case's money as the API shows it: the model of its course answers (services/impoundment/
_course/books.py) the dues, each sum received and where it went, and each sum held for a
window with where it goes when the window ends. The facts are read through the request's
DataLoaders, so a page of cases costs the same statements as one."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

import strawberry

from pashu.db import impoundment as db
from pashu.jurisdictions import registry
from pashu.jurisdictions.vocabulary import Action
from pashu.schema.context import Info
from pashu.schema.impoundment import loaders
from pashu.schema.law.types import Citation, cites
from pashu.services.impoundment import cases, course
from pashu.services.ledger.accounts import Body


@strawberry.type(description="A sum in one account of the case's books, as the Act names it")
class BookSum:
    account: str = strawberry.field(
        description='The ledger account: "fund:<key>[:<holder id>]", "deposit:…", "payee:…"'
    )
    name: str = strawberry.field(description="The account's name in the Act's words")
    amount: Decimal = strawberry.field(description="The sum in rupees (decimal string)")
    citations: list[Citation] = strawberry.field(
        description="The provisions that send the case's money to this account"
    )
    explanation: str = strawberry.field(description="Why the money is there, in a line")

    @classmethod
    def of(cls, p: course.Placed) -> BookSum:
        return cls(
            account=p.account,
            name=p.name,
            amount=p.amount,
            citations=cites(p.cites),
            explanation=p.why,
        )


@strawberry.type(
    description="Money received on the case (from the owner, a buyer, a seizer) or moved "
    "between its accounts, and where it went"
)
class MoneyMoved:
    at: datetime = strawberry.field(
        description="When it moved (ISO 8601 with offset, shown in IST)"
    )
    kind: str = strawberry.field(
        description='What moved it: "impoundment.delivery", "impoundment.sale", '
        '"impoundment.unclaimed_surplus", …'
    )
    received: Decimal = strawberry.field(
        description="What it received from outside the books (0: a move between accounts)"
    )
    received_from: list[str] = strawberry.field(
        description='Who paid it in: "payer:owner", "payer:buyer", …'
    )
    into: list[BookSum] = strawberry.field(description="The accounts it put money into")
    out_of: list[BookSum] = strawberry.field(
        description="The accounts it took money out of (a deposit applied, a surplus credited)"
    )

    @classmethod
    def of(cls, m: course.Moved) -> MoneyMoved:
        return cls(
            at=m.at,
            kind=m.kind,
            received=m.received,
            received_from=m.payers,
            into=[BookSum.of(p) for p in m.into],
            out_of=[BookSum.of(p) for p in m.out_of],
        )


@strawberry.type(
    description="A sum held for a window: the surplus of a sale in deposit for the owner's "
    "claim, proceeds refundable while he may claim them, a deposit under protest for the "
    "complaint that may follow; and where it goes when the window ends"
)
class HeldSum:
    held_in: BookSum = strawberry.field(description="The account holding it, and the sum")
    held_for: Action = strawberry.field(
        description="The step whose window it is held for (the owner's claim, the complaint)"
    )
    held_from: datetime = strawberry.field(
        description="When the window opened (ISO 8601 with offset, shown in IST)"
    )
    ends: datetime | None = strawberry.field(
        description="When the window ends and the sum goes on (ISO 8601 with offset, shown "
        "in IST); null: it waits for a decision the Act does not time (a complaint filed)"
    )
    due: bool = strawberry.field(
        description="The window has ended by `asOf` and the sum is still held: the clock's "
        "next sweep moves it"
    )
    goes_to: list[BookSum] = strawberry.field(
        description="Where it goes when the window ends; empty: it stays where it is (proceeds "
        "in a fund already) or waits for the decision"
    )
    citations: list[Citation] = strawberry.field(
        description="The provisions of the window and of where the sum goes"
    )
    explanation: str = strawberry.field(description="What happens to it, in a line")

    @classmethod
    def of(cls, h: course.HeldSum, at: datetime) -> HeldSum:
        return cls(
            held_in=BookSum.of(h.account),
            held_for=h.held_for,
            held_from=h.window.not_before,
            ends=h.ends,
            due=bool(h.goes_to) and h.due(at),
            goes_to=[BookSum.of(p) for p in h.goes_to],
            citations=cites(h.cites),
            explanation=h.why,
        )


async def dues_course(info: Info, row: db.Impoundment) -> course.Course:
    """The model on what the dues read: the animals and the rates notified."""
    ctx = info.context
    plugin = registry.get(ctx.require().jurisdiction)
    animals = await loaders.animals(ctx).load(row.id)
    rates = await loaders.rates(ctx)
    return course.Course(course.facts_of(plugin, row, (), animals, rates=tuple(rates)))


async def books_course(info: Info, row: db.Impoundment) -> course.Course:
    """The model on what the books read: the case's notices, animals, sales, deliveries,
    complaints and ledger, and the local body and pound its money belongs to."""
    ctx = info.context
    plugin = registry.get(ctx.require().jurisdiction)
    issued = await loaders.notices(ctx).load(row.id)
    animals = await loaders.animals(ctx).load(row.id)
    sold = await loaders.sales(ctx).load(row.id)
    delivered = await loaders.deliveries(ctx).load(row.id)
    complained = await loaders.complaints(ctx).load(row.id)
    legs = await loaders.ledger(ctx).load(row.id)
    found = await loaders.pound(ctx, row.pound_id)
    facts = course.facts_of(
        plugin,
        row,
        issued,
        animals,
        sold,
        deliveries=tuple(
            cases.delivery_fact(d.at, d.under_protest, d.amount_paid, d.lines, d.deposit_ledger_key)
            for d in delivered
        ),
        complaints=tuple(c.at for c in complained),
        ledger=tuple(legs),
        body=Body(found[1].id if found else None, row.pound_id),
    )
    return course.Course(facts)

"""The paths of a case whose owner will not pay, and release orders, as the API shows them."""

from __future__ import annotations

import uuid
from datetime import datetime
from decimal import Decimal
from typing import Any

import strawberry
from sqlalchemy import select

from pashu.db import refusals as db
from pashu.jurisdictions import registry
from pashu.schema.context import Context, Info
from pashu.schema.documents import Document
from pashu.schema.impoundment.values import (
    AccountItem,
    AccountLine,
    Person,
    account_items,
    account_lines,
)
from pashu.schema.node import Node, node_type, to_global_id
from pashu.services.impoundment import cases, sale_accounts
from pashu.services.impoundment import handover_documents as remedy_papers


@strawberry.type(description="The owner appeared and refused or omitted to pay (or to deposit)")
class RefusalToPay(Node):
    at: datetime = strawberry.field(description="When the owner refused")
    claimant: Person = strawberry.field(description="The owner who refused")
    deposit: bool = strawberry.field(description="The deposit of a disputed seizure refused")
    dues: Decimal | None = strawberry.field(description="Owed at the refusal; null: unknown")

    @classmethod
    def of(cls, r: db.RefusalToPay) -> RefusalToPay:
        return cls(
            id=to_global_id("RefusalToPay", r.id),
            at=r.at,
            claimant=Person(name=r.claimant_name, address=r.claimant_address),
            deposit=r.deposit,
            dues=r.dues,
        )


@strawberry.type(description="The account delivered with what remains after a sale")
class HandoverAccount:
    cattle_seized: int = strawberry.field(description="How many head were seized")
    impounded_from: datetime = strawberry.field(
        description="When they were impounded (ISO 8601 with offset, shown in IST)"
    )
    impounded_until: datetime = strawberry.field(
        description="When the rest was delivered or refused (ISO 8601 with offset, shown in IST)"
    )
    fines_and_charges: Decimal = strawberry.field(
        description="Fines and charges due, in rupees (decimal string)"
    )
    cattle_sold: int = strawberry.field(description="How many head were sold")
    proceeds: Decimal = strawberry.field(description="What the sales fetched, in rupees")
    disposal: list[AccountItem] = strawberry.field(
        description="Where the proceeds went, line by line; the lines add up to the proceeds"
    )
    unrecovered: list[AccountItem] = strawberry.field(
        description="What the proceeds did not meet, owed still"
    )
    citations: list[str] = strawberry.field(description="The sections the account follows")
    _account: strawberry.Private[dict[str, Any]]

    @strawberry.field(
        description="The account line by line, each citing the clause of the Act it answers"
    )
    def lines(self, info: Info) -> list[AccountLine]:
        return account_lines(info, self._account)


@strawberry.type(description="The remaining animals and the balance: received, or refused")
class Handover(Node):
    at: datetime = strawberry.field(description="When the rest was offered")
    accepted: bool = strawberry.field(description="Whether the owner took the rest")
    receipt_number: int | None = strawberry.field(description="The receipt's number, when accepted")
    claimant: Person = strawberry.field(description="The owner")
    animals: int = strawberry.field(description="How many animals were handed over")
    balance: Decimal = strawberry.field(
        description="The balance paid to the owner, in rupees (decimal string)"
    )
    account: HandoverAccount = strawberry.field(description="The account delivered with the rest")
    _row: strawberry.Private[db.Handover]

    @strawberry.field(
        description="The account with the owner's receipt (or his refusal), printable"
    )
    async def document(self, info: Info) -> Document:
        ctx = info.context
        plugin = registry.get(ctx.require().jurisdiction)
        case = await ctx.read(lambda s: cases.get(s, self._row.impoundment_id))
        return Document.of(remedy_papers.handover(plugin, case, self._row))

    @classmethod
    def of(cls, h: db.Handover) -> Handover:
        a = h.account
        return cls(
            id=to_global_id("Handover", h.id),
            at=h.at,
            accepted=h.accepted,
            receipt_number=h.receipt_number,
            claimant=Person(name=h.claimant_name, address=h.claimant_address),
            animals=h.animals,
            balance=h.balance,
            account=HandoverAccount(
                cattle_seized=a["cattleSeized"],
                impounded_from=sale_accounts.instant(a["impoundedFrom"]),
                impounded_until=sale_accounts.instant(a["impoundedUntil"]),
                fines_and_charges=Decimal(a["finesAndCharges"]),
                cattle_sold=a["cattleSold"],
                proceeds=Decimal(a["proceeds"]),
                disposal=account_items(sale_accounts.disposal(a)),
                unrecovered=account_items(sale_accounts.unrecovered(a)),
                citations=a["cites"],
                _account=a,
            ),
            _row=h,
        )


@strawberry.type(description="A written, reasoned order releasing impounded animals")
class ReleaseOrder(Node):
    authority: str = strawberry.field(description="Who ordered the release")
    ordered_by: str = strawberry.field(description="The name or office of who made the order")
    ordered_at: datetime = strawberry.field(description="When the order was made")
    reasons: str = strawberry.field(description="The order's reasons")
    document: str = strawberry.field(description="The order's reference, as recorded")
    released_at: datetime = strawberry.field(description="When the animals were released")
    animals: int = strawberry.field(description="How many were released")

    @classmethod
    def of(cls, o: db.ReleaseOrder) -> ReleaseOrder:
        return cls(
            id=to_global_id("ReleaseOrder", o.id),
            authority=o.authority,
            ordered_by=o.ordered_by,
            ordered_at=o.ordered_at,
            reasons=o.reasons,
            document=o.document,
            released_at=o.released_at,
            animals=len(o.animals),
        )


async def _row(ctx: Context, model: Any, pk: uuid.UUID) -> Any:
    ctx.require()
    return await ctx.read(lambda s: s.scalar(select(model).where(model.id == pk)))


@node_type("RefusalToPay")
async def _refusal(ctx: Context, pk: uuid.UUID) -> RefusalToPay | None:
    row = await _row(ctx, db.RefusalToPay, pk)
    return RefusalToPay.of(row) if row else None


@node_type("Handover")
async def _handover(ctx: Context, pk: uuid.UUID) -> Handover | None:
    row = await _row(ctx, db.Handover, pk)
    return Handover.of(row) if row else None


@node_type("ReleaseOrder")
async def _release_order(ctx: Context, pk: uuid.UUID) -> ReleaseOrder | None:
    row = await _row(ctx, db.ReleaseOrder, pk)
    return ReleaseOrder.of(row) if row else None

"""Complaints of illegal seizure as the API shows them."""

from __future__ import annotations

import uuid
from datetime import datetime
from decimal import Decimal

import strawberry
from sqlalchemy import select

from pashu.db.complaints import Complaint as ComplaintRow
from pashu.db.complaints import ComplaintDecision as DecisionRow
from pashu.schema.context import Context, Info
from pashu.schema.impoundment.values import Person
from pashu.schema.node import Node, node_type, to_global_id
from pashu.services.impoundment import seizer_dues
from pashu.services.offences.fines import paid_at


@strawberry.type(description="The magistrate's decision after the enquiry (s.21(2), s.22)")
class ComplaintDecision:
    at: datetime = strawberry.field(
        description="When it was decided (ISO 8601 with offset, shown in IST)"
    )
    illegal: bool = strawberry.field(description="Whether the seizure was illegal")
    decided_by: str = strawberry.field(description="Who decided")
    released_animals: int = strawberry.field(description="How many animals were released")
    seizer_owes: Decimal = strawberry.field(
        description="Fines and charges of the cattle released, laid on the seizer"
    )
    deposit_returned: Decimal = strawberry.field(
        description="The deposit returned in rupees (decimal string)"
    )
    payer_capacity: str | None = strawberry.field(
        description="SEIZER or DETAINER: who the Magistrate named to pay (s.22)"
    )
    payer: Person | None = strawberry.field(description="Who pays the compensation")
    dues_collected_at: datetime | None = strawberry.field(
        description="When the fines and charges laid on the payer were collected (s.22(2))"
    )


@strawberry.type(description="A complaint of illegal seizure or detention")
class Complaint(Node):
    at: datetime = strawberry.field(
        description="When it was made (ISO 8601 with offset, shown in IST)"
    )
    form: str = strawberry.field(description="How it was made")
    statement: str = strawberry.field(description="The complaint")
    taken_down_by: str | None = strawberry.field(
        description="For a verbal complaint: who took it down"
    )
    complainant: Person = strawberry.field(description="Who complained")
    impoundment_id: strawberry.ID = strawberry.field(description="The case's global id")
    _row: strawberry.Private[ComplaintRow]

    @strawberry.field(description="The decision, once made")
    async def decision(self, info: Info) -> ComplaintDecision | None:
        pk = self._row.id
        row = await info.context.read(
            lambda s: s.scalar(select(DecisionRow).where(DecisionRow.complaint_id == pk))
        )
        if row is None:
            return None
        key = seizer_dues.ledger_key(pk)
        collected = await info.context.read(lambda s: paid_at(s, [key]))
        return ComplaintDecision(
            at=row.at,
            illegal=row.illegal,
            decided_by=row.decided_by,
            released_animals=row.released_animals,
            seizer_owes=row.seizer_owes,
            deposit_returned=row.deposit_returned,
            payer_capacity=row.payer_capacity,
            payer=Person(name=row.payer_name, address=row.payer_address or "")
            if row.payer_name
            else None,
            dues_collected_at=collected.get(key),
        )

    @classmethod
    def of(cls, row: ComplaintRow) -> Complaint:
        return cls(
            id=to_global_id("Complaint", row.id),
            at=row.at,
            form=row.form,
            statement=row.statement,
            taken_down_by=row.taken_down_by,
            complainant=Person(name=row.complainant_name, address=row.complainant_address),
            impoundment_id=to_global_id("Impoundment", row.impoundment_id),
            _row=row,
        )


@node_type("Complaint")
async def _complaint(ctx: Context, pk: uuid.UUID) -> Complaint | None:
    row = await ctx.read(lambda s: s.scalar(select(ComplaintRow).where(ComplaintRow.id == pk)))
    return Complaint.of(row) if row else None

"""Filing and deciding complaints of illegal seizure."""

from __future__ import annotations

import enum
from datetime import datetime
from decimal import Decimal

import strawberry
from sqlalchemy import select
from sqlalchemy.orm import Session

from pashu.core.recorded_at import act_at
from pashu.db.complaints import Complaint as ComplaintRow
from pashu.schema.complaints.types import Complaint
from pashu.schema.context import Info
from pashu.schema.impoundment.mutations import PersonInput
from pashu.schema.impoundment.queries import decode_id
from pashu.services import complaints
from pashu.services.seizures import Person


@strawberry.enum
class ComplaintForm(enum.Enum):
    WRITTEN = "WRITTEN"
    VERBAL = "VERBAL"


@strawberry.input
class FileComplaintInput:
    impoundment_id: strawberry.ID
    at: datetime
    complainant: PersonInput
    form: ComplaintForm
    statement: str = strawberry.field(description="The complaint, or a verbal one's substance")
    taken_down_by: str | None = strawberry.field(
        default=None, description="For a verbal complaint: the Magistrate who took it down"
    )


@strawberry.input
class DecideComplaintInput:
    complaint_id: strawberry.ID
    at: datetime
    illegal: bool
    compensation: Decimal = Decimal("0.00")
    fines_paid: Decimal = Decimal("0.00")
    expenses: Decimal = Decimal("0.00")


@strawberry.type
class ComplaintsMutation:
    @strawberry.mutation(description="File a complaint of illegal seizure or detention")
    async def file_complaint(self, info: Info, input: FileComplaintInput) -> Complaint:
        who = info.context.require()
        case = decode_id(input.impoundment_id, "Impoundment", "impoundmentId")

        def run(s: Session) -> Complaint:
            return Complaint.of(
                complaints.file_complaint(
                    s,
                    who,
                    impoundment_id=case,
                    at=act_at(input.at, "at"),
                    complainant=Person(input.complainant.name, input.complainant.address),
                    form=input.form.value,
                    statement=input.statement,
                    taken_down_by=input.taken_down_by,
                )
            )

        return await info.context.write(run)

    @strawberry.mutation(description="The magistrate's decision after the enquiry")
    async def decide_complaint(self, info: Info, input: DecideComplaintInput) -> Complaint:
        who = info.context.require()
        pk = decode_id(input.complaint_id, "Complaint", "complaintId")
        outcome = complaints.Outcome(
            illegal=input.illegal,
            compensation=input.compensation,
            fines_paid=input.fines_paid,
            expenses=input.expenses,
        )

        def run(s: Session) -> Complaint:
            complaints.decide(s, who, complaint_id=pk, at=act_at(input.at, "at"), outcome=outcome)
            return Complaint.of(s.scalars(select(ComplaintRow).where(ComplaintRow.id == pk)).one())

        return await info.context.write(run)

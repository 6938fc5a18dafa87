"""Filing and deciding complaints of illegal seizure."""

from __future__ import annotations

import enum
from datetime import datetime
from decimal import Decimal
from typing import Annotated

import strawberry
from sqlalchemy import select
from sqlalchemy.orm import Session

from pashu.core.recorded_at import act_at
from pashu.db.complaints import Complaint as ComplaintRow
from pashu.schema.complaints.types import Complaint
from pashu.schema.context import Info
from pashu.schema.enums import described_enum
from pashu.schema.impoundment.mutations import PersonInput
from pashu.schema.impoundment.queries import decode_id
from pashu.services.complaints import complaints
from pashu.services.impoundment import seizer_dues
from pashu.services.impoundment.seizures import Person

# Every mutation takes one argument, `input`, whose type describes each of its fields.
INPUT = "What to record; each field is described on the input type"


class ComplaintForm(enum.Enum):
    WRITTEN = "WRITTEN"
    VERBAL = "VERBAL"


described_enum(
    ComplaintForm,
    {"WRITTEN": "In writing", "VERBAL": "Orally, taken down by the Magistrate"},
    description="How a complaint was made",
)


@strawberry.input(
    description=("A complaint of illegal seizure or detention (Cattle Trespass Act s.20)")
)
class FileComplaintInput:
    impoundment_id: strawberry.ID = strawberry.field(description="The case's global id")
    at: datetime = strawberry.field(
        description="When it was made (ISO 8601 with offset; not after now)"
    )
    complainant: PersonInput = strawberry.field(description="Who complains")
    form: ComplaintForm = strawberry.field(description="How it was made")
    statement: str = strawberry.field(description="The complaint, or a verbal one's substance")
    taken_down_by: str | None = strawberry.field(
        default=None, description="For a verbal complaint: the Magistrate who took it down"
    )


class CompensationPayer(enum.Enum):
    SEIZER = "SEIZER"
    DETAINER = "DETAINER"


described_enum(
    CompensationPayer,
    {
        "SEIZER": "The person who made the seizure, as the register records him",
        "DETAINER": "The person who detained the cattle, named in `detainer`",
    },
    description="Who pays on an illegal seizure (s.22)",
)


@strawberry.input(description="A Magistrate's decision on a complaint")
class DecideComplaintInput:
    complaint_id: strawberry.ID = strawberry.field(description="The complaint's global id")
    at: datetime = strawberry.field(
        description="When it was decided (ISO 8601 with offset; not after now)"
    )
    illegal: bool = strawberry.field(description="Whether the seizure or detention was illegal")
    compensation: Decimal = strawberry.field(
        default=Decimal("0.00"), description="Compensation awarded in rupees (decimal string)"
    )
    fines_paid: Decimal = strawberry.field(
        default=Decimal("0.00"),
        description="Fines the complainant paid and keeps paid (not a deposit returned to him)",
    )
    expenses: Decimal = strawberry.field(
        default=Decimal("0.00"), description="Expenses awarded in rupees (decimal string)"
    )
    payer: CompensationPayer = strawberry.field(
        default=CompensationPayer.SEIZER,
        description="Who pays the compensation and the dues of cattle released (s.22)",
    )
    detainer: PersonInput | None = strawberry.field(
        default=None, description="The person who detained the cattle, when he is to pay"
    )


@strawberry.input(description="What the seizer must pay on an illegal seizure, collected")
class CollectSeizerDuesInput:
    complaint_id: strawberry.ID = strawberry.field(description="The complaint's global id")
    at: datetime = strawberry.field(
        description="When it was collected (ISO 8601 with offset; not after now)"
    )


@strawberry.type
class ComplaintsMutation:
    @strawberry.mutation(description="File a complaint of illegal seizure or detention")
    async def file_complaint(
        self,
        info: Info,
        input: Annotated[
            FileComplaintInput,
            strawberry.argument(description=INPUT),
        ],
    ) -> Complaint:
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
    async def decide_complaint(
        self,
        info: Info,
        input: Annotated[
            DecideComplaintInput,
            strawberry.argument(description=INPUT),
        ],
    ) -> Complaint:
        who = info.context.require()
        pk = decode_id(input.complaint_id, "Complaint", "complaintId")
        outcome = complaints.Outcome(
            illegal=input.illegal,
            compensation=input.compensation,
            fines_paid=input.fines_paid,
            expenses=input.expenses,
            payer=input.payer.value,
            detainer=Person(input.detainer.name, input.detainer.address)
            if input.detainer
            else None,
        )

        def run(s: Session) -> Complaint:
            complaints.decide(s, who, complaint_id=pk, at=act_at(input.at, "at"), outcome=outcome)
            return Complaint.of(s.scalars(select(ComplaintRow).where(ComplaintRow.id == pk)).one())

        return await info.context.write(run)

    @strawberry.mutation(
        description="Collect the fines and charges an illegal seizure's decision lays on the "
        "seizer or detainer (s.22(2)), into the funds the Act names (clerk, finance)"
    )
    async def collect_seizer_dues(
        self,
        info: Info,
        input: Annotated[
            CollectSeizerDuesInput,
            strawberry.argument(description=INPUT),
        ],
    ) -> Complaint:
        who = info.context.require()
        pk = decode_id(input.complaint_id, "Complaint", "complaintId")

        def run(s: Session) -> Complaint:
            seizer_dues.collect(s, who, complaint_id=pk, at=act_at(input.at, "at"))
            return Complaint.of(s.scalars(select(ComplaintRow).where(ComplaintRow.id == pk)).one())

        return await info.context.write(run)

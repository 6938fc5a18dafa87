"""The tenant's complaints, newest first."""

from __future__ import annotations

from typing import Annotated

import strawberry
from sqlalchemy import select
from sqlalchemy.orm import Session

from pashu.db.complaints import Complaint as ComplaintRow
from pashu.schema.complaints.types import Complaint
from pashu.schema.context import Info
from pashu.schema.impoundment.queries import decode_id


@strawberry.type
class ComplaintsQuery:
    @strawberry.field(description="Complaints of illegal seizure, of one case or all")
    async def complaints(
        self,
        info: Info,
        impoundment_id: Annotated[
            strawberry.ID | None, strawberry.argument(description="Only this case's complaints")
        ] = None,
    ) -> list[Complaint]:
        info.context.require()
        q = select(ComplaintRow).order_by(ComplaintRow.at.desc()).limit(200)
        if impoundment_id is not None:
            q = q.where(
                ComplaintRow.impoundment_id == decode_id(impoundment_id, "Impoundment", "id")
            )

        def load(s: Session) -> list[Complaint]:
            return [Complaint.of(r) for r in s.scalars(q)]

        return await info.context.read(load)

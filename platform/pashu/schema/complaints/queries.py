"""The tenant's complaints, newest first."""

from __future__ import annotations

from typing import Annotated

import strawberry
from sqlalchemy import select
from sqlalchemy.orm import Session

from pashu.db import keyset
from pashu.db.complaints import Complaint as ComplaintRow
from pashu.schema.complaints.types import Complaint
from pashu.schema.context import Info
from pashu.schema.impoundment.queries import decode_id
from pashu.schema.paging import After, First, page


@strawberry.type
class ComplaintsQuery:
    @strawberry.field(
        description="Complaints of illegal seizure, of one case or all, newest first (by the "
        "instant made, then id); paged with `first` and `after`"
    )
    async def complaints(
        self,
        info: Info,
        impoundment_id: Annotated[
            strawberry.ID | None, strawberry.argument(description="Only this case's complaints")
        ] = None,
        first: First = None,
        after: After = None,
    ) -> list[Complaint]:
        info.context.require()
        asked = page("complaints", first, after, "Complaint")
        q = select(ComplaintRow)
        if impoundment_id is not None:
            q = q.where(
                ComplaintRow.impoundment_id == decode_id(impoundment_id, "Impoundment", "id")
            )
        order = [(ComplaintRow.at, True), (ComplaintRow.id, True)]

        def load(s: Session) -> list[Complaint]:
            return [Complaint.of(r) for r in keyset.rows(s, q, asked, order)]

        return await info.context.read(load)

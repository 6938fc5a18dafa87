"""The SQL twins of the course model, asked as the compiled dashboard asks them, for the
tests that hold them to it (`test_dues_sql.py`, the course machine)."""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import select, text
from sqlalchemy.orm import Session

from pashu.db.impoundment import Impoundment
from pashu.jurisdictions.base import Jurisdiction
from pashu.services.impoundment import dues


def sql_total(s: Session, plugin: Jurisdiction, case_id: uuid.UUID, as_of: datetime) -> str | None:
    """`dues.total_sql` for one case at `as_of`, as written in the compiled answer (a
    string, or None when unknown); the fine scales and bounds are `plugin`'s."""
    scales = {p: f"'{k}'" for p, k in dues.fine_kinds(plugin).items()}
    bounds = dues.fine_bounds(plugin)
    bound = dues.fine_bound_sql(
        "i",
        {p: f"'{b}'" for p, (b, _) in bounds.items()},
        {p: f for p, (_, f) in bounds.items()},
    )
    total = dues.total_sql(dues.fine_kind_sql("i", scales), "i", ":as_of", bound=bound)
    query = (
        select(text(total).bindparams(as_of=as_of))
        .select_from(Impoundment.__table__.alias("i"))
        .where(text("i.id = :case").bindparams(case=case_id))
        .add_cte(dues.rate_segments().cte(dues.SEGMENTS))
    )
    found = s.scalar(query)
    return None if found is None else str(found)

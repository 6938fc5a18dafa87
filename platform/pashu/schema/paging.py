"""`first` and `after` on the plain lists of a tenant's rows (db/keyset.py): every list
that grows with the department's work is answered a page at a time, never cut silently."""

from __future__ import annotations

from typing import Annotated

import strawberry

from pashu.core.errors import ValidationError
from pashu.db.keyset import Page
from pashu.schema.node import from_global_id

MAX_ROWS = 200  # the largest page of a list, unless MAXIMA says otherwise
# Lists whose rows are small and which a client usually wants whole (the books on the
# dashboard): a larger page.
MAXIMA: dict[str, int] = {"funds": 1000}


def maximum(field: str) -> int:
    """The largest page of the list `field` (also what the query's cost counts without
    `first`, schema/cost.py)."""
    return MAXIMA.get(field, MAX_ROWS)


First = Annotated[
    int | None,
    strawberry.argument(
        description="How many rows to answer, 1 to the list's maximum (200; 1000 for `funds`). "
        "Omitted: every row when there are at most the maximum, else a LIMIT_EXCEEDED error "
        "naming the list (ask for pages with `first` and `after`)"
    ),
]
After = Annotated[
    str | None,
    strawberry.argument(
        description="Answer the rows after this one in the list's order: the `cursor` "
        "(or, where the item has no `cursor`, the `id`) of the last row of the previous page"
    ),
]


def page(field: str, first: int | None, after: str | None, type_name: str) -> Page:
    """The page asked of list `field`, whose items are `type_name`s (their global id is the
    cursor)."""
    ident = None
    if after is not None:
        parsed = from_global_id(after)
        if parsed is None or parsed[0] != type_name:
            raise ValidationError(
                f"`after` is not a cursor of `{field}`: give the last row's "
                + ("`cursor`" if type_name in CURSORED else "`id`"),
                field="after",
            )
        ident = parsed[1]
    return Page(field, maximum(field), first, ident)


# Item types without a global id, whose `cursor` field is their id in the same opaque form.
CURSORED = frozenset({"TaskRun", "PoundArea"})

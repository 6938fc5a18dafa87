"""One page of a plain list of the tenant's rows: keyset over a stable order, never cut
silently (issue #19).

A page is the rows after a cursor row in the list's order, at most `first` of them. The cursor
is the id of the last row of the previous page; its sort values are read back from the
database (through the same tenant scope), so a cursor of another tenant, or of a row that no
longer exists, is refused rather than answered with a page from nowhere. Asked without
`first`, a list answers every row if there are at most `maximum`, else a LIMIT_EXCEEDED error
telling the client to page.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from sqlalchemy import ColumnElement, Select, and_, or_, select
from sqlalchemy.orm import InstrumentedAttribute, Session

from pashu.core.errors import LimitExceeded, ValidationError

T = TypeVar("T")
Order = Sequence[tuple[InstrumentedAttribute[Any], bool]]  # (column, descending), id last
Query = Select[*tuple[Any, ...]]  # a SELECT of one entity or of several


@dataclass(frozen=True)
class Page:
    """What a client asked of a list: its name (for errors), its largest page, how many rows
    (`first`, None: all of them, up to `maximum`) and after which row (`after`, an id)."""

    field: str
    maximum: int
    first: int | None = None
    after: uuid.UUID | str | None = None

    def __post_init__(self) -> None:
        if self.first is not None and not 1 <= self.first <= self.maximum:
            raise LimitExceeded(
                f"`first` must be between 1 and {self.maximum}",
                maximum=self.maximum,
                field="first",
            )

    @property
    def limit(self) -> int:
        # Without `first`, one row more than the maximum tells a long list from a full one.
        return self.first if self.first is not None else self.maximum + 1


def _after(values: Sequence[Any], order: Order) -> ColumnElement[bool]:
    """Rows strictly after `values` in `order`: (a, b, c) > (A, B, C) spelt out, so the
    columns may run in different directions."""
    terms = []
    for i, (column, descending) in enumerate(order):
        ahead = column < values[i] if descending else column > values[i]
        terms.append(and_(*(c == v for (c, _), v in zip(order[:i], values, strict=False)), ahead))
    return or_(*terms)


def keyset(session: Session, query: Query, page: Page | None, order: Order) -> Query:
    """`query` ordered by `order` (its last column the rows' id), and limited to `page`."""
    query = query.order_by(*(c.desc() if d else c.asc() for c, d in order))
    if page is None:
        return query
    if page.after is not None:
        key = order[-1][0]
        cursor = session.execute(select(*(c for c, _ in order)).where(key == page.after)).first()
        if cursor is None:
            raise ValidationError(
                f"`after` names no row of `{page.field}`: page with the `id` of a row it gave",
                field="after",
            )
        query = query.where(_after(tuple(cursor), order))
    return query.limit(page.limit)


def bounded(rows: list[T], page: Page | None) -> list[T]:
    """The rows of a page, or the refusal of an unpaged list longer than its maximum."""
    if page is not None and page.first is None and len(rows) > page.maximum:
        raise LimitExceeded(
            f"`{page.field}` has more than {page.maximum} rows: ask for them in pages, with "
            f"`first` (at most {page.maximum}) and `after` (the `id` of the last row you have)",
            maximum=page.maximum,
            field=page.field,
        )
    return rows


def rows(
    session: Session, query: Query, page: Page | None, order: Order, scalars: bool = True
) -> list[Any]:
    """Run `query` as one page (scalars, or rows of several entities)."""
    q = keyset(session, query, page, order)
    found = list(session.scalars(q)) if scalars else [tuple(r) for r in session.execute(q)]
    return bounded(found, page)


def filled(
    session: Session,
    query: Query,
    page: Page | None,
    order: Order,
    keep: Callable[[list[Any]], list[T]],
) -> list[T]:
    """A page of a list filtered after it is read (`keep` takes a batch of rows and answers
    those that belong): batches are read until the page is full or the rows run out, so a
    short page means the end of the list."""
    if page is None:
        return keep(list(session.scalars(keyset(session, query, None, order))))
    found: list[T] = []
    batch = page
    while True:
        raw = list(session.scalars(keyset(session, query, batch, order)))
        found.extend(keep(raw))
        if len(found) >= page.limit or len(raw) < batch.limit:
            break
        batch = Page(page.field, page.maximum, batch.first, _last_id(raw))
    return bounded(found[: page.limit], page)


def _last_id(raw: list[Any]) -> uuid.UUID:
    ident: uuid.UUID = raw[-1].id
    return ident


def in_memory(items: list[T], page: Page | None, key: Callable[[T], Any]) -> list[T]:
    """A page of a list already computed whole, in its own order (`key`: an item's cursor)."""
    if page is None:
        return items
    start = 0
    if page.after is not None:
        at = next((i for i, x in enumerate(items) if key(x) == page.after), None)
        if at is None:
            raise ValidationError(
                f"`after` names no row of `{page.field}`: page with the `id` of a row it gave",
                field="after",
            )
        start = at + 1
    return bounded(items[start : start + page.limit], page)

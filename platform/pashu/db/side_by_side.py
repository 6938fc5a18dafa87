"""Rows of several tables about the same parents, read in one statement: side by side.

A case page reads a case's notices, receipts, sales, refusals, handovers, release orders and
auctions: a statement each, sent one after another, is a round trip each. Joining the tables
to the case would multiply their rows (three notices and two sales: six rows). Here each
table's rows are numbered within their parent (1, 2, …, in the table's order), and row `k`
of the answer holds the `k`-th row of each table, or nothing where a table has fewer: as
many rows as the longest list, every row of every table once.

    SELECT spine.parent, notices.*, sales.*
    FROM (SELECT parent, k FROM notices' UNION SELECT parent, k FROM sales') AS spine
    LEFT JOIN notices' ON (parent, k) LEFT JOIN sales' ON (parent, k)
    ORDER BY spine.parent, spine.k

Each table's part is an ORM select of its model, so the session's tenant criteria apply to
it as to any read (db/scoping.py), and the rows come back as the model's objects.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from sqlalchemy import Select, bindparam, func, select, union
from sqlalchemy.orm import Session, aliased


@dataclass(frozen=True, eq=False)  # one per table, compared as itself (a cache key)
class Rows:
    """One table's rows of each parent: `model`'s rows whose `parent` column is the
    parent's id, in `order` (ending in a unique column, so the order is one order)."""

    model: Any
    parent: Any
    order: tuple[Any, ...]


def read(
    session: Session, asked: Mapping[str, tuple[Rows, Sequence[uuid.UUID]]]
) -> dict[str, dict[uuid.UUID, list[Any]]]:
    """For each name, the rows of its table of each of its parents, in its order: one
    statement for them all (one table alone: its plain SELECT)."""
    tables = tuple((name, rows) for name, (rows, _) in asked.items())
    parents = {f"{name}_ids": ids for name, (_, ids) in asked.items()}
    found: dict[str, dict[uuid.UUID, list[Any]]] = {name: {} for name in asked}
    if len(tables) == 1:
        ((name, rows),) = tables
        for row in session.scalars(_statement(tables), parents):
            found[name].setdefault(getattr(row, rows.parent.key), []).append(row)
        return found
    for parent, *each in session.execute(_statement(tables), parents):
        for (name, _), row in zip(tables, each, strict=True):
            if row is not None:  # this table has fewer rows of the parent
                found[name].setdefault(parent, []).append(row)
    return found


@lru_cache(maxsize=64)
def _statement(tables: tuple[tuple[str, Rows], ...]) -> Select[Any]:
    """The statement of `read` for these tables, built once (building it cost more than
    running it), their parents' ids its parameters `<name>_ids`."""
    if len(tables) == 1:
        ((name, rows),) = tables
        ids = rows.parent.in_(bindparam(f"{name}_ids", expanding=True))
        return select(rows.model).where(ids).order_by(*rows.order)
    parts = {
        name: select(
            rows.model,
            func.row_number().over(partition_by=rows.parent, order_by=rows.order).label("k_"),
        )
        .where(rows.parent.in_(bindparam(f"{name}_ids", expanding=True)))
        .subquery(f"{name}_")
        for name, rows in tables
    }
    parent = {name: parts[name].c[rows.parent.key] for name, rows in tables}
    spine = union(
        *(select(parent[name].label("parent"), part.c.k_) for name, part in parts.items())
    ).subquery("spine")
    query = select(spine.c.parent)
    for name, rows in tables:
        # Joined as the model's entity, so the tenant criteria go in the ON clause: in the
        # WHERE clause they would drop the rows where this table has none.
        entity = aliased(rows.model, parts[name])
        on = (parent[name] == spine.c.parent) & (parts[name].c.k_ == spine.c.k_)
        query = query.add_columns(entity).outerjoin(entity, on)
    return query.order_by(spine.c.parent, spine.c.k_)

"""Many rows written with one statement per table instead of a flush.

A flush of thousands of new objects spends most of its time in the unit of work's own
bookkeeping, and psycopg parses the long multi-row VALUES statement it is sent, parameter
by parameter, in Python. On PostgreSQL the rows go instead as one
`INSERT … SELECT … FROM unnest(<one array per column>)` per table (`insert_all`), and
changed columns of loaded rows as one `UPDATE … FROM unnest(…)` (`update_all`): a parameter
per column whatever the number of rows. The rows are those a flush would write: the
session's tenant, the columns' Python defaults, text bounds checked first, JSON as the JSON
columns write it; new objects get those values and stay out of the session (nothing reads
them back), updated ones are left as if flushed. Elsewhere (SQLite) the session flushes.
`among` is `IN` as one array parameter, for the same reason.

A row may also be given as `New`: its class and values, no ORM object at all. Building the
instrumented object was most of the cost of a batch's rows that nothing reads back.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any
from typing import cast as cast_type

from psycopg.types.array import ListBinaryDumper
from sqlalchemy import (
    JSON,
    Column,
    Table,
    any_,
    bindparam,
    cast,
    func,
    insert,
    inspect,
    literal,
    select,
    update,
)
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.orm import Mapper, QueryableAttribute, Session
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.sql import ColumnElement
from sqlalchemy.sql.dml import Insert, Update
from sqlalchemy.sql.selectable import TableValuedAlias
from sqlalchemy.types import Text, TypeDecorator

from pashu.db import bounds
from pashu.db.base import Base, TenantOwned
from pashu.db.scoping import TENANT, owner, stamp


@dataclass(frozen=True, slots=True)
class New:
    """A new row of `cls` as its attributes' values, written by `insert_all` as an object
    would be (the tenant and the defaults are filled into `values`)."""

    cls: type[Base]
    values: dict[str, Any]


def insert_all(session: Session, rows: Sequence[object]) -> None:
    """Write `rows` (new objects of single-table mappers, or `New`), parents' tables before
    children's."""
    if not rows:
        return
    tenant = session.info.get(TENANT)
    pg = session.get_bind().dialect.name == "postgresql"
    by_table: dict[Any, list[dict[str, Any]]] = defaultdict(list)
    mappers: dict[Any, Mapper[Any]] = {}
    for row in rows:
        if isinstance(row, New):
            mapper = _mapper(row.cls)
            values = row.values
            if _owned(row.cls):
                values["tenant_id"] = owner(row.cls, values.get("tenant_id"), tenant)
            _fill_defaults(mapper, values)
            bounds.check_values(row.cls, values)  # as a flush would, before anything is written
        elif pg:
            mapper = inspect(row).mapper
            stamp(row, tenant)
            values = row.__dict__  # the attributes set, as a flush reads them
            _fill_defaults(mapper, values)
            bounds.check(row)
        else:
            continue  # SQLite: the flush below stamps and checks an object
        by_table[mapper.local_table].append(values)
        mappers[mapper.local_table] = mapper
    if not pg:
        session.add_all([r.cls(**r.values) if isinstance(r, New) else r for r in rows])
        session.flush()
        return
    for table in _sorted_tables(len(Base.metadata.tables)):
        found = by_table.get(table)
        if found:
            params = {
                f"c{i}": _column(table.c[name], [r.get(key) for r in found])
                for i, (name, key) in enumerate(_keys(mappers[table]))
            }
            session.execute(_statement(table), params)


@cache
def _mapper(cls: type[Base]) -> Mapper[Any]:
    return inspect(cls)


@cache
def _owned(cls: type[Base]) -> bool:
    return issubclass(cls, TenantOwned)


@cache
def _sorted_tables(count: int) -> list[Table]:
    """Base.metadata.sorted_tables, sorted again only when a table is added (`count`): the
    sort of every table took a millisecond at each call."""
    return Base.metadata.sorted_tables


@cache
def _keys(mapper: Mapper[Any]) -> tuple[tuple[str, str], ...]:
    """(column name, attribute key) of every column the mapper writes."""
    if mapper.local_table is not mapper.persist_selectable or mapper.inherits is not None:
        raise TypeError(f"{mapper.class_.__name__}: only single-table mappers are written here")
    return tuple((col.name, mapper.get_property_by_column(col).key) for col in mapper.local_table.c)


@cache
def _defaults(mapper: Mapper[Any]) -> tuple[tuple[str, Any], ...]:
    """(attribute key, the column's Python default) for the columns that have one."""
    out = []
    for name, key in _keys(mapper):
        col = mapper.local_table.c[name]
        if col.server_default is not None or (
            col.default is not None and not (col.default.is_scalar or col.default.is_callable)
        ):
            raise TypeError(f"{col}: a default made by the database is left to a flush")
        if col.default is not None:
            out.append((key, col.default))
    return tuple(out)


def _fill_defaults(mapper: Mapper[Any], values: dict[str, Any]) -> None:
    # A flush leaves out a column whose value is missing or None, so its default fires.
    # (An object's `__dict__` is filled in place, as a flush would leave its attributes.)
    for key, default in _defaults(mapper):
        if values.get(key) is None:
            values[key] = default.arg(None) if default.is_callable else default.arg


def _column(col: Column[Any], values: list[Any]) -> list[Any]:
    if isinstance(col.type, JSON):
        # As the JSON column writes it: json.dumps, and None as JSON null unless the column
        # keeps SQL NULL for it.
        null = col.type.none_as_null
        return [None if v is None and null else json.dumps(v) for v in values]
    return values


@cache
def _statement(table: Table) -> Insert:
    rows = _unnest(list(table.c))
    picked = [_typed(rows, c) for c in table.c]
    return insert(table).from_select([c.name for c in table.c], select(*picked))


class _Binary(list[Any]):
    """A list the driver sends as a binary array (`binary_arrays`): sent as text, each of
    thousands of values is quoted and escaped in Python, ten to twenty-five times slower."""


def binary_arrays(dbapi_conn: Any, _record: Any) -> None:
    """On a new psycopg connection (the engine's "connect" event): `_Binary` in binary."""
    dbapi_conn.adapters.register_dumper(_Binary, ListBinaryDumper)


class _Array(TypeDecorator[list[Any]]):
    """ARRAY(item) whose value, its items processed as ARRAY processes them, goes as `_Binary`."""

    impl = ARRAY
    cache_ok = True

    def bind_processor(self, dialect: Any) -> Any:
        items = self.impl_instance.bind_processor(dialect)

        def process(value: list[Any] | None) -> list[Any] | None:
            if value is None:
                return None
            return _Binary(items(value) if items is not None else value)

        return process


def _unnest(cols: Sequence[Column[Any]]) -> TableValuedAlias:
    """`unnest(:c0, :c1, …) AS rows(<names>)`: an array parameter per column (JSON as text)."""
    arrays = [
        bindparam(f"c{i}", type_=_Array(Text() if isinstance(c.type, JSON) else c.type))
        for i, c in enumerate(cols)
    ]
    return func.unnest(*arrays).table_valued(*(c.name for c in cols)).render_derived()


def _typed(rows: TableValuedAlias, col: Column[Any]) -> ColumnElement[Any]:
    return cast(rows.c[col.name], col.type) if isinstance(col.type, JSON) else rows.c[col.name]


def update_all(session: Session, objects: Sequence[object], keys: Sequence[str]) -> None:
    """Write `keys` of `objects` (persistent, of one single-table mapper) with one UPDATE
    joined to arrays of their keys and values; the objects are then as if flushed."""
    if not objects:
        return
    if session.get_bind().dialect.name != "postgresql":
        session.flush()
        return
    mapper = inspect(objects[0]).mapper
    pks = tuple(mapper.get_property_by_column(c).key for c in mapper.primary_key)
    for obj in objects:
        bounds.check(obj)
    rows = [{k: getattr(o, k) for k in (*pks, *keys)} for o in objects]
    _write_update(session, mapper, pks, tuple(keys), rows)
    for obj in objects:
        for key in keys:
            set_committed_value(obj, key, getattr(obj, key))


def update_rows(session: Session, cls: type[Base], rows: Sequence[dict[str, Any]]) -> None:
    """Write rows of `cls` given as values: each its primary key (the tenant's is the
    session's) and the same other keys, in one UPDATE (on SQLite, one executemany)."""
    if not rows:
        return
    mapper: Mapper[Any] = inspect(cls)
    tenant = session.info.get(TENANT)
    pks = tuple(mapper.get_property_by_column(c).key for c in mapper.primary_key)
    keys = tuple(k for k in rows[0] if k not in pks)
    values = [{**r, "tenant_id": owner(cls, r.get("tenant_id"), tenant)} for r in rows]
    for row in values:
        bounds.check_values(cls, row)
    if session.get_bind().dialect.name == "postgresql":
        _write_update(session, mapper, pks, keys, values)
        return
    table = cast_type(Table, mapper.local_table)
    statement = (
        update(table)
        .where(*(table.c[_name(mapper, k)] == bindparam(f"pk_{k}") for k in pks))
        .values({_name(mapper, k): bindparam(k) for k in keys})
    )
    session.connection().execute(
        statement, [{**r, **{f"pk_{k}": r[k] for k in pks}} for r in values]
    )


def _write_update(
    session: Session,
    mapper: Mapper[Any],
    pks: tuple[str, ...],
    keys: tuple[str, ...],
    rows: Sequence[dict[str, Any]],
) -> None:
    table = cast_type(Table, mapper.local_table)  # single-table mappers only (_keys)
    params = {
        f"c{i}": _column(table.c[_name(mapper, key)], [r[key] for r in rows])
        for i, key in enumerate((*pks, *keys))
    }
    with session.no_autoflush:  # else the unit of work would write changed objects first
        session.execute(_update(mapper, pks, keys), params)


def _name(mapper: Mapper[Any], key: str) -> str:
    return mapper.get_property(key).columns[0].name


@cache
def _update(mapper: Mapper[Any], pks: tuple[str, ...], keys: tuple[str, ...]) -> Update:
    table = cast_type(Table, mapper.local_table)  # single-table mappers only (_keys)
    cols = [table.c[_name(mapper, k)] for k in (*pks, *keys)]
    rows = _unnest(cols)
    return (
        update(table)
        .where(*(c == rows.c[c.name] for c in cols[: len(pks)]))
        .values({c.name: _typed(rows, c) for c in cols[len(pks) :]})
    )


def among(
    session: Session, column: QueryableAttribute[Any], values: Iterable[Any]
) -> ColumnElement[bool]:
    """`column IN (values)`; on PostgreSQL `column = ANY(:array)`: one parameter, however
    many values (a batch's 500 placeholders would be parsed out of the SQL text anew by the
    driver at each statement)."""
    if session.get_bind().dialect.name != "postgresql":
        return column.in_(list(values))
    return column == any_(literal(list(values), _Array(column.type)))


def among_named(dialect: str, column: QueryableAttribute[Any], name: str) -> ColumnElement[bool]:
    """`among`, its values the parameter `name` (a list) given when the statement runs: for a
    statement built once per dialect and run again."""
    if dialect != "postgresql":
        return column.in_(bindparam(name, expanding=True))
    return column == any_(bindparam(name, type_=_Array(column.type)))

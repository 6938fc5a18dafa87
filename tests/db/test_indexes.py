"""The indexes the models declare (`__table_args__`) are the ones the migrations make, by name,
table and columns: a list's page index added to a model without its migration (or the other
way round) fails here, not on a deployed database that sorts a tenant's whole register. And
the compensation orders' list (`Query.compensationOrders`, issue #35) is read from its page
index in its keyset order, latest first, not sorted."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import sqlalchemy as sa
from sqlalchemy import event

import pashu.db
from pashu.db.base import Base
from tests.conftest import Databases, GraphQLClient, make_tenant

Indexes = dict[str, tuple[str, tuple[str | None, ...], bool]]


def _declared() -> Indexes:
    for module in pkgutil.iter_modules(pashu.db.__path__):
        importlib.import_module(f"pashu.db.{module.name}")  # every model on the metadata
    return {
        str(i.name): (t.name, tuple(c.name for c in i.columns), bool(i.unique))
        for t in Base.metadata.sorted_tables
        for i in t.indexes
    }


def _migrated(dbs: Databases) -> Indexes:
    with dbs.admin.engine.connect() as conn:
        inspector = sa.inspect(conn)
        return {
            str(i["name"]): (table, tuple(i["column_names"]), bool(i["unique"]))
            for table in inspector.get_table_names()
            for i in inspector.get_indexes(table)
            # PostgreSQL lists the index behind a unique constraint too: a constraint, not
            # an index the models declare as one.
            if not i.get("duplicates_constraint")
        }


def test_the_migrations_make_exactly_the_indexes_the_models_declare(dbs: Databases) -> None:
    declared, migrated = _declared(), _migrated(dbs)
    assert {n: v for n, v in migrated.items() if n not in declared} == {}, "not in a model"
    assert {n: v for n, v in declared.items() if n not in migrated} == {}, "not migrated"
    assert {n: (v, declared[n]) for n, v in migrated.items() if v != declared[n]} == {}
    assert migrated["ix_compensation_orders_page"] == (
        "compensation_orders",
        ("tenant_id", "at", "id"),
        False,
    )


@contextmanager
def _sent(dbs: Databases) -> Iterator[list[tuple[str, Any]]]:
    """The statements (with their parameters) the app's engine sends inside the block."""
    seen: list[tuple[str, Any]] = []

    def record(*args: Any) -> None:
        seen.append((args[2], args[3]))

    engine = dbs.app.async_engine.sync_engine
    event.listen(engine, "before_cursor_execute", record)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", record)


COMPENSATE = """
mutation($amount: Decimal!) {
  orderCompensation(input: {kind: ILLEGAL_SEIZURE, amount: $amount, finesPaid: "0",
      expenses: "0", releaseOrdered: false, at: "2025-06-12T10:00:00+05:30",
      grounds: "seized off a road", orderedBy: "Magistrate, Kohima",
      payer: {name: "Seizer", address: "Kohima"}, recipient: {name: "Neiku", address: "Jotsoma"}}) {
    id
  }
}"""
ORDERS = """query($first: Int, $after: String) {
  compensationOrders(first: $first, after: $after) { id }
}"""


def _plan(dbs: Databases, statement: str, parameters: Any) -> str:
    """How the database reads `statement`: SQLite's query plan, or PostgreSQL's with plain
    scans and sorts priced out, so that a table of a few rows still shows the index the
    order can be read from (and a sort where there is none)."""
    with dbs.admin.engine.begin() as conn:
        if dbs.dialect == "postgresql":
            conn.exec_driver_sql("SET LOCAL enable_seqscan = off")
            conn.exec_driver_sql("SET LOCAL enable_sort = off")
            rows = conn.exec_driver_sql(f"EXPLAIN {statement}", parameters).all()
            return "\n".join(r[0] for r in rows)
        rows = conn.exec_driver_sql(f"EXPLAIN QUERY PLAN {statement}", parameters).all()
        return "\n".join(r[-1] for r in rows)


async def test_compensation_orders_are_paged_from_their_index_in_its_order(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "nagaland")
    for amount in ("50.00", "70.00", "90.00"):
        await gql.ok(COMPENSATE, {"amount": amount}, t.token)
    first = (await gql.ok(ORDERS, {"first": 2}, t.token))["compensationOrders"]
    with _sent(dbs) as seen:
        await gql.ok(ORDERS, {"first": 2, "after": first[-1]["id"]}, t.token)
    (page,) = [
        (sql, params)
        for sql, params in seen
        if "FROM compensation_orders" in sql and "ORDER BY" in sql
    ]
    plan = _plan(dbs, *page)
    assert "ix_compensation_orders_page" in plan, plan
    assert "TEMP B-TREE" not in plan and "Sort" not in plan, plan

"""The schema can be distributed by tenant (docs/SCALING.md): read from the live, migrated
database, every table either belongs to a tenant and keys everything by `tenant_id` (a Citus
distributed table, co-located by tenant) or is a small reference table that every node can
hold a copy of. A table added later is held to the same rules the moment it is migrated.
"""

from __future__ import annotations

from typing import Any

import pytest
import sqlalchemy as sa

from tests.conftest import Databases

TENANT = "tenant_id"
# Copied to every node: the tenant list, and Alembic's own bookkeeping.
REFERENCE = {"tenants", "alembic_version"}


def _schema(dbs: Databases) -> dict[str, dict[str, Any]]:
    """Every table's columns, primary key, unique keys and foreign keys, as migrated."""
    with dbs.admin.engine.connect() as conn:
        inspector = sa.inspect(conn)
        tables: dict[str, dict[str, Any]] = {}
        for name in inspector.get_table_names():
            uniques = [u["column_names"] for u in inspector.get_unique_constraints(name)]
            uniques += [i["column_names"] for i in inspector.get_indexes(name) if i["unique"]]
            tables[name] = {
                "columns": [c["name"] for c in inspector.get_columns(name)],
                "pk": inspector.get_pk_constraint(name)["constrained_columns"],
                "uniques": uniques,
                "fks": inspector.get_foreign_keys(name),
            }
    return tables


@pytest.fixture(scope="module")
def schema(dbs: Databases) -> dict[str, dict[str, Any]]:
    return _schema(dbs)


def _tenant_tables(schema: dict[str, dict[str, Any]]) -> list[str]:
    return sorted(t for t, info in schema.items() if TENANT in info["columns"])


def test_every_table_is_a_tenant_table_or_a_known_reference_table(
    schema: dict[str, dict[str, Any]],
) -> None:
    without_tenant = {t for t, info in schema.items() if TENANT not in info["columns"]}
    assert without_tenant == REFERENCE
    assert len(_tenant_tables(schema)) > 40  # the registers, money, people and audit trail


def test_tenant_id_leads_every_tenant_tables_primary_key(
    schema: dict[str, dict[str, Any]],
) -> None:
    wrong = {t: schema[t]["pk"] for t in _tenant_tables(schema) if schema[t]["pk"][:1] != [TENANT]}
    assert wrong == {}


def test_every_unique_key_of_a_tenant_table_includes_tenant_id(
    schema: dict[str, dict[str, Any]],
) -> None:
    wrong = [
        f"{t}: {cols}"
        for t in _tenant_tables(schema)
        for cols in schema[t]["uniques"]
        if TENANT not in cols
    ]
    assert wrong == []


def test_foreign_keys_between_tenant_tables_carry_tenant_id_to_tenant_id(
    schema: dict[str, dict[str, Any]],
) -> None:
    tenant_tables = set(_tenant_tables(schema))
    wrong = []
    for t in sorted(tenant_tables):
        for fk in schema[t]["fks"]:
            if fk["referred_table"] in REFERENCE:
                continue  # a distributed table may reference a reference table
            pairs = dict(zip(fk["constrained_columns"], fk["referred_columns"], strict=True))
            if fk["referred_table"] not in tenant_tables or pairs.get(TENANT) != TENANT:
                wrong.append(f"{t}{fk['constrained_columns']} -> {fk['referred_table']}")
    assert wrong == []


def test_reference_tables_never_point_at_a_tenant_table(
    schema: dict[str, dict[str, Any]],
) -> None:
    wrong = [
        f"{t} -> {fk['referred_table']}"
        for t in REFERENCE & schema.keys()
        for fk in schema[t]["fks"]
        if fk["referred_table"] not in REFERENCE
    ]
    assert wrong == []

"""Rows of several tables read side by side (db/side_by_side.py): in one statement, each
table's rows of each parent as its own SELECT reads them, in its order, whichever table has
fewer; only the session's tenant's."""

from __future__ import annotations

import uuid
from typing import Any

from sqlalchemy import event

from pashu.db import side_by_side
from pashu.db.pounds import LocalAuthority, Pound
from pashu.db.side_by_side import Rows
from tests.conftest import Databases, make_tenant

# Two tables whose rows have the tenant as their parent.
AUTHORITIES = Rows(
    LocalAuthority, LocalAuthority.tenant_id, (LocalAuthority.name, LocalAuthority.id)
)
POUNDS = Rows(Pound, Pound.tenant_id, (Pound.name, Pound.id))


def _department(dbs: Databases, authorities: list[str], pounds: list[str]) -> uuid.UUID:
    """A tenant with these local authorities, and these pounds under the first."""
    t = make_tenant(dbs, "nagaland")
    with dbs.app.transaction(t.id) as s:
        made = [LocalAuthority(name=n) for n in authorities]
        s.add_all(made)
        s.flush()
        s.add_all(Pound(name=n, local_authority_id=made[0].id) for n in pounds)
    return t.id


def _names(found: dict[str, dict[uuid.UUID, list[Any]]]) -> dict[str, dict[uuid.UUID, list[str]]]:
    return {k: {p: [r.name for r in rows] for p, rows in v.items()} for k, v in found.items()}


def test_each_tables_rows_of_each_parent_in_one_statement(dbs: Databases) -> None:
    # Written out of order: each table's order is its own (name, then id).
    a = _department(dbs, ["A3", "A1", "A2"], ["P1"])
    b = _department(dbs, ["B1"], ["Q2", "Q1"])
    seen: list[str] = []

    def record(*args: Any) -> None:
        seen.append(args[2])

    for tenant, want in (
        (a, {"authorities": {a: ["A1", "A2", "A3"]}, "pounds": {a: ["P1"]}}),
        (b, {"authorities": {b: ["B1"]}, "pounds": {b: ["Q1", "Q2"]}}),
    ):
        with dbs.app.transaction(tenant) as s:
            asked = {"authorities": (AUTHORITIES, [a, b]), "pounds": (POUNDS, [a, b])}
            s.connection()  # the transaction begun (on PostgreSQL, its tenant set)
            seen.clear()
            event.listen(dbs.app.engine, "before_cursor_execute", record)
            found = side_by_side.read(s, asked)
            event.remove(dbs.app.engine, "before_cursor_execute", record)
            # The other tenant's rows are not read, though its id is asked for.
            assert _names(found) == want
            assert len(seen) == 1
            alone = {
                name: side_by_side.read(s, {name: given})[name] for name, given in asked.items()
            }
            assert found == alone


def test_a_parent_without_rows_has_none(dbs: Databases) -> None:
    a = _department(dbs, ["A1"], [])
    with dbs.app.transaction(a) as s:
        asked = {"authorities": (AUTHORITIES, [a, uuid.uuid4()]), "pounds": (POUNDS, [a])}
        assert _names(side_by_side.read(s, asked)) == {"authorities": {a: ["A1"]}, "pounds": {}}

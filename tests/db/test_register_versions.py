"""The count of changes to the registers a seizure's law reads (db/register_versions.py):
kept by the database for every write of those tables, whoever writes them, per tenant; read,
never written, by the application."""

from __future__ import annotations

import uuid
from datetime import date

import pytest
import sqlalchemy as sa
from sqlalchemy import Table
from sqlalchemy.sql.util import find_tables

from pashu.db.extent import ExtentNotification, KindNotification
from pashu.db.pounds import LocalAuthority, Pound
from pashu.db.register_versions import VERSIONED
from pashu.services.extent.extent import AREA_ENTRIES
from pashu.services.impoundment.seizures import AUTHORITY_AND_KINDS
from tests.conftest import Databases, make_tenant


def test_the_count_covers_every_table_the_seizures_law_reads() -> None:
    """A table the law comes to read for a seizure without a trigger counting its changes
    would let a settled seizure be decided on registers since changed."""
    read = {
        t.name
        for statement in (AUTHORITY_AND_KINDS, AREA_ENTRIES)
        for t in find_tables(
            statement,
            check_columns=True,
            include_aliases=True,
            include_joins=True,
            include_selects=True,
        )
        if isinstance(t, Table)
    }
    assert read == set(VERSIONED)


def _count(pg: Databases, tenant: uuid.UUID) -> int:
    with pg.admin.engine.connect() as c:
        found = c.execute(
            sa.text("SELECT value FROM register_versions WHERE tenant_id = :t"), {"t": tenant}
        ).scalar()
    return int(found or 0)


@pytest.mark.postgres
def test_the_migration_counts_writes_of_exactly_those_tables(pg: Databases) -> None:
    with pg.admin.engine.connect() as c:
        triggered = c.execute(
            sa.text(
                "SELECT c.relname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid "
                "JOIN pg_proc p ON p.oid = t.tgfoid WHERE p.proname = 'pashu_register_changed'"
            )
        ).scalars()
        assert set(triggered) == set(VERSIONED)


@pytest.mark.postgres
def test_every_insert_change_and_removal_counts_for_its_own_tenant_alone(pg: Databases) -> None:
    a, b = make_tenant(pg, "nagaland"), make_tenant(pg, "mizoram")
    before = _count(pg, a.id)
    with pg.admin.transaction(a.id) as s:
        authority = LocalAuthority(name="Kohima Town Committee")
        s.add(authority)
        s.flush()
        pound = Pound(name="Kohima pound", local_authority_id=authority.id)
        kind = KindNotification(
            species="mithun",
            included=True,
            effective_from=date(2026, 1, 1),
            reference="G-1",
            recorded_by="test",
        )
        area = ExtentNotification(
            area="Kohima",
            area_key="kohima",
            in_force=True,
            ground="NOTIFIED",
            effective_from=date(2026, 1, 1),
            reference="G-2",
            recorded_by="test",
        )
        s.add_all([pound, kind, area])
    assert _count(pg, a.id) == before + 4
    with pg.admin.transaction(a.id) as s:
        for table in VERSIONED:  # a change of each row, however slight
            s.execute(
                sa.text(f"UPDATE {table} SET tenant_id = tenant_id WHERE id = ANY(:ids)"),
                {"ids": [authority.id, pound.id, kind.id, area.id]},
            )
    assert _count(pg, a.id) == before + 8
    with pg.admin.transaction(a.id) as s:
        for row in (area, kind, pound, authority):
            table = type(row).__table__
            s.execute(sa.delete(table).where(table.c.id == row.id))
    assert _count(pg, a.id) == before + 12
    assert _count(pg, b.id) == 0  # none of b's registers changed


@pytest.mark.postgres
def test_the_application_reads_its_own_tenants_count_and_writes_none(pg: Databases) -> None:
    a, b = make_tenant(pg, "nagaland"), make_tenant(pg, "mizoram")
    for t in (a, b):
        with pg.admin.transaction(t.id) as s:
            s.add(LocalAuthority(name=f"Authority of {t.slug}"))
    with pg.app.transaction(a.id) as s:
        seen = s.execute(sa.text("SELECT tenant_id, value FROM register_versions")).all()
        assert [tuple(r) for r in seen] == [(a.id, 1)]
    for statement in (
        "UPDATE register_versions SET value = 0",
        "DELETE FROM register_versions",
        "INSERT INTO register_versions (tenant_id, value) VALUES (:a, 0)",
    ):
        with (
            pytest.raises(sa.exc.ProgrammingError, match="permission denied"),
            pg.app.transaction(a.id) as s,
        ):
            s.execute(sa.text(statement), {"a": a.id})


@pytest.mark.postgres
def test_a_truncated_register_counts_for_every_tenant(pg: Databases) -> None:
    """TRUNCATE fires no row's trigger and names no tenant: every tenant's count moves
    (seen inside the transaction, rolled back: the suite's other registers stay)."""
    a, b = make_tenant(pg, "nagaland"), make_tenant(pg, "mizoram")
    counted = sa.text("SELECT coalesce(max(value), 0) FROM register_versions WHERE tenant_id = :t")
    with pg.admin.engine.connect() as c, c.begin() as tx:
        before = [c.execute(counted, {"t": t.id}).scalar() for t in (a, b)]
        c.execute(sa.text("TRUNCATE extent_notifications"))
        after = [c.execute(counted, {"t": t.id}).scalar() for t in (a, b)]
        tx.rollback()
    assert after == [n + 1 for n in before]

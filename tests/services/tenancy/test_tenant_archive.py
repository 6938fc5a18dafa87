"""A tenant's data out and back (`pashu tenant export` / `import`): every row of every tenant
table comes back as it was, the books still balance, tokens still sign in where the tenant
keeps its id, and another tenant's rows never leave.

The source tenant is built as a department would build it (the demo's pounds, rates and
cases through the services, then the law's clocks run a year on); any tenant table that
use has not reached is given one row of every column type, so a table someone adds later
is round-tripped the day it is migrated.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from pashu.core.errors import Conflict, ValidationError
from pashu.db.engine import Database
from pashu.db.ledger import LedgerEntry
from pashu.db.migrate import upgrade
from pashu.db.tenancy import Tenant
from pashu.db.types import MicroDegrees, Paise, UtcDateTime, new_id
from pashu.demo import seed
from pashu.services import clocks as sweep
from pashu.services.tenancy.archive import (
    archived_tables,
    export_tenant,
    import_tenant,
    tenant_tables,
)
from pashu.services.tenancy.tenants import authenticate
from tests.conftest import Databases, GraphQLClient, TenantFixture, _postgres, client, make_tenant

FUNDS = "{ funds { account name balance } }"


def _value(column: sa.Column[Any], tenant: uuid.UUID) -> Any:
    """A value of the column's type, with what a careless format would lose in it."""
    kind = column.type
    if isinstance(kind, sa.Uuid):
        return new_id()
    if isinstance(kind, UtcDateTime):
        return datetime(2026, 3, 31, 18, 30, 0, 123456, tzinfo=UTC)
    if isinstance(kind, Paise):
        return Decimal("1234.56")
    if isinstance(kind, MicroDegrees):
        return Decimal("25.674123")
    if isinstance(kind, sa.Date):
        return date(2026, 2, 28)
    if isinstance(kind, sa.Boolean):
        return True
    if isinstance(kind, sa.Integer):
        return 7
    if isinstance(kind, sa.JSON):
        return {"tenant_id": str(tenant), "said": ["पशु", 'ox\'s "note"']}
    length = getattr(kind, "length", None) or 200
    return "Zoram ṭhiam “quoted”\nline"[:length]


def _fill_the_rest(db: Database, tenant: uuid.UUID) -> list[str]:
    """One row in every tenant table the tenant has none in; parents before children."""
    filled = []
    with db.transaction(tenant) as s:
        for table in tenant_tables():
            mine = table.c.tenant_id == tenant
            if s.scalar(sa.select(sa.func.count()).select_from(table).where(mine)) or 0:
                continue
            row = {c.name: _value(c, tenant) for c in table.columns}
            row["tenant_id"] = tenant
            for fk in table.foreign_key_constraints:
                parent = fk.referred_table
                if parent.name == "tenants":
                    continue
                pairs = [(e.parent.name, e.column.name) for e in fk.elements]
                if parent is table:  # a correction points at an earlier entry: none here
                    row.update({mine: None for mine, theirs in pairs if mine != "tenant_id"})
                    continue
                theirs_of = parent.c.tenant_id == tenant
                found = s.execute(sa.select(parent).where(theirs_of).limit(1)).mappings().first()
                assert found is not None, f"{table.name} needs a row of {parent.name}"
                row.update({mine: found[theirs] for mine, theirs in pairs})
            s.execute(sa.insert(table), [row])
            filled.append(table.name)
    return filled


def _rows(
    db: Database, tenant: uuid.UUID, tables: list[sa.Table] | None = None
) -> dict[str, list[str]]:
    """Every row of the tenant, table by table (every table an export carries, unless
    told), with its own tenant id written as "T"."""
    out: dict[str, list[str]] = {}
    with db.transaction(tenant) as s:
        for table in archived_tables() if tables is None else tables:
            found = []
            query = sa.select(table).where(table.c.tenant_id == tenant)
            for row in s.execute(query).mappings():
                text = json.dumps(
                    {
                        k: (v.isoformat() if hasattr(v, "isoformat") else str(v))
                        for k, v in row.items()
                    },
                    sort_keys=True,
                    ensure_ascii=False,
                )
                found.append(text.replace(str(tenant), "T").replace(tenant.hex, "T"))
            out[table.name] = sorted(found)
    return out


def _unbalanced(db: Database, tenant: uuid.UUID) -> list[Any]:
    """Ledger transactions whose legs do not sum to zero."""
    total = sa.func.sum(LedgerEntry.amount)
    with db.transaction(tenant) as s:
        query = sa.select(LedgerEntry.transaction_id, total).group_by(LedgerEntry.transaction_id)
        return list(s.execute(query.having(total != 0)))


def _without_import_audit(rows: dict[str, list[str]]) -> dict[str, list[str]]:
    audit = [r for r in rows["audit_events"] if '"action": "tenant.import"' not in r]
    assert len(audit) == len(rows["audit_events"]) - 1  # the import itself is on record
    return {**rows, "audit_events": audit}


@pytest.fixture(scope="module")
def source(dbs: Databases) -> TenantFixture:
    """A department with real cases, books and the law's clocks run to now, and every other
    tenant table holding a row."""
    t = make_tenant(dbs, "nagaland")
    with dbs.admin.transaction(t.id) as s:
        seed(s, authenticate(s, t.token))
    with dbs.admin.transaction(t.id) as s:
        sweep.run(s, sweep.clock(s, t.id), datetime.now(UTC))
    _fill_the_rest(dbs.admin, t.id)
    return t


@pytest.fixture(scope="module")
def bystander(dbs: Databases) -> TenantFixture:
    t = make_tenant(dbs, "mizoram")
    with dbs.admin.transaction(t.id) as s:
        seed(s, authenticate(s, t.token))
    return t


@pytest.fixture
def empty_database(dbs: Databases, tmp_path: Path) -> Iterator[Database]:
    """A second, freshly migrated database of the suite's kind, with no tenant in it."""
    if dbs.dialect == "postgresql":
        for other in _postgres(f"pashu_restore_{uuid.uuid4().hex[:8]}"):
            yield other.admin
        return
    url = f"sqlite:///{tmp_path / 'restore.db'}"
    upgrade(url)
    db = Database(url, pooled=False)
    yield db
    db.engine.dispose()


def test_every_tenant_table_holds_a_row_of_the_source(
    dbs: Databases, source: TenantFixture
) -> None:
    rows = _rows(dbs.admin, source.id, tenant_tables())
    assert [t for t, found in rows.items() if not found] == []
    assert len(rows["impoundments"]) >= 5 and len(rows["ledger_entries"]) >= 4  # real use


def test_an_export_holds_the_tenants_rows_and_no_one_elses(
    dbs: Databases, source: TenantFixture, bystander: TenantFixture, tmp_path: Path
) -> None:
    path = tmp_path / "out.jsonl"
    done = export_tenant(dbs.admin, source.slug, path)
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    header, body, end = lines[0], lines[1:-1], lines[-1]
    assert (header["format"], header["version"]) == ("pashu-tenant", 1)
    assert header["tenant"]["slug"] == source.slug
    assert {row["row"]["tenant_id"] for row in body} == {str(source.id)}
    assert end["end"] == done.rows and sum(done.rows.values()) == len(body)
    text = path.read_text(encoding="utf-8")
    assert str(bystander.id) not in text and bystander.slug not in text
    assert all(not isinstance(v, float) for row in body for v in row["row"].values())


async def test_a_tenant_restored_into_an_empty_database_is_the_same_to_the_row(
    dbs: Databases, source: TenantFixture, empty_database: Database, tmp_path: Path
) -> None:
    path = tmp_path / "out.jsonl.gz"
    export_tenant(dbs.admin, source.slug, path)
    done = import_tenant(empty_database, path)
    assert (done.slug, done.tenant_id) == (source.slug, source.id)  # its own id: a restore
    before = _rows(dbs.admin, source.id)
    assert _without_import_audit(_rows(empty_database, source.id)) == before
    assert _unbalanced(empty_database, source.id) == []
    # The department's token signs in on the restored database and sees the same books.
    async with client(dbs.app) as a, client(empty_database) as b:
        old = await GraphQLClient(a).ok(FUNDS, token=source.token)
        new = await GraphQLClient(b).ok(FUNDS, token=source.token)
    await empty_database.async_engine.dispose()
    assert new == old and old["funds"]


def test_a_tenant_imported_under_another_slug_is_a_new_tenant_with_the_same_rows(
    dbs: Databases, source: TenantFixture, tmp_path: Path
) -> None:
    path = tmp_path / "out.jsonl"
    export_tenant(dbs.admin, source.slug, path)
    slug = f"copy-{uuid.uuid4().hex[:8]}"
    done = import_tenant(dbs.admin, path, slug)
    assert done.tenant_id != source.id
    copied = _without_import_audit(_rows(dbs.admin, done.tenant_id))
    assert copied == _rows(dbs.admin, source.id)
    assert _unbalanced(dbs.admin, done.tenant_id) == []
    with dbs.admin.transaction() as s:
        tenant = s.get_one(Tenant, done.tenant_id)
        assert (tenant.slug, tenant.jurisdiction) == (slug, "nagaland")


def test_an_import_under_a_slug_in_use_is_refused_and_changes_nothing(
    dbs: Databases, source: TenantFixture, bystander: TenantFixture, tmp_path: Path
) -> None:
    path = tmp_path / "out.jsonl"
    export_tenant(dbs.admin, source.slug, path)
    before = _rows(dbs.admin, bystander.id)
    with pytest.raises(Conflict):
        import_tenant(dbs.admin, path, bystander.slug)
    assert _rows(dbs.admin, bystander.id) == before


def test_a_file_cut_short_is_refused_and_no_tenant_is_made(
    dbs: Databases, source: TenantFixture, tmp_path: Path
) -> None:
    path = tmp_path / "out.jsonl"
    export_tenant(dbs.admin, source.slug, path)
    lines = path.read_text(encoding="utf-8").splitlines()
    path.write_text("\n".join(lines[: len(lines) // 2]) + "\n", encoding="utf-8")
    slug = f"cut-{uuid.uuid4().hex[:8]}"
    with pytest.raises(ValidationError, match="cut short"):
        import_tenant(dbs.admin, path, slug)
    with dbs.admin.transaction() as s:
        assert s.scalar(sa.select(Tenant.id).where(Tenant.slug == slug)) is None


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _write(path: Path, lines: list[dict[str, Any]]) -> None:
    """Lines written back, the end line's counts made to agree (as a forger would)."""
    body = [line for line in lines if "end" not in line]
    counts: dict[str, int] = {}
    for line in body[1:]:
        counts[line["table"]] = counts.get(line["table"], 0) + 1
    text = "".join(json.dumps(line) + "\n" for line in [*body, {"end": counts}])
    path.write_text(text, encoding="utf-8")


def _tenants(db: Database) -> set[uuid.UUID]:
    with db.transaction() as s:
        return set(s.scalars(sa.select(Tenant.id)))


def test_the_clocks_queued_tasks_and_past_runs_are_neither_exported_nor_restored(
    dbs: Databases, source: TenantFixture, empty_database: Database, tmp_path: Path
) -> None:
    held = _rows(dbs.admin, source.id, tenant_tables())
    assert held["outbox"] and held["task_runs"]  # the source has both
    path = tmp_path / "out.jsonl"
    export_tenant(dbs.admin, source.slug, path)
    assert {line.get("table") for line in _lines(path)} & {"outbox", "task_runs"} == set()
    import_tenant(empty_database, path)
    restored = _rows(empty_database, source.id, tenant_tables())
    assert (restored["outbox"], restored["task_runs"]) == ([], [])


def test_a_tampered_outbox_row_naming_another_tenants_cases_acts_on_nothing_of_theirs(
    dbs: Databases, source: TenantFixture, bystander: TenantFixture, tmp_path: Path
) -> None:
    """The probe: one outbox row added to an export, a batch of the other tenant's cases due
    two months ahead. Imported, and the new tenant's clock run: the other tenant's cases
    are as they were."""
    from pashu.db.impoundment import Impoundment
    from pashu.tasks import outbox

    with dbs.admin.transaction(bystander.id) as s:
        theirs = [str(i) for i in s.scalars(sa.select(Impoundment.id))]
    assert theirs
    ahead = datetime.now(UTC) + timedelta(days=60)
    path = tmp_path / "out.jsonl"
    export_tenant(dbs.admin, source.slug, path)
    lines = _lines(path)
    forged = {
        "table": "outbox",
        "row": {
            "tenant_id": str(source.id),
            "id": str(uuid.uuid4()),
            "created_at": datetime.now(UTC).isoformat(),
            "task": "pashu.act_on_cases",
            "kwargs": {"tenant_id": str(bystander.id), "ids": theirs, "as_of": ahead.isoformat()},
            "key": "forged",
            "sent_at": None,
        },
    }
    _write(path, [*lines[:-1], forged, lines[-1]])
    before = _rows(dbs.admin, bystander.id)
    done = import_tenant(dbs.admin, path, f"t1-evil-{uuid.uuid4().hex[:6]}")
    assert "outbox" not in done.rows
    assert outbox.relay(dbs.admin, done.tenant_id) == 0  # nothing queued to send
    # The imported tenant's clock runs (as of now: the clock never acts ahead, issue #31).
    with dbs.admin.transaction(done.tenant_id) as s:
        sweep.run(s, sweep.clock(s, done.tenant_id), datetime.now(UTC))
    assert _rows(dbs.admin, bystander.id) == before


def test_a_row_of_another_tenant_in_an_archive_is_refused_and_nothing_is_written(
    dbs: Databases, source: TenantFixture, bystander: TenantFixture, tmp_path: Path
) -> None:
    path = tmp_path / "out.jsonl"
    export_tenant(dbs.admin, source.slug, path)
    lines = _lines(path)
    impounded = next(i for i, line in enumerate(lines) if line.get("table") == "impoundments")
    lines[impounded]["row"]["tenant_id"] = str(bystander.id)
    _write(path, lines)
    tenants, theirs = _tenants(dbs.admin), _rows(dbs.admin, bystander.id)
    with pytest.raises(ValidationError, match="not the exported tenant's"):
        import_tenant(dbs.admin, path, f"evil-{uuid.uuid4().hex[:6]}")
    assert _tenants(dbs.admin) == tenants and _rows(dbs.admin, bystander.id) == theirs


def test_an_archive_with_a_bad_value_late_in_it_is_refused_before_anything_is_written(
    dbs: Databases, source: TenantFixture, tmp_path: Path
) -> None:
    """Checked whole first: the bad line is the last row, so a writer that wrote as it read
    would have written every row before it."""
    path = tmp_path / "out.jsonl"
    export_tenant(dbs.admin, source.slug, path)
    lines = _lines(path)
    lines[-2]["row"]["id"] = "not-a-uuid"
    _write(path, lines)
    tenants = _tenants(dbs.admin)
    with pytest.raises(ValidationError, match="id is not a valid"):
        import_tenant(dbs.admin, path, f"late-{uuid.uuid4().hex[:6]}")
    assert _tenants(dbs.admin) == tenants

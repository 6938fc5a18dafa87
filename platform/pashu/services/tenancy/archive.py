"""A tenant's data out and back: `pashu tenant export` / `pashu tenant import`.

Generic over the metadata: every table with a `tenant_id` column is the tenant's, taken in
foreign-key order, so a table added later travels without a change here. Because every key
of a tenant table includes `tenant_id` (tests/db/test_distribution.py), a tenant restored
under a new id keeps every other id as it was: only `tenant_id` is rewritten.

The format (version 1) is JSON Lines, UTF-8, gzip-compressed when the file name ends in
`.gz`; docs/TENANT_EXPORT.md describes it. Line 1 is the header (format, version, the
source's schema revisions, the tenant); then one line per row, `{"table": T, "row": {...}}`,
tables in foreign-key order; the last line `{"end": {T: count, ...}}` tells a whole file
from a cut one. Values are JSON: ids as UUID strings, instants ISO 8601 in UTC, dates
ISO 8601, money as decimal rupee strings ("500.00"), never floats.
"""

from __future__ import annotations

import gzip
import json
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, date, datetime
from decimal import Decimal
from pathlib import Path
from typing import IO, Any, cast

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session
from sqlalchemy.schema import sort_tables

import pashu.db.models  # noqa: F401  (registers every table on the metadata)
from pashu.core.errors import Conflict, ValidationError
from pashu.db import audit
from pashu.db.base import Base
from pashu.db.engine import Database
from pashu.db.scoping import TENANT
from pashu.db.tenancy import Tenant
from pashu.db.types import MicroDegrees, Paise, UtcDateTime
from pashu.jurisdictions import registry
from pashu.services.tenancy.tenants import SLUG, tenant_by_slug

FORMAT = "pashu-tenant"
VERSION = 1
BATCH = 1000


def tenant_tables() -> list[sa.Table]:
    """Every table a tenant owns, parents before children, and a table whose rows a trigger
    makes after the table whose trigger makes them."""
    tables = [t for t in Base.metadata.sorted_tables if TENANT in t.c]
    made = [
        (Base.metadata.tables[t.info["made_by_trigger_on"]], t)
        for t in tables
        if "made_by_trigger_on" in t.info
    ]
    return sort_tables(tables, extra_dependencies=made)


@dataclass(frozen=True)
class Summary:
    slug: str
    tenant_id: uuid.UUID
    rows: dict[str, int]


def _encode(value: Any) -> Any:
    if isinstance(value, uuid.UUID):
        return str(value)
    if isinstance(value, datetime):
        return value.astimezone(UTC).isoformat()
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    return value


def _decoder(column: sa.Column[Any]) -> Any:
    kind = column.type
    if isinstance(kind, sa.Uuid):
        return uuid.UUID
    if isinstance(kind, UtcDateTime | sa.DateTime):
        return datetime.fromisoformat
    if isinstance(kind, sa.Date):
        return date.fromisoformat
    if isinstance(kind, Paise | MicroDegrees | sa.Numeric):
        return Decimal
    return None


def _rename(value: Any, old: str, new: str) -> Any:
    """The tenant's id inside a JSON value (an outbox message's arguments), renamed."""
    if isinstance(value, dict):
        return {k: _rename(v, old, new) for k, v in value.items()}
    if isinstance(value, list):
        return [_rename(v, old, new) for v in value]
    return new if value == old else value


@contextmanager
def _open(path: Path, mode: str) -> Iterator[IO[str]]:
    if path.suffix == ".gz":
        with gzip.open(path, mode + "t", encoding="utf-8") as f:
            yield cast(IO[str], f)
    else:
        with path.open(mode, encoding="utf-8") as f:
            yield f


def _revisions(session: Session) -> list[str]:
    try:
        with session.begin_nested():  # a role that may not read it leaves the list empty
            return sorted(session.scalars(sa.text("SELECT version_num FROM alembic_version")))
    except sa.exc.DBAPIError:
        return []


def export_tenant(db: Database, slug: str, path: Path) -> Summary:
    """Write every row the tenant `slug` owns to `path`, in one consistent snapshot."""
    with db.transaction() as s:
        tenant = tenant_by_slug(s, slug)
        header = {
            "format": FORMAT,
            "version": VERSION,
            "exported_at": _encode(datetime.now(UTC)),
            "schema_revisions": _revisions(s),
            "tenant": {
                "id": str(tenant.id),
                "slug": tenant.slug,
                "name": tenant.name,
                "jurisdiction": tenant.jurisdiction,
                "created_at": _encode(tenant.created_at),
            },
        }
        tid = tenant.id
    counts: dict[str, int] = {}
    # One snapshot for every table: the books and registers as of one instant.
    snapshot = {"isolation_level": "REPEATABLE READ"} if db.dialect == "postgresql" else {}
    with db.session(tid) as s, s.begin(), _open(path, "w") as out:
        s.connection(execution_options=snapshot)
        out.write(json.dumps(header, ensure_ascii=False) + "\n")
        for table in tenant_tables():
            query = (
                sa.select(table)
                .where(table.c.tenant_id == tid)  # as row-level security also insists
                .order_by(*table.primary_key.columns)
            )
            n = 0
            for row in s.execute(query.execution_options(yield_per=BATCH)).mappings():
                line = {"table": table.name, "row": {k: _encode(v) for k, v in row.items()}}
                out.write(json.dumps(line, ensure_ascii=False) + "\n")
                n += 1
            counts[table.name] = n
        out.write(json.dumps({"end": counts}) + "\n")
    return Summary(slug, tid, counts)


def _read(path: Path) -> tuple[dict[str, Any], Iterator[tuple[str, dict[str, Any]]]]:
    """The header, and the rows one at a time (checked against the end line's counts)."""
    with _open(path, "r") as f:
        first = f.readline()
    try:
        header = json.loads(first)
    except json.JSONDecodeError:
        raise ValidationError(f"{path} is not a Pashu tenant export") from None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise ValidationError(f"{path} is not a Pashu tenant export")
    if header.get("version") != VERSION:
        raise ValidationError(
            f"{path} is format version {header.get('version')}; this Pashu reads {VERSION}"
        )

    def rows() -> Iterator[tuple[str, dict[str, Any]]]:
        seen: dict[str, int] = {}
        with _open(path, "r") as f:
            f.readline()
            for line in f:
                item = json.loads(line)
                if "end" in item:
                    if {k: v for k, v in item["end"].items() if v} != seen:
                        raise ValidationError(f"{path}: the row counts do not match its end")
                    return
                seen[item["table"]] = seen.get(item["table"], 0) + 1
                yield item["table"], item["row"]
        raise ValidationError(f"{path} is cut short: it has no end line")

    return header, rows()


def import_tenant(db: Database, path: Path, slug: str | None = None) -> Summary:
    """Restore an export as a tenant: under its own id when the database does not have it
    (an empty database, a restore), else under a new id; under `slug` or the exported one.
    All or nothing: one transaction."""
    header, rows = _read(path)
    source = header["tenant"]
    registry.get(source["jurisdiction"])  # UNKNOWN_JURISDICTION: install its plugin first
    slug = slug or source["slug"]
    if not SLUG.match(slug):
        raise ValidationError("a slug is 2-63 lower-case letters, digits or hyphens")
    tables = {t.name: t for t in tenant_tables()}
    old_id = source["id"]
    with db.transaction() as s:
        if s.scalar(sa.select(Tenant.id).where(Tenant.slug == slug)) is not None:
            raise Conflict(f"a tenant with slug {slug!r} exists; import under another (--slug)")
        taken = s.scalar(sa.select(Tenant.id).where(Tenant.id == uuid.UUID(old_id)))
    tid = uuid.uuid4() if taken is not None else uuid.UUID(old_id)
    counts: dict[str, int] = {}
    with db.transaction(tid) as s:
        s.add(
            Tenant(
                id=tid,
                slug=slug,
                name=source["name"],
                jurisdiction=source["jurisdiction"],
                created_at=datetime.fromisoformat(source["created_at"]),
            )
        )
        s.flush()
        pending: list[dict[str, Any]] = []
        current: sa.Table | None = None
        for name, raw in rows:
            table = tables.get(name)
            if table is None:
                raise ValidationError(f"this database has no table {name!r} (upgrade it first)")
            if table is not current:
                _insert(s, current, pending)
                current, pending = table, []
            pending.append(_row(table, raw, old_id, str(tid)))
            counts[name] = counts.get(name, 0) + 1
            if len(pending) >= BATCH:
                _insert(s, current, pending)
                pending = []
        _insert(s, current, pending)
        audit.record(
            s,
            "cli",
            "tenant.import",
            f"Tenant:{tid}",
            after={"slug": slug, "from": source["slug"], "rows": sum(counts.values())},
        )
    return Summary(slug, tid, counts)


def _row(table: sa.Table, raw: dict[str, Any], old: str, new: str) -> dict[str, Any]:
    row: dict[str, Any] = {}
    for key, value in raw.items():
        column = table.c.get(key)
        if column is None:
            raise ValidationError(f"this database has no column {table.name}.{key}")
        if key == TENANT:
            value = new
        elif isinstance(column.type, sa.JSON) and old != new:
            value = _rename(value, old, new)
        decode = _decoder(column)
        row[key] = decode(value) if decode is not None and value is not None else value
    return row


def _insert(session: Session, table: sa.Table | None, rows: list[dict[str, Any]]) -> None:
    """Insert, or overwrite a row a trigger made already (a sale opens its claim window):
    the exported row is the one that counts."""
    if table is None or not rows:
        return
    dialect = session.get_bind().dialect.name
    insert = (postgresql.insert if dialect == "postgresql" else sqlite.insert)(table)
    key = [c.name for c in table.primary_key.columns]
    rest = {c.name: insert.excluded[c.name] for c in table.columns if c.name not in key}
    statement = (
        insert.on_conflict_do_update(index_elements=key, set_=rest)
        if rest
        else insert.on_conflict_do_nothing(index_elements=key)
    )
    session.execute(statement, rows)

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
import os
import uuid
from collections.abc import Generator, Iterator
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
from pashu.core.errors import Conflict, NotFound, ValidationError
from pashu.core.money import PAISA
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
# The clock's working state, not the department's records: queued tasks (whose arguments
# name tenants and cases, and would run as written) and the runs of past ones. Neither is
# exported nor imported; the restored tenant's clock works out what is due from its
# registers. A file that holds them (an older export, or a tampered one) has them skipped.
# Nor the count of changes to the registers (db/register_versions.py): the restored
# registers' triggers count their own.
NOT_ARCHIVED = frozenset({"outbox", "register_versions", "task_runs"})


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


def archived_tables() -> list[sa.Table]:
    """The tenant tables an export carries, in the order they are written and restored."""
    return [t for t in tenant_tables() if t.name not in NOT_ARCHIVED]


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
    """The tenant's id inside a JSON value (an audit record's, say), renamed."""
    if isinstance(value, dict):
        return {k: _rename(v, old, new) for k, v in value.items()}
    if isinstance(value, list):
        return [_rename(v, old, new) for v in value]
    return new if value == old else value


@contextmanager
def _file(path: Path, mode: str, gz: bool) -> Iterator[IO[str]]:
    if gz:
        with gzip.open(path, mode + "t", encoding="utf-8") as f:
            yield cast(IO[str], f)
    else:
        with path.open(mode, encoding="utf-8") as f:
            yield f


@contextmanager
def _writing(path: Path) -> Iterator[IO[str]]:
    """A file written beside `path` and renamed onto it once whole: an export that fails
    (a full device, a refusal half-way) leaves no partial file behind."""
    if path.is_dir():
        raise ValidationError(f"{path} is a directory; name a file to write")
    if not path.parent.is_dir():
        raise NotFound(f"there is no directory {path.parent}")
    part = path.with_name(f".{path.name}.{uuid.uuid4().hex[:12]}.part")
    try:
        with _file(part, "w", path.suffix == ".gz") as f:
            yield f
        os.replace(part, path)
    except OSError as err:
        raise ValidationError(f"could not write {path}: {err.strerror or err}") from None
    finally:
        part.unlink(missing_ok=True)


def _lines(path: Path) -> Generator[tuple[int, dict[str, Any]], None, None]:
    """The file's lines as JSON objects, numbered from 1; anything else is refused."""
    if not path.exists():
        raise NotFound(f"there is no file {path}")
    if path.is_dir():
        raise ValidationError(f"{path} is a directory, not a tenant export")
    try:
        with _file(path, "r", path.suffix == ".gz") as f:
            for number, line in enumerate(f, 1):
                try:
                    item = json.loads(line)
                except (ValueError, RecursionError):
                    raise ValidationError(f"{path}, line {number}: not JSON") from None
                if not isinstance(item, dict):
                    raise ValidationError(f"{path}, line {number}: not a JSON object")
                yield number, item
    except UnicodeDecodeError:
        raise ValidationError(f"{path} is not UTF-8 text") from None
    except (OSError, EOFError) as err:  # not gzip, a gzip cut short, an unreadable file
        raise ValidationError(f"could not read {path}: {err}") from None


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
    with db.session(tid) as s, s.begin(), _writing(path) as out:
        s.connection(execution_options=snapshot)
        out.write(json.dumps(header, ensure_ascii=False) + "\n")
        for table in archived_tables():
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


@dataclass(frozen=True)
class _Source:
    """The header's tenant, checked."""

    id: uuid.UUID
    slug: str
    name: str
    jurisdiction: str
    created_at: datetime


def _header(path: Path) -> _Source:
    """The file's first line: a Pashu tenant export of this version, naming its tenant."""
    lines = _lines(path)
    try:
        _, header = next(lines)
    except StopIteration:
        raise ValidationError(f"{path} is empty, not a Pashu tenant export") from None
    finally:
        lines.close()
    if header.get("format") != FORMAT:
        raise ValidationError(f"{path} is not a Pashu tenant export")
    if header.get("version") != VERSION:
        raise ValidationError(
            f"{path} is format version {header.get('version')}; this Pashu reads {VERSION}"
        )
    tenant = header.get("tenant")
    if not isinstance(tenant, dict):
        raise ValidationError(f"{path}: its header names no tenant")
    columns = cast(sa.Table, Tenant.__table__).c
    where = f"{path}, line 1"
    try:
        return _Source(
            id=_decoded(columns.id, tenant.get("id"), where),
            slug=_decoded(columns.slug, tenant.get("slug"), where),
            name=_decoded(columns.name, tenant.get("name"), where),
            jurisdiction=_decoded(columns.jurisdiction, tenant.get("jurisdiction"), where),
            created_at=_decoded(columns.created_at, tenant.get("created_at"), where),
        )
    except ValidationError as err:
        raise ValidationError(f"{err.message} (the header's tenant)") from None


def _rows(
    path: Path, source: uuid.UUID, new: uuid.UUID
) -> Iterator[tuple[sa.Table, dict[str, Any]]]:
    """Every row of the file, checked and decoded, with its tenant `new`; then the end line
    checked against the rows seen. A row that is not the header's tenant's, a table or
    column this database lacks, or a value that is not of its column's type, is refused."""
    tables = {t.name: t for t in tenant_tables()}
    seen: dict[str, int] = {}
    ended = False
    for number, item in _lines(path):
        where = f"{path}, line {number}"
        if number == 1:
            continue  # the header (_header)
        if ended:
            raise ValidationError(f"{where}: a line after the end line")
        if "end" in item:
            counts = item["end"]
            if not isinstance(counts, dict) or {k: v for k, v in counts.items() if v} != seen:
                raise ValidationError(f"{path}: the row counts do not match its end")
            ended = True
            continue
        name, raw = item.get("table"), item.get("row")
        if not isinstance(name, str) or not isinstance(raw, dict):
            raise ValidationError(f'{where}: a row is {{"table": name, "row": {{...}}}}')
        table = tables.get(name)
        if table is None:
            raise ValidationError(
                f"{where}: this database has no table {name!r} (upgrade it first)"
            )
        seen[name] = seen.get(name, 0) + 1
        yield table, _row(table, raw, source, new, where)
    if not ended:
        raise ValidationError(f"{path} is cut short: it has no end line")


def import_tenant(db: Database, path: Path, slug: str | None = None) -> Summary:
    """Restore an export as a tenant: under its own id when the database does not have it
    (an empty database, a restore), else under a new id; under `slug` or the exported one.

    The whole file is checked before anything is written; then all or nothing, in one
    transaction. Every row must be the file's tenant's, and is written as the new tenant's:
    since every key includes `tenant_id`, no row can name or touch another tenant's."""
    source = _header(path)
    registry.get(source.jurisdiction)  # UNKNOWN_JURISDICTION: install its plugin first
    slug = slug or source.slug
    if not SLUG.match(slug):
        raise ValidationError("a slug is 2-63 lower-case letters, digits or hyphens")
    for _ in _rows(path, source.id, source.id):
        pass  # checked whole, nothing written yet
    with db.transaction() as s:
        if s.scalar(sa.select(Tenant.id).where(Tenant.slug == slug)) is not None:
            raise Conflict(f"a tenant with slug {slug!r} exists; import under another (--slug)")
        taken = s.scalar(sa.select(Tenant.id).where(Tenant.id == source.id))
    tid = uuid.uuid4() if taken is not None else source.id
    counts: dict[str, int] = {}
    try:
        with db.transaction(tid) as s:
            s.add(
                Tenant(
                    id=tid,
                    slug=slug,
                    name=source.name,
                    jurisdiction=source.jurisdiction,
                    created_at=source.created_at,
                )
            )
            s.flush()
            pending: list[dict[str, Any]] = []
            current: sa.Table | None = None
            for table, row in _rows(path, source.id, tid):
                if table.name in NOT_ARCHIVED:
                    continue
                if table is not current:
                    _insert(s, current, pending)
                    current, pending = table, []
                pending.append(row)
                counts[table.name] = counts.get(table.name, 0) + 1
                if len(pending) >= BATCH:
                    _insert(s, current, pending)
                    pending = []
            _insert(s, current, pending)
            audit.record(
                s,
                "cli",
                "tenant.import",
                f"Tenant:{tid}",
                after={"slug": slug, "from": source.slug, "rows": sum(counts.values())},
            )
    except (sa.exc.IntegrityError, sa.exc.DataError) as err:
        # Rows of the right types that do not hold together (a child without its parent,
        # a key twice): the transaction is rolled back, no tenant is made.
        first = str(err.orig).splitlines()[0] if err.orig is not None else str(err)
        raise ValidationError(f"{path}: its rows do not fit together: {first}") from None
    return Summary(slug, tid, counts)


def _row(
    table: sa.Table, raw: dict[str, Any], source: uuid.UUID, new: uuid.UUID, where: str
) -> dict[str, Any]:
    if _decoded(table.c[TENANT], raw.get(TENANT), where) != source:
        raise ValidationError(f"{where}: the row is not the exported tenant's")
    old, renamed = str(source), str(new)
    row: dict[str, Any] = {}
    for key, value in raw.items():
        column = table.c.get(key)
        if column is None:
            raise ValidationError(f"{where}: this database has no column {table.name}.{key}")
        if key == TENANT:
            row[key] = new
            continue
        if isinstance(column.type, sa.JSON) and old != renamed:
            value = _rename(value, old, renamed)
        row[key] = _decoded(column, value, where)
    return row


def _decoded(column: sa.Column[Any], value: Any, where: str) -> Any:
    """A JSON value as its column's Python value; a value of another type is refused."""
    kind = column.type
    if value is None:
        if not column.nullable:
            raise ValidationError(f"{where}: {column.name} is missing")
        return None
    bad = ValidationError(f"{where}: {column.name} is not a valid {type(kind).__name__}")
    if isinstance(kind, sa.JSON):
        return value
    if isinstance(kind, sa.Boolean):
        if not isinstance(value, bool):
            raise bad
        return value
    if isinstance(kind, sa.Integer):
        if not isinstance(value, int) or isinstance(value, bool) or abs(value) >= 2**63:
            raise bad
        return value
    if isinstance(kind, Paise | MicroDegrees | sa.Numeric):
        if not isinstance(value, str):
            raise bad
        try:
            number = Decimal(value)
        except ArithmeticError:
            raise bad from None
        if not number.is_finite():
            raise bad
        if isinstance(kind, Paise) and number != number.quantize(PAISA):
            raise ValidationError(f"{where}: {column.name} has a fraction of a paisa")
        return number
    if not isinstance(value, str):
        raise bad
    decode = _decoder(column)
    if decode is None:  # text
        length = getattr(kind, "length", None)
        if length is not None and len(value) > length:
            raise ValidationError(f"{where}: {column.name} is longer than {length}")
        return value
    try:
        decoded = decode(value)
    except ValueError:
        raise bad from None
    if isinstance(decoded, datetime) and decoded.tzinfo is None:
        raise ValidationError(f"{where}: {column.name} has no UTC offset")
    return decoded


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

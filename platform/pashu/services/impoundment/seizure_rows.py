"""Writing a seizure's rows: its register number, the case, its animals, the audit event.

The register counter's row lock serialises a tenant's clerks from the number's taking to
the commit, so the shorter that stretch, the more seizures a department can record at
once. On PostgreSQL the four writes are one statement (data-modifying CTEs) followed by
the commit, instead of a statement per table with the lock held across each; the rows are
the same as the ORM writes (same columns, ids, tenant, text bounds, audit JSON), under the
same row-level security. On SQLite (one writer at a time) the ORM writes them.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import orjson
from sqlalchemy import TextClause, Uuid, bindparam, text
from sqlalchemy.dialects import postgresql
from sqlalchemy.orm import Session
from sqlalchemy.types import String

from pashu.db import audit, bounds
from pashu.db.base import utcnow
from pashu.db.impoundment import AnimalStatus, ImpoundedAnimal, Impoundment
from pashu.db.scoping import TENANT
from pashu.db.types import new_id
from pashu.services.impoundment._numbering import next_number

ACTION = "impoundment.record_seizure"
COUNTER = "register"


@dataclass(frozen=True)
class AnimalEntry:
    """An animal as the register enters it: in the pound, its fine not settled. A plain
    value (an ORM instance costs ~10 µs to build, a seizure's worth a few dozen): its row
    is made as it is written (`write`, `values`)."""

    species: str
    description: str
    ear_tag: str | None
    status: str = AnimalStatus.IN_POUND.value

    def row(self, case: Impoundment) -> ImpoundedAnimal:
        """The animal's row, as the ORM writes it."""
        return ImpoundedAnimal(
            impoundment_id=case.id,
            species=self.species,
            description=self.description,
            ear_tag=self.ear_tag,
            fine_settled=False,
            status=self.status,
        )


@dataclass
class CaseEntry:
    """A case as the register enters it, before it is written: a plain value, as its
    animals are (an ORM instance costs ~40 µs to build and read, here ~5). Its columns are
    the ORM's (`row`); the number, the tenant and the instant of writing are made as it is
    written (`write`, `values`); its next duty is set by the course (`course.schedule`)."""

    id: uuid.UUID
    pound_id: uuid.UUID
    seized_at: datetime
    impounded_at: datetime
    impounded_at_recorded: bool
    place_kind: str
    place: str
    seizer_name: str
    seizer_address: str
    seizer_signed: bool
    seizer_capacity: str | None
    damage: str | None
    area: str | None
    owner_name: str | None
    owner_address: str | None
    status: str
    recorded_by: str
    corrects_id: uuid.UUID | None = None
    next_action: str | None = None
    next_action_at: datetime | None = None
    next_deadline: datetime | None = None
    refused_at: datetime | None = None
    refusal_sold_at: datetime | None = None
    tenant_id: uuid.UUID | None = None
    created_at: datetime | None = None
    register_number: int | None = None

    def row(self) -> Impoundment:
        """The case's row, as the ORM writes it (a value not made yet, None, left to the
        flush: a column's default, or null)."""
        return Impoundment(**{k: v for k, v in vars(self).items() if v is not None})


# The case's columns, as the ORM writes them (Impoundment), bar the number and the tenant.
_CASE = (
    "id", "created_at", "pound_id", "seized_at", "impounded_at", "impounded_at_recorded",
    "place_kind", "place", "seizer_name", "seizer_address", "seizer_signed", "seizer_capacity",
    "damage", "area", "owner_name", "owner_address", "corrects_id", "status", "next_action",
    "next_action_at", "next_deadline", "refused_at", "refusal_sold_at", "recorded_by",
)  # fmt: skip
# The animals' columns (the id first, the fine's settling last: both made as written), sent
# as one JSON array of their rows: one parameter, where six arrays cost the driver ~40 µs of
# Python a seizure to send (their texts are checked before, as a flush checks them: no NUL,
# no lone surrogate, within their columns, so JSON carries each exactly).
_ANIMAL = ("id", "species", "description", "ear_tag", "status", "fine_settled")
_ANIMAL_TYPES = ", ".join(
    f"{c} {ImpoundedAnimal.__table__.c[c].type.compile(dialect=postgresql.dialect())}"
    for c in _ANIMAL
)

# A transaction's setting naming the case a guard statement cleared for writing (the direct
# path's one round trip, fastpaths/record_seizure.py): GUARDED writes nothing without it.
GUARD_SETTING = "pashu.seizure_guard"


def _statement(counter_row: str) -> TextClause:
    """The rows in one statement, the counter's row taken from `counter_row` (the counter
    is taken as `next_number` takes it, made at 1 for a tenant's first case)."""
    return text(
        f"""
WITH number AS (
  INSERT INTO counters (tenant_id, name, value) {counter_row}
  ON CONFLICT (tenant_id, name) DO UPDATE SET value = counters.value + 1
  RETURNING value
), kase AS (
  INSERT INTO impoundments (tenant_id, register_number, {", ".join(_CASE)})
  SELECT :tenant, number.value, {", ".join(":case_" + c for c in _CASE)} FROM number
  RETURNING register_number
), animals AS (
  INSERT INTO impounded_animals (tenant_id, impoundment_id, created_at, {", ".join(_ANIMAL)})
  SELECT :tenant, :case_id, :case_created_at, {", ".join("a." + c for c in _ANIMAL)}
  FROM kase, json_to_recordset(CAST(:animals AS json)) AS a({_ANIMAL_TYPES})
), event AS (
  INSERT INTO audit_events (tenant_id, id, created_at, actor, action, subject, before, after)
  SELECT :tenant, :event_id, :case_created_at, :actor, :action, :subject, 'null',
    CAST(CAST(:after_head AS text) || kase.register_number || CAST(:after_tail AS text) AS json)
  FROM kase
)
SELECT register_number FROM kase
"""
    ).bindparams(
        bindparam("tenant", type_=Uuid()),
        bindparam("case_id", type_=Uuid()),
        *[bindparam(f"case_{c}", type_=Impoundment.__table__.c[c].type) for c in _CASE],
        bindparam("animals", type_=String()),
        bindparam("event_id", type_=Uuid()),
    )


STATEMENT = _statement("VALUES (:tenant, :counter, 1)")
# The same rows, written only if the guard statement run before it in the same transaction
# set GUARD_SETTING to this case's id; otherwise nothing (no number is taken).
GUARDED = _statement(
    f"SELECT :tenant, :counter, 1 WHERE current_setting('{GUARD_SETTING}', true)"
    " = CAST(:case_id AS text)"
)


def write(
    session: Session,
    actor: str,
    case: CaseEntry,
    animals: Sequence[AnimalEntry],
    after: dict[str, Any],
) -> Impoundment:
    """Number and write the case, its animals and the audit event (`after` gets the number
    first); the case's row as written (where the ORM does not write it, a row not in the
    session, as a flush would leave it). Ids and instants of writing are made here, as a
    flush would make them."""
    if session.get_bind().dialect.name != "postgresql":
        row = case.row()
        row.register_number = next_number(session, session.info[TENANT], COUNTER)
        session.add(row)
        session.flush()  # the case before its animals: the flush does not order by keys
        session.add_all([a.row(row) for a in animals])
        audit.record(
            session,
            actor,
            ACTION,
            f"Impoundment:{row.id}",
            after={"registerNumber": row.register_number, **after},
        )
        session.flush()
        return row
    params = values(session.info[TENANT], actor, case, animals, after)
    case.register_number = session.execute(STATEMENT, params).scalar_one()
    return case.row()


def values(
    tenant: uuid.UUID | None,
    actor: str,
    case: CaseEntry,
    animals: Sequence[AnimalEntry],
    after: dict[str, Any],
) -> dict[str, Any]:
    """STATEMENT's values for these rows, in `tenant` (PostgreSQL); the rows are stamped
    with what a flush would give them (tenant, ids, instants of writing) and checked."""
    if tenant is None:
        raise RuntimeError("cannot save Impoundment outside a tenant scope")
    case.tenant_id = tenant
    case.created_at = utcnow()
    # As a flush would, before anything is written.
    bounds.check_values(Impoundment, vars(case))
    for a in animals:
        bounds.check_values(ImpoundedAnimal, vars(a))
    # The audit JSON exactly as the ORM's JSON column writes it, the number spliced in.
    head, tail = json.dumps({"registerNumber": None, **after}).split("null", 1)
    return {
        "tenant": tenant,
        "counter": COUNTER,
        "case_id": case.id,
        **{f"case_{c}": getattr(case, c) for c in _CASE},
        "animals": orjson.dumps(
            [{"id": new_id(), **vars(a), "fine_settled": False} for a in animals]
        ).decode(),
        "event_id": new_id(),
        "actor": actor,
        "action": ACTION,
        "subject": f"Impoundment:{case.id}",
        "after_head": head,
        "after_tail": tail,
    }

"""A seizure's case is decided as a plain value (seizure_rows.CaseEntry) and becomes the ORM's
row only where one is needed: it holds every column of the case, and its row holds the
same values (what is not made yet left to the flush)."""

from __future__ import annotations

import uuid
from dataclasses import fields
from datetime import UTC, datetime

from pashu.db.impoundment import Impoundment
from pashu.services.impoundment.seizure_rows import CaseEntry

AT = datetime(2026, 1, 3, 3, 30, tzinfo=UTC)
COLUMNS = [c.key for c in Impoundment.__table__.c]


def _entry() -> CaseEntry:
    return CaseEntry(
        id=uuid.uuid4(),
        pound_id=uuid.uuid4(),
        seized_at=AT,
        impounded_at=AT,
        impounded_at_recorded=True,
        place_kind="PRIVATE_LAND",
        place="Paddy field",
        seizer_name="K. Angami",
        seizer_address="Kohima village",
        seizer_signed=True,
        seizer_capacity="CULTIVATOR",
        damage=None,
        area="Kohima",
        owner_name=None,
        owner_address=None,
        status="IMPOUNDED",
        recorded_by="K. Clerk (clerk)",
        next_action="ANNOUNCE_SEIZURE",
        next_action_at=AT,
    )


def test_an_entry_holds_every_column_of_the_case() -> None:
    assert {f.name for f in fields(CaseEntry)} == set(COLUMNS)


def test_its_row_holds_its_values_and_leaves_the_rest_to_the_flush() -> None:
    entry = _entry()
    fresh = entry.row()
    assert {c: getattr(fresh, c) for c in COLUMNS} == vars(entry)
    # Not set, so a flush gives them: the instant of writing (the number and the tenant
    # are the writer's).
    assert {"created_at", "register_number", "tenant_id"}.isdisjoint(fresh.__dict__)
    entry.tenant_id, entry.created_at, entry.register_number = uuid.uuid4(), AT, 7
    written = entry.row()
    assert {c: getattr(written, c) for c in COLUMNS} == vars(entry)

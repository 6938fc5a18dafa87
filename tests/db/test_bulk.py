"""Rows written a batch per statement (db/bulk.py): the same rows a flush writes, refused
as a flush refuses them, and nothing left for a flush to write again."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from sqlalchemy import Text, cast, event, select

from pashu.core.errors import ValidationError
from pashu.db import audit, bulk
from pashu.db.tenancy import AuditEvent, User
from tests.conftest import Databases, add_token, make_tenant


def _events(tag: str) -> list[bulk.New]:
    return [
        audit.event("clerk", f"{tag}.one", "Thing:1", after={"b": "ਪਸ਼ੂ", "a": [1, None]}),
        audit.event("clerk", f"{tag}.two", "Thing:2", before={"k": None}),
        audit.event("the clock", f"{tag}.three", "Thing:3"),
    ]


def _written(dbs: Databases, tenant: uuid.UUID, tag: str) -> list[tuple[Any, ...]]:
    """As stored, JSON as its text; all but the id and the instant of writing."""
    with dbs.app.transaction(tenant) as s:
        return [
            tuple(row)
            for row in s.execute(
                select(
                    AuditEvent.tenant_id,
                    AuditEvent.actor,
                    AuditEvent.action,
                    AuditEvent.subject,
                    cast(AuditEvent.before, Text),
                    cast(AuditEvent.after, Text),
                )
                .where(AuditEvent.action.startswith(tag))
                .order_by(AuditEvent.action)
            )
        ]


def _untagged(row: tuple[Any, ...]) -> tuple[Any, ...]:
    return (*row[:2], row[2].split(".")[1], *row[3:])


def test_insert_all_writes_the_rows_a_flush_writes(dbs: Databases) -> None:
    t = make_tenant(dbs, "nagaland")
    made = _events("new")  # as values
    objects = [AuditEvent(**e.values) for e in _events("object")]  # as ORM objects
    with dbs.app.transaction(t.id) as s:
        bulk.insert_all(s, [*made, *objects])
        s.add_all(AuditEvent(**e.values) for e in _events("flush"))
        s.flush()
    assert all(e.values["id"] is not None and e.values["created_at"] for e in made)
    assert all(e.values["tenant_id"] == t.id for e in made)
    assert all(e.id is not None and e.created_at and e.tenant_id == t.id for e in objects)
    theirs = [_untagged(r) for r in _written(dbs, t.id, "flush")]
    assert len(theirs) == 3
    assert [_untagged(r) for r in _written(dbs, t.id, "new")] == theirs
    assert [_untagged(r) for r in _written(dbs, t.id, "object")] == theirs


def test_insert_all_refuses_text_longer_than_its_column_and_writes_nothing(
    dbs: Databases,
) -> None:
    t = make_tenant(dbs, "nagaland")
    rows = [*_events("long"), audit.event("x" * 201, "long.four", "Thing:4")]
    with pytest.raises(ValidationError) as refused, dbs.app.transaction(t.id) as s:
        bulk.insert_all(s, rows)
    assert refused.value.extensions["field"] == "actor"
    assert refused.value.extensions["maxLength"] == 200
    assert _written(dbs, t.id, "long") == []


def test_insert_all_keeps_to_the_sessions_tenant(dbs: Databases) -> None:
    a, b = make_tenant(dbs, "nagaland"), make_tenant(dbs, "mizoram")
    theirs = audit.event("clerk", "foreign.one", "Thing:1")
    theirs.values["tenant_id"] = b.id
    with pytest.raises(RuntimeError, match="another tenant"), dbs.app.transaction(a.id) as s:
        bulk.insert_all(s, [*_events("foreign"), theirs])
    assert _written(dbs, a.id, "foreign") == _written(dbs, b.id, "foreign") == []


def test_update_all_writes_once_and_leaves_nothing_to_flush(dbs: Databases) -> None:
    # As the tables' owner: the application's role never updates users (migration 0035);
    # the bulk writes are what is tested here.
    t = make_tenant(dbs, "nagaland")
    add_token(dbs, t, "clerk")
    add_token(dbs, t, "finance")
    seen: list[str] = []

    def record(*args: Any) -> None:
        seen.append(args[2])

    with dbs.admin.transaction(t.id) as s:
        users = list(s.scalars(select(User).order_by(User.id)))
        for i, u in enumerate(users):
            u.name = f"Renamed {i}"
        engine = s.get_bind()
        event.listen(engine, "before_cursor_execute", record)
        try:
            bulk.update_all(s, users, ["name"])
            s.flush()
        finally:
            event.remove(engine, "before_cursor_execute", record)
    # One statement for the three (on SQLite the unit of work's executemany), and the flush
    # after it finds nothing left to write.
    assert len([q for q in seen if q.lstrip().upper().startswith("UPDATE")]) == 1
    with dbs.admin.transaction(t.id) as s:
        names = list(s.scalars(select(User.name).order_by(User.id)))
    assert names == ["Renamed 0", "Renamed 1", "Renamed 2"]


def test_update_rows_writes_the_values_given_and_refuses_as_a_flush(dbs: Databases) -> None:
    t = make_tenant(dbs, "nagaland")
    add_token(dbs, t, "clerk")
    add_token(dbs, t, "finance")
    with dbs.admin.transaction(t.id) as s:
        users = list(s.scalars(select(User).order_by(User.id)))
    ids = [u.id for u in users]
    renamed = [{"id": i, "name": f"Renamed {n}"} for n, i in enumerate(ids[:2])]
    with dbs.admin.transaction(t.id) as s:
        bulk.update_rows(s, User, renamed)
    too_long = [{"id": ids[2], "name": "x" * 500}]
    with pytest.raises(ValidationError) as refused, dbs.admin.transaction(t.id) as s:
        bulk.update_rows(s, User, [{"id": ids[0], "name": "Not kept"}, *too_long])
    assert refused.value.extensions["field"] == "name"
    with dbs.admin.transaction(t.id) as s:
        names = list(s.scalars(select(User.name).order_by(User.id)))
    assert names == ["Renamed 0", "Renamed 1", users[2].name]
    other = make_tenant(dbs, "mizoram")
    with pytest.raises(RuntimeError, match="another tenant"), dbs.admin.transaction(t.id) as s:
        bulk.update_rows(s, User, [{"tenant_id": other.id, "id": ids[0], "name": "Theirs"}])


def test_among_finds_what_in_finds(dbs: Databases) -> None:
    t = make_tenant(dbs, "nagaland")
    events = _events("among")
    with dbs.app.transaction(t.id) as s:
        bulk.insert_all(s, events)
    wanted = [events[0].values["id"], events[2].values["id"], uuid.uuid4()]
    with dbs.app.transaction(t.id) as s:
        found = set(s.scalars(select(AuditEvent.id).where(bulk.among(s, AuditEvent.id, wanted))))
        assert found == set(s.scalars(select(AuditEvent.id).where(AuditEvent.id.in_(wanted))))
    assert found == {events[0].values["id"], events[2].values["id"]}

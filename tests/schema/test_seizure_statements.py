"""recordSeizure at a fixed cost: its statements do not grow with the herd, and on PostgreSQL
the number, the case, its animals and the audit event are one statement (so the register
counter's lock is held for that statement and the commit only)."""

from __future__ import annotations

import json

import sqlalchemy as sa

from pashu.db.scoping import SCOPE
from tests.conftest import Databases, GraphQLClient, statements
from tests.schema.impoundment_helpers import SEIZE, department, seize, seizure

WRITES = ("INSERT", "UPDATE", "DELETE", "WITH")


def _writes(seen: list[str]) -> list[str]:
    return [s for s in seen if s.lstrip().upper().startswith(WRITES)]


async def test_a_seizure_costs_the_same_statements_whatever_its_herd(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    await seize(gql, t.token, pound)  # the token's first use is recorded once, here
    one = seizure(pound, animals=[{"species": "cow", "count": 1}])
    herd = seizure(
        pound,
        animals=[
            {"species": "cow", "count": 5, "earTags": ["NL-1", "NL-2"]},
            {"species": "goat", "count": 3, "description": "black"},
            {"species": "buffalo", "count": 2},
        ],
    )
    with statements(dbs) as small:
        await gql.ok(SEIZE, {"input": one}, t.token)
    with statements(dbs) as large:
        data = await gql.ok(SEIZE, {"input": herd}, t.token)
    counts = {c["species"]: c["count"] for c in data["recordSeizure"]["animalCounts"]}
    assert counts == {"cow": 5, "goat": 3, "buffalo": 2}
    assert len(small) == len(large), (small, large)
    if dbs.dialect == "postgresql":
        # The tenant's setting and the token check, pipelined (one round trip); then the
        # session's setting, the pound's authority with the kinds notified (one statement),
        # the Act's extent there, and one statement writing everything (the answer's fields
        # are read after it; the commit is not counted).
        assert large[0] == SCOPE and "api_tokens" in large[1], large
        assert "local_authorities" in large[3] and "kind_notifications" in large[3], large
        assert "extent_notifications" in large[4], large
        writes = _writes(large)
        assert len(writes) == 1, large
        assert large.index(writes[0]) == 5, large


async def test_a_seizure_writes_its_numbered_rows_and_audit_event(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    first = await seize(gql, t.token, pound)
    second = await seize(
        gql,
        t.token,
        pound,
        animals=[{"species": "cow", "count": 2, "earTags": ["NL-9"], "description": "red"}],
    )
    assert (first["registerNumber"], second["registerNumber"]) == (1, 2)
    assert [(a["species"], a["status"]) for a in second["animals"]] == [
        ("cow", "IN_POUND"),
        ("cow", "IN_POUND"),
    ]
    assert second["timeline"], "the case's timeline is the Act's"
    with dbs.admin.engine.connect() as c:
        rows = c.execute(
            sa.text(
                "SELECT e.actor, e.subject, e.after, e.before FROM audit_events e "
                "WHERE e.tenant_id = :t AND e.action = 'impoundment.record_seizure' "
                "ORDER BY e.created_at, e.id"
            ),
            {"t": t.id.hex if dbs.dialect == "sqlite" else t.id},
        ).all()
        tags = c.execute(
            sa.text(
                "SELECT a.ear_tag, a.description FROM impounded_animals a "
                "JOIN impoundments i ON i.tenant_id = a.tenant_id AND i.id = a.impoundment_id "
                "WHERE i.register_number = 2 AND a.tenant_id = :t ORDER BY a.ear_tag"
            ),
            {"t": t.id.hex if dbs.dialect == "sqlite" else t.id},
        ).all()
    assert sorted(tags, key=lambda r: r[0] or "") == [(None, "red"), ("NL-9", "red")]
    assert len(rows) == 2
    after, before = (json.loads(v) if isinstance(v, str) else v for v in rows[1][2:])
    assert before is None
    assert after["registerNumber"] == 2
    assert after["animals"] == [{"species": "cow", "count": 2}]
    assert after["capacity"] == "CULTIVATOR" and after["cites"] and after["power"]
    assert after["area"] == "Kohima TC"
    assert rows[1][0].endswith("(admin)")

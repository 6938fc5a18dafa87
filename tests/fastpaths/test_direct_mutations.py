"""recordSeizure's direct path (fastpaths/direct_mutations.py) answers and writes exactly as the
resolver does, and refuses exactly as it refuses.

Every seizure is entered through two apps over the same database: one as configured (on
PostgreSQL a proven document is answered on the driver's connections in two round trips,
then, settled, in one),
one with the direct path off. Their answers must be equal but for the case's own id and
number, and so must the rows they wrote: case, animals, audit event. A refusal (the law's,
the token's, the role's) is the same error from both, and writes nothing.
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest
import sqlalchemy as sa

from pashu.config import Settings
from pashu.core import bounds
from pashu.db.scoping import SCOPE
from pashu.schema.node import to_global_id
from pashu.services.tenancy.tenants import token_hash
from tests.conftest import Databases, GraphQLClient, add_token, client, statements
from tests.schema.impoundment_helpers import department, seizure

# Every field of a recorded seizure that resolves from the case alone, with an alias.
DIRECT = """mutation Seize($input: RecordSeizureInput!) {
  entered: recordSeizure(input: $input) {
    __typename id registerNumber status seizedAt impoundedAt placeKind place area
    seizer { name address signed capacity damageFound }
    owner { __typename name address }
    nextAction { action notBefore deadline }
  }
}"""
AREA = """mutation($input: RecordExtentNotificationInput!) {
  recordExtentNotification(input: $input) { id }
}"""
OWN = ("id", "registerNumber")  # what two seizures differ in by nature
LONG = "x" * (bounds.MAX_TEXT + 1)  # more text than any field may keep


@pytest.fixture
async def ordinary(dbs: Databases) -> AsyncIterator[GraphQLClient]:
    """The same app with every mutation resolved field by field."""
    async with client(dbs.app, Settings(env="test", direct_mutations=False)) as http:
        yield GraphQLClient(http)


def _written(dbs: Databases, tenant: Any, number: int) -> dict[str, Any]:
    """The rows of case `number`, but for what two writes differ in by nature."""
    t = tenant.hex if dbs.dialect == "sqlite" else tenant
    with dbs.admin.engine.connect() as c:
        case = (
            c.execute(
                sa.text("SELECT * FROM impoundments WHERE tenant_id = :t AND register_number = :n"),
                {"t": t, "n": number},
            )
            .one()
            ._asdict()
        )
        animals = c.execute(
            sa.text(
                "SELECT species, description, ear_tag, status, fine_settled "
                "FROM impounded_animals WHERE tenant_id = :t AND impoundment_id = :i "
                "ORDER BY species, ear_tag, description"
            ),
            {"t": t, "i": case["id"]},
        ).all()
        events = c.execute(
            sa.text(
                "SELECT actor, action, before, after FROM audit_events "
                "WHERE tenant_id = :t AND subject = :s"
            ),
            {"t": t, "s": f"Impoundment:{uuid_of(case['id'])}"},
        ).all()
    after = [json.loads(e[3]) if isinstance(e[3], str) else e[3] for e in events]
    assert [a.pop("registerNumber") for a in after] == [number]
    for k in ("id", "created_at", "register_number"):
        case.pop(k)
    return {
        "case": case,
        "animals": [tuple(a) for a in animals],
        "events": [(e[0], e[1], e[2]) for e in events],
        "after": after,
    }


def uuid_of(value: Any) -> str:
    return str(value if isinstance(value, uuid.UUID) else uuid.UUID(hex=value))


async def _both(
    dbs: Databases,
    gql: GraphQLClient,
    ordinary: GraphQLClient,
    token: str,
    tenant: Any,
    given: dict[str, Any],
) -> tuple[dict[str, Any], list[str]]:
    """The same seizure entered by both apps: equal answers and rows; the configured app's
    answer and the statements it ran."""
    with statements(dbs) as seen:
        mine = await gql.raw(DIRECT, {"input": given}, token)
    theirs = await ordinary.raw(DIRECT, {"input": given}, token)
    assert not mine.get("errors") and not theirs.get("errors"), (mine, theirs)
    a, b = mine["data"]["entered"], theirs["data"]["entered"]
    assert {k: v for k, v in a.items() if k not in OWN} == {
        k: v for k, v in b.items() if k not in OWN
    }
    assert _written(dbs, tenant, a["registerNumber"]) == _written(dbs, tenant, b["registerNumber"])
    return a, seen


def _read_then_written(seen: list[str]) -> bool:
    """Whether a request ran as the direct path runs the first time: the token check with
    the registers' reads in one round trip, then one statement writing every row."""
    return (
        len(seen) == 7
        and seen[0] == SCOPE
        and "api_tokens" in seen[1]
        and "register_versions" in seen[2]
        and "local_authorities" in seen[3]
        and "extent_notifications" in seen[4]
        and seen[5] == SCOPE
        and seen[6].lstrip().startswith("WITH number AS")
    )


def _settled(seen: list[str]) -> bool:
    """Whether a request ran as the settled path runs: the guard (the token check and the
    registers' count of changes) and the guarded write, in one round trip."""
    return (
        len(seen) == 3
        and seen[0] == SCOPE
        and "api_tokens" in seen[1]
        and "register_versions" in seen[1]
        and "current_setting" in seen[2]
    )


def _direct(seen: list[str]) -> bool:
    return _read_then_written(seen) or _settled(seen)


async def _proven(
    dbs: Databases, gql: GraphQLClient, ordinary: GraphQLClient, token: str, tenant: Any, pound: str
) -> None:
    """Enter seizures until the configured app answers directly (its guesses learnt)."""
    for _ in range(4):
        _, seen = await _both(dbs, gql, ordinary, token, tenant, seizure(pound))
        if _direct(seen):
            return
    assert dbs.dialect != "postgresql", "the direct path never answered"


@pytest.mark.parametrize("jurisdiction", ["nagaland", "mizoram"])
async def test_a_direct_seizure_answers_and_writes_as_the_resolver_does(
    dbs: Databases, gql: GraphQLClient, ordinary: GraphQLClient, jurisdiction: str
) -> None:
    t, pound = await department(dbs, gql, jurisdiction)
    await _proven(dbs, gql, ordinary, t.token, t.id, pound)
    variants = [
        seizure(pound),
        seizure(pound, owner=None, area=" kohima  tc "),
        seizure(
            pound,
            animals=[
                {"species": "Cow ", "count": 3, "earTags": ["NL-1", "NL-2"], "description": "red"},
                {"species": "goat", "count": 2, "description": "  black   and white "},
                {"species": "buffalo", "count": 1},
            ],
            place="  Paddy   field  ",
            seizedAt="2026-01-03T03:30:00.123456+00:00",
        ),
    ]
    for given in variants:
        answer, seen = await _both(dbs, gql, ordinary, t.token, t.id, given)
        assert answer["__typename"] == "Impoundment"
        if dbs.dialect == "postgresql":
            assert _direct(seen), seen
    # Each again: the caller and the registers were read, so each is settled in one round trip.
    for given in variants:
        answer, seen = await _both(dbs, gql, ordinary, t.token, t.id, given)
        if dbs.dialect == "postgresql":
            assert _settled(seen), seen


async def test_a_direct_seizure_is_refused_as_the_resolver_refuses_and_writes_nothing(
    dbs: Databases, gql: GraphQLClient, ordinary: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    await _proven(dbs, gql, ordinary, t.token, t.id, pound)
    viewer = add_token(dbs, t, "viewer")
    refused = [
        (t.token, seizure(pound, animals=[{"species": "unicorn", "count": 1}])),
        (t.token, seizure(pound, animals=[{"species": "dog", "count": 1}])),
        (t.token, seizure(pound, seizedAt="2099-01-03T09:00:00+05:30")),
        (t.token, seizure(pound, impoundedAt="2026-01-02T09:00:00+05:30")),
        (t.token, seizure(pound, impoundedAt=None)),  # the register states it (s.7(b))
        (t.token, seizure(pound, seizerSigned=False)),
        (t.token, seizure(pound, place=" ")),
        (t.token, seizure(pound, place="Paddy\x00field")),
        (
            t.token,
            seizure(pound, animals=[{"species": "cow", "count": 1, "description": LONG}]),
        ),
        (t.token, seizure(pound, area="x" * 201)),
        (
            t.token,
            seizure(pound, poundId=to_global_id("Pound", uuid.UUID(int=0))),
        ),
        (t.token, seizure(pound, animals=[{"species": "cow", "count": 1, "earTags": ["a", "b"]}])),
        (viewer, seizure(pound)),
        (t.token[:-4] + "abcd", seizure(pound)),
    ]
    numbers = await _count(dbs, t.id)
    for token, given in refused:
        mine = await gql.raw(DIRECT, {"input": given}, token)
        theirs = await ordinary.raw(DIRECT, {"input": given}, token)
        assert mine.get("errors"), mine
        assert _steady(mine) == _steady(theirs), given
    assert await _count(dbs, t.id) == numbers, "a refused seizure wrote rows"


async def test_a_change_in_the_registers_is_read_by_the_next_direct_seizure(
    dbs: Databases, gql: GraphQLClient, ordinary: GraphQLClient
) -> None:
    """The guesses are of what to read, never of what it says: an area taken out of the Act
    after the path learnt it refuses the very next seizure there, with the Act's section."""
    t, pound = await department(dbs, gql, "nagaland")
    await _proven(dbs, gql, ordinary, t.token, t.id, pound)
    excluded = {
        "area": "Kohima TC",
        "ground": "EXCLUSION",
        "effectiveFrom": "2026-01-02",
        "reference": "Gazette exclusion",
    }
    await gql.ok(AREA, {"input": excluded}, t.token)
    before = await _count(dbs, t.id)
    with statements(dbs) as seen:
        mine = await gql.raw(DIRECT, {"input": seizure(pound)}, t.token)
    theirs = await ordinary.raw(DIRECT, {"input": seizure(pound)}, t.token)
    assert mine == theirs
    assert mine["errors"][0]["extensions"]["code"] == "NOT_IN_JURISDICTION", mine
    assert mine["errors"][0]["extensions"]["citation"]["section"] == "1(2)(b)", mine
    assert await _count(dbs, t.id) == before
    if dbs.dialect == "postgresql":
        # Tried as settled (the guard found the registers changed: nothing written), then
        # read afresh by the direct path, and refused.
        assert _settled(seen[:3]) and "extent_notifications" in seen[7], seen
    # Seized before the exclusion took effect: entered, directly.
    earlier = seizure(
        pound, seizedAt="2026-01-01T09:00:00+05:30", impoundedAt="2026-01-01T10:00:00+05:30"
    )
    _, seen = await _both(dbs, gql, ordinary, t.token, t.id, earlier)
    if dbs.dialect == "postgresql":
        assert _direct(seen), seen


async def test_a_caller_changed_after_a_settled_seizure_is_read_afresh(
    dbs: Databases, gql: GraphQLClient, ordinary: GraphQLClient
) -> None:
    """What the settled path decided on is checked where the rows are written: a user
    renamed writes the new name, a role taken away or a token revoked refuses the very next
    seizure, as the resolver refuses it, and nothing is written."""
    t, pound = await department(dbs, gql, "nagaland")
    await _proven(dbs, gql, ordinary, t.token, t.id, pound)
    _, seen = await _both(dbs, gql, ordinary, t.token, t.id, seizure(pound))
    if dbs.dialect == "postgresql":
        assert _settled(seen), seen
    user = "(SELECT user_id FROM api_tokens WHERE token_hash = :h)"

    def change(sql: str) -> None:
        with dbs.admin.engine.begin() as c:
            c.execute(sa.text(sql.replace("USER", user)), {"h": token_hash(t.token)})

    change("UPDATE users SET name = 'A. Renamed' WHERE id = USER")
    answer, seen = await _both(dbs, gql, ordinary, t.token, t.id, seizure(pound))
    written = _written(dbs, t.id, answer["registerNumber"])
    assert written["events"][0][0] == "A. Renamed (admin)"
    assert written["case"]["recorded_by"] == "A. Renamed (admin)"
    if dbs.dialect == "postgresql":
        assert _settled(seen[:3]) and _read_then_written(seen[3:]), seen
    for sql, code in [
        ("UPDATE users SET role = 'viewer' WHERE id = USER", "FORBIDDEN"),
        ("UPDATE users SET role = 'admin' WHERE id = USER", None),
        (
            "UPDATE api_tokens SET revoked_at = CURRENT_TIMESTAMP WHERE token_hash = :h",
            "UNAUTHENTICATED",
        ),
    ]:
        if code is None:  # settled again before the next change
            change(sql)
            await _proven(dbs, gql, ordinary, t.token, t.id, pound)
            await _both(dbs, gql, ordinary, t.token, t.id, seizure(pound))
            continue
        change(sql)
        before = await _count(dbs, t.id)
        with statements(dbs) as seen:
            mine = await gql.raw(DIRECT, {"input": seizure(pound)}, t.token)
        theirs = await ordinary.raw(DIRECT, {"input": seizure(pound)}, t.token)
        if dbs.dialect == "postgresql":  # tried as settled: the guard did not clear
            assert _settled(seen[:3]), seen
        assert mine["errors"][0]["extensions"]["code"] == code, mine
        assert _steady(mine) == _steady(theirs)
        assert await _count(dbs, t.id) == before, "a refused seizure wrote rows"


async def test_a_selection_needing_more_than_the_case_is_resolved_field_by_field(
    dbs: Databases, gql: GraphQLClient, ordinary: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    await _proven(dbs, gql, ordinary, t.token, t.id, pound)
    wide = """mutation($input: RecordSeizureInput!) {
      recordSeizure(input: $input) { registerNumber pound { name } animals { species } }
    }"""
    for _ in range(3):
        with statements(dbs) as seen:
            data = await gql.ok(wide, {"input": seizure(pound)}, t.token)
        assert data["recordSeizure"]["pound"] == {"name": "Main pound"}
        assert not _direct(seen), seen


def _steady(answer: dict[str, Any]) -> str:
    """The answer but for the server's clock, which a refusal of an act dated ahead names."""
    return re.sub(r"after now \([^)]*\)", "after now (…)", json.dumps(answer, sort_keys=True))


async def _count(dbs: Databases, tenant: Any) -> int:
    t = tenant.hex if dbs.dialect == "sqlite" else tenant
    with dbs.admin.engine.connect() as c:
        return int(
            c.execute(
                sa.text(
                    "SELECT (SELECT count(*) FROM impoundments WHERE tenant_id = :t)"
                    " + (SELECT count(*) FROM audit_events WHERE tenant_id = :t)"
                ),
                {"t": t},
            ).scalar_one()
        )


def _checks(seen: list[str]) -> int:
    """How many times a request's statements checked a token."""
    return sum("api_tokens.token_hash" in s for s in seen)


async def test_a_seizure_the_direct_path_steps_aside_from_checks_the_token_once(
    dbs: Databases, gql: GraphQLClient, ordinary: GraphQLClient
) -> None:
    """The direct path checks the token with its reads; when it then writes nothing (a
    tenant's first seizure, its Act not yet known to the path; a seizure the law refuses; a
    bad token), the ordinary path answers on that check rather than making it again, and
    records a new token's first use as it would have."""
    t, pound = await department(dbs, gql, "nagaland")
    await _proven(dbs, gql, ordinary, t.token, t.id, pound)
    other, elsewhere = await department(dbs, gql, "nagaland")
    fresh = add_token(dbs, other, "clerk")  # never used: its use is due
    with statements(dbs) as first:
        made = await gql.raw(DIRECT, {"input": seizure(elsewhere)}, fresh)
    assert not made.get("errors"), made
    assert made["data"]["entered"]["registerNumber"] == 1
    with statements(dbs) as refused:
        wrong = await gql.raw(DIRECT, {"input": seizure(pound, seizerSigned=False)}, t.token)
    with statements(dbs) as unknown:
        bad = await gql.raw(DIRECT, {"input": seizure(pound)}, t.token[:-4] + "abcd")
    assert wrong["errors"][0]["extensions"]["code"] != "UNAUTHENTICATED", wrong
    assert bad["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED", bad
    assert (_checks(first), _checks(refused), _checks(unknown)) == (1, 1, 1)
    with dbs.admin.engine.connect() as c:
        used = c.execute(
            sa.text("SELECT last_used_at FROM api_tokens WHERE token_hash = :h"),
            {"h": token_hash(fresh)},
        ).scalar_one()
    assert used is not None

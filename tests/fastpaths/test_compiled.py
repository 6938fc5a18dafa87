"""The compiled case list (fastpaths/compiled.py) answers exactly as the resolvers do.

Every query is asked of two apps over the same database: one with compiled queries (on
PostgreSQL the second asking of a document is one SQL statement), one without. Their JSON
must be equal, errors included, on every kind of case: rates changed mid-stay, a rate
for one species over one for all, a local area's rates over the tenant's, an unnotified rate
(total null), animals released, cases without owner, instants with microseconds, every
filter and page.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from bench.documents import documents

from pashu.config import Settings
from tests.conftest import (
    ROOMY,
    Databases,
    GraphQLClient,
    TenantFixture,
    client,
    make_tenant,
    roomy_gql,
    statements,
)
from tests.schema.clocks_helpers import CLOSE, case, sweep
from tests.schema.impoundment_helpers import (
    DELIVER,
    DUES,
    PUBLISH,
    authority_of,
    department,
    rate,
    seize,
)

AS_OF = "2026-01-20T10:00:00+05:30"
# The frontend's documents (web/operations), by operation name.
DOCUMENTS = documents()

W1 = """query W1($asOf: DateTime!, $first: Int!) {
  impoundments(first: $first, status: [IMPOUNDED, PARTLY_RELEASED]) {
    edges { node {
      id registerNumber status seizedAt
      owner { name address }
      pound { name }
      animals { species status }
      nextAction { action deadline }
      dues(asOf: $asOf) { total }
    } }
    pageInfo { hasNextPage endCursor }
  }
}"""

# Every field with an SQL form, with aliases, fragments and __typename.
WIDE = """query Wide($first: Int, $after: String, $asOf: DateTime) {
  cases: impoundments(first: $first, after: $after) {
    __typename
    pageInfo { startCursor endCursor more: hasNextPage hasPreviousPage }
    edges { cursor node { ...Case ... on Node { __typename } } }
  }
}
fragment Case on Impoundment {
  id registerNumber status seizedAt impoundedAt placeKind place area
  seizer { name address signed capacity damageFound }
  owner { __typename name address }
  nextAction { action notBefore deadline overdue(asOf: $asOf) late: overdue }
  pound { id name localAuthority { id name } }
  animals { id species description earTag status releasedAt injury carcassReturnedAt }
  animalCounts { species count inPound }
  dues(asOf: $asOf) { asOf total }
  today: dues { total }
}"""

FILTERED = """query Filtered($status: [CaseStatus!], $poundId: ID, $species: String,
    $from: DateTime, $to: DateTime, $overdue: Boolean, $dueBy: DateTime, $asOf: DateTime) {
  impoundments(first: 3, status: $status, poundId: $poundId, species: $species,
      seizedFrom: $from, seizedTo: $to, overdue: $overdue, dueBy: $dueBy, asOf: $asOf) {
    edges { cursor node { registerNumber status dues(asOf: $asOf) { total } } }
    pageInfo { hasNextPage endCursor }
  }
}"""


@pytest.fixture
async def gql(dbs: Databases) -> AsyncIterator[GraphQLClient]:
    """The app, under a budget for W1's page of cases with their dues (tests.conftest.ROOMY)."""
    async for c in roomy_gql(dbs.app):
        yield c


@pytest.fixture
async def ordinary(dbs: Databases) -> AsyncIterator[GraphQLClient]:
    """The same app with every query resolved field by field."""
    cfg = ROOMY.model_copy(update={"compiled_queries": False})
    async with client(dbs.app, cfg) as http:
        yield GraphQLClient(http)


async def same(
    dbs: Databases,
    gql: GraphQLClient,
    ordinary: GraphQLClient,
    query: str,
    variables: dict[str, Any],
    token: str | None,
) -> dict[str, Any]:
    """Ask both apps (the compiled one twice: the second answer is the plan's); the JSON
    must be equal. On PostgreSQL the planned answer is one statement building the JSON."""
    expected = await ordinary.raw(query, variables, token)
    first = await gql.raw(query, variables, token)
    with statements(dbs) as seen:
        planned = await gql.raw(query, variables, token)
    assert first == expected
    assert planned == expected
    built = [s for s in seen if "json_build_object" in s]
    if dbs.dialect == "postgresql" and not expected.get("errors"):
        assert len(built) == 1, seen
    else:
        assert built == []
    return expected


AREA_POUND = """
mutation($name: String!, $authority: String!) {
  createPound(input: {name: $name, localAuthority: $authority}) { id localAuthority { id } }
}"""


def on(day: int) -> dict[str, str]:
    """Seized at nine and brought to the pound at ten, on that day of January 2026."""
    return {
        "seizedAt": f"2026-01-{day:02d}T09:00:00+05:30",
        "impoundedAt": f"2026-01-{day:02d}T10:00:00+05:30",
    }


async def cases(dbs: Databases, gql: GraphQLClient) -> tuple[TenantFixture, str]:
    """A Nagaland department's register with every kind of case the list must show."""
    t, pound = await department(dbs, gql, "nagaland")
    # A cow's feeding rate raised mid-stay; a rate for all species; two notifications of
    # one date (the later published governs); a habitual area scale; no aerodrome scale.
    # Feeding rates are the pound's local authority's (s.4).
    kohima = {"localAuthorityId": await authority_of(gql, t.token)}
    await rate(gql, t.token, "FEEDING_PER_HEAD_PER_DAY", "cow", "12.50", "2026-01-06", **kohima)
    await rate(gql, t.token, "FEEDING_PER_HEAD_PER_DAY", None, "3.00", "2026-01-01", **kohima)
    await rate(gql, t.token, "FINE_PER_HEAD", None, "30.00", "2026-01-01")
    await rate(gql, t.token, "FINE_PER_HEAD", "goat", "25.00", "2026-01-01")
    await rate(gql, t.token, "HABITUAL_AREA_FINE_PER_HEAD", "cow", "90.00", "2026-01-01")
    await seize(
        gql,
        t.token,
        pound,
        seizedAt="2026-01-03T09:00:00.250001+05:30",
        impoundedAt="2026-01-03T15:00:00+05:30",
    )
    await seize(
        gql,
        t.token,
        pound,
        seizedAt="2026-01-04T08:00:00+05:30",
        impoundedAt="2026-01-04T23:59:59.999999+05:30",
        placeKind="HABITUAL_TRESPASS_AREA",
        seizerCapacity="POLICE_OFFICER",
        damage=None,  # found straying (s.10): no damage recorded
        area="Kohima TC ward 4",
        owner=None,
        animals=[{"species": "cow", "count": 1}, {"species": "buffalo", "count": 2}],
    )
    await seize(
        gql,
        t.token,
        pound,
        seizedAt="2026-01-05T07:00:00+05:30",
        impoundedAt="2026-01-05T08:00:00+05:30",
        placeKind="AERODROME",
        owner={"name": 'Lalthan\'zuala "Zami" \\ रमेश', "address": "Aizawl, ভেং\n2"},
        place='खेत: Runway 2, \u00a0"north"',
        animals=[{"species": "bull", "count": 1, "earTags": ["NL-0042"]}],
    )
    partly = await seize(gql, t.token, pound, **on(6))
    goat = next(a for a in partly["animals"] if a["species"] == "goat")
    at = "2026-01-07T12:00:00+05:30"
    owner = {"name": "T. Sema", "address": "Jotsoma"}
    given = {"impoundmentId": partly["id"], "at": at, "claimant": owner, "animalIds": [goat["id"]]}
    await gql.ok(DELIVER, {"input": {**given, "amountPaid": "35.00"}}, t.token)
    whole = await seize(gql, t.token, pound, **on(8))
    at = "2026-01-09T12:00:00+05:30"
    owed = await gql.ok(DUES, {"id": whole["id"], "asOf": at}, t.token)
    paid = owed["impoundment"]["dues"]["total"]
    given = {**given, "impoundmentId": whole["id"], "at": at, "animalIds": None}
    await gql.ok(DELIVER, {"input": {**given, "amountPaid": paid}}, t.token)
    for day in range(9, 16):
        await seize(gql, t.token, pound, **on(day))
    # Another local area with rates of its own (ss.4, 11(1)): its authority's feeding rate
    # from mid-stay, its pound's own fine scale; a case there.
    made = await gql.ok(AREA_POUND, {"name": "Dimapur pound", "authority": "Dimapur MC"}, t.token)
    other, authority = made["createPound"]["id"], made["createPound"]["localAuthority"]["id"]
    await gql.ok(
        PUBLISH,
        {
            "input": {
                "kind": "FEEDING_PER_HEAD_PER_DAY",
                "species": None,
                "amount": "7.00",
                "effectiveFrom": "2026-01-05",
                "reference": "DMC 1",
                "localAuthorityId": authority,
            }
        },
        t.token,
    )
    await gql.ok(
        PUBLISH,
        {
            "input": {
                "kind": "FINE_PER_HEAD",
                "species": "cow",
                "amount": "45.00",
                "effectiveFrom": "2026-01-01",
                "reference": "DIR 9",
                "poundId": other,
            }
        },
        t.token,
    )
    await seize(gql, t.token, other, **on(3))
    return t, pound


async def test_the_dashboard_page_is_the_same_json(
    dbs: Databases, gql: GraphQLClient, ordinary: GraphQLClient
) -> None:
    t, _ = await cases(dbs, gql)
    body = await same(dbs, gql, ordinary, W1, {"asOf": AS_OF, "first": 50}, t.token)
    edges = body["data"]["impoundments"]["edges"]
    assert len(edges) == 12  # the delivered case is not open
    totals = {e["node"]["registerNumber"]: e["node"]["dues"]["total"] for e in edges}
    # Buffalo with no habitual-area fine (s.11(2)), a seizure at an aerodrome with no s.12
    # fine: the s.11(1) scale is levied.
    assert totals[2] is not None and totals[3] is not None
    assert totals[1] is not None and totals[12] is not None
    # At the other local area's pound, whose authority fixed no feeding rate until 5 January
    # (s.4): unknown, never guessed.
    assert totals[13] is None


async def test_every_compiled_field_page_by_page(
    dbs: Databases, gql: GraphQLClient, ordinary: GraphQLClient
) -> None:
    t, _ = await cases(dbs, gql)
    after = None
    pages = 0
    while True:
        variables = {"first": 5, "after": after, "asOf": AS_OF}
        body = await same(dbs, gql, ordinary, WIDE, variables, t.token)
        cases_ = body["data"]["cases"]
        pages += 1
        if not cases_["pageInfo"]["more"]:
            break
        after = cases_["pageInfo"]["endCursor"]
    assert pages == 3  # 12 cases, 5 a page


@pytest.mark.parametrize(
    "variables",
    [
        {"status": ["PARTLY_RELEASED", "DELIVERED"]},
        {"species": "buffaloes"},
        {"from": "2026-01-04T00:00:00+05:30", "to": "2026-01-09T00:00:00+05:30"},
        {"overdue": True, "asOf": AS_OF},
        {"overdue": False, "asOf": "2026-01-03T10:00:00+05:30"},
        {"dueBy": "2026-01-10T00:00:00+05:30", "asOf": AS_OF},
        {"species": "mithun"},
    ],
)
async def test_every_filter(
    dbs: Databases, gql: GraphQLClient, ordinary: GraphQLClient, variables: dict[str, Any]
) -> None:
    t, pound = await cases(dbs, gql)
    await same(dbs, gql, ordinary, FILTERED, variables, t.token)
    await same(dbs, gql, ordinary, FILTERED, {**variables, "poundId": pound}, t.token)


@pytest.mark.parametrize(
    ("variables", "code"),
    [
        ({"first": 0, "asOf": AS_OF}, "LIMIT_EXCEEDED"),
        ({"first": 5, "after": "not-a-cursor", "asOf": AS_OF}, "VALIDATION"),
        ({"first": "five", "asOf": AS_OF}, "VALIDATION"),  # refused by GraphQL itself
        ({"first": 5, "asOf": "2026-01-20T10:00:00"}, "VALIDATION"),  # an instant needs a zone
        ({"first": 5, "asOf": "0001-01-01T00:00:00+05:30"}, "VALIDATION"),  # out of range
        ({"first": 2**40, "asOf": AS_OF}, "VALIDATION"),  # not an Int
    ],
)
async def test_refusals_are_the_resolvers_own(
    dbs: Databases,
    gql: GraphQLClient,
    ordinary: GraphQLClient,
    variables: dict[str, Any],
    code: str | None,
) -> None:
    t, _ = await cases(dbs, gql)
    await gql.ok(WIDE, {"first": 5, "asOf": AS_OF}, t.token)  # the document is proven
    body = await same(dbs, gql, ordinary, WIDE, variables, t.token)
    assert body["errors"]
    assert body["errors"][0].get("extensions", {}).get("code") == code


async def test_no_token_no_cases(
    dbs: Databases, gql: GraphQLClient, ordinary: GraphQLClient
) -> None:
    t, _ = await cases(dbs, gql)
    await gql.ok(W1, {"asOf": AS_OF, "first": 50}, t.token)
    for token in (None, t.token + "x"):
        body = await same(dbs, gql, ordinary, W1, {"asOf": AS_OF, "first": 50}, token)
        assert body["data"] is None
        assert body["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"


async def test_each_tenant_sees_only_its_own_cases(
    dbs: Databases, gql: GraphQLClient, ordinary: GraphQLClient
) -> None:
    mine, _ = await cases(dbs, gql)
    theirs, pound = await department(dbs, gql, "mizoram")
    await seize(gql, theirs.token, pound)
    variables = {"first": 50, "asOf": AS_OF}
    with statements(dbs) as seen:
        other = await same(dbs, gql, ordinary, WIDE, variables, theirs.token)
    if dbs.dialect == "postgresql":  # the first wall holds in the statement, besides RLS
        built = next(s for s in seen if "json_build_object" in s)
        for table in ("impoundments", "rate_notifications"):
            assert f"{table}.tenant_id = " in built
    assert [e["node"]["registerNumber"] for e in other["data"]["cases"]["edges"]] == [1]
    own = await same(dbs, gql, ordinary, WIDE, variables, mine.token)
    assert len(own["data"]["cases"]["edges"]) == 13
    # An Act without a pound chapter: no cases, and the same empty page.
    none = make_tenant(dbs, "chhattisgarh")
    empty = await same(dbs, gql, ordinary, WIDE, variables, none.token)
    assert empty["data"]["cases"]["edges"] == []


async def test_a_field_without_sql_is_resolved_the_ordinary_way(
    dbs: Databases, gql: GraphQLClient, ordinary: GraphQLClient
) -> None:
    t, _ = await cases(dbs, gql)
    query = "{ impoundments(first: 2) { edges { node { id timeline { action } } } } }"
    with statements(dbs) as resolved:
        expected = await ordinary.ok(query, token=t.token)
    await gql.ok(query, token=t.token)
    with statements(dbs) as seen:
        assert await gql.ok(query, token=t.token) == expected
    assert not [s for s in seen if "json_build_object" in s]
    assert len(seen) == len(resolved)  # not even a second look at the token


async def test_the_limits_hold_for_a_compiled_document(dbs: Databases) -> None:
    t = make_tenant(dbs, "nagaland")
    async with client(dbs.app, Settings(env="test", max_depth=3)) as http:
        shallow = GraphQLClient(http)
        for _ in range(2):
            err = await shallow.error(W1, {"asOf": AS_OF, "first": 50}, t.token)
            assert "exceeds maximum operation depth" in err["message"]


async def test_another_tenants_cursor_is_validation_on_both_paths(
    dbs: Databases, gql: GraphQLClient, ordinary: GraphQLClient
) -> None:
    """A cursor names a position in one tenant's list: another tenant's is not a position
    in yours (the README: VALIDATION on `after`), on the compiled path as on the resolvers'."""
    t, _ = await cases(dbs, gql)
    other, pound = await department(dbs, gql, "nagaland")
    await seize(gql, other.token, pound)
    await seize(gql, other.token, pound)
    theirs = await gql.ok(WIDE, {"first": 1, "asOf": AS_OF}, other.token)
    cursor = theirs["cases"]["pageInfo"]["endCursor"]
    mine = await gql.ok(WIDE, {"first": 1, "asOf": AS_OF}, t.token)  # the document is proven
    own = await same(
        dbs, gql, ordinary, WIDE, {"first": 1, "after": mine["cases"]["pageInfo"]["endCursor"],
        "asOf": AS_OF}, t.token,
    )  # fmt: skip
    assert own["data"]["cases"]["edges"]  # its own cursor still pages
    body = await same(
        dbs, gql, ordinary, WIDE, {"first": 5, "after": cursor, "asOf": AS_OF}, t.token
    )
    assert body["data"] is None
    assert [e["extensions"]["code"] for e in body["errors"]] == ["VALIDATION"]
    assert body["errors"][0]["extensions"].get("field") == "after"


AUCTIONS = """query Auctions($first: Int) {
  impoundments(first: $first) {
    edges { node { registerNumber auctions {
      __typename id impoundmentId round scheduledFor place conditions noticeIssuedAt closedAt
    } } }
  }
}"""


async def test_a_case_list_with_its_auctions(
    dbs: Databases, gql: GraphQLClient, ordinary: GraphQLClient
) -> None:
    """The dashboard's latest cases with their auctions (the frontend's `LatestCases`): a case
    auctioned twice (the first round closed with a lot unsold, the second open), a case with
    none, and another tenant's auction never shown."""
    t, pound = await department(dbs, gql, "nagaland")
    auctioned = await seize(gql, t.token, pound)
    await seize(gql, t.token, pound, **on(9))  # seized after the auction's window opened
    await sweep(gql, t.token, "2026-01-11T10:00:00+05:30")
    await sweep(gql, t.token, "2026-01-19T09:00:00+05:30")  # s.14(3): the auction scheduled
    found = await case(gql, t.token, auctioned["id"])
    (first,) = found["auctions"]
    cows = first["lots"][0]
    buyer = {"name": "L. Ao", "address": "Mokokchung", "role": "PUBLIC"}
    sold = {"lotId": cows["id"], "buyer": buyer, "price": "3000.00", "expenses": "50.00"}
    close = {"auctionId": first["id"], "at": "2026-01-23T12:00:00+05:30", "results": [sold]}
    await gql.ok(CLOSE, {"input": close}, t.token)
    await sweep(gql, t.token, "2026-01-24T09:00:00+05:30")  # the goat up again, round 2
    other, theirs = await department(dbs, gql, "nagaland")
    await seize(gql, other.token, theirs)
    await sweep(gql, other.token, "2026-01-11T10:00:00+05:30")
    await sweep(gql, other.token, "2026-01-19T09:00:00+05:30")

    latest = DOCUMENTS["LatestCases"].body
    body = await same(dbs, gql, ordinary, latest, {}, t.token)
    shown = {
        e["node"]["id"]: [a["round"] for a in e["node"]["auctions"]]
        for e in body["data"]["impoundments"]["edges"]
    }
    assert shown[auctioned["id"]] == [1, 2]
    assert sorted(shown.values()) == [[], [1, 2]]
    wide = await same(dbs, gql, ordinary, AUCTIONS, {"first": 5}, t.token)
    rounds = [a for e in wide["data"]["impoundments"]["edges"] for a in e["node"]["auctions"]]
    assert [(a["round"], a["closedAt"] is None) for a in rounds] == [(1, False), (2, True)]
    theirs_shown = await same(dbs, gql, ordinary, AUCTIONS, {"first": 5}, other.token)
    (edge,) = theirs_shown["data"]["impoundments"]["edges"]
    assert [a["round"] for a in edge["node"]["auctions"]] == [1]

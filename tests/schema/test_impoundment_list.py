"""The dashboard's list of cases: keyset pages, filters, and a fixed number of statements."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from tests.conftest import Databases, GraphQLClient, make_tenant, roomy_gql, statements
from tests.schema.impoundment_helpers import department, seize

PAGE = """
query($first: Int, $after: String, $status: [CaseStatus!], $species: String) {
  impoundments(first: $first, after: $after, status: $status, species: $species) {
    edges { cursor node {
      id registerNumber status seizedAt
      pound { name localAuthority { name } }
      animals { species status }
      dues(asOf: "2026-02-01T00:00:00+05:30") { total lines { kind amount citation { section } } }
      timeline { action deadline }
    } }
    pageInfo { hasNextPage endCursor }
  }
}"""


@pytest.fixture
async def gql(dbs: Databases) -> AsyncIterator[GraphQLClient]:
    """The app, under a budget for PAGE's cases with their dues (tests.conftest.ROOMY)."""
    async for c in roomy_gql(dbs.app):
        yield c


async def _cases(dbs: Databases, gql: GraphQLClient, n: int) -> tuple[str, list[dict[str, Any]]]:
    t, pound = await department(dbs, gql, "nagaland")
    made = []
    for day in range(n):
        made.append(
            await seize(
                gql,
                t.token,
                pound,
                seizedAt=f"2026-01-{day + 1:02d}T09:00:00+05:30",
                impoundedAt=f"2026-01-{day + 1:02d}T10:00:00+05:30",
            )
        )
    return t.token, made


async def test_pages_follow_each_other_newest_first(dbs: Databases, gql: GraphQLClient) -> None:
    token, made = await _cases(dbs, gql, 5)
    first = (await gql.ok(PAGE, {"first": 2}, token))["impoundments"]
    assert [e["node"]["registerNumber"] for e in first["edges"]] == [5, 4]
    assert first["pageInfo"]["hasNextPage"] is True
    rest = await gql.ok(PAGE, {"first": 10, "after": first["pageInfo"]["endCursor"]}, token)
    assert [e["node"]["registerNumber"] for e in rest["impoundments"]["edges"]] == [3, 2, 1]
    assert rest["impoundments"]["pageInfo"]["hasNextPage"] is False
    assert len(made) == 5


async def test_a_page_costs_the_same_statements_whatever_its_size(
    dbs: Databases, gql: GraphQLClient
) -> None:
    token, _ = await _cases(dbs, gql, 12)
    with statements(dbs) as small:
        await gql.ok(PAGE, {"first": 2}, token)
    with statements(dbs) as large:
        data = await gql.ok(PAGE, {"first": 12}, token)
    assert len(data["impoundments"]["edges"]) == 12
    assert all(e["node"]["dues"]["total"] for e in data["impoundments"]["edges"])
    assert len(small) == len(large), (small, large)
    # The tenant setting, the token, the setting again, the cases, pounds, animals, notices,
    # the rates and the local authorities and pounds they are fixed for (Nagaland s.4).
    assert len(large) <= 9, large


async def test_filters_by_status_and_species(dbs: Databases, gql: GraphQLClient) -> None:
    token, _ = await _cases(dbs, gql, 2)
    none = await gql.ok(PAGE, {"status": ["DELIVERED"]}, token)
    assert none["impoundments"]["edges"] == []
    goats = await gql.ok(PAGE, {"species": "goats"}, token)
    assert len(goats["impoundments"]["edges"]) == 2
    pigs = await gql.ok(PAGE, {"species": "pig"}, token)
    assert pigs["impoundments"]["edges"] == []


async def test_page_sizes_are_bounded(dbs: Databases, gql: GraphQLClient) -> None:
    token, _ = await _cases(dbs, gql, 1)
    err = await gql.error(PAGE, {"first": 1000}, token)
    assert err["extensions"]["code"] == "LIMIT_EXCEEDED"


async def test_another_tenants_cases_are_invisible(dbs: Databases, gql: GraphQLClient) -> None:
    token, made = await _cases(dbs, gql, 1)
    other = make_tenant(dbs, "nagaland")
    listed = await gql.ok(PAGE, {}, other.token)
    assert listed["impoundments"]["edges"] == []
    node = await gql.ok(
        "query($id: ID!) { node(id: $id) { id } impoundment(id: $id) { id } }",
        {"id": made[0]["id"]},
        other.token,
    )
    assert node == {"node": None, "impoundment": None}
    mine = await gql.ok(
        "query($id: ID!) { impoundment(id: $id) { id } }", {"id": made[0]["id"]}, token
    )
    assert mine["impoundment"]["id"] == made[0]["id"]
    # Asked with its animals (read with the case in one statement), directly or in a
    # fragment: the same.
    fragment = "fragment F on Impoundment { animals { species } }"
    for asked, more in (("animals { species }", ""), ("...F", fragment)):
        query = f"query($id: ID!) {{ impoundment(id: $id) {{ id {asked} }} }} {more}"
        theirs = await gql.ok(query, {"id": made[0]["id"]}, other.token)
        assert theirs == {"impoundment": None}
        mine = await gql.ok(query, {"id": made[0]["id"]}, token)
        assert mine["impoundment"]["id"] == made[0]["id"]
        assert mine["impoundment"]["animals"]


async def test_stats_count_the_register_in_the_database(dbs: Databases, gql: GraphQLClient) -> None:
    from tests.schema.impoundment_helpers import DELIVER

    token, made = await _cases(dbs, gql, 3)
    await gql.ok(
        DELIVER,
        {
            "input": {
                "impoundmentId": made[0]["id"],
                "at": "2026-01-01T12:00:00+05:30",
                "claimant": {"name": "T. Sema", "address": "Jotsoma"},
                "amountPaid": "145.00",
            }
        },
        token,
    )
    stats = (
        await gql.ok(
            "{ impoundmentStats { total open animalsInPound byStatus { key count } "
            "byPound { key count } bySpecies { key count } } }",
            token=token,
        )
    )["impoundmentStats"]
    assert (stats["total"], stats["open"], stats["animalsInPound"]) == (3, 2, 6)
    assert stats["byStatus"] == [{"key": "IMPOUNDED", "count": 2}, {"key": "DELIVERED", "count": 1}]
    assert stats["byPound"] == [{"key": "Main pound", "count": 3}]
    assert stats["bySpecies"] == [{"key": "cow", "count": 4}, {"key": "goat", "count": 2}]
    other = make_tenant(dbs, "nagaland")
    empty = await gql.ok("{ impoundmentStats { total byStatus { key } } }", token=other.token)
    assert empty["impoundmentStats"] == {"total": 0, "byStatus": []}

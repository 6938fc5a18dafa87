"""Relay conformance: the connection's page info per the cursor connections specification, and
`node(id:)` for every type that has a global id."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator

import pytest

from pashu.schema.node import NODE_RESOLVERS, to_global_id
from tests.conftest import Databases, GraphQLClient, add_token, make_tenant, roomy_gql
from tests.schema.impoundment_helpers import department, seize
from tests.schema.relay_helpers import (
    ANSWERED,
    LISTED,
    World,
    every_state,
    fragment,
    node_types,
)

PAGE = """
query($first: Int, $after: String) {
  impoundments(first: $first, after: $after) {
    edges { cursor node { registerNumber } }
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
  }
}"""

BY_ID = "query($id: ID!) { node(id: $id) { __typename ...F } }"
BARE = "query($id: ID!) { node(id: $id) { __typename id } }"
# The types whose object is built from more than its row (a case view, citations, the
# plugin's rules): the last to get a lookup.
BUILT = {
    "Fine",
    "AttackLiability",
    "CompensationOrder",
    "SetOff",
    "CattleLicence",
    "Establishment",
    "GrazingOrder",
    "Inspector",
    "RegistrationAppeal",
    "TaxPayment",
}

NODE = """
query($id: ID!) {
  node(id: $id) {
    __typename id
    ... on Animal { species }
    ... on LocalAuthority { name }
  }
}"""


@pytest.fixture
async def gql(dbs: Databases) -> AsyncIterator[GraphQLClient]:
    """The app, under a budget for lists asking every field of a type (tests.conftest.ROOMY)."""
    async for c in roomy_gql(dbs.app):
        yield c


async def test_page_info_states_both_cursors_and_whether_cases_precede(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    for day in (1, 2, 3):
        await seize(
            gql,
            t.token,
            pound,
            seizedAt=f"2026-01-{day:02d}T09:00:00+05:30",
            impoundedAt=f"2026-01-{day:02d}T10:00:00+05:30",
        )
    first = (await gql.ok(PAGE, {"first": 2}, t.token))["impoundments"]
    info = first["pageInfo"]
    assert info["hasPreviousPage"] is False and info["hasNextPage"] is True
    assert info["startCursor"] == first["edges"][0]["cursor"]
    assert info["endCursor"] == first["edges"][-1]["cursor"]
    rest = (await gql.ok(PAGE, {"first": 2, "after": info["endCursor"]}, t.token))["impoundments"]
    assert [e["node"]["registerNumber"] for e in rest["edges"]] == [1]
    assert rest["pageInfo"]["hasPreviousPage"] is True
    assert rest["pageInfo"]["hasNextPage"] is False
    assert rest["pageInfo"]["startCursor"] == rest["pageInfo"]["endCursor"]


async def test_an_empty_page_has_no_cursors(dbs: Databases, gql: GraphQLClient) -> None:
    t = make_tenant(dbs, "mizoram")
    info = (await gql.ok(PAGE, {"first": 5}, t.token))["impoundments"]["pageInfo"]
    assert info == {
        "hasNextPage": False,
        "hasPreviousPage": False,
        "startCursor": None,
        "endCursor": None,
    }


async def test_node_fetches_an_animal_and_a_local_authority_but_not_another_tenants(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)
    animal = case["animals"][0]
    got = (await gql.ok(NODE, {"id": animal["id"]}, t.token))["node"]
    assert got == {"__typename": "Animal", "id": animal["id"], "species": animal["species"]}
    authority = (
        await gql.ok(
            "query($id: ID!) { node(id: $id) { ... on Pound { localAuthority { id } } } }",
            {"id": pound},
            t.token,
        )
    )["node"]["localAuthority"]["id"]
    got = (await gql.ok(NODE, {"id": authority}, t.token))["node"]
    assert got["__typename"] == "LocalAuthority" and got["name"] == "Kohima TC"
    other = make_tenant(dbs, "nagaland")
    assert (await gql.ok(NODE, {"id": animal["id"]}, other.token))["node"] is None


def test_every_type_with_a_global_id_has_a_lookup_and_a_field_that_shows_it() -> None:
    nodes = node_types()
    assert set(NODE_RESOLVERS) == nodes  # a new type without a lookup fails here
    assert set(LISTED) | ANSWERED == nodes and not set(LISTED) & ANSWERED
    assert nodes >= BUILT


async def test_node_answers_every_type_exactly_as_its_own_field_does(
    dbs: Databases, gql: GraphQLClient
) -> None:
    world = await every_state(dbs, gql)
    # The least role the type's own field admits: a listed type, the read-only inspector; a
    # record only a magistrate's mutation shows, a magistrate.
    readers = {code: add_token(dbs, t, "inspector") for code, t in world.tenants.items()}
    magistrates = {code: add_token(dbs, t, "magistrate") for code, t in world.tenants.items()}
    for type_name in sorted(node_types()):
        code, objects = await world.instances(gql, type_name, readers)
        assert objects, f"the {code} department holds no {type_name}"
        query = f"{BY_ID}\n{fragment(type_name)}"
        reader = (magistrates if type_name in ANSWERED else readers)[code]
        for shown in objects:
            got = (await gql.ok(query, {"id": shown["id"]}, reader))["node"]
            assert got == {"__typename": type_name, **shown}, type_name
        if type_name in ANSWERED:
            refused = await gql.error(BARE, {"id": objects[0]["id"]}, readers[code])
            assert refused["extensions"]["code"] == "FORBIDDEN", type_name


async def _as_listed_elsewhere(
    gql: GraphQLClient, world: World, type_name: str, token: str, gid: str
) -> None:
    """In a department of another state: null where the type's own field answers there, the
    same coded error where that field is refused (the Act has no such chapter)."""
    got = await gql.raw(BARE, {"id": gid}, token)
    listing = None if type_name in ANSWERED else LISTED[type_name][1]
    refused = listing and (await gql.raw(f"{listing}\n{fragment(type_name)}", None, token)).get(
        "errors"
    )
    if refused:
        assert got["errors"][0]["extensions"]["code"] == refused[0]["extensions"]["code"]
    else:
        assert not got.get("errors") and got["data"]["node"] is None, (type_name, got)


async def test_node_of_the_types_built_from_more_than_their_row_keeps_to_the_tenant(
    dbs: Databases, gql: GraphQLClient
) -> None:
    world = await every_state(dbs, gql)
    strangers = {code: make_tenant(dbs, code).token for code in world.tenants}
    for type_name in sorted(BUILT):
        code, (shown, *_) = await world.instances(gql, type_name)
        home = world.tenants[code].token
        assert (await gql.ok(BARE, {"id": shown["id"]}, home))["node"]["id"] == shown["id"]
        other = await gql.ok(BARE, {"id": shown["id"]}, strangers[code])
        assert other["node"] is None, type_name  # another department of the same state
        unknown = to_global_id(type_name, uuid.uuid4())
        assert (await gql.ok(BARE, {"id": unknown}, home))["node"] is None, type_name
        for elsewhere, t in world.tenants.items():
            if elsewhere != code:
                await _as_listed_elsewhere(gql, world, type_name, t.token, shown["id"])
    malformed = await gql.ok(BARE, {"id": "not-a-global-id"}, world.tenants["nagaland"].token)
    assert malformed["node"] is None

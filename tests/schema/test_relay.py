"""Relay conformance: the connection's page info per the cursor connections specification, and
`node(id:)` for every type that has a global id."""

from __future__ import annotations

from graphql import GraphQLObjectType

from pashu.schema.node import NODE_RESOLVERS
from pashu.schema.schema import schema
from tests.conftest import Databases, GraphQLClient, make_tenant
from tests.schema.impoundment_helpers import department, seize

PAGE = """
query($first: Int, $after: String) {
  impoundments(first: $first, after: $after) {
    edges { cursor node { registerNumber } }
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
  }
}"""

NODE = """
query($id: ID!) {
  node(id: $id) {
    __typename id
    ... on Animal { species }
    ... on LocalAuthority { name }
  }
}"""


def test_every_node_lookup_names_a_type_with_a_global_id() -> None:
    graphql = schema()._schema
    nodes = {
        name
        for name, t in graphql.type_map.items()
        if isinstance(t, GraphQLObjectType) and any(i.name == "Node" for i in t.interfaces)
    }
    assert set(NODE_RESOLVERS) <= nodes
    assert {"Animal", "Notice", "Receipt", "Sale", "LocalAuthority", "AnimalOwner"} <= set(
        NODE_RESOLVERS
    )


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

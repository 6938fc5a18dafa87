"""Pounds under their local authorities (Nagaland ss.3-5; Mizoram s.7(1))."""

from __future__ import annotations

from sqlalchemy import select

from pashu.db.pounds import LocalAuthority
from pashu.db.tenancy import AuditEvent
from tests.conftest import Databases, GraphQLClient, add_token, make_tenant

CREATE = """
mutation($name: String!, $la: String!) {
  createPound(input: {name: $name, localAuthority: $la}) { id name localAuthority { name } }
}"""
LIST = "{ pounds { id name localAuthority { name } } }"
NODE = "query($id: ID!) { node(id: $id) { id ... on Pound { name } } }"


async def test_a_clerk_records_a_pound_and_sees_it(dbs: Databases, gql: GraphQLClient) -> None:
    t = make_tenant(dbs, "nagaland", role="clerk")
    made = await gql.ok(CREATE, {"name": "Kohima pound", "la": "Kohima Town Committee"}, t.token)
    pound = made["createPound"]
    assert pound["localAuthority"]["name"] == "Kohima Town Committee"
    listed = (await gql.ok(LIST, token=t.token))["pounds"]
    assert listed == [pound]
    assert (await gql.ok(NODE, {"id": pound["id"]}, t.token))["node"]["name"] == "Kohima pound"


async def test_another_tenant_cannot_see_the_pound(dbs: Databases, gql: GraphQLClient) -> None:
    a, b = make_tenant(dbs, "nagaland"), make_tenant(dbs, "mizoram")
    pound = (await gql.ok(CREATE, {"name": "P1", "la": "VC Aizawl"}, a.token))["createPound"]
    assert (await gql.ok(NODE, {"id": pound["id"]}, b.token)) == {"node": None}
    assert (await gql.ok(LIST, token=b.token))["pounds"] == []
    # b may use the same names: they are b's own.
    again = await gql.ok(CREATE, {"name": "P1", "la": "VC Aizawl"}, b.token)
    assert again["createPound"]["id"] != pound["id"]


async def test_an_act_without_an_impoundment_chapter_has_no_pounds(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "chhattisgarh")
    err = await gql.error(CREATE, {"name": "P", "la": "Raipur"}, t.token)
    assert err["extensions"]["code"] == "NOT_IN_JURISDICTION"


async def test_a_viewer_may_not_create_a_pound(dbs: Databases, gql: GraphQLClient) -> None:
    t = make_tenant(dbs, "mizoram")
    viewer = add_token(dbs, t, "viewer")
    err = await gql.error(CREATE, {"name": "P", "la": "VC"}, viewer)
    assert err["extensions"]["code"] == "FORBIDDEN"
    assert (await gql.ok(LIST, token=t.token))["pounds"] == []


async def test_refused_input_changes_nothing(dbs: Databases, gql: GraphQLClient) -> None:
    t = make_tenant(dbs, "nagaland")
    await gql.ok(CREATE, {"name": "Dimapur pound", "la": "Dimapur TC"}, t.token)
    dup = await gql.error(CREATE, {"name": "Dimapur pound", "la": "Other TC"}, t.token)
    blank = await gql.error(CREATE, {"name": "  ", "la": "Yet another"}, t.token)
    assert dup["extensions"]["code"] == "CONFLICT"
    assert blank["extensions"]["code"] == "VALIDATION"
    with dbs.admin.transaction(t.id) as s:
        assert list(s.scalars(select(LocalAuthority.name))) == ["Dimapur TC"]


async def test_creating_a_pound_leaves_an_audit_event(dbs: Databases, gql: GraphQLClient) -> None:
    t = make_tenant(dbs, "mizoram", role="clerk")
    await gql.ok(CREATE, {"name": "Lunglei enclosure", "la": "VC Lunglei"}, t.token)
    with dbs.admin.transaction(t.id) as s:
        actions = s.execute(select(AuditEvent.action, AuditEvent.actor)).all()
    assert ("pound.create", f"{t.slug} clerk (clerk)") in [tuple(a) for a in actions]

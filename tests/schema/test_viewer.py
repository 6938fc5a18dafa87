"""Tokens, the viewer, and what a request without a (good) token may do."""

from __future__ import annotations

from tests.conftest import Databases, GraphQLClient, make_tenant

VIEWER = "{ viewer { role tenant { slug name jurisdiction { code isoCode } } } }"


async def test_a_token_names_its_tenant_and_jurisdiction(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "nagaland", role="clerk")
    data = await gql.ok(VIEWER, token=t.token)
    assert data["viewer"]["role"] == "CLERK"  # an enum (issue #35)
    assert data["viewer"]["tenant"]["slug"] == t.slug
    assert data["viewer"]["tenant"]["jurisdiction"] == {"code": "nagaland", "isoCode": "IN-NL"}


async def test_a_bad_token_is_unauthenticated(dbs: Databases, gql: GraphQLClient) -> None:
    t = make_tenant(dbs, "mizoram")
    forged = t.token[:-4] + "AAAA"
    for token in (forged, "not-a-token", f"pashu_{'0' * 32}_x"):
        err = await gql.error(VIEWER, token=token)
        assert err["extensions"]["code"] == "UNAUTHENTICATED"


async def test_no_token_is_unauthenticated_for_the_viewer(gql: GraphQLClient) -> None:
    err = await gql.error(VIEWER)
    assert err["extensions"]["code"] == "UNAUTHENTICATED"


async def test_the_law_is_public_even_with_a_bad_token(gql: GraphQLClient) -> None:
    data = await gql.ok("{ jurisdictions { code name } }", token="pashu_bad_token")
    assert {j["code"] for j in data["jurisdictions"]} >= {"mizoram", "nagaland", "chhattisgarh"}


async def test_hundreds_of_aliases_are_refused(gql: GraphQLClient) -> None:
    query = "{ " + " ".join(f"a{i}: jurisdictions {{ code }}" for i in range(300)) + " }"
    body = await gql.raw(query)
    assert body.get("errors") and body.get("data") is None
    assert "alias" in body["errors"][0]["message"].lower() or "token" in (
        body["errors"][0]["message"].lower()
    )


async def test_moderately_many_aliases_are_fine(gql: GraphQLClient) -> None:
    query = "{ " + " ".join(f"a{i}: jurisdictions {{ code }}" for i in range(10)) + " }"
    data = await gql.ok(query)
    assert len(data) == 10


async def test_deep_queries_are_refused(gql: GraphQLClient) -> None:
    inner = "code"
    for _ in range(14):
        inner = f"tenant {{ jurisdiction {{ {inner} }} }}"
    body = await gql.raw("{ viewer { " + inner + " } }")
    assert body.get("errors") and body.get("data") is None


async def test_the_tokens_hash_alone_is_stored(dbs: Databases) -> None:
    import sqlalchemy as sa

    t = make_tenant(dbs, "mizoram")
    with dbs.admin.engine.connect() as c:
        c.exec_driver_sql("SELECT 1")
        hashes = [row[0] for row in c.execute(sa.text("SELECT token_hash FROM api_tokens"))]
    assert t.token not in hashes and all(len(h) == 64 for h in hashes)

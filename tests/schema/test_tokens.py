"""API tokens have a lifecycle: an administrator makes them (the secret shown once), lists
them with their expiry and last use, and revokes them; an expired or revoked token signs
nobody in."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy import update

from pashu.db.tenancy import ApiToken
from tests.conftest import Databases, GraphQLClient, add_token, make_tenant

CREATE = """
mutation($input: CreateTokenInput!) {
  createToken(input: $input) {
    secret
    token { id role label createdAt expiresAt lastUsedAt revokedAt createdBy user { name role } }
  }
}"""
TOKENS = "{ tokens { id role label expiresAt lastUsedAt revokedAt } }"
REVOKE = "mutation($id: ID!) { revokeToken(input: {id: $id}) { id revokedAt } }"
VIEWER = "{ viewer { role user { name } } }"


async def test_an_admin_makes_a_token_that_signs_in_and_expires_by_default_in_90_days(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "nagaland")
    made = (await gql.ok(CREATE, {"input": {"role": "CLERK", "name": "L. Ao"}}, t.token))[
        "createToken"
    ]
    token = made["token"]
    # Role enums everywhere (issue #35): the token's, its user's and the viewer's.
    assert token["role"] == "CLERK" and token["user"] == {"name": "L. Ao", "role": "CLERK"}
    assert token["lastUsedAt"] is None and token["revokedAt"] is None
    life = datetime.fromisoformat(token["expiresAt"]) - datetime.fromisoformat(token["createdAt"])
    assert abs(life - timedelta(days=90)) < timedelta(seconds=5)
    viewer = (await gql.ok(VIEWER, token=made["secret"]))["viewer"]
    assert viewer == {"role": "CLERK", "user": {"name": "L. Ao"}}
    listed = {x["id"]: x for x in (await gql.ok(TOKENS, token=t.token))["tokens"]}
    assert listed[token["id"]]["lastUsedAt"] is not None  # its use is kept
    assert "secret" not in listed[token["id"]]


async def test_a_revoked_token_signs_nobody_in_and_cannot_be_revoked_twice(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "mizoram")
    made = (await gql.ok(CREATE, {"input": {"role": "VIEWER", "name": "Auditor"}}, t.token))[
        "createToken"
    ]
    revoked = (await gql.ok(REVOKE, {"id": made["token"]["id"]}, t.token))["revokeToken"]
    assert revoked["revokedAt"] is not None
    err = await gql.error(VIEWER, token=made["secret"])
    assert err["extensions"]["code"] == "UNAUTHENTICATED"
    again = await gql.error(REVOKE, {"id": made["token"]["id"]}, t.token)
    assert again["extensions"]["code"] == "CONFLICT"


async def test_an_expired_token_signs_nobody_in(dbs: Databases, gql: GraphQLClient) -> None:
    t = make_tenant(dbs, "nagaland")
    made = (await gql.ok(CREATE, {"input": {"role": "VIEWER", "name": "V", "days": 1}}, t.token))[
        "createToken"
    ]
    assert (await gql.ok(VIEWER, token=made["secret"]))["viewer"]["role"] == "VIEWER"
    with dbs.admin.transaction(t.id) as s:  # a day and a second later
        s.execute(
            update(ApiToken)
            .where(ApiToken.label == "V")
            .values(expires_at=datetime.now(UTC) - timedelta(seconds=1))
        )
    err = await gql.error(VIEWER, token=made["secret"])
    assert err["extensions"]["code"] == "UNAUTHENTICATED"
    assert "expired" in err["message"]


async def test_only_an_admin_manages_tokens_and_bad_input_is_refused(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "nagaland")
    clerk = add_token(dbs, t, "clerk")
    for query, variables in (
        (CREATE, {"input": {"role": "ADMIN", "name": "Me"}}),
        (TOKENS, {}),
    ):
        err = await gql.error(query, variables, clerk)
        assert err["extensions"]["code"] == "FORBIDDEN"
    days = await gql.error(CREATE, {"input": {"role": "CLERK", "name": "X", "days": 0}}, t.token)
    assert days["extensions"]["code"] == "VALIDATION"
    # A role that is none of the enum's, or the stored lower-case spelling, is no value of it.
    for bad in ("emperor", "clerk"):
        err = await gql.error(CREATE, {"input": {"role": bad, "name": "X"}}, t.token)
        assert "Role" in err["message"] and bad in err["message"]
    made = [x["label"] for x in (await gql.ok(TOKENS, token=t.token))["tokens"]]
    assert "X" not in made  # nothing was made
    other = make_tenant(dbs, "mizoram")
    theirs = (await gql.ok(TOKENS, token=other.token))["tokens"][0]["id"]
    err = await gql.error(REVOKE, {"id": theirs}, t.token)  # another tenant's: not found
    assert err["extensions"]["code"] == "NOT_FOUND"

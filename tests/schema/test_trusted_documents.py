"""The frontend's documents asked for by hash (Apollo's persisted-query protocol), and a
server told to run nothing else (PASHU_TRUSTED_DOCUMENTS): its registered documents by hash
or in full, and the public law asked anonymously, as free text."""

from __future__ import annotations

import hashlib
import json
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest

from pashu.app import MANIFEST
from pashu.config import Settings
from tests.conftest import Databases, GraphQLClient, client, make_tenant
from tests.schema.impoundment_helpers import department, seize
from tests.schema.test_observability import sample, scrape

REGISTERED = {op["name"]: op for op in json.loads(MANIFEST.read_text())["operations"]}


def by_hash(name: str, variables: dict[str, Any] | None = None) -> dict[str, Any]:
    """A request as lib.js sends it first: the operation's name and hash, no text."""
    return {
        "operationName": name,
        "variables": variables or {},
        "extensions": {"persistedQuery": {"version": 1, "sha256Hash": REGISTERED[name]["id"]}},
    }


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
async def trusted(dbs: Databases) -> AsyncIterator[httpx.AsyncClient]:
    async with client(dbs.app, Settings(env="test", trusted_documents=True)) as http:
        yield http
    await dbs.app.async_engine.dispose()


@pytest.fixture
async def metered(dbs: Databases) -> AsyncIterator[GraphQLClient]:
    """The app with its metrics on the API's port (tests only), to count what it answered."""
    async with client(dbs.app, Settings(env="test", metrics_on_api_port=True)) as http:
        yield GraphQLClient(http)
    await dbs.app.async_engine.dispose()


async def test_a_registered_hash_answers_as_its_text_and_is_counted_under_its_name(
    dbs: Databases, metered: GraphQLClient
) -> None:
    gql = metered
    t = make_tenant(dbs, "nagaland")
    text = REGISTERED["DashboardViewer"]["body"]
    before = await scrape(gql)
    hashed = await gql.http.post("/graphql", json=by_hash("DashboardViewer"), headers=auth(t.token))
    assert hashed.status_code == 200
    assert hashed.json()["data"]["viewer"]["tenant"]["slug"] == t.slug
    plain = await gql.http.post("/graphql", json={"query": text}, headers=auth(t.token))
    assert hashed.json() == plain.json()
    after = await scrape(gql)
    labels = {"operation": "DashboardViewer", "outcome": "ok"}
    total = "pashu_graphql_requests_total"
    assert sample(after, total, **labels) - sample(before, total, **labels) == 2


async def test_an_unknown_hash_asks_for_the_text_and_a_wrong_one_is_refused(
    gql: GraphQLClient,
) -> None:
    unknown = {"extensions": {"persistedQuery": {"version": 1, "sha256Hash": "0" * 64}}}
    r = await gql.http.post("/graphql", json=unknown)
    assert r.json()["errors"][0]["extensions"]["code"] == "PERSISTED_QUERY_NOT_FOUND"
    # Resent with its text (what lib.js does next), an unregistered document runs when the
    # server is not told to trust only its own.
    query = "query Codes { jurisdictions { code } }"
    digest = hashlib.sha256(query.encode()).hexdigest()
    sent = {"query": query, "extensions": {"persistedQuery": {"version": 1, "sha256Hash": digest}}}
    r = await gql.http.post("/graphql", json=sent)
    assert {j["code"] for j in r.json()["data"]["jurisdictions"]} >= {"mizoram", "nagaland"}
    wrong = {**sent, "extensions": {"persistedQuery": {"version": 1, "sha256Hash": "0" * 64}}}
    r = await gql.http.post("/graphql", json=wrong)
    assert r.status_code == 400
    assert r.json()["errors"][0]["extensions"]["code"] == "BAD_REQUEST"


async def test_a_public_answer_asked_by_hash_is_kept_and_served_again(
    dbs: Databases,
) -> None:
    async with client(dbs.app) as http:
        first = await http.post("/graphql", json=by_hash("LawJurisdictions"))
        assert first.status_code == 200 and "etag" in first.headers
        second = await http.post("/graphql", json=by_hash("LawJurisdictions"))
        assert second.content == first.content
        assert second.headers["etag"] == first.headers["etag"]
        answers = http._transport.app.state.answers  # type: ignore[attr-defined]
        assert answers.hits >= 1


async def test_trusted_the_registered_documents_run_by_hash_or_in_full(
    dbs: Databases, gql: GraphQLClient, trusted: httpx.AsyncClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)
    r = await trusted.post("/graphql", json=by_hash("LatestCases"), headers=auth(t.token))
    (node,) = [e["node"] for e in r.json()["data"]["impoundments"]["edges"]]
    assert node["registerNumber"] == case["registerNumber"]
    full = {"query": REGISTERED["LatestCases"]["body"], "operationName": "LatestCases"}
    again = await trusted.post("/graphql", json=full, headers=auth(t.token))
    assert again.json() == r.json()
    # A mutation of the case page, by hash: it writes, as its text would.
    refuse = by_hash(
        "RecordRefusalToPay",
        {
            "input": {
                "impoundmentId": case["id"],
                "at": "2026-01-05T10:00:00+05:30",
                "claimant": {"name": "T. Sema", "address": "Jotsoma"},
            }
        },
    )
    done = await trusted.post("/graphql", json=refuse, headers=auth(t.token))
    assert done.json() == {"data": {"recordRefusalToPay": {"at": "2026-01-05T10:00:00+05:30"}}}


async def test_trusted_anything_else_with_a_token_is_refused(
    dbs: Databases, trusted: httpx.AsyncClient
) -> None:
    t = make_tenant(dbs, "nagaland")
    for query in (
        "query Mine { viewer { role } }",  # not registered
        "{ jurisdictions { code } }",  # the public law, but with a token: use a registered one
    ):
        r = await trusted.post("/graphql", json={"query": query}, headers=auth(t.token))
        assert r.status_code == 400, query
        (error,) = r.json()["errors"]
        assert error["extensions"]["code"] == "PERSISTED_QUERY_NOT_IN_LIST"
    unknown = {"extensions": {"persistedQuery": {"version": 1, "sha256Hash": "0" * 64}}}
    r = await trusted.post("/graphql", json=unknown, headers=auth(t.token))
    assert r.json()["errors"][0]["extensions"]["code"] == "PERSISTED_QUERY_NOT_FOUND"
    # Resending the text, as an APQ client does, does not register it.
    query = "query Mine { viewer { role } }"
    digest = hashlib.sha256(query.encode()).hexdigest()
    sent = {"query": query, "extensions": {"persistedQuery": {"version": 1, "sha256Hash": digest}}}
    r = await trusted.post("/graphql", json=sent, headers=auth(t.token))
    assert r.json()["errors"][0]["extensions"]["code"] == "PERSISTED_QUERY_NOT_IN_LIST"


async def test_trusted_the_public_law_is_still_asked_anonymously_as_free_text(
    trusted: httpx.AsyncClient,
) -> None:
    query = 'query Cow { classifyAnimal(species: "cow") { jurisdiction isCattle } }'
    r = await trusted.post("/graphql", json={"query": query})
    assert r.status_code == 200 and r.json()["data"]["classifyAnimal"]
    got = await trusted.get("/graphql", params={"query": "{ jurisdictions { code } }"})
    assert got.status_code == 200 and got.json()["data"]["jurisdictions"]
    # Anonymous, but not the public law: refused before it runs.
    for query in (
        "{ viewer { role } }",
        "{ jurisdictions { code } viewer { role } }",
        'mutation { createTenant(input: {slug: "x"}) { slug } }',
    ):
        r = await trusted.post("/graphql", json={"query": query})
        assert r.json()["errors"][0]["extensions"]["code"] == "PERSISTED_QUERY_NOT_IN_LIST", query
    r = await trusted.get("/graphql", params={"query": "{ viewer { role } }"})
    assert r.json()["errors"][0]["extensions"]["code"] == "PERSISTED_QUERY_NOT_IN_LIST"


async def test_a_frontend_operation_is_counted_under_its_name_made_or_kept(
    metered: GraphQLClient,
) -> None:
    """docs/SCALING.md's advice, watch the dashboard's operation, can be followed: the
    frontend's requests are counted by the names of its operations, never `anonymous`."""
    gql = metered
    labels = {"operation": "LawJurisdictions", "outcome": "ok"}
    total = "pashu_graphql_requests_total"
    before = await scrape(gql)
    for _ in range(2):  # made, then served kept by ServeKept before routing
        r = await gql.http.post("/graphql", json=by_hash("LawJurisdictions"))
        assert r.status_code == 200 and r.json()["data"]["jurisdictions"]
    after = await scrape(gql)
    assert sample(after, total, **labels) - sample(before, total, **labels) == 2
    anonymous = {"operation": "anonymous", "outcome": "ok"}
    assert sample(after, total, **anonymous) == sample(before, total, **anonymous)

"""A client that lost the answer to a mutation sends it again with the same Idempotency-Key:
it gets the first answer, and nothing is written twice."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx

from tests.conftest import Databases, GraphQLClient
from tests.schema.impoundment_helpers import SEIZE, department, seizure

COUNT = "{ impoundments(first: 100) { edges { node { id } } } }"


async def _post(
    http: httpx.AsyncClient, token: str, key: str | None, body: dict[str, Any]
) -> httpx.Response:
    headers = {"authorization": f"Bearer {token}", "content-type": "application/json"}
    if key is not None:
        headers["idempotency-key"] = key
    return await http.post("/graphql", content=json.dumps(body), headers=headers)


async def _cases(gql: GraphQLClient, token: str) -> int:
    return len((await gql.ok(COUNT, token=token))["impoundments"]["edges"])


async def test_a_retried_seizure_with_the_same_key_is_recorded_once(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    body = {"query": SEIZE, "variables": {"input": seizure(pound)}}
    first = await _post(gql.http, t.token, "seizure-2026-01-03-a", body)
    retry = await _post(gql.http, t.token, "seizure-2026-01-03-a", body)
    assert first.status_code == retry.status_code == 200
    assert retry.json() == first.json() and "errors" not in first.json()
    assert retry.headers["idempotent-replayed"] == "true"
    assert await _cases(gql, t.token) == 1
    other = await _post(gql.http, t.token, "seizure-2026-01-03-b", body)
    assert (
        other.json()["data"]["recordSeizure"]["id"] != first.json()["data"]["recordSeizure"]["id"]
    )
    assert await _cases(gql, t.token) == 2


async def test_a_key_reused_for_another_request_is_refused_and_writes_nothing(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    body = {"query": SEIZE, "variables": {"input": seizure(pound)}}
    await _post(gql.http, t.token, "k-1", body)
    changed = {"query": SEIZE, "variables": {"input": seizure(pound, place="Another field")}}
    r = await _post(gql.http, t.token, "k-1", changed)
    assert r.status_code == 409
    assert r.json()["errors"][0]["extensions"]["code"] == "CONFLICT"
    assert await _cases(gql, t.token) == 1


async def test_a_request_refused_before_it_ran_keeps_nothing_under_its_key(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """The common convention (IETF idempotency-key draft, Stripe): a request refused before
    it ran stores no result, so the corrected request runs under the same key (#35)."""
    t, pound = await department(dbs, gql, "nagaland")
    empty = {"query": SEIZE, "variables": {"input": seizure(pound, animals=[])}}
    refused = await _post(gql.http, t.token, "k-fix", empty)
    assert refused.json()["errors"][0]["extensions"]["code"] == "VALIDATION"
    invalid = {"query": SEIZE.replace("registerNumber", "registerNumbr"), "variables": {}}
    assert (await _post(gql.http, t.token, "k-fix", invalid)).json()["errors"]
    corrected = {"query": SEIZE, "variables": {"input": seizure(pound)}}
    ran = await _post(gql.http, t.token, "k-fix", corrected)
    assert ran.status_code == 200 and "errors" not in ran.json()
    assert "idempotent-replayed" not in ran.headers
    again = await _post(gql.http, t.token, "k-fix", corrected)
    assert again.headers["idempotent-replayed"] == "true" and again.json() == ran.json()
    assert await _cases(gql, t.token) == 1


async def test_a_malformed_key_is_refused_with_a_code(dbs: Databases, gql: GraphQLClient) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    body = {"query": SEIZE, "variables": {"input": seizure(pound)}}
    r = await _post(gql.http, t.token, "x" * 201, body)
    assert r.status_code == 400
    assert r.json()["errors"][0]["extensions"]["code"] == "VALIDATION"
    assert await _cases(gql, t.token) == 0


async def test_a_retry_while_the_first_runs_waits_and_gets_its_answer(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    body = {"query": SEIZE, "variables": {"input": seizure(pound)}}
    a, b = await asyncio.gather(
        _post(gql.http, t.token, "k-twice", body), _post(gql.http, t.token, "k-twice", body)
    )
    assert a.status_code == b.status_code == 200
    assert a.json() == b.json() and "errors" not in a.json()
    assert [a.headers.get("idempotent-replayed"), b.headers.get("idempotent-replayed")].count(
        "true"
    ) == 1
    assert await _cases(gql, t.token) == 1

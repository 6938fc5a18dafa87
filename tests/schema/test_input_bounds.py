"""Every bad input is refused with a code naming what is wrong, and nothing is written:
text, money, instants and dates, counts, page sizes, and GraphQL's own coercion errors
(the probes of issue #19)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.conftest import Databases, GraphQLClient
from tests.schema.impoundment_helpers import DUES, SEIZE, department, seize, seizure
from tests.schema.test_registration import REGISTER, mizoram, registration

LIST = "query($first: Int, $since: DateTime) { impoundments(first: $first, seizedFrom: $since) { edges { node { id } } } }"  # noqa: E501
TIMELINE = """
query($at: DateTime!) {
  impoundmentTimeline(jurisdiction: "nagaland", events: {seizedAt: $at}) { action }
}"""
COUNT = "{ impoundments(first: 100) { edges { node { id } } } }"


async def _cases(gql: GraphQLClient, token: str) -> int:
    return len((await gql.ok(COUNT, token=token))["impoundments"]["edges"])


async def _refused(
    gql: GraphQLClient, query: str, variables: dict[str, Any], token: str | None = None
) -> dict[str, Any]:
    # JSON with \u escapes: a lone surrogate can be sent only so.
    body = json.dumps({"query": query, "variables": variables})
    headers = {"content-type": "application/json"}
    if token:
        headers["authorization"] = f"Bearer {token}"
    r = await gql.http.post("/graphql", content=body, headers=headers)
    assert r.status_code == 200, r.text
    err: dict[str, Any] = r.json()["errors"][0]
    assert err["extensions"]["code"] == "VALIDATION", err
    return err


@pytest.mark.parametrize(
    ("where", "bad"),
    [
        ("place", "Kohima\x00village"),
        ("place", "Kohima \ud800 village"),
        ("seizer", {"name": "K. Angami\x00", "address": "Kohima"}),
        ("place", "x" * 10_001),
    ],
)
async def test_text_with_a_nul_a_lone_surrogate_or_past_the_limit_is_refused_naming_it(
    dbs: Databases, gql: GraphQLClient, where: str, bad: Any
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    err = await _refused(gql, SEIZE, {"input": seizure(pound, **{where: bad})}, t.token)
    assert where in err["message"]
    # Named as any error of the input is: inside it, as the API spells it (errors.where).
    assert err["extensions"]["field"] == {"place": "place", "seizer": "seizer.name"}[where]
    assert await _cases(gql, t.token) == 0


async def test_text_past_the_limit_in_a_row_names_the_row(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    animals = [{"species": "cow", "count": 1}, {"species": "goat", "description": "x" * 10_001}]
    err = await _refused(gql, SEIZE, {"input": seizure(pound, animals=animals)}, t.token)
    assert "input.animals[1].description" in err["message"]
    assert (err["extensions"]["field"], err["extensions"]["index"]) == ("animals.description", 1)
    assert await _cases(gql, t.token) == 0


async def test_a_nul_in_a_literal_string_is_refused_naming_the_argument(
    gql: GraphQLClient,
) -> None:
    # Asked again, the document is the one kept (parsed once): refused all the same.
    for _ in range(2):
        err = await gql.error('{ classifyAnimal(species: "co\\u0000w") { isCattle } }')
        assert err["extensions"]["code"] == "VALIDATION"
        assert "classifyAnimal(species)" in err["message"]
        assert err["extensions"]["field"] == "species"


async def test_an_ear_tag_longer_than_its_column_is_refused_not_cut(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    animals = [{"species": "cow", "count": 1, "earTags": ["N" * 65]}]
    err = await _refused(gql, SEIZE, {"input": seizure(pound, animals=animals)}, t.token)
    assert err["extensions"]["field"] == "earTag"
    assert err["extensions"]["maxLength"] == 64
    assert await _cases(gql, t.token) == 0


async def test_a_description_longer_than_its_column_is_refused_not_cut(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    animals = [{"species": "cow", "count": 1, "description": "brown " * 100}]
    err = await _refused(gql, SEIZE, {"input": seizure(pound, animals=animals)}, t.token)
    assert err["extensions"]["field"] == "description"
    assert await _cases(gql, t.token) == 0


async def test_a_seizure_of_more_heads_than_the_total_bound_writes_nothing(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    animals = [{"species": "cow", "count": 500}] * 200  # 7 kB asking for 100,000 rows
    err = await _refused(gql, SEIZE, {"input": seizure(pound, animals=animals)}, t.token)
    assert err["extensions"]["field"] == "animals"
    assert "2000" in err["message"]
    assert await _cases(gql, t.token) == 0


async def test_a_registration_of_two_billion_adults_is_refused(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = await mizoram(dbs, gql)
    herd = [{"species": "cow", "adults": 2_147_483_647}]
    await _refused(gql, REGISTER, registration(animals=herd), t.token)
    regs = await gql.ok("{ registrations { id } funds { account balance } }", token=t.token)
    assert regs["registrations"] == []
    assert all(f["balance"] == "0.00" for f in regs["funds"])


@pytest.mark.parametrize("amount", ["1e30", "1E+400", "100000000000000000", "NaN", "12.345"])
async def test_an_amount_out_of_bounds_is_refused(
    dbs: Databases, gql: GraphQLClient, amount: str
) -> None:
    t = make = await mizoram(dbs, gql)
    del make
    notice = {
        "kind": "ANIMAL_TAX",
        "species": None,
        "amount": amount,
        "effectiveFrom": "2026-02-01",
        "reference": "Mizoram Gazette probe",
    }
    publish = (
        "mutation($input: PublishNotificationInput!) { publishNotification(input: $input) { id } }"
    )
    await _refused(gql, publish, {"input": notice}, t.token)


async def test_money_as_a_json_number_is_refused(dbs: Databases, gql: GraphQLClient) -> None:
    t = await mizoram(dbs, gql)
    notice = {
        "kind": "ANIMAL_TAX",
        "amount": 15.5,
        "effectiveFrom": "2026-02-01",
        "reference": "Mizoram Gazette float",
    }
    publish = (
        "mutation($input: PublishNotificationInput!) { publishNotification(input: $input) { id } }"
    )
    err = await _refused(gql, publish, {"input": notice}, t.token)
    assert "string" in err["message"]


@pytest.mark.parametrize(
    "instant",
    ["0001-01-01T00:00:00+05:30", "9999-12-31T23:59:59+00:00", "1900-01-01T00:00:00+05:30"],
)
async def test_an_instant_outside_the_legal_range_is_refused_everywhere(
    dbs: Databases, gql: GraphQLClient, instant: str
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)
    await _refused(gql, SEIZE, {"input": seizure(pound, seizedAt=instant)}, t.token)
    await _refused(gql, LIST, {"first": 10, "since": instant}, t.token)
    await _refused(gql, DUES, {"id": case["id"], "asOf": instant}, t.token)
    await _refused(gql, TIMELINE, {"at": instant})
    run = "mutation($at: DateTime!) { runDueActions(input: {asOf: $at}) { issued { kind } } }"
    await _refused(gql, run, {"at": instant}, t.token)
    assert await _cases(gql, t.token) == 1


@pytest.mark.parametrize(
    ("query", "variables"),
    [
        ('query($n: Int) { searchLaw(text: "cattle", first: $n) { snippet } }', {"n": 2**40}),
        ("{ compare(topic: NOT_A_TOPIC) { topic } }", {}),
        (TIMELINE, {"at": "2026-02-30T10:00:00+05:30"}),
        (TIMELINE, {"at": "2026-02-03T10:00:00+25:00"}),
        (TIMELINE, {"at": 20260203}),
        ("query($d: Date) { grazingGrounds(on: $d) { name } }", {"d": "2026-02-30"}),
        ("{ classifyAnimal(species: 12) { isCattle } }", {}),
        ("{ classifyAnimal(species: ", {}),
        ("{ nothingHere }", {}),
    ],
)
async def test_graphqls_own_refusals_carry_a_code(
    gql: GraphQLClient, query: str, variables: dict[str, Any]
) -> None:
    body = await gql.raw(query, variables)
    assert body["errors"]
    assert all(e.get("extensions", {}).get("code") for e in body["errors"]), body


async def test_search_law_refuses_a_page_past_its_bound(gql: GraphQLClient) -> None:
    err = await gql.error('{ searchLaw(text: "cattle", first: 1000000) { snippet } }')
    assert err["extensions"]["code"] == "LIMIT_EXCEEDED"
    assert err["extensions"]["field"] == "first"
    hits = await gql.ok('{ searchLaw(text: "cattle", first: 3) { snippet } }')
    assert len(hits["searchLaw"]) == 3

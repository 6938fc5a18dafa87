"""The register is append-only: a correction is a new entry pointing at the old one."""

from __future__ import annotations

from tests.conftest import Databases, GraphQLClient
from tests.schema.impoundment_helpers import DELIVER, department, seize

CORRECT = """
mutation($input: CorrectSeizureInput!) {
  correctSeizure(input: $input) {
    id registerNumber place owner { name } animalCounts { species count }
    corrects { id registerNumber status place }
  }
}"""
LIST = "{ impoundments { edges { node { registerNumber status } } } }"


async def test_a_correction_is_a_new_entry_and_the_old_stays(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)
    fixed = (
        await gql.ok(
            CORRECT,
            {
                "input": {
                    "impoundmentId": case["id"],
                    "reason": "owner misnamed",
                    "owner": {"name": "T. Sumi", "address": "Jotsoma"},
                }
            },
            t.token,
        )
    )["correctSeizure"]
    assert fixed["registerNumber"] == 2 and fixed["owner"]["name"] == "T. Sumi"
    assert fixed["corrects"]["registerNumber"] == 1
    assert fixed["corrects"]["status"] == "CORRECTED"
    assert fixed["corrects"]["place"] == fixed["place"]
    assert {c["species"]: c["count"] for c in fixed["animalCounts"]} == {"cow": 2, "goat": 1}
    listed = (await gql.ok(LIST, token=t.token))["impoundments"]["edges"]
    assert {(e["node"]["registerNumber"], e["node"]["status"]) for e in listed} == {
        (1, "CORRECTED"),
        (2, "IMPOUNDED"),
    }
    again = await gql.error(
        CORRECT, {"input": {"impoundmentId": case["id"], "reason": "x", "place": "y"}}, t.token
    )
    assert again["extensions"]["code"] == "CONFLICT"


async def test_no_correction_once_money_has_moved(dbs: Databases, gql: GraphQLClient) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)
    await gql.ok(
        DELIVER,
        {
            "input": {
                "impoundmentId": case["id"],
                "at": "2026-01-03T16:00:00+05:30",
                "claimant": {"name": "T. Sema", "address": "Jotsoma"},
                "amountPaid": "145.00",
            }
        },
        t.token,
    )
    err = await gql.error(
        CORRECT, {"input": {"impoundmentId": case["id"], "reason": "x", "place": "y"}}, t.token
    )
    assert err["extensions"]["code"] == "CONFLICT"

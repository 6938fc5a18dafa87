"""An animal killed while being seized: recorded, and its carcass returned (Mizoram s.7(2))."""

from __future__ import annotations

from tests.conftest import Databases, GraphQLClient
from tests.schema.impoundment_helpers import department, seize

INJURY = """
mutation($input: RecordInjuryInput!) { recordInjury(input: $input) { id status injury } }"""
CARCASS = """
mutation($input: ReturnCarcassInput!) { returnCarcass(input: $input) { carcassReturnedAt } }"""
CASE = "query($id: ID!) { impoundment(id: $id) { status animalCounts { species inPound } } }"


async def test_a_death_is_recorded_and_the_carcass_returned(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "mizoram")
    case = await seize(gql, t.token, pound)
    goat = next(a for a in case["animals"] if a["species"] == "goat")
    early = await gql.error(
        CARCASS, {"input": {"animalId": goat["id"], "at": "2026-01-03T16:00:00+05:30"}}, t.token
    )
    assert early["extensions"]["code"] == "VALIDATION"
    dead = await gql.ok(
        INJURY,
        {
            "input": {
                "animalId": goat["id"],
                "at": "2026-01-03T09:10:00+05:30",
                "description": "fell into a ditch while being seized",
                "died": True,
            }
        },
        t.token,
    )
    assert dead["recordInjury"]["status"] == "DIED"
    counts = (await gql.ok(CASE, {"id": case["id"]}, t.token))["impoundment"]
    assert {c["species"]: c["inPound"] for c in counts["animalCounts"]} == {"cow": 2, "goat": 0}
    assert counts["status"] == "PARTLY_RELEASED"
    back = await gql.ok(
        CARCASS, {"input": {"animalId": goat["id"], "at": "2026-01-03T16:00:00+05:30"}}, t.token
    )
    assert back["returnCarcass"]["carcassReturnedAt"] == "2026-01-03T16:00:00+05:30"
    twice = await gql.error(
        CARCASS, {"input": {"animalId": goat["id"], "at": "2026-01-03T17:00:00+05:30"}}, t.token
    )
    assert twice["extensions"]["code"] == "CONFLICT"


async def test_carcass_return_is_mizoram_law_only(dbs: Databases, gql: GraphQLClient) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)
    cow = case["animals"][0]
    await gql.ok(
        INJURY,
        {
            "input": {
                "animalId": cow["id"],
                "at": "2026-01-03T09:10:00+05:30",
                "description": "died of a fall",
                "died": True,
            }
        },
        t.token,
    )
    err = await gql.error(
        CARCASS, {"input": {"animalId": cow["id"], "at": "2026-01-03T16:00:00+05:30"}}, t.token
    )
    assert err["extensions"]["code"] == "NOT_IN_JURISDICTION"

"""Release of impounded cattle on a written, reasoned order (Nagaland s.19(2))."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from tests.conftest import Databases, GraphQLClient
from tests.schema.clocks_helpers import sweep
from tests.schema.impoundment_helpers import DUES, balances, department, seize
from tests.schema.test_refusal_to_pay import REFUSE

RELEASE = """
mutation($input: ReleaseByOrderInput!) {
  releaseByOrder(input: $input) { authority orderedBy reasons document releasedAt animals }
}"""
CASE = """
query($id: ID!) { impoundment(id: $id) {
  status nextAction { action } animals { id species status }
  releaseOrders { authority document animals }
} }"""


def order(case: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {
        "input": {
            "impoundmentId": case["id"],
            "authority": "LOCAL_AUTHORITY",
            "orderedBy": "Chairman, Kohima Town Committee",
            "orderedAt": "2026-01-05T10:00:00+05:30",
            "reasons": "The seizure is under inquiry; the owner has given security.",
            "document": "Order No. SDM/K/12 of 5.1.2026",
            "at": "2026-01-05T12:00:00+05:30",
            **more,
        }
    }


async def test_nagaland_release_on_a_reasoned_written_order_closes_the_case(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)
    done = (await gql.ok(RELEASE, order(case), t.token))["releaseByOrder"]
    assert done["animals"] == 3 and done["authority"] == "LOCAL_AUTHORITY"
    seen = (await gql.ok(CASE, {"id": case["id"]}, t.token))["impoundment"]
    assert seen["status"] == "DELIVERED"
    assert seen["nextAction"] is None  # no report, notice or auction is due any more
    assert seen["releaseOrders"] == [
        {
            "authority": "LOCAL_AUTHORITY",
            "document": "Order No. SDM/K/12 of 5.1.2026",
            "animals": 3,
        }
    ]
    dues = await gql.ok(DUES, {"id": case["id"], "asOf": "2026-02-01T10:00:00+05:30"}, t.token)
    assert dues["impoundment"]["dues"]["lines"] == []  # charges stop on what has left
    books = await balances(gql, t.token)
    assert sum(Decimal(v) for v in books.values()) == 0  # no money moved by the order


async def test_a_release_order_must_state_reasons_and_follow_the_order(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)
    bare = await gql.error(RELEASE, order(case, reasons="  "), t.token)
    assert bare["extensions"]["code"] == "VALIDATION"
    assert bare["extensions"]["citation"]["section"] == "19(2)"
    unwritten = await gql.error(RELEASE, order(case, document=""), t.token)
    assert unwritten["extensions"]["code"] == "VALIDATION"
    ahead = await gql.error(RELEASE, order(case, at="2026-01-05T09:00:00+05:30"), t.token)
    assert ahead["extensions"]["code"] == "VALIDATION"  # released before the order
    seen = (await gql.ok(CASE, {"id": case["id"]}, t.token))["impoundment"]
    assert {a["status"] for a in seen["animals"]} == {"IN_POUND"}  # nothing changed


async def test_a_part_release_leaves_the_rest_accruing(dbs: Databases, gql: GraphQLClient) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)
    goat = next(a for a in case["animals"] if a["species"] == "goat")
    await gql.ok(RELEASE, order(case, animalIds=[goat["id"]]), t.token)
    dues = await gql.ok(DUES, {"id": case["id"], "asOf": "2026-01-06T10:00:00+05:30"}, t.token)
    assert dues["impoundment"]["status"] == "PARTLY_RELEASED"
    assert {ln["species"] for ln in dues["impoundment"]["dues"]["lines"]} == {"cow"}
    again = await gql.error(RELEASE, order(case, animalIds=[goat["id"]]), t.token)
    assert again["extensions"]["code"] == "CONFLICT"


async def test_mizoram_has_no_release_by_order(dbs: Databases, gql: GraphQLClient) -> None:
    t, pound = await department(dbs, gql, "mizoram")
    case = await seize(gql, t.token, pound)
    err = await gql.error(RELEASE, order(case), t.token)
    assert err["extensions"]["code"] == "NOT_IN_JURISDICTION"


async def test_a_closed_case_has_nothing_to_release_and_its_clock_is_stopped(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)
    await gql.ok(RELEASE, order(case), t.token)
    again = await gql.error(RELEASE, order(case, at="2026-01-06T12:00:00+05:30"), t.token)
    assert again["extensions"]["code"] == "CONFLICT"
    assert await sweep(gql, t.token, "2026-02-01T10:00:00+05:30") == []  # no report, no sale
    refused = await gql.error(
        REFUSE,
        {
            "input": {
                "impoundmentId": case["id"],
                "at": "2026-01-06T10:00:00+05:30",
                "claimant": {"name": "T. Sema", "address": "Jotsoma"},
            }
        },
        t.token,
    )
    assert refused["extensions"]["code"] == "CONFLICT"  # nothing left to sell
    query = "query($id: ID!) { impoundment(id: $id) { releaseOrders { id } } }"
    found = (await gql.ok(query, {"id": case["id"]}, t.token))["impoundment"]["releaseOrders"]
    node = "query($id: ID!) { node(id: $id) { ... on ReleaseOrder { reasons } } }"
    shown = (await gql.ok(node, {"id": found[0]["id"]}, t.token))["node"]
    assert shown == {"reasons": "The seizure is under inquiry; the owner has given security."}

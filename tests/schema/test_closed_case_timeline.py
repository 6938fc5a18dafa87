"""A closed case's timeline: once every animal has left the pound, the duties not done and
the claims on a sale that never happened read as no longer required, and nothing is next."""

from __future__ import annotations

from tests.conftest import Databases, GraphQLClient
from tests.schema.impoundment_helpers import DELIVER, department, seize
from tests.schema.test_impoundment_release import deliver

CASE = """query($id: ID!) { impoundment(id: $id) {
  status nextAction { action } timeline { action required projected explanation } } }"""


async def test_after_delivery_the_remaining_duties_are_no_longer_required(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)
    before = (await gql.ok(CASE, {"id": case["id"]}, t.token))["impoundment"]
    assert all(s["required"] for s in before["timeline"])
    assert before["nextAction"] is not None
    await gql.ok(DELIVER, deliver(case, "195.00", "2026-01-05T12:00:00+05:30"), t.token)
    after = (await gql.ok(CASE, {"id": case["id"]}, t.token))["impoundment"]
    assert after["status"] == "DELIVERED" and after["nextAction"] is None
    required = {s["action"]: s["required"] for s in after["timeline"]}
    for action in ("REPORT_UNCLAIMED", "PUBLISH_NOTICE", "AUCTION", "CLAIM_SURPLUS"):
        assert required[action] is False, action
    assert required["COMPLAIN_ILLEGAL_SEIZURE"] is True  # the owner's right stays
    assert required["DELIVER_TO_POUND"] is True  # done, not dropped
    dropped = next(s for s in after["timeline"] if s["action"] == "AUCTION")
    assert dropped["explanation"].startswith("no longer required")

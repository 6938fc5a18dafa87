"""Each case knows the department's next duty; the dashboard filters overdue and due cases."""

from __future__ import annotations

from tests.conftest import Databases, GraphQLClient
from tests.schema.impoundment_helpers import department, notice, seize

NEXT = """
query($id: ID!) { impoundment(id: $id) {
  nextAction { action notBefore deadline overdue(asOf: "2026-01-04T16:00:00+05:30") } } }"""
LIST = """
query($overdue: Boolean, $dueBy: DateTime, $asOf: DateTime) {
  impoundments(overdue: $overdue, dueBy: $dueBy, asOf: $asOf) { edges { node { id } } }
}"""


async def test_mizoram_announcement_is_due_within_24_hours_then_overdue(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "mizoram")
    case = await seize(gql, t.token, pound)  # brought 3 January 15:00 IST
    nxt = (await gql.ok(NEXT, {"id": case["id"]}, t.token))["impoundment"]["nextAction"]
    assert nxt["action"] == "ANNOUNCE_SEIZURE"
    assert nxt["deadline"] == "2026-01-04T15:00:00+05:30"  # s.7(5)
    assert nxt["overdue"] is True
    late = await gql.ok(LIST, {"overdue": True, "asOf": "2026-01-04T15:00:00+05:30"}, t.token)
    on_time = await gql.ok(LIST, {"overdue": True, "asOf": "2026-01-04T14:59:59+05:30"}, t.token)
    assert [e["node"]["id"] for e in late["impoundments"]["edges"]] == [case["id"]]
    assert on_time["impoundments"]["edges"] == []

    await notice(gql, t.token, case, "ANNOUNCE_SEIZURE", "2026-01-03T18:00:00+05:30")
    nxt = (await gql.ok(NEXT, {"id": case["id"]}, t.token))["impoundment"]["nextAction"]
    assert nxt["action"] == "AUCTION"  # s.10(1): seven days from the announcement
    assert nxt["notBefore"] == "2026-01-11T00:00:00+05:30" and nxt["deadline"] is None
    due = await gql.ok(LIST, {"dueBy": "2026-01-11T00:00:00+05:30"}, t.token)
    not_yet = await gql.ok(LIST, {"dueBy": "2026-01-10T23:59:59+05:30"}, t.token)
    assert len(due["impoundments"]["edges"]) == 1 and not_yet["impoundments"]["edges"] == []


async def test_nagaland_report_falls_due_after_seven_days(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)
    nxt = (await gql.ok(NEXT, {"id": case["id"]}, t.token))["impoundment"]["nextAction"]
    assert nxt["action"] == "REPORT_UNCLAIMED"
    assert nxt["notBefore"] == "2026-01-11T00:00:00+05:30" and nxt["deadline"] is None


async def test_a_delivered_case_has_no_duties_left(dbs: Databases, gql: GraphQLClient) -> None:
    from tests.schema.impoundment_helpers import DELIVER

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
    nxt = (await gql.ok(NEXT, {"id": case["id"]}, t.token))["impoundment"]["nextAction"]
    assert nxt is None

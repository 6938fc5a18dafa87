"""Complaints of illegal seizure (Nagaland ss.15, 20-22): the ten-day window, verbal
complaints taken down, and the decision's effect on the cattle and the money."""

from __future__ import annotations

from typing import Any

from tests.conftest import Databases, GraphQLClient, add_token
from tests.schema.impoundment_helpers import DELIVER, DUES, balances, department, seize

FILE = """
mutation($input: FileComplaintInput!) {
  fileComplaint(input: $input) { id form takenDownBy decision { illegal } }
}"""
DECIDE = """
mutation($input: DecideComplaintInput!) {
  decideComplaint(input: $input) {
    decision { illegal releasedAnimals seizerOwes depositReturned }
  }
}"""
SEMA = {"name": "T. Sema", "address": "Jotsoma"}


def complaint(case: dict[str, Any], at: str, **more: Any) -> dict[str, Any]:
    return {
        "input": {
            "impoundmentId": case["id"],
            "at": at,
            "complainant": SEMA,
            "form": "WRITTEN",
            "statement": "My cows were on my own land when they were seized.",
            **more,
        }
    }


async def test_a_complaint_is_late_from_the_eleventh_day(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)  # seized 3 January
    late = await gql.error(FILE, complaint(case, "2026-01-14T00:00:00+05:30"), t.token)
    assert late["extensions"]["code"] == "TOO_LATE"
    assert late["extensions"]["citation"]["section"] == "20"
    ok = await gql.ok(FILE, complaint(case, "2026-01-13T23:59:00+05:30"), t.token)
    assert ok["fileComplaint"]["form"] == "WRITTEN"


async def test_a_verbal_complaint_is_taken_down_by_the_magistrate(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)
    at = "2026-01-04T11:00:00+05:30"
    err = await gql.error(FILE, complaint(case, at, form="VERBAL"), t.token)
    assert err["extensions"]["code"] == "VALIDATION"
    assert err["extensions"]["citation"]["section"] == "21(1)"
    ok = await gql.ok(FILE, complaint(case, at, form="VERBAL", takenDownBy="SDM Kohima"), t.token)
    assert ok["fileComplaint"]["takenDownBy"] == "SDM Kohima"


async def test_mizoram_has_no_complaints_of_illegal_seizure(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "mizoram")
    case = await seize(gql, t.token, pound)
    err = await gql.error(FILE, complaint(case, "2026-01-04T11:00:00+05:30"), t.token)
    assert err["extensions"]["code"] == "NOT_IN_JURISDICTION"


async def test_illegal_seizure_releases_cattle_and_lays_the_dues_on_the_seizer(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)
    filed = await gql.ok(FILE, complaint(case, "2026-01-04T11:00:00+05:30"), t.token)
    cid = filed["fileComplaint"]["id"]
    clerk = add_token(dbs, t, "clerk")
    decide = {
        "input": {
            "complaintId": cid,
            "at": "2026-01-06T12:00:00+05:30",
            "illegal": True,
            "compensation": "100.01",
        }
    }
    assert (await gql.error(DECIDE, decide, clerk))["extensions"]["code"] == "FORBIDDEN"
    over = await gql.error(DECIDE, decide, t.token)
    assert over["extensions"]["code"] == "FINE_ABOVE_CAP"
    assert over["extensions"]["citation"]["section"] == "22(1)"
    decide["input"]["compensation"] = "100.00"
    done = (await gql.ok(DECIDE, decide, t.token))["decideComplaint"]["decision"]
    # 2 cows + 1 goat released; fines 120 + feeding 4 days × 25 = 220 laid on the seizer.
    assert done == {
        "illegal": True,
        "releasedAnimals": 3,
        "seizerOwes": "220.00",
        "depositReturned": "0.00",
    }
    status = await gql.ok(DUES, {"id": case["id"], "asOf": "2026-01-06T12:00:00+05:30"}, t.token)
    assert status["impoundment"]["status"] == "DELIVERED"
    again = await gql.error(DECIDE, decide, t.token)
    assert again["extensions"]["code"] == "CONFLICT"


async def test_a_deposit_under_protest_follows_the_decision(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    won, lost = await seize(gql, t.token, pound), await seize(gql, t.token, pound)
    for case in (won, lost):
        await gql.ok(
            DELIVER,
            {
                "input": {
                    "impoundmentId": case["id"],
                    "at": "2026-01-04T10:00:00+05:30",
                    "claimant": SEMA,
                    "amountPaid": "170.00",
                    "underProtest": True,
                }
            },
            t.token,
        )
    ids = []
    for case in (won, lost):
        filed = await gql.ok(FILE, complaint(case, "2026-01-04T11:00:00+05:30"), t.token)
        ids.append(filed["fileComplaint"]["id"])
    await gql.ok(
        DECIDE,
        {"input": {"complaintId": ids[0], "at": "2026-01-08T12:00:00+05:30", "illegal": True}},
        t.token,
    )
    await gql.ok(
        DECIDE,
        {"input": {"complaintId": ids[1], "at": "2026-01-08T12:00:00+05:30", "illegal": False}},
        t.token,
    )
    books = await balances(gql, t.token)
    assert books["deposit:protest"] == "0.00"
    assert books["payee:owner"] == "170.00"  # returned on the illegal one
    assert books["fund:local_authority_fund@Kohima TC"] == "120.00"  # fines of the lawful one
    assert books["fund:pound_keeper@Main pound"] == "50.00"  # its feeding charges

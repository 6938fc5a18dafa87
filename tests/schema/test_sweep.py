"""The law's clocks through the API: the sweep issues the notices the Acts require, in time
or flagged late, once; proclamations are recorded; claim windows close on their own."""

from __future__ import annotations

import base64
from decimal import Decimal

from tests.conftest import Databases, GraphQLClient
from tests.schema.clocks_helpers import PROCLAIM, RUNS, case, sweep
from tests.schema.impoundment_helpers import SALE, balances, department, seize

LIST = """
query($overdue: Boolean, $asOf: DateTime) {
  impoundments(overdue: $overdue, asOf: $asOf) { edges { node { id } } }
}"""


async def test_mizoram_crier_announcement_issued_within_24_hours_exactly_once(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "mizoram")
    seized = await seize(gql, t.token, pound)  # brought 3 January 15:00 IST
    assert await sweep(gql, t.token, "2026-01-03T14:59:00+05:30") == []
    done = await sweep(gql, t.token, "2026-01-03T16:00:00+05:30")
    assert [(a["kind"], a["impoundmentId"], a["late"]) for a in done] == [
        ("ANNOUNCE_SEIZURE", seized["id"], False)
    ]
    assert await sweep(gql, t.token, "2026-01-03T16:05:00+05:30") == []  # done once

    found = await case(gql, t.token, seized["id"])
    (notice,) = found["notices"]
    assert notice["kind"] == "ANNOUNCE_SEIZURE" and notice["late"] is False
    assert notice["issuedAt"] == "2026-01-03T16:00:00+05:30"
    text = notice["document"]["text"]
    assert "Village Crier" in text and "2 cow (brown, white blaze); 1 goat" in text
    assert "Paddy field of K. Angami" in text
    assert notice["document"]["citations"] == [{"section": "7(5)"}]
    assert base64.b64decode(notice["document"]["pdfBase64"]).startswith(b"%PDF")
    # The auction window now runs seven days from the announcement (s.10(1)).
    assert found["nextAction"]["action"] == "AUCTION"
    assert found["nextAction"]["notBefore"] == "2026-01-11T00:00:00+05:30"


async def test_mizoram_announcement_made_late_is_flagged_late_and_the_case_was_overdue(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "mizoram")
    seized = await seize(gql, t.token, pound)
    overdue = await gql.ok(LIST, {"overdue": True, "asOf": "2026-01-05T09:00:00+05:30"}, t.token)
    assert [e["node"]["id"] for e in overdue["impoundments"]["edges"]] == [seized["id"]]
    done = await sweep(gql, t.token, "2026-01-05T09:00:00+05:30")  # deadline was 4 Jan 15:00
    assert [(a["kind"], a["late"]) for a in done] == [("ANNOUNCE_SEIZURE", True)]
    (notice,) = (await case(gql, t.token, seized["id"]))["notices"]
    assert notice["late"] is True


async def test_nagaland_report_and_notice_after_seven_days_unclaimed(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    seized = await seize(gql, t.token, pound)  # impounded 3 January
    assert await sweep(gql, t.token, "2026-01-10T23:59:00+05:30") == []  # s.14(1): 7 days
    done = await sweep(gql, t.token, "2026-01-11T10:00:00+05:30")
    assert [a["kind"] for a in done] == ["REPORT_UNCLAIMED", "PUBLISH_NOTICE"]
    assert await sweep(gql, t.token, "2026-01-11T10:00:00+05:30") == []

    found = await case(gql, t.token, seized["id"])
    by_kind = {n["kind"]: n for n in found["notices"]}
    report = by_kind["REPORT_UNCLAIMED"]["document"]["text"]
    assert "not been claimed within seven days" in report and "Kohima TC" in report
    notice = by_kind["PUBLISH_NOTICE"]["document"]["text"]
    assert "(a) Number and description of the cattle" in notice
    assert "2 cow (brown, white blaze); 1 goat" in notice
    assert "(b) Place where they were seized" in notice and "Paddy field" in notice
    assert "(c) Place where they are impounded" in notice and "Main pound" in notice
    assert "beat of drum" in notice
    assert by_kind["PUBLISH_NOTICE"]["document"]["citations"] == [{"section": "14(2)"}]
    # s.14(3): the auction from seven days after the notice.
    assert found["nextAction"]["action"] == "AUCTION"
    assert found["nextAction"]["notBefore"] == "2026-01-19T00:00:00+05:30"


async def test_proclamation_by_beat_of_drum_is_recorded_once(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    seized = await seize(gql, t.token, pound)
    await sweep(gql, t.token, "2026-01-11T10:00:00+05:30")
    by_kind = {n["kind"]: n for n in (await case(gql, t.token, seized["id"]))["notices"]}
    notice, report = by_kind["PUBLISH_NOTICE"], by_kind["REPORT_UNCLAIMED"]
    early = await gql.error(
        PROCLAIM, {"input": {"noticeId": notice["id"], "at": "2026-01-11T09:00:00+05:30"}}, t.token
    )
    assert early["extensions"]["code"] == "VALIDATION"
    made = await gql.ok(
        PROCLAIM, {"input": {"noticeId": notice["id"], "at": "2026-01-12T08:00:00+05:30"}}, t.token
    )
    assert made["recordProclamation"]["proclaimedAt"] == "2026-01-12T08:00:00+05:30"
    again = await gql.error(
        PROCLAIM, {"input": {"noticeId": notice["id"], "at": "2026-01-12T09:00:00+05:30"}}, t.token
    )
    assert again["extensions"]["code"] == "CONFLICT"
    not_proclaimed = await gql.error(
        PROCLAIM, {"input": {"noticeId": report["id"], "at": "2026-01-12T09:00:00+05:30"}}, t.token
    )
    assert not_proclaimed["extensions"]["code"] == "VALIDATION"
    assert not_proclaimed["extensions"]["citation"]["section"] == "14(1)"
    after = {n["kind"]: n for n in (await case(gql, t.token, seized["id"]))["notices"]}
    assert after["PUBLISH_NOTICE"]["proclaimedAt"] == "2026-01-12T08:00:00+05:30"
    assert after["REPORT_UNCLAIMED"]["proclaimedAt"] is None


def _sale(case_id: str, at: str) -> dict[str, object]:
    return {
        "input": {
            "impoundmentId": case_id,
            "at": at,
            "lots": [{"species": "cow", "count": 2}, {"species": "goat", "count": 1}],
            "buyer": {"name": "L. Ao", "address": "Mokokchung", "role": "PUBLIC"},
            "price": "2000.00",
            "expenses": "100.00",
        }
    }


async def test_nagaland_sale_refused_too_early_until_the_sweep_has_issued_the_notices(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    seized = await seize(gql, t.token, pound)
    before = await gql.error(SALE, _sale(seized["id"], "2026-01-25T10:00:00+05:30"), t.token)
    assert before["extensions"]["code"] == "TOO_EARLY"  # no notice under s.14(2) yet
    await sweep(gql, t.token, "2026-01-12T10:00:00+05:30")  # report and notice on 12 Jan
    within = await gql.error(SALE, _sale(seized["id"], "2026-01-19T10:00:00+05:30"), t.token)
    assert within["extensions"]["code"] == "TOO_EARLY"  # s.14(3): seven days after 12 Jan
    assert within["extensions"]["notBefore"] == "2026-01-20T00:00:00+05:30"
    sold = await gql.ok(SALE, _sale(seized["id"], "2026-01-20T10:00:00+05:30"), t.token)
    assert Decimal(sold["recordSale"]["surplus"]) > 0


async def test_nagaland_unclaimed_surplus_credited_to_the_local_authority_fund_after_3_months(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    seized = await seize(gql, t.token, pound)
    await sweep(gql, t.token, "2026-01-12T10:00:00+05:30")
    sold = await gql.ok(SALE, _sale(seized["id"], "2026-01-20T10:00:00+05:30"), t.token)
    surplus = Decimal(sold["recordSale"]["surplus"])
    before = await balances(gql, t.token)
    assert Decimal(before["deposit:surplus@Kohima TC"]) == surplus

    # s.17(3): three months from 20 January end with 20 April.
    assert await sweep(gql, t.token, "2026-04-20T23:59:00+05:30") == []
    done = await sweep(gql, t.token, "2026-04-21T00:00:00+05:30")
    assert [(a["kind"], a["impoundmentId"]) for a in done] == [
        ("CREDIT_UNCLAIMED_SURPLUS", seized["id"])
    ]
    assert done[0]["at"] == "2026-04-21T00:00:00+05:30"
    assert await sweep(gql, t.token, "2026-05-01T00:00:00+05:30") == []
    after = await balances(gql, t.token)
    assert Decimal(after["deposit:surplus@Kohima TC"]) == 0
    assert Decimal(after["fund:local_authority_fund@Kohima TC"]) == (
        Decimal(before["fund:local_authority_fund@Kohima TC"]) + surplus
    )
    assert sum(Decimal(v) for v in after.values()) == 0


async def test_mizoram_refund_window_closes_after_15_days_and_nothing_moves(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "mizoram")
    seized = await seize(gql, t.token, pound)
    await sweep(gql, t.token, "2026-01-03T16:00:00+05:30")
    await gql.ok(SALE, _sale(seized["id"], "2026-01-11T10:00:00+05:30"), t.token)
    before = await balances(gql, t.token)
    assert await sweep(gql, t.token, "2026-01-26T23:59:00+05:30") == []  # s.10(4): 15 days
    done = await sweep(gql, t.token, "2026-01-27T00:00:00+05:30")
    assert [a["kind"] for a in done] == ["CLOSE_CLAIM_WINDOW"]
    assert await balances(gql, t.token) == before


async def test_every_run_is_listed_for_the_dashboard(dbs: Databases, gql: GraphQLClient) -> None:
    t, pound = await department(dbs, gql, "mizoram")
    await seize(gql, t.token, pound)
    await sweep(gql, t.token, "2026-01-03T16:00:00+05:30")
    await sweep(gql, t.token, "2026-01-03T17:00:00+05:30")
    runs = (await gql.ok(RUNS, {"first": 10}, t.token))["taskRuns"]
    assert [(r["task"], r["outcome"], r["actions"]) for r in runs] == [
        ("runDueActions", "OK", 0),
        ("runDueActions", "OK", 1),
    ]
    assert runs[1]["asOf"] == "2026-01-03T16:00:00+05:30"
    assert (await gql.ok(RUNS, {"first": 10, "failedOnly": True}, t.token))["taskRuns"] == []


async def test_a_viewer_cannot_run_the_clock(dbs: Databases, gql: GraphQLClient) -> None:
    from tests.conftest import add_token
    from tests.schema.clocks_helpers import RUN

    t, _ = await department(dbs, gql, "mizoram")
    viewer = add_token(dbs, t, "viewer")
    err = await gql.error(RUN, {"asOf": "2026-01-03T16:00:00+05:30"}, viewer)
    assert err["extensions"]["code"] == "FORBIDDEN"

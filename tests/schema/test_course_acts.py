"""The acts the model of a case's course now answers for (issue #31), as a lawyer would try
them through the API: closing an auction, deciding a complaint, collecting the seizer's dues,
correcting the register, recording an injury, returning a carcass, proclaiming a notice.
Each out of order, dated ahead of now, dated before the act it depends on: refused with its
code, the field to blame and the Act's section."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from tests.conftest import Databases, GraphQLClient
from tests.schema.clocks_helpers import CLOSE, PROCLAIM, case, sweep
from tests.schema.impoundment_helpers import NOTICE, SALE, department, notice, seize
from tests.schema.test_auctions import BUYER, _close, _scheduled
from tests.schema.test_complaints_money import COLLECT, DECIDE, decide, filed, protest
from tests.schema.test_impoundment_corrections import CORRECT
from tests.schema.test_impoundment_injury import CARCASS, INJURY
from tests.schema.test_refusal_to_pay import REFUSE, refusal, sale

AHEAD = (datetime.now(UTC) + timedelta(days=2)).isoformat()


def refused(err: dict[str, Any], code: str, field: str, section: str | None = None) -> None:
    """The refusal a clerk sees: its code, the field to blame, and the Act's section."""
    ext = err["extensions"]
    assert (ext["code"], ext.get("field")) == (code, field), err
    if section is not None:
        assert ext["citation"]["section"] == section, ext


async def test_an_auction_is_closed_once_on_its_day_not_ahead_of_now(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """Nagaland: the round notified for 23 January 11:00 cannot be closed the day before,
    nor dated ahead of now; closed, it cannot be closed again."""
    token, seized = await _scheduled(dbs, gql)
    (auction,) = (await case(gql, token, seized["id"]))["auctions"]
    early = await gql.error(CLOSE, _close(auction, "2026-01-23T10:59:00+05:30", []), token)
    refused(early, "TOO_EARLY", "at")
    assert early["extensions"]["citation"]["section"]  # the auction's terms, from the plugin
    ahead = await gql.error(CLOSE, _close(auction, AHEAD, []), token)
    refused(ahead, "VALIDATION", "at")
    cows = auction["lots"][0]
    lot = {"lotId": cows["id"], "buyer": BUYER, "price": "3000.00", "expenses": "50.00"}
    await gql.ok(CLOSE, _close(auction, "2026-01-23T12:00:00+05:30", [lot]), token)
    again = await gql.error(CLOSE, _close(auction, "2026-01-24T12:00:00+05:30", []), token)
    assert again["extensions"]["code"] == "CONFLICT"


async def test_nagaland_s20_a_decision_follows_its_complaint_once_and_not_ahead(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    seized = await seize(gql, t.token, pound)
    cid = await filed(gql, t.token, seized)  # 4 January 11:00
    before = await gql.error(DECIDE, decide(cid, "2026-01-04T10:00:00+05:30"), t.token)
    refused(before, "VALIDATION", "at", "20")
    ahead = await gql.error(DECIDE, decide(cid, AHEAD), t.token)
    refused(ahead, "VALIDATION", "at")
    await gql.ok(DECIDE, decide(cid, "2026-01-06T12:00:00+05:30", illegal=False), t.token)
    twice = await gql.error(DECIDE, decide(cid, "2026-01-07T12:00:00+05:30"), t.token)
    assert twice["extensions"]["code"] == "CONFLICT"


async def test_nagaland_s22_1_a_deposit_is_not_awarded_as_fines_paid_citing_the_act(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """The deposit under protest goes back whole: awarding its fines again as fines paid is
    refused, naming the fines the complainant keeps paid (none) and s.22(1)."""
    t, pound = await department(dbs, gql, "nagaland")
    seized = await seize(gql, t.token, pound)
    await protest(gql, t.token, seized)
    cid = await filed(gql, t.token, seized)
    err = await gql.error(DECIDE, decide(cid, finesPaid="120.00"), t.token)
    refused(err, "VALIDATION", "finesPaid", "22(1)")


async def test_nagaland_s22_2_the_seizers_dues_follow_the_decision_that_lays_them(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    seized = await seize(gql, t.token, pound)
    cid = await filed(gql, t.token, seized)
    collect = {"input": {"complaintId": cid, "at": "2026-01-06T13:00:00+05:30"}}
    undecided = await gql.error(COLLECT, collect, t.token)  # out of order
    assert undecided["extensions"]["code"] == "CONFLICT"
    assert undecided["extensions"]["citation"]["section"] == "22(2)"
    await gql.ok(DECIDE, decide(cid, "2026-01-06T12:00:00+05:30"), t.token)
    before = {"input": {"complaintId": cid, "at": "2026-01-06T11:00:00+05:30"}}
    refused(await gql.error(COLLECT, before, t.token), "VALIDATION", "at", "22(2)")
    ahead = {"input": {"complaintId": cid, "at": AHEAD}}
    refused(await gql.error(COLLECT, ahead, t.token), "VALIDATION", "at")
    await gql.ok(COLLECT, collect, t.token)


async def test_nagaland_s7_a_correction_cannot_date_the_impounding_after_its_notices(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """The report and notice of 11 January follow the impounding: a correction moving the
    impounding to 12 January is refused, as is one dated ahead of now."""
    t, pound = await department(dbs, gql, "nagaland")
    seized = await seize(gql, t.token, pound)
    await sweep(gql, t.token, "2026-01-11T10:00:00+05:30")
    later = {
        "impoundmentId": seized["id"],
        "reason": "the hour was misread",
        "impoundedAt": "2026-01-12T15:00:00+05:30",
    }
    refused(await gql.error(CORRECT, {"input": later}, t.token), "VALIDATION", "impoundedAt", "7")
    ahead = {**later, "impoundedAt": AHEAD}
    refused(await gql.error(CORRECT, {"input": ahead}, t.token), "VALIDATION", "impoundedAt")
    fine = {**later, "impoundedAt": "2026-01-03T16:00:00+05:30"}
    await gql.ok(CORRECT, {"input": fine}, t.token)


async def test_mizoram_s7_2_an_injury_follows_the_seizure_and_a_carcass_the_death(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "mizoram")
    seized = await seize(gql, t.token, pound)  # seized 3 January 09:00
    goat = next(a for a in seized["animals"] if a["species"] == "goat")

    def hurt(at: str) -> dict[str, Any]:
        return {"input": {"animalId": goat["id"], "at": at, "description": "a fall", "died": True}}

    before = await gql.error(INJURY, hurt("2026-01-03T08:00:00+05:30"), t.token)
    refused(before, "VALIDATION", "at", "7(2)")
    refused(await gql.error(INJURY, hurt(AHEAD), t.token), "VALIDATION", "at")
    await gql.ok(INJURY, hurt("2026-01-03T09:10:00+05:30"), t.token)
    twice = await gql.error(INJURY, hurt("2026-01-03T09:20:00+05:30"), t.token)
    assert twice["extensions"]["code"] == "CONFLICT"
    back = {"input": {"animalId": goat["id"], "at": "2026-01-03T09:05:00+05:30"}}
    refused(await gql.error(CARCASS, back, t.token), "VALIDATION", "at", "7(2)")


async def test_a_death_cannot_precede_the_sale_that_reckoned_the_herds_feeding(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """Mizoram s.10(2): the sale on the owner's refusal takes the whole herd's dues to its
    day; a death of a cow still held recorded before that day is out of order."""
    t, pound = await department(dbs, gql, "mizoram")
    seized = await seize(gql, t.token, pound)
    await gql.ok(REFUSE, refusal(seized, "2026-01-05T10:00:00+05:30"), t.token)
    await gql.ok(SALE, sale(seized, "2026-01-06T12:00:00+05:30"), t.token)  # one cow
    cow = next(a for a in (await case_animals(gql, t.token, seized["id"])) if a["inPound"])
    dead = {
        "input": {
            "animalId": cow["id"],
            "at": "2026-01-05T12:00:00+05:30",
            "description": "died in the pound",
            "died": True,
        }
    }
    refused(await gql.error(INJURY, dead, t.token), "VALIDATION", "at")


async def case_animals(gql: GraphQLClient, token: str, case_id: str) -> list[dict[str, Any]]:
    query = "query($id: ID!) { impoundment(id: $id) { animals { id species status } } }"
    found = (await gql.ok(query, {"id": case_id}, token))["impoundment"]["animals"]
    return [{**a, "inPound": a["status"] == "IN_POUND"} for a in found if a["species"] == "cow"]


async def test_nagaland_s14_2_a_proclamation_follows_its_notice_and_not_ahead(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    seized = await seize(gql, t.token, pound)
    await sweep(gql, t.token, "2026-01-11T10:00:00+05:30")
    by_kind = {n["kind"]: n for n in (await case(gql, t.token, seized["id"]))["notices"]}
    notice = by_kind["PUBLISH_NOTICE"]
    early = {"input": {"noticeId": notice["id"], "at": "2026-01-11T09:00:00+05:30"}}
    refused(await gql.error(PROCLAIM, early, t.token), "VALIDATION", "at", "14(2)")
    ahead = {"input": {"noticeId": notice["id"], "at": AHEAD}}
    refused(await gql.error(PROCLAIM, ahead, t.token), "VALIDATION", "at")


async def test_nagaland_s14_2_a_notice_recorded_with_its_proclamation_proclaimed_after_it(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """A notice recorded by hand with its proclamation: the proclamation obeys the same rule
    as one recorded later (not before the notice, not ahead of now)."""
    t, pound = await department(dbs, gql, "nagaland")
    seized = await seize(gql, t.token, pound)
    await notice(gql, t.token, seized, "REPORT_UNCLAIMED", "2026-01-11T10:00:00+05:30")
    given = {
        "impoundmentId": seized["id"],
        "kind": "PUBLISH_NOTICE",
        "issuedAt": "2026-01-11T11:00:00+05:30",
        "proclaimedAt": "2026-01-11T10:30:00+05:30",
    }
    before = await gql.error(NOTICE, {"input": given}, t.token)
    refused(before, "VALIDATION", "proclaimedAt", "14(2)")
    ahead = {**given, "proclaimedAt": AHEAD}
    refused(await gql.error(NOTICE, {"input": ahead}, t.token), "VALIDATION", "proclaimedAt")
    made = {**given, "proclaimedAt": "2026-01-12T08:00:00+05:30"}
    assert (await gql.ok(NOTICE, {"input": made}, t.token))["recordNotice"]

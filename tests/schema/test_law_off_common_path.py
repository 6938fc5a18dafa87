"""Issue 14: the law's answers off the common path, through the API as a clerk meets them."""

from __future__ import annotations

import pytest

from tests.conftest import Databases, GraphQLClient, make_tenant
from tests.schema.impoundment_helpers import (
    DUES,
    NOTICE,
    POUND,
    department,
    notice,
    rate,
    seize,
)
from tests.schema.test_offences import AT, CASES, FINE, LATER, RECORD, fine, record
from tests.schema.test_offences_orders import COMPOUND, COURT, REPORT, cg_case
from tests.schema.test_registration import REGISTER, mizoram, registration

# Every anonymous answer here is checked made and kept (byte-equal): tests/conftest.py.
pytestmark = pytest.mark.public_law

PUBLISH_WHY = """
mutation($input: PublishNotificationInput!) {
  publishNotification(input: $input) { amount explanation citations { section } }
}"""
EARLY_NOTICE = "2026-01-12T10:00:00+05:30"  # after the report could be made, before it was
DUES_WHY = """
query($id: ID!, $asOf: DateTime) {
  impoundment(id: $id) {
    dues(asOf: $asOf) { lines { kind species amount explanation citation { section } } }
  }
}"""


async def test_nagaland_aerodrome_fine_is_held_to_four_times_the_base_in_force_when_levied(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "nagaland")
    await rate(gql, t.token, "FINE_PER_HEAD", None, "50.00", "2026-01-01")
    await rate(
        gql,
        t.token,
        "AERODROME_FINE_PER_HEAD",
        None,
        "200.00",
        "2026-01-01",
        aerodrome="Dimapur Airport",  # s.12: the aerodrome the fine is directed for
    )
    lowered = await gql.ok(
        PUBLISH_WHY,
        {
            "input": {
                "kind": "FINE_PER_HEAD",
                "species": None,
                "amount": "20.00",
                "effectiveFrom": "2026-02-01",
                "reference": "Gazette base lowered",
            }
        },
        t.token,
    )
    said = lowered["publishNotification"]
    assert "exceeds 4 × Rs 20.00" in said["explanation"]
    assert "levied at Rs 80.00" in said["explanation"]
    assert "(12)" in said["explanation"]

    pound = (await gql.ok(POUND, {"name": "Airfield pound"}, t.token))["createPound"]["id"]
    case = await seize(
        gql,
        t.token,
        pound,
        placeKind="AERODROME",
        place="Runway, Dimapur Airport",
        seizedAt="2026-02-03T09:00:00+05:30",
        impoundedAt="2026-02-03T10:00:00+05:30",
        animals=[{"species": "cow", "count": 2}],
    )
    dues = await gql.ok(DUES_WHY, {"id": case["id"], "asOf": "2026-02-03T12:00:00+05:30"}, t.token)
    fine = next(x for x in dues["impoundment"]["dues"]["lines"] if x["kind"] == "FINE")
    assert fine["amount"] == "160.00"  # 2 × (4 × Rs 20), not 2 × Rs 200
    assert "allows at most 4 × the FINE_PER_HEAD of Rs 20.00" in fine["explanation"]

    before = await seize(
        gql,
        t.token,
        pound,
        placeKind="AERODROME",
        place="Runway, Dimapur Airport",
        seizedAt="2026-01-20T09:00:00+05:30",
        impoundedAt="2026-01-20T10:00:00+05:30",
        animals=[{"species": "cow", "count": 1}],
    )
    earlier = await gql.ok(DUES, {"id": before["id"], "asOf": "2026-01-20T12:00:00+05:30"}, t.token)
    lines = earlier["impoundment"]["dues"]["lines"]
    assert next(x for x in lines if x["kind"] == "FINE")["amount"] == "200.00"  # base was 50


async def test_mizoram_s15_3_fine_is_the_fixed_sum_of_500_not_a_cap(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "mizoram")
    case = await record(gql, t, "15(3)")
    err = await gql.error(FINE, {"id": case["id"], "amount": "400.00", "at": LATER}, t.token)
    assert err["extensions"]["code"] == "FINE_BELOW_MINIMUM"
    assert err["extensions"]["fixed"] == "500.00"
    assert err["extensions"]["citation"]["section"] == "15(3)"
    # Paid to the victim: no local body's fund, so none is named.
    assert (await fine(gql, t, case["id"], "500.00", body=None))["amount"] == "500.00"


async def test_mizoram_s18_an_earlier_offence_under_either_limb_makes_the_next_subsequent(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "mizoram")
    taxation = await record(gql, t, "18(1)", at="2025-01-10T10:00:00+05:30")
    assert not (await fine(gql, t, taxation["id"], "200.00", at=AT))["subsequent"]
    keeping = await record(gql, t, "18(2)")  # the other limb, by the same person
    first_rate = await gql.error(
        FINE, {"id": keeping["id"], "amount": "200.00", "at": LATER}, t.token
    )
    assert first_rate["extensions"]["code"] == "FINE_BELOW_MINIMUM"
    assert first_rate["extensions"]["fixed"] == "300.00"
    assert (await fine(gql, t, keeping["id"], "300.00"))["subsequent"] is True


async def test_nagaland_s28_is_an_offence_of_a_pound_keeper_only(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "nagaland")
    variables = {
        "section": "28",
        "name": "T. Sema",
        "address": "Jotsoma",
        "role": "OWNER",
        "at": AT,
    }
    err = await gql.error(RECORD, variables, t.token)
    assert err["extensions"]["code"] == "VALIDATION"
    assert err["extensions"]["citation"]["section"] == "28"
    assert err["extensions"]["field"] == "role"
    assert (await gql.ok(CASES, token=t.token))["offenceCases"] == []
    keeper = await record(gql, t, "28", role="POUND_KEEPER")
    assert keeper["offender"]["role"] == "POUND_KEEPER"


async def test_nagaland_s14_2_a_notice_before_the_recorded_report_is_refused(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)  # impounded 3 January: report from 11 January
    await notice(gql, t.token, case, "REPORT_UNCLAIMED", "2026-01-13T10:00:00+05:30")
    given = {"impoundmentId": case["id"], "kind": "PUBLISH_NOTICE", "issuedAt": EARLY_NOTICE}
    err = await gql.error(NOTICE, {"input": given}, t.token)
    assert err["extensions"]["code"] == "TOO_EARLY"
    assert err["extensions"]["citation"]["section"] == "14(2)"
    assert err["extensions"]["notBefore"] == "2026-01-13T10:00:00+05:30"
    made = await notice(gql, t.token, case, "PUBLISH_NOTICE", "2026-01-13T12:00:00+05:30")
    assert made["kind"] == "PUBLISH_NOTICE"


async def test_nagaland_s14_2_a_notice_with_no_report_recorded_is_refused(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)
    given = {
        "impoundmentId": case["id"],
        "kind": "PUBLISH_NOTICE",
        "issuedAt": "2026-01-13T12:00:00+05:30",
    }
    err = await gql.error(NOTICE, {"input": given}, t.token)
    assert err["extensions"]["code"] == "TOO_EARLY"  # "thereupon": the report comes first
    assert err["extensions"]["citation"]["section"] == "14(2)"
    notices = "query($id: ID!) { impoundment(id: $id) { notices { kind } } }"
    assert (await gql.ok(notices, {"id": case["id"]}, t.token))["impoundment"]["notices"] == []


async def test_nagaland_s14_2_a_public_timeline_with_a_notice_before_the_report_is_refused(
    gql: GraphQLClient,
) -> None:
    query = """query($events: TimelineEventsInput!) {
      impoundmentTimeline(jurisdiction: "nagaland", events: $events) { action notBefore } }"""
    events = {"seizedAt": "2026-01-03T09:00:00+05:30", "noticedAt": "2026-01-08T10:00:00+05:30"}
    err = await gql.error(query, {"events": events})
    assert err["extensions"]["code"] == "TOO_EARLY"
    assert err["extensions"]["citation"]["section"] == "14(2)"
    assert "+05:30" in err["message"]


async def test_chhattisgarh_s10_3_composition_after_proceedings_is_deemed_an_acquittal(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, case = await cg_case(dbs, gql)
    await gql.ok(REPORT, {"id": case["id"]}, t.token)
    await gql.ok(COURT, {"id": case["id"]}, t.token)
    comp = (await gql.ok(COMPOUND, {"id": case["id"], "amount": "500.00"}, t.token))[
        "compoundOffence"
    ]
    assert comp["afterProceedings"] is True
    assert comp["acquitted"] is True and comp["barsProceedings"] is True


async def test_mizoram_s11_2_an_exempt_owner_is_never_late_to_register(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = await mizoram(dbs, gql)
    months_after = registration(
        at="2026-06-06T10:00:00+05:30", owned_since="2026-01-05", category="STATE_GOVERNMENT"
    )
    made = (await gql.ok(REGISTER, months_after, t.token))["registerAnimals"]
    assert made["exempt"] is True and made["late"] is False
    listed = await gql.ok("{ registrations(late: true) { id } }", token=t.token)
    assert listed["registrations"] == []

"""Through the API, a mutation the Act refuses answers what the model of the case's course
(services/impoundment/course.py) answers on the registers' facts: the same code, section
and field; and `nextAction` is the model's next action (issue #31)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pashu.jurisdictions import registry
from pashu.jurisdictions.vocabulary import Action, ReleasingAuthority
from pashu.schema.node import from_global_id
from pashu.services.impoundment import cases, course
from tests.conftest import Databases, GraphQLClient
from tests.schema.clocks_helpers import CLOSE, case, sweep
from tests.schema.impoundment_helpers import DELIVER, NOTICE, SALE, department, seize
from tests.schema.test_auctions import _close
from tests.schema.test_complaints import FILE, complaint
from tests.schema.test_complaints_money import COLLECT, DECIDE, decide, filed
from tests.schema.test_course_findings import fined
from tests.schema.test_refusal_to_pay import OWNER, REFUSE, REST, refusal, sale
from tests.schema.test_release_orders import RELEASE, order

CLAIM = """
mutation($input: ClaimProceedsInput!) { claimProceeds(input: $input) { amount } }"""


def model_says(
    dbs: Databases, tenant: Any, code: str, case_gid: str, act: course.Act, at: str, **given: Any
) -> tuple[str, str | None, str | None]:
    """The model's refusal of `act` at `at` on the case as the registers hold it now."""
    parsed = from_global_id(case_gid)
    assert parsed is not None
    plugin = registry.get(code)
    with dbs.app.transaction(tenant) as s:
        facts = cases.load(s, plugin, cases.get(s, parsed[1]))
    found = course.check(facts, act, datetime.fromisoformat(at), **given)
    assert found is not None, f"the model allows {act}"
    return found.code, found.citation.label if found.citation else None, found.field


def api_says(err: dict[str, Any]) -> tuple[str, str | None, str | None]:
    ext = err["extensions"]
    return ext["code"], (ext.get("citation") or {}).get("section"), ext.get("field")


async def test_nagaland_refusals_of_the_api_are_the_models(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    seized = await seize(gql, t.token, pound)  # 3 January 09:00; 2 cows, 1 goat
    cid = seized["id"]

    async def same(
        query: str, variables: dict[str, Any], act: course.Act, at: str, **g: Any
    ) -> tuple[str, str | None, str | None]:
        err = await gql.error(query, variables, t.token)
        assert api_says(err) == model_says(dbs, t.id, "nagaland", cid, act, at, **g)
        return api_says(err)

    # ss.15, 20: a deposit under protest only while a complaint can follow.
    late = "2026-01-22T10:00:00+05:30"
    deposit = {
        "impoundmentId": cid,
        "at": late,
        "claimant": OWNER,
        "amountPaid": "500.00",
        "underProtest": True,
    }
    assert await same(DELIVER, {"input": deposit}, course.Act.DELIVER_ON_DEPOSIT, late) == (
        "TOO_LATE",
        "20",
        "at",
    )
    assert await same(FILE, complaint(seized, late), course.Act.COMPLAINT, late) == (
        "TOO_LATE",
        "20",
        "at",
    )
    # s.14(2): the notice follows the report.
    on = "2026-01-12T10:00:00+05:30"
    given = {"input": {"impoundmentId": cid, "kind": "PUBLISH_NOTICE", "issuedAt": on}}
    assert await same(NOTICE, given, course.Act.NOTICE, on, kind=Action.PUBLISH_NOTICE) == (
        "TOO_EARLY",
        "14(2)",
        "kind",
    )
    # s.14(3): no sale of cattle not claimed before the notices.
    early = "2026-01-12T12:00:00+05:30"
    assert await same(SALE, sale(seized, early), course.Act.SALE, early) == (
        "TOO_EARLY",
        "14(3)",
        "at",
    )
    # s.19(2): a Magistrate orders a release on a complaint, and none is recorded.
    magistrate = order(seized, authority="MAGISTRATE")
    assert await same(
        RELEASE,
        magistrate,
        course.Act.RELEASE_BY_ORDER,
        magistrate["input"]["at"],
        authority=ReleasingAuthority.MAGISTRATE,
        ordered_at=datetime.fromisoformat(magistrate["input"]["orderedAt"]),
    ) == ("VALIDATION", "19(2)", "authority")
    # s.16: the rest are delivered only after the sale on the owner's refusal.
    refused_at = "2026-01-05T10:00:00+05:30"
    no_sale = await same(REST, refusal(seized, refused_at), course.Act.DELIVER_REST, refused_at)
    assert no_sale[:2] == ("CONFLICT", "16(2)")
    await gql.ok(REFUSE, refusal(seized, refused_at), t.token)
    again = "2026-01-05T11:00:00+05:30"
    twice = await same(REFUSE, refusal(seized, again), course.Act.REFUSAL, again)
    assert twice[:2] == ("CONFLICT", "16(1)")
    await gql.ok(SALE, sale(seized, "2026-01-05T12:00:00+05:30"), t.token)
    second = "2026-01-05T13:00:00+05:30"
    resold = await same(SALE, sale(seized, second), course.Act.SALE, second)
    assert resold[:2] == ("CONFLICT", "16(1)")
    before = "2026-01-05T11:30:00+05:30"
    assert await same(REST, refusal(seized, before), course.Act.DELIVER_REST, before) == (
        "VALIDATION",
        None,
        "at",
    )
    # The surplus is claimed within three months of the sale (s.17(3)).
    too_late = "2026-04-06T10:00:00+05:30"
    claim = {"input": {"impoundmentId": cid, "at": too_late, "claimant": OWNER}}
    assert await same(CLAIM, claim, course.Act.CLAIM_PROCEEDS, too_late) == (
        "TOO_LATE",
        "17(3)",
        "at",
    )


async def test_nagaland_the_cattle_left_after_a_sale_on_refusal_await_their_delivery(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """s.16(3) (issue #31): the cow and the goat left have a duty open, their delivery to the
    owner, shown as the case's next action from the sale; no sweep acts on it; refused
    (s.16(5)) they are unclaimed and s.14 runs for them."""
    t, pound = await department(dbs, gql, "nagaland")
    seized = await seize(gql, t.token, pound)
    await gql.ok(REFUSE, refusal(seized, "2026-01-05T10:00:00+05:30"), t.token)
    await gql.ok(SALE, sale(seized, "2026-01-05T12:00:00+05:30"), t.token)
    seen = await case(gql, t.token, seized["id"])
    assert seen["nextAction"] == {
        "action": "DELIVER_REST",
        "notBefore": "2026-01-05T12:00:00+05:30",
        "deadline": None,
    }
    parsed = from_global_id(seized["id"])
    assert parsed is not None
    with dbs.app.transaction(t.id) as s:
        model = course.Course(cases.load(s, registry.get("nagaland"), cases.get(s, parsed[1])))
    nxt = model.next_action()
    assert nxt is not None and nxt.action.value == seen["nextAction"]["action"]
    assert await sweep(gql, t.token, "2026-02-01T10:00:00+05:30") == []  # a clerk's duty
    await gql.ok(REST, refusal(seized, "2026-02-02T10:00:00+05:30", accepted=False), t.token)
    after = await case(gql, t.token, seized["id"])
    assert after["nextAction"]["action"] == "REPORT_UNCLAIMED"


async def test_mizoram_refusals_of_the_api_are_the_models(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "mizoram")
    seized = await seize(gql, t.token, pound)
    cid = seized["id"]
    announced = {
        "input": {
            "impoundmentId": cid,
            "kind": "ANNOUNCE_SEIZURE",
            "issuedAt": "2026-01-03T18:00:00+05:30",
        }
    }
    await gql.ok(NOTICE, announced, t.token)
    # s.10(2): a refusal only within the seven days of s.10(1).
    late = "2026-01-12T10:00:00+05:30"
    err = await gql.error(REFUSE, refusal(seized, late), t.token)
    assert api_says(err) == model_says(dbs, t.id, "mizoram", cid, course.Act.REFUSAL, late)
    assert api_says(err) == ("TOO_LATE", "10(2)", "at")
    # s.10(4): no refund after a sale on the owner's refusal.
    await gql.ok(REFUSE, refusal(seized, "2026-01-05T10:00:00+05:30"), t.token)
    await gql.ok(SALE, sale(seized, "2026-01-05T12:00:00+05:30"), t.token)
    at = "2026-01-06T10:00:00+05:30"
    err = await gql.error(
        CLAIM, {"input": {"impoundmentId": cid, "at": at, "claimant": OWNER}}, t.token
    )
    assert api_says(err) == model_says(dbs, t.id, "mizoram", cid, course.Act.CLAIM_PROCEEDS, at)
    assert api_says(err)[:2] == ("CONFLICT", "10(4)")


async def test_the_facts_of_a_case_name_the_fines_linked_to_it(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """cases.load: a fine on conviction for the trespass of the case's cattle (Nagaland
    s.25) is among the case's facts, as the model reads them."""
    t, pound = await department(dbs, gql, "nagaland")
    seized = await seize(gql, t.token, pound)
    other = await seize(gql, t.token, pound)
    fine = await fined(gql, t.token, seized, "250.00")
    plugin = registry.get("nagaland")
    with dbs.app.transaction(t.id) as s:
        found = {}
        for gid in (seized["id"], other["id"]):
            parsed = from_global_id(gid)
            assert parsed is not None
            found[gid] = tuple(f.id for f in cases.load(s, plugin, cases.get(s, parsed[1])).fines)
    parsed_fine = from_global_id(fine)
    assert parsed_fine is not None
    assert found == {seized["id"]: (parsed_fine[1],), other["id"]: ()}


async def test_nagaland_the_new_acts_refusals_are_the_models(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """decideComplaint before its complaint, collectSeizerDues before a decision, and
    closeAuction before its day answer what the model answers on the registers' facts."""
    t, pound = await department(dbs, gql, "nagaland")
    seized = await seize(gql, t.token, pound)
    cid = seized["id"]
    complaint_id = await filed(gql, t.token, seized)  # 4 January 11:00
    pk = from_global_id(complaint_id)
    assert pk is not None
    early = "2026-01-04T10:00:00+05:30"
    err = await gql.error(DECIDE, decide(complaint_id, early), t.token)
    model = model_says(
        dbs, t.id, "nagaland", cid, course.Act.DECIDE_COMPLAINT, early, complaint_id=pk[1]
    )
    assert api_says(err) == model == ("VALIDATION", "20", "at")
    at = "2026-01-05T10:00:00+05:30"
    err = await gql.error(COLLECT, {"input": {"complaintId": complaint_id, "at": at}}, t.token)
    model = model_says(
        dbs, t.id, "nagaland", cid, course.Act.COLLECT_SEIZER_DUES, at, complaint_id=pk[1]
    )
    assert api_says(err) == model and model[:2] == ("CONFLICT", "22(2)")
    await sweep(gql, t.token, "2026-01-11T10:00:00+05:30")
    await sweep(gql, t.token, "2026-01-19T09:00:00+05:30")
    (auction,) = (await case(gql, t.token, cid))["auctions"]
    round_ = from_global_id(auction["id"])
    assert round_ is not None
    before = "2026-01-22T11:00:00+05:30"
    err = await gql.error(CLOSE, _close(auction, before, []), t.token)
    model = model_says(
        dbs, t.id, "nagaland", cid, course.Act.CLOSE_AUCTION, before, auction_id=round_[1]
    )
    assert api_says(err) == model and model[0] == "TOO_EARLY"

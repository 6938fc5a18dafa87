"""Regression tests of issue #31: acts each lawful alone, met in one course, where the Act's
answer must still hold (the sweep, the books, the duties, the timeline, the scenario)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

from pashu.db.clocks import ClaimWindow
from pashu.db.types import new_id
from pashu.schema.node import from_global_id
from tests.conftest import Databases, GraphQLClient
from tests.schema.clocks_helpers import RUN, RUNS, case, sweep
from tests.schema.impoundment_helpers import DELIVER, SALE, balances, department, notice, seize
from tests.schema.test_complaints import FILE, complaint
from tests.schema.test_complaints_money import COLLECT, DECIDE, decide
from tests.schema.test_recovery_by_sale import FINE, OFFENCE
from tests.schema.test_recovery_by_sale import sale as recovery_sale
from tests.schema.test_refusal_to_pay import (
    OWNER,
    REFUSE,
    REST,
    assert_balanced,
    held,
    refusal,
    sale,
)


async def fined(gql: GraphQLClient, token: str, seized: dict[str, Any], amount: str) -> str:
    """A fine under s.25 for the trespass of the case's cattle, imposed 5 January 11:00."""
    offence = await gql.ok(OFFENCE, {"imp": seized["id"], "section": "25"}, token)
    fine = await gql.ok(FINE, {"id": offence["recordOffence"]["id"], "amount": amount}, token)
    found: str = fine["imposeFine"]["id"]
    return found


async def failed_runs(gql: GraphQLClient, token: str) -> list[dict[str, Any]]:
    runs: list[dict[str, Any]] = (await gql.ok(RUNS, {"first": 50, "failedOnly": True}, token))[
        "taskRuns"
    ]
    return runs


async def test_nagaland_s17_3_surplus_of_a_refusal_sale_leaves_deposit_after_the_rest_is_refused(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """ss.16(5), 14 and 17(3): the rest refused follows s.14 (report, notice), and the
    surplus of the earlier sale is credited to the fund three months after that sale."""
    t, pound = await department(dbs, gql, "nagaland")
    seized = await seize(gql, t.token, pound)  # 2 cows, 1 goat
    await gql.ok(REFUSE, refusal(seized, "2026-01-05T10:00:00+05:30"), t.token)
    await gql.ok(SALE, sale(seized, "2026-01-05T12:00:00+05:30"), t.token)  # one cow
    await gql.ok(REST, refusal(seized, "2026-01-05T13:00:00+05:30", accepted=False), t.token)
    done = await sweep(gql, t.token, "2026-01-11T09:00:00+05:30")
    assert {"REPORT_UNCLAIMED", "PUBLISH_NOTICE"} <= {d["kind"] for d in done}
    assert await sweep(gql, t.token, "2026-01-12T09:00:00+05:30") is not None
    assert await failed_runs(gql, t.token) == []
    assert held(await balances(gql, t.token), "deposit:surplus") == "665.00"
    done = await sweep(gql, t.token, "2026-04-06T09:00:00+05:30")
    assert "CREDIT_UNCLAIMED_SURPLUS" in {d["kind"] for d in done}
    assert await failed_runs(gql, t.token) == []
    books = await balances(gql, t.token)
    assert held(books, "deposit:surplus") == "0.00"
    assert_balanced(books)


async def test_mizoram_s10_4_a_sale_on_refusal_closes_its_claim_window_without_failing(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """s.10(2), (4): no refund lies after a sale on the owner's refusal; the clock closes
    the sale's window and the tenant's sweep goes on."""
    t, pound = await department(dbs, gql, "mizoram")
    seized = await seize(gql, t.token, pound)
    await notice(gql, t.token, seized, "ANNOUNCE_SEIZURE", "2026-01-03T18:00:00+05:30")
    await gql.ok(REFUSE, refusal(seized, "2026-01-05T10:00:00+05:30"), t.token)
    await gql.ok(SALE, sale(seized, "2026-01-05T12:00:00+05:30"), t.token)
    done = await sweep(gql, t.token, "2026-01-06T09:00:00+05:30")
    assert [d["kind"] for d in done] == ["CLOSE_CLAIM_WINDOW"]
    assert await sweep(gql, t.token, "2026-01-07T09:00:00+05:30") == []
    assert await failed_runs(gql, t.token) == []
    books = await balances(gql, t.token)
    assert held(books, "fund:village_council_fund") == "900.00"  # stays where s.10 put it
    assert_balanced(books)


def failed_metric(text: str) -> float:
    line = 'pashu_task_runs_total{outcome="FAILED",task="runDueActions"}'
    found = [x.split()[-1] for x in text.splitlines() if x.startswith(line)]
    return float(found[0]) if found else 0.0


def broken_window(dbs: Databases, tenant: object, case_gid: str) -> None:
    """A claim window with no sale behind it (as a restore gone wrong could leave one): a
    piece of work the clock cannot do."""
    parsed = from_global_id(case_gid)
    assert parsed is not None
    with dbs.admin.transaction(tenant) as s:  # type: ignore[arg-type]
        s.add(
            ClaimWindow(
                id=new_id(),
                tenant_id=tenant,
                impoundment_id=parsed[1],
                sold_at=datetime(2026, 1, 4, tzinfo=UTC),
            )
        )


async def test_a_case_the_clock_cannot_do_is_a_failed_run_counted_and_skipped(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """DESIGN §6: one case never stops a tenant's clock, and never answers INTERNAL: its
    failure is recorded with its reason, counted, and the rest of the work is done."""
    t, pound = await department(dbs, gql, "mizoram")
    broken = await seize(gql, t.token, pound)
    broken_window(dbs, t.id, broken["id"])
    before = failed_metric((await gql.http.get("/metrics")).text)
    done = await sweep(gql, t.token, "2026-01-03T16:00:00+05:30")
    assert [d["kind"] for d in done] == ["ANNOUNCE_SEIZURE"]  # the rest of the work is done
    (run,) = await failed_runs(gql, t.token)
    # The model refuses to close a window no sale opened (Act.CLOSE_CLAIM_WINDOW): coded.
    assert "CONFLICT" in run["error"] and "no claim window is open" in run["error"]
    assert failed_metric((await gql.http.get("/metrics")).text) == before + 1
    assert await sweep(gql, t.token, "2026-01-04T16:00:00+05:30") == []  # and again, skipped
    assert len(await failed_runs(gql, t.token)) == 2


async def test_nagaland_s26_fine_recovered_by_sale_of_all_or_any_of_the_cattle(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """s.26: "by sale of the all or any of the cattle". All sold: allowed though short, the
    rest of the fine unrecovered. One sold: the other is still unclaimed and s.14(1) runs."""
    t, pound = await department(dbs, gql, "nagaland")
    two_cows = [{"species": "cow", "count": 2}]
    every = await seize(gql, t.token, pound, animals=two_cows)
    fine = await fined(gql, t.token, every, "250.00")
    all_of_them = recovery_sale(every, "2026-01-05T12:00:00+05:30", fine, count=2)
    all_of_them["input"].update(price="400.00", expenses="0.00")
    sold = (await gql.ok(SALE, all_of_them, t.token))["recordSale"]["account"]
    disposal = {d["item"]: d["amount"] for d in sold["disposal"]}
    # 400 - fines 100 - feeding 60 leaves 240 of the 250.
    assert disposal["fineOnConviction"] == "240.00"
    # Owed still, not a way the proceeds went: the (f) lines add up to them (s.16(3)(f)).
    assert {d["item"]: d["amount"] for d in sold["unrecovered"]} == {"fineUnrecovered": "10.00"}
    assert sum(Decimal(v) for v in disposal.values()) == Decimal("400.00")
    assert "26" in sold["citations"]

    anyone = await seize(gql, t.token, pound, animals=two_cows)
    fine = await fined(gql, t.token, anyone, "250.00")
    await gql.ok(SALE, recovery_sale(anyone, "2026-01-05T12:00:00+05:30", fine), t.token)
    seen = await case(gql, t.token, anyone["id"])
    assert seen["nextAction"] == {
        "action": "REPORT_UNCLAIMED",
        "notBefore": "2026-01-11T00:00:00+05:30",
        "deadline": None,
    }
    done = await sweep(gql, t.token, "2026-01-20T10:00:00+05:30")
    assert [(d["kind"], d["impoundmentId"]) for d in done] == [
        ("REPORT_UNCLAIMED", anyone["id"]),
        ("PUBLISH_NOTICE", anyone["id"]),
    ]
    assert (await case(gql, t.token, anyone["id"]))["nextAction"]["action"] == "AUCTION"
    assert_balanced(await balances(gql, t.token))


TIMELINE = """
query($id: ID!) { impoundment(id: $id) {
  timeline { action notBefore deadline projected required }
} }"""
CLAIM = """
mutation($input: ClaimProceedsInput!) { claimProceeds(input: $input) { amount } }"""


async def test_mizoram_s10_4_the_timeline_times_the_claim_from_the_sale_held(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """s.10(4): fifteen days from the sale held, as claimProceeds counts them, not projected
    from the earliest auction date."""
    t, pound = await department(dbs, gql, "mizoram")
    seized = await seize(gql, t.token, pound)
    await notice(gql, t.token, seized, "ANNOUNCE_SEIZURE", "2026-01-03T18:00:00+05:30")
    await gql.ok(SALE, sale(seized, "2026-01-20T12:00:00+05:30"), t.token)
    found = await gql.ok(TIMELINE, {"id": seized["id"]}, t.token)
    (claim,) = [s for s in found["impoundment"]["timeline"] if s["action"] == "CLAIM_SALE_PROCEEDS"]
    assert claim["projected"] is False
    assert claim["notBefore"] == "2026-01-20T12:00:00+05:30"
    late = {"impoundmentId": seized["id"], "at": claim["deadline"], "claimant": OWNER}
    err = await gql.error(CLAIM, {"input": late}, t.token)
    assert err["extensions"]["code"] == "TOO_LATE"
    assert err["extensions"]["deadline"] == claim["deadline"]


async def test_nagaland_ss15_20_no_deposit_under_protest_once_no_complaint_can_follow(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """ss.15, 20: the deposit is held for the complaint that may follow within ten days of
    the seizure; on day 19 none can, so the deposit is refused as a complaint would be."""
    t, pound = await department(dbs, gql, "nagaland")
    seized = await seize(gql, t.token, pound)  # seized 3 January 09:00
    given = {
        "impoundmentId": seized["id"],
        "at": "2026-01-22T10:00:00+05:30",
        "claimant": OWNER,
        "amountPaid": "500.00",
        "underProtest": True,
    }
    err = await gql.error(DELIVER, {"input": given}, t.token)
    assert err["extensions"]["code"] == "TOO_LATE"
    assert err["extensions"]["citation"]["section"] == "20"
    assert err["extensions"]["deadline"].startswith("2026-01-1")
    assert (await case(gql, t.token, seized["id"]))["nextAction"] is not None  # still held
    assert await sweep(gql, t.token, "2026-01-23T10:00:00+05:30") is not None
    assert await failed_runs(gql, t.token) == []


async def test_nagaland_s22_the_fines_and_charges_of_a_cow_delivered_on_deposit_are_not_lost(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """ss.15, 22: one of two cows delivered on a deposit under protest, the seizure adjudged
    illegal: the deposit goes back whole (so it is not awarded again as fines paid), and
    the fines and charges of both cows are laid on the seizer, so the local authority and
    the pound-keeper get the delivered cow's too."""
    t, pound = await department(dbs, gql, "nagaland")
    seized = await seize(gql, t.token, pound, animals=[{"species": "cow", "count": 2}])
    first = seized["animals"][0]["id"]
    given = {
        "impoundmentId": seized["id"],
        "at": "2026-01-04T10:00:00+05:30",
        "claimant": OWNER,
        "amountPaid": "70.00",  # fine 50, feeding 2 days × 10
        "underProtest": True,
        "animalIds": [first],
    }
    await gql.ok(DELIVER, {"input": given}, t.token)
    cid = (await gql.ok(FILE, complaint(seized, "2026-01-04T11:00:00+05:30"), t.token))[
        "fileComplaint"
    ]["id"]
    twice = await gql.error(DECIDE, decide(cid, finesPaid="70.00"), t.token)
    assert twice["extensions"]["code"] == "VALIDATION"  # the deposit goes back whole
    done = (await gql.ok(DECIDE, decide(cid), t.token))["decideComplaint"]["decision"]
    # The held cow to 6 January: fine 50, feeding 4 days × 10; and the delivered cow's 70.
    assert done["depositReturned"] == "70.00"
    assert done["seizerOwes"] == "160.00"
    at = {"input": {"complaintId": cid, "at": "2026-01-07T10:00:00+05:30"}}
    await gql.ok(COLLECT, at, t.token)
    books = await balances(gql, t.token)
    assert books["payee:owner"] == "70.00"
    assert held(books, "fund:local_authority_fund") == "100.00"  # both cows' fines
    assert held(books, "fund:pound_keeper") == "60.00"
    assert_balanced(books)


async def test_an_act_is_not_dated_before_an_act_already_recorded_on_its_animals(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """Nagaland s.16(1), (2): the sale on refusal took the whole herd's feeding to its day; a
    delivery of the rest dated before that sale is refused, naming `at`."""
    t, pound = await department(dbs, gql, "nagaland")
    seized = await seize(gql, t.token, pound)
    await gql.ok(REFUSE, refusal(seized, "2026-01-05T10:00:00+05:30"), t.token)
    await gql.ok(SALE, sale(seized, "2026-01-05T12:00:00+05:30"), t.token)
    given = {
        "impoundmentId": seized["id"],
        "at": "2026-01-05T11:00:00+05:30",
        "claimant": OWNER,
        "amountPaid": "0.00",
    }
    err = await gql.error(DELIVER, {"input": given}, t.token)
    assert err["extensions"]["code"] == "VALIDATION" and err["extensions"]["field"] == "at"
    assert "2026-01-05T12:00:00+05:30" in err["message"]


async def test_the_clock_does_not_act_ahead_of_now(dbs: Databases, gql: GraphQLClient) -> None:
    """The one rule of time holds for the clock's own acts: a sweep as of a later instant
    than now is refused, naming asOf, and nothing is dated in the future."""
    t, pound = await department(dbs, gql, "nagaland")
    seized = await seize(gql, t.token, pound)
    ahead = (datetime.now(UTC) + timedelta(days=200)).isoformat()
    err = await gql.error(RUN, {"asOf": ahead}, t.token)
    assert err["extensions"]["code"] == "VALIDATION" and err["extensions"]["field"] == "asOf"
    assert (await case(gql, t.token, seized["id"]))["notices"] == []


SCENARIO = """
query($f: ScenarioInput!) { compareScenario(facts: $f) {
  jurisdiction refusal { summary lawful }
  timeline { action notBefore required }
  steps { action lawful explanation citations { section } }
  earliestSale prohibitedPurchasers owner { lawful citations { section } }
  money { account amount } nextAction { action }
} }"""


async def scenario(gql: GraphQLClient, **over: Any) -> dict[str, dict[str, Any]]:
    facts: dict[str, Any] = {
        "animals": [{"species": "cow", "count": 2}],
        "seizedAt": "2026-01-03T09:00:00+05:30",
        "impoundedAt": "2026-01-03T15:00:00+05:30",
        **over,
    }
    answers = (await gql.ok(SCENARIO, {"f": facts}))["compareScenario"]
    return {a["jurisdiction"]: a for a in answers}


async def test_scenario_an_owner_refusing_on_day_2_is_sold_at_once_as_the_registers_do(
    gql: GraphQLClient,
) -> None:
    """Nagaland s.16(1), Mizoram s.10(2): claimed cattle are sold from the refusal, with no
    report or notice of cattle unclaimed, as recordRefusalToPay and recordSale allow."""
    appears = "2026-01-04T10:00:00+05:30"
    answers = await scenario(gql, owner="REFUSES", ownerAppearsAt=appears)
    for code in ("nagaland", "mizoram"):
        a = answers[code]
        assert a["earliestSale"] == appears, code
        steps = {s["action"] for s in a["timeline"]}
        assert not steps & {"REPORT_UNCLAIMED", "PUBLISH_NOTICE"}, code


async def test_scenario_no_lawful_step_for_a_species_the_act_does_not_impound(
    gql: GraphQLClient,
) -> None:
    """Nagaland s.2: a dog is not cattle: nothing of the Act's course applies to it."""
    a = (await scenario(gql, animals=[{"species": "dog", "count": 1}]))["nagaland"]
    assert a["refusal"]["lawful"] is False
    assert a["timeline"] == [] and a["earliestSale"] is None
    assert a["prohibitedPurchasers"] == []
    assert a["steps"] == []  # not even its delivery to the pound is lawful


async def test_scenario_a_notice_before_the_report_is_that_step_unlawful_not_a_refusal(
    gql: GraphQLClient,
) -> None:
    """Nagaland s.14(2): the notice follows the report; dated before it could be made, that
    step is unlawful and the rest of the answer stands."""
    a = (await scenario(gql, noticedAt="2026-01-05T10:00:00+05:30"))["nagaland"]
    assert a["refusal"] is None and a["earliestSale"]
    (notice,) = [s for s in a["steps"] if s["action"] == "PUBLISH_NOTICE"]
    assert notice["lawful"] is False and notice["citations"] == [{"section": "14(2)"}]
    # Dated before the report the facts give: refused as recordNotice refuses it; the report
    # stands, and the notice is still the next duty.
    a = (
        await scenario(
            gql, reportedAt="2026-01-12T10:00:00+05:30", noticedAt="2026-01-11T10:00:00+05:30"
        )
    )["nagaland"]
    assert a["refusal"] is None
    lawful = {s["action"]: s["lawful"] for s in a["steps"]}
    assert lawful["PUBLISH_NOTICE"] is False and lawful["REPORT_UNCLAIMED"] is True
    assert a["nextAction"]["action"] == "PUBLISH_NOTICE"


async def test_scenario_after_the_owner_pays_no_auction_or_claim_is_required(
    gql: GraphQLClient,
) -> None:
    """Nagaland s.13, Mizoram s.9: delivered on payment, the case closes unsold."""
    answers = await scenario(gql, owner="PAYS", ownerAppearsAt="2026-01-05T10:00:00+05:30")
    for code, claim in (("nagaland", "CLAIM_SURPLUS"), ("mizoram", "CLAIM_SALE_PROCEEDS")):
        a = answers[code]
        required = {s["action"]: s["required"] for s in a["timeline"]}
        assert required["AUCTION"] is False and required[claim] is False, code
        assert a["earliestSale"] is None, code


async def test_scenario_nagaland_ss15_20_no_deposit_under_protest_once_no_complaint_can_follow(
    gql: GraphQLClient,
) -> None:
    """ss.15, 20: as deliverToOwner refuses a deposit under protest on day 19 (no complaint
    can follow it), so does the scenario: the owner's step is unlawful, nothing is deposited
    and the case is not closed; within the ten days the deposit is taken."""
    fine = [
        {
            "kind": "FINE_PER_HEAD",
            "species": "cow",
            "amount": "50.00",
            "effectiveFrom": "2026-01-01",
        }
    ]
    late = (
        await scenario(
            gql, owner="DISPUTES", ownerAppearsAt="2026-01-22T10:00:00+05:30", rates=fine
        )
    )["nagaland"]
    assert late["owner"]["lawful"] is False
    assert late["owner"]["citations"] == [{"section": "20"}]
    assert late["money"] == []
    required = {s["action"]: s["required"] for s in late["timeline"]}
    assert required["AUCTION"] is True and late["earliestSale"] is not None
    early = (
        await scenario(
            gql, owner="DISPUTES", ownerAppearsAt="2026-01-05T10:00:00+05:30", rates=fine
        )
    )["nagaland"]
    assert early["owner"]["lawful"] is True
    assert {m["account"] for m in early["money"]} == {"deposit:under_protest"}
    assert early["earliestSale"] is None


PAGE = """
query($id: ID!) { impoundment(id: $id) {
  nextAction { action notBefore deadline }
  timeline { action notBefore deadline projected required }
} }"""
ANSWER = """
query($f: ScenarioInput!) { compareScenario(facts: $f) {
  jurisdiction nextAction { action notBefore deadline }
  timeline { action notBefore deadline projected required }
} }"""


async def test_scenario_of_a_recorded_course_is_the_case_page(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """Nagaland s.14: a case reported unclaimed, and the scenario of the same facts (the
    report among them), answer the same next duty (the notice) and the same timeline."""
    t, pound = await department(dbs, gql, "nagaland")
    seized = await seize(gql, t.token, pound)
    await notice(gql, t.token, seized, "REPORT_UNCLAIMED", "2026-01-11T10:00:00+05:30")
    page = (await gql.ok(PAGE, {"id": seized["id"]}, t.token))["impoundment"]
    facts = {
        "animals": [{"species": "cow", "count": 2}, {"species": "goat", "count": 1}],
        "seizedAt": "2026-01-03T09:00:00+05:30",
        "impoundedAt": "2026-01-03T15:00:00+05:30",
        "reportedAt": "2026-01-11T10:00:00+05:30",
    }
    answers = (await gql.ok(ANSWER, {"f": facts}))["compareScenario"]
    answer = next(a for a in answers if a["jurisdiction"] == "nagaland")
    assert page["nextAction"]["action"] == "PUBLISH_NOTICE"
    assert answer["nextAction"] == page["nextAction"]
    assert answer["timeline"] == page["timeline"]

"""compareScenario (issue #16): one set of facts through every Act at once, each answer the
one the per-jurisdiction services give."""

from __future__ import annotations

import asyncio
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pashu.config import settings as pashu_settings
from pashu.core.legaltime import IST, legal_date
from pashu.schema.schema import build_schema
from tests.conftest import Databases, GraphQLClient
from tests.schema.impoundment_helpers import DUES, department, seize

# Every anonymous answer here is checked made and kept (byte-equal): tests/conftest.py.
pytestmark = pytest.mark.public_law

SCENARIO = """
query($f: ScenarioInput!) { compareScenario(facts: $f) {
  jurisdiction provided refusal { summary lawful citations { section uri } }
  animals { species count impoundable isCattle isAnimal citations { section } }
  timeline { action notBefore deadline projected citation { section } }
  steps { action at lawful explanation citations { section } }
  rates { kind species amount accepted explanation citations { section } }
  dues { asOf total lines { kind species heads days amount } }
  earliestSale earliestSaleCitations { section }
  prohibitedPurchasers prohibitedPurchasersCitations { section }
  owner { summary lawful citations { section } }
  money { kind account accountName amount citations { section } }
} }"""

TIMELINE = """
query($j: ID!, $e: TimelineEventsInput!) { impoundmentTimeline(jurisdiction: $j, events: $e) {
  action notBefore deadline projected citation { section } } }"""

RATES = [
    {"kind": "FINE_PER_HEAD", "species": "cow", "amount": "50.00", "effectiveFrom": "2026-01-01"},
    {"kind": "FINE_PER_HEAD", "species": "goat", "amount": "20.00", "effectiveFrom": "2026-01-01"},
    {
        "kind": "FEEDING_PER_HEAD_PER_DAY",
        "species": "cow",
        "amount": "10.00",
        "effectiveFrom": "2026-01-01",
    },
    {
        "kind": "FEEDING_PER_HEAD_PER_DAY",
        "species": "goat",
        "amount": "5.00",
        "effectiveFrom": "2026-01-01",
    },
]

SCHEMA = build_schema(pashu_settings())


def _sync(query: str, variables: dict[str, Any]) -> dict[str, Any]:
    """The real schema, without HTTP: hypothesis draws many examples per test."""
    result = asyncio.run(SCHEMA.execute(query, variable_values=variables))
    assert result.errors is None, result.errors
    assert result.data is not None
    return result.data


def _by_code(answers: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {a["jurisdiction"]: a for a in answers}


def _facts(**over: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "animals": [{"species": "cow", "count": 2}, {"species": "goat", "count": 1}],
        "seizedAt": "2026-01-03T09:00:00+05:30",
        "impoundedAt": "2026-01-03T15:00:00+05:30",
        "rates": RATES,
    }
    base.update(over)
    return base


async def test_one_set_of_facts_is_answered_by_every_act_side_by_side(gql: GraphQLClient) -> None:
    answers = _by_code((await gql.ok(SCENARIO, {"f": _facts()}))["compareScenario"])
    assert set(answers) == {"chhattisgarh", "mizoram", "nagaland"}
    cg = answers["chhattisgarh"]
    assert cg["provided"] is False and cg["refusal"]["lawful"] is False
    assert cg["refusal"]["citations"] and cg["timeline"] == [] and cg["dues"] is None
    for code in ("mizoram", "nagaland"):
        a = answers[code]
        assert a["provided"] and a["refusal"] is None
        assert all(x["impoundable"] and x["citations"] for x in a["animals"])
        assert a["earliestSale"] and a["earliestSaleCitations"]
        assert a["prohibitedPurchasers"] and a["prohibitedPurchasersCitations"]
    # 7 days from the announcement (Mizoram, s.10(1)) against 7 + 7 days (Nagaland, s.14).
    assert answers["mizoram"]["earliestSale"] == "2026-01-11T00:00:00+05:30"
    assert answers["nagaland"]["earliestSale"] == "2026-01-19T00:00:00+05:30"


async def test_scenario_dues_are_the_dues_of_the_same_case_recorded(
    dbs: Databases, gql: GraphQLClient
) -> None:
    as_of = "2026-01-07T11:00:00+05:30"
    for code in ("nagaland", "mizoram"):
        t, pound = await department(dbs, gql, code)
        case = await seize(gql, t.token, pound)
        recorded = (await gql.ok(DUES, {"id": case["id"], "asOf": as_of}, t.token))["impoundment"]
        answers = _by_code((await gql.ok(SCENARIO, {"f": _facts(asOf=as_of)}))["compareScenario"])
        dues = answers[code]["dues"]
        assert (
            dues["total"] == recorded["dues"]["total"] == "245.00"
        )  # fines 120 + five days of feeding 125
        strip = [
            {k: v for k, v in line.items() if k != "citation"} for line in recorded["dues"]["lines"]
        ]
        assert dues["lines"] == strip


_instants = st.datetimes(
    min_value=datetime(2026, 1, 1), max_value=datetime(2030, 12, 31), timezones=st.just(IST)
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seized=_instants,
    delay=st.integers(min_value=0, max_value=48 * 60),
    announce=st.one_of(st.none(), st.integers(min_value=0, max_value=60 * 60)),
    notice=st.one_of(st.none(), st.integers(min_value=6 * 24 * 60, max_value=12 * 24 * 60)),
)
def test_scenario_timelines_agree_with_each_jurisdictions_timeline(
    seized: datetime, delay: int, announce: int | None, notice: int | None
) -> None:
    brought = seized + timedelta(minutes=delay)
    events: dict[str, Any] = {"seizedAt": seized.isoformat(), "impoundedAt": brought.isoformat()}
    if announce is not None:
        events["announcedAt"] = (brought + timedelta(minutes=announce)).isoformat()
    if notice is not None:
        events["noticedAt"] = (brought + timedelta(minutes=notice)).isoformat()
    facts = {"animals": [{"species": "cow", "count": 1}], **events}
    answers = _by_code(_sync(SCENARIO, {"f": facts})["compareScenario"])
    # A notice with no report before it: Nagaland's registers refuse it (s.14(2): the notice
    # follows the report), Mizoram's Act has no such notice. The scenario says so of that
    # step, as the registers answer, and the rest of the course is the one without it.
    taken = {k: v for k, v in events.items() if k != "noticedAt"}
    for code, refused in (("mizoram", None), ("nagaland", False)):
        a = answers[code]
        assert a["refusal"] is None
        if notice is not None:
            (step,) = [s for s in a["steps"] if s["action"] == "PUBLISH_NOTICE"]
            assert step["lawful"] is refused, code
            assert step["citations"], code
        result = asyncio.run(SCHEMA.execute(TIMELINE, variable_values={"j": code, "e": taken}))
        assert result.errors is None and result.data is not None
        alone = result.data["impoundmentTimeline"]
        assert a["timeline"] == alone
        auction = next(s for s in alone if s["action"] == "AUCTION")
        assert a["earliestSale"] == auction["notBefore"]


@settings(max_examples=40, deadline=None)
@given(
    impounded=_instants,
    days_later=st.integers(min_value=0, max_value=40),
    cows=st.integers(min_value=1, max_value=30),
    goats=st.integers(min_value=0, max_value=30),
    fine=st.integers(min_value=1, max_value=100_000),
    feed=st.integers(min_value=1, max_value=10_000),
)
def test_scenario_dues_are_fines_per_head_and_feeding_per_day_begun(
    impounded: datetime, days_later: int, cows: int, goats: int, fine: int, feed: int
) -> None:
    as_of = impounded + timedelta(days=days_later, hours=1)
    fine_rs, feed_rs = Decimal(fine) / 100, Decimal(feed) / 100
    animals = [{"species": "cow", "count": cows}] + (
        [{"species": "goat", "count": goats}] if goats else []
    )
    facts = {
        "animals": animals,
        "seizedAt": impounded.isoformat(),
        "asOf": as_of.isoformat(),
        "rates": [
            {"kind": "FINE_PER_HEAD", "amount": str(fine_rs), "effectiveFrom": "2025-12-31"},
            {
                "kind": "FEEDING_PER_HEAD_PER_DAY",
                "amount": str(feed_rs),
                "effectiveFrom": "2025-12-31",
            },
        ],
    }
    heads = cows + goats
    days = (legal_date(as_of) - legal_date(impounded)).days + 1  # every day begun, once
    expected = (fine_rs * heads + feed_rs * heads * days).quantize(Decimal("0.01"))
    for code, a in _by_code(_sync(SCENARIO, {"f": facts})["compareScenario"]).items():
        if code == "chhattisgarh":
            continue
        assert Decimal(a["dues"]["total"]) == expected, code


@settings(max_examples=30, deadline=None)
@given(
    price=st.integers(min_value=0, max_value=10_000_000),
    expenses=st.integers(min_value=0, max_value=1_000_000),
    owner=st.sampled_from(["ABSENT", "REFUSES"]),
)
def test_every_rupee_of_a_sale_goes_somewhere_and_no_more(
    price: int, expenses: int, owner: str
) -> None:
    p, e = Decimal(price) / 100, Decimal(expenses) / 100
    facts = _facts(salePrice=str(p), saleExpenses=str(e), owner=owner)
    if owner == "REFUSES":
        facts["ownerAppearsAt"] = "2026-01-05T10:00:00+05:30"
    for code, a in _by_code(_sync(SCENARIO, {"f": facts})["compareScenario"]).items():
        if code == "chhattisgarh":
            continue
        total = sum((Decimal(m["amount"]) for m in a["money"]), Decimal(0))
        assert total == p, code
        assert all(Decimal(m["amount"]) > 0 and m["citations"] for m in a["money"])


async def test_a_refusing_owner_gets_the_balance_in_one_act_and_not_the_other(
    gql: GraphQLClient,
) -> None:
    facts = _facts(
        owner="REFUSES",
        ownerAppearsAt="2026-01-05T10:00:00+05:30",
        salePrice="3000.00",
        saleExpenses="100.00",
    )
    answers = _by_code((await gql.ok(SCENARIO, {"f": facts}))["compareScenario"])
    nl = answers["nagaland"]
    assert nl["owner"]["lawful"] is True and {"16(1)"} <= {
        c["section"] for c in nl["owner"]["citations"]
    }
    accounts = {m["account"]: m["amount"] for m in nl["money"]}
    # Dues on 5 January: fines 120 and three days' feeding 75 (s.16(2) deductions).
    assert accounts == {
        "fund:local_authority_fund": "120.00",
        "fund:pound_keeper": "75.00",
        "expenses:sale": "100.00",
        "owner": "2705.00",
    }
    names = {m["account"]: m["accountName"] for m in nl["money"]}
    assert names["fund:local_authority_fund"] == "Local authority fund"
    assert names["owner"] == "The owner"
    mz = answers["mizoram"]
    assert {"10(2)"} <= {c["section"] for c in mz["owner"]["citations"]}
    # s.10(4): the proceeds are deposited whole, the expenses of sale not deducted first.
    assert {m["account"]: m["amount"] for m in mz["money"]} == {
        "fund:village_council_fund": "3000.00"
    }


async def test_an_owner_who_pays_pays_into_the_funds_the_act_names(gql: GraphQLClient) -> None:
    facts = _facts(owner="PAYS", ownerAppearsAt="2026-01-04T10:00:00+05:30")
    answers = _by_code((await gql.ok(SCENARIO, {"f": facts}))["compareScenario"])
    nl = {m["account"]: m["amount"] for m in answers["nagaland"]["money"]}
    assert nl == {"fund:local_authority_fund": "120.00", "fund:pound_keeper": "50.00"}
    mz = [(m["kind"], m["account"], m["amount"]) for m in answers["mizoram"]["money"]]
    assert mz == [
        ("FINE", "fund:village_council_fund", "120.00"),
        ("FEEDING_CHARGE", "fund:village_council_fund", "50.00"),
    ]
    assert answers["mizoram"]["dues"]["asOf"] == "2026-01-04T10:00:00+05:30"


async def test_a_deposit_under_protest_exists_in_one_act_only(gql: GraphQLClient) -> None:
    facts = _facts(owner="DISPUTES", ownerAppearsAt="2026-01-04T10:00:00+05:30")
    answers = _by_code((await gql.ok(SCENARIO, {"f": facts}))["compareScenario"])
    assert answers["nagaland"]["owner"]["lawful"] is True
    assert {m["account"] for m in answers["nagaland"]["money"]} == {"deposit:under_protest"}
    assert answers["mizoram"]["owner"]["lawful"] is False and answers["mizoram"]["money"] == []


async def test_a_hypothetical_rate_above_the_acts_bound_is_refused_with_its_section(
    gql: GraphQLClient,
) -> None:
    habitual = {
        "kind": "HABITUAL_AREA_FINE_PER_HEAD",
        "species": "cow",
        "amount": "150.01",  # above 2 × Rs 50
        "effectiveFrom": "2026-01-01",
    }
    facts = _facts(rates=[*RATES, habitual], place="HABITUAL_TRESPASS_AREA")
    answers = _by_code((await gql.ok(SCENARIO, {"f": facts}))["compareScenario"])
    refused = answers["nagaland"]["rates"][-1]
    assert refused["accepted"] is False and refused["citations"][0]["section"] == "11(2)"
    # Without a habitual-area fine directed under s.11(2), the s.11(1) scale is levied.
    lines = answers["nagaland"]["dues"]["lines"]
    cow = next(ln for ln in lines if ln["kind"] == "FINE" and ln["species"] == "cow")
    assert cow["amount"] == "100.00"  # 2 × Rs 50
    assert answers["mizoram"]["rates"][-1]["accepted"] is False


async def test_a_step_taken_late_or_lacking_in_an_act_is_said_so(gql: GraphQLClient) -> None:
    facts = _facts(
        seizedAt="2026-01-03T09:00:00+05:30",
        impoundedAt="2026-01-04T10:00:00+05:30",  # 25 hours after the seizure
        announcedAt="2026-01-05T11:00:00+05:30",  # 25 hours after the animals were brought
    )
    answers = _by_code((await gql.ok(SCENARIO, {"f": facts}))["compareScenario"])
    nl = {s["action"]: s for s in answers["nagaland"]["steps"]}
    assert nl["DELIVER_TO_POUND"]["lawful"] is False
    assert nl["ANNOUNCE_SEIZURE"]["lawful"] is None and nl["ANNOUNCE_SEIZURE"]["citations"]
    mz = {s["action"]: s for s in answers["mizoram"]["steps"]}
    assert mz["ANNOUNCE_SEIZURE"]["lawful"] is False
    assert mz["DELIVER_TO_POUND"]["lawful"] is True  # s.7(1) sets no time


async def test_a_species_an_act_does_not_cover_is_not_impoundable_there(
    gql: GraphQLClient,
) -> None:
    facts = _facts(animals=[{"species": "duck", "count": 3}])
    answers = _by_code((await gql.ok(SCENARIO, {"f": facts}))["compareScenario"])
    assert answers["nagaland"]["animals"][0]["impoundable"] is False
    assert answers["nagaland"]["dues"] is None
    assert answers["mizoram"]["animals"][0]["impoundable"] is True


async def test_bad_facts_are_refused_with_a_code(gql: GraphQLClient) -> None:
    cases = [
        (_facts(animals=[{"species": "unicorn", "count": 1}]), "UNKNOWN_SPECIES"),
        (_facts(animals=[]), "VALIDATION"),
        (_facts(animals=[{"species": "cow", "count": 0}]), "VALIDATION"),
        (_facts(seizedAt="2026-01-03T09:00:00"), "VALIDATION"),
        (_facts(impoundedAt="2026-01-02T09:00:00+05:30"), "VALIDATION"),
        (_facts(owner="PAYS"), "VALIDATION"),
        (_facts(salePrice="-1"), "VALIDATION"),
        (_facts(animals=[{"species": "cow", "count": 6000}] * 2), "VALIDATION"),
        (_facts(asOf="2036-01-03T09:00:00+05:30"), "VALIDATION"),
    ]
    for facts, code in cases:
        err = await gql.error(SCENARIO, {"f": facts})
        assert err["extensions"]["code"] == code, facts


async def test_sale_price_is_the_total_of_the_lot_not_a_price_per_animal(
    gql: GraphQLClient,
) -> None:
    """Two cows at "5000" fetch Rs 5,000 together, as salePrice's description says."""
    facts = {
        "animals": [{"species": "cow", "count": 2}],
        "seizedAt": "2026-01-03T09:00:00+05:30",
        "impoundedAt": "2026-01-03T15:00:00+05:30",
        "salePrice": "5000",
    }
    answers = _by_code((await gql.ok(SCENARIO, {"f": facts}))["compareScenario"])
    for code in ("mizoram", "nagaland"):
        total = sum(Decimal(m["amount"]) for m in answers[code]["money"])
        assert total == Decimal("5000.00"), code
    doc = SCHEMA.as_str()
    assert "the total price the whole lot fetches" in doc and "not a price per animal" in doc


async def test_negative_sale_expenses_are_refused_on_their_own_field(gql: GraphQLClient) -> None:
    err = await gql.error(SCENARIO, {"f": _facts(saleExpenses="-1")})
    assert err["extensions"]["code"] == "VALIDATION"
    # An amount is ASCII digits (issue #34): "-1" is refused as the variable's field is read.
    assert ".saleExpenses" in err["message"]

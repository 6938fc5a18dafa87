"""compareScenario runs the model of a case's course on supposed acts (issue #31): part
deliveries, sales, the rest after a sale on refusal, releases by order, a complaint and its
decision are each asked of the model in their order, as the mutation recording them asks;
one the model refuses is that act unlawful, and the course runs on without it."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import GraphQLClient

pytestmark = pytest.mark.public_law

SCENARIO = """
query($f: ScenarioInput!) { compareScenario(facts: $f) {
  jurisdiction refusal { summary }
  timeline { action notBefore deadline projected required }
  steps { action lawful explanation citations { section } }
  acts { act at lawful explanation citations { section } }
  nextAction { action notBefore deadline }
  earliestSale
} }"""

SEIZED = "2026-01-03T09:00:00+05:30"
DAY_2 = "2026-01-04T10:00:00+05:30"
DAY_3 = "2026-01-05T10:00:00+05:30"


async def scenario(gql: GraphQLClient, code: str, **over: Any) -> dict[str, Any]:
    facts: dict[str, Any] = {
        "animals": [{"species": "cow", "count": 2}],
        "seizedAt": SEIZED,
        "impoundedAt": "2026-01-03T15:00:00+05:30",
        **over,
    }
    answers = (await gql.ok(SCENARIO, {"f": facts}))["compareScenario"]
    found: dict[str, Any] = next(a for a in answers if a["jurisdiction"] == code)
    assert found["refusal"] is None
    return found


def required(answer: dict[str, Any]) -> dict[str, bool]:
    return {s["action"]: s["required"] for s in answer["timeline"]}


def sections(check: dict[str, Any]) -> set[str]:
    return {c["section"] for c in check["citations"]}


async def test_a_part_delivery_leaves_the_rest_on_the_unclaimed_course(
    gql: GraphQLClient,
) -> None:
    """Nagaland ss.13, 14: one of two cows delivered on day 2; the other is still not
    claimed: the report of s.14(1) is the next duty, and the sale is still to come."""
    one = {"at": DAY_2, "animals": [{"species": "cow", "count": 1}]}
    a = await scenario(gql, "nagaland", deliveries=[one])
    assert [(x["act"], x["lawful"]) for x in a["acts"]] == [("DELIVER", True)]
    assert a["nextAction"]["action"] == "REPORT_UNCLAIMED"
    assert required(a)["AUCTION"] is True and a["earliestSale"] == "2026-01-19T00:00:00+05:30"
    # Both delivered, the second not before the first: nothing is left to sell.
    rest = {"at": DAY_3}
    a = await scenario(gql, "nagaland", deliveries=[one, rest])
    assert [x["lawful"] for x in a["acts"]] == [True, True]
    assert a["nextAction"] is None and a["earliestSale"] is None
    assert required(a)["AUCTION"] is False


async def test_more_animals_than_are_in_the_pound_cannot_be_delivered(gql: GraphQLClient) -> None:
    """As recordSale and deliverToOwner refuse animals not in the pound: CONFLICT, and the
    course runs on as if the act had not been supposed."""
    three = {"at": DAY_2, "animals": [{"species": "cow", "count": 3}]}
    a = await scenario(gql, "nagaland", deliveries=[three])
    (check,) = a["acts"]
    assert check["lawful"] is False and "not in the pound" in check["explanation"]
    assert a["nextAction"]["action"] == "REPORT_UNCLAIMED"


async def test_a_sale_before_the_notices_is_unlawful_and_the_course_runs_on(
    gql: GraphQLClient,
) -> None:
    """Nagaland s.14(3): unclaimed cattle are sold after the notice; a sale supposed on day 3
    is refused as recordSale refuses it, and the earliest sale is still the Act's."""
    a = await scenario(gql, "nagaland", sales=[{"at": DAY_3}])
    (check,) = a["acts"]
    assert check["act"] == "SALE" and check["lawful"] is False
    assert "14(3)" in sections(check)
    assert a["earliestSale"] == "2026-01-19T00:00:00+05:30"
    assert a["nextAction"]["action"] == "REPORT_UNCLAIMED"


async def test_nagaland_s16_5_the_rest_refused_after_a_sale_on_refusal_is_unclaimed_again(
    gql: GraphQLClient,
) -> None:
    """ss.16(1), (3), (5): refused on day 2, one cow sold at once, the other refused by the
    owner: it is unclaimed and s.14 runs again (report, notice, auction), and the owner's
    claim on the surplus runs from the sale held."""
    sale = {"at": DAY_2, "animals": [{"species": "cow", "count": 1}]}
    a = await scenario(
        gql,
        "nagaland",
        owner="REFUSES",
        ownerAppearsAt=DAY_2,
        sales=[sale],
        rest={"at": DAY_3, "accepted": False},
    )
    assert [(x["act"], x["lawful"]) for x in a["acts"]] == [
        ("REFUSAL", True),
        ("SALE", True),
        ("REFUSE_REST", True),
    ]
    assert a["nextAction"]["action"] == "REPORT_UNCLAIMED"
    claim = next(s for s in a["timeline"] if s["action"] == "CLAIM_SURPLUS")
    assert claim["notBefore"] == DAY_2 and claim["projected"] is False
    # Accepted instead: the case closes with the rest delivered.
    a = await scenario(
        gql, "nagaland", owner="REFUSES", ownerAppearsAt=DAY_2, sales=[sale], rest={"at": DAY_3}
    )
    assert [x["lawful"] for x in a["acts"]] == [True, True, True]
    assert a["nextAction"] is None
    # The rest before any sale on refusal: refused, as deliverRest refuses it.
    a = await scenario(gql, "nagaland", owner="REFUSES", ownerAppearsAt=DAY_2, rest={"at": DAY_3})
    assert [x["lawful"] for x in a["acts"]] == [True, False]
    assert a["nextAction"]["action"] == "AUCTION"


async def test_nagaland_s19_2_a_magistrate_releases_only_on_a_complaint(gql: GraphQLClient) -> None:
    """s.19(2): the Magistrate orders a release "acting under Chapter V", on a complaint (s.20)
    on record; the Director may without one."""
    by = {"at": DAY_3, "authority": "MAGISTRATE"}
    a = await scenario(gql, "nagaland", releases=[by])
    (check,) = a["acts"]
    assert check["lawful"] is False and sections(check) == {"19(2)"}
    assert a["nextAction"]["action"] == "REPORT_UNCLAIMED"
    a = await scenario(gql, "nagaland", releases=[by], complaint={"at": DAY_2})
    assert [(x["act"], x["lawful"]) for x in a["acts"]] == [
        ("COMPLAINT", True),
        ("RELEASE_BY_ORDER", True),
    ]
    assert a["nextAction"] is None and a["earliestSale"] is None
    a = await scenario(gql, "nagaland", releases=[{**by, "authority": "DIRECTOR"}])
    assert a["acts"][0]["lawful"] is True


async def test_nagaland_s20_a_complaint_after_ten_days_is_too_late(gql: GraphQLClient) -> None:
    """s.20: within ten days of the seizure; on day 14 it is refused as fileComplaint refuses
    it, and its decision has no complaint to follow."""
    late = {"at": "2026-01-16T10:00:00+05:30", "decidedAt": "2026-01-17T10:00:00+05:30"}
    a = await scenario(gql, "nagaland", complaint={**late, "illegal": True})
    assert [(x["act"], x["lawful"]) for x in a["acts"]] == [
        ("COMPLAINT", False),
        ("DECIDE_COMPLAINT", False),
    ]
    assert sections(a["acts"][0]) == {"20"}
    assert a["nextAction"] is not None  # nothing was released


async def test_nagaland_s22_2_a_seizure_adjudged_illegal_releases_the_cattle(
    gql: GraphQLClient,
) -> None:
    """s.22(2): decided illegal, the cattle still held are released: nothing is left to
    report, notice or sell. Decided legal, the course runs on."""
    complaint = {"at": DAY_2, "decidedAt": DAY_3}
    a = await scenario(gql, "nagaland", complaint={**complaint, "illegal": True})
    assert [x["lawful"] for x in a["acts"]] == [True, True]
    assert a["nextAction"] is None and a["earliestSale"] is None
    assert required(a)["AUCTION"] is False
    a = await scenario(gql, "nagaland", complaint=complaint)
    assert a["nextAction"]["action"] == "REPORT_UNCLAIMED"
    # A decision dated before the complaint has no complaint to follow: the acts are asked
    # in the order of their dates.
    early = {"at": DAY_3, "decidedAt": DAY_2, "illegal": True}
    a = await scenario(gql, "nagaland", complaint=early)
    assert [(x["act"], x["lawful"]) for x in a["acts"]] == [
        ("DECIDE_COMPLAINT", False),
        ("COMPLAINT", True),
    ]
    assert a["nextAction"]["action"] == "REPORT_UNCLAIMED"


async def test_mizoram_has_no_complaint_of_illegal_seizure(gql: GraphQLClient) -> None:
    a = await scenario(gql, "mizoram", complaint={"at": DAY_2})
    (check,) = a["acts"]
    assert check["lawful"] is False
    assert a["nextAction"]["action"] == "ANNOUNCE_SEIZURE"


async def test_a_scenario_act_of_an_unknown_species_is_refused_on_its_field(
    gql: GraphQLClient,
) -> None:
    facts = {
        "animals": [{"species": "cow", "count": 1}],
        "seizedAt": SEIZED,
        "sales": [{"at": DAY_3, "animals": [{"species": "unicorn", "count": 1}]}],
    }
    err = await gql.error(SCENARIO, {"f": facts})
    assert err["extensions"]["code"] == "UNKNOWN_SPECIES"
    assert err["extensions"]["field"] == "sales"


async def test_a_sale_when_nothing_is_left_in_the_pound_is_refused(gql: GraphQLClient) -> None:
    """Both cows delivered on day 2: a sale of "every animal in the pound" after the notices
    finds none, and is refused as recordSale would be."""
    a = await scenario(
        gql,
        "nagaland",
        reportedAt="2026-01-11T10:00:00+05:30",
        noticedAt="2026-01-11T11:00:00+05:30",
        deliveries=[{"at": DAY_2}],
        sales=[{"at": "2026-01-23T10:00:00+05:30"}],
    )
    assert [(x["act"], x["lawful"]) for x in a["acts"]] == [("DELIVER", True), ("SALE", False)]
    assert "no animal" in a["acts"][1]["explanation"]


DAY_4 = "2026-01-06T10:00:00+05:30"
DAY_5 = "2026-01-07T10:00:00+05:30"


async def test_mizoram_s7_2_an_animal_dead_while_being_seized_leaves_the_pound(
    gql: GraphQLClient,
) -> None:
    """Mizoram s.7(2): an animal hurt while being seized, "even to the extent of death", has
    its carcass returned, not sold: one of two cows dead on day 2 (recordInjury, died), the
    other delivered on day 3: nothing is held, no duty is open. A death of an animal no
    longer in the pound is refused, as recordInjury refuses it, and the course runs on."""
    died = {"at": DAY_2, "animals": [{"species": "cow", "count": 1}]}
    a = await scenario(gql, "mizoram", deaths=[died], deliveries=[{"at": DAY_3}])
    assert [(x["act"], x["lawful"]) for x in a["acts"]] == [
        ("RECORD_INJURY", True),
        ("DELIVER", True),
    ]
    assert a["nextAction"] is None and a["earliestSale"] is None
    # Both dead: nothing is left to announce or sell.
    both = {"at": DAY_2, "animals": [{"species": "cow", "count": 2}]}
    a = await scenario(gql, "mizoram", deaths=[both])
    assert [x["lawful"] for x in a["acts"]] == [True]
    assert a["nextAction"] is None and required(a)["AUCTION"] is False
    # Dead after both were delivered: refused, the delivery stands.
    a = await scenario(gql, "mizoram", deliveries=[{"at": DAY_2}], deaths=[{**died, "at": DAY_3}])
    assert [(x["act"], x["lawful"]) for x in a["acts"]] == [
        ("DELIVER", True),
        ("RECORD_INJURY", False),
    ]
    assert "not in the pound" in a["acts"][1]["explanation"]


async def test_a_death_before_the_seizure_or_of_more_animals_than_seized_is_refused(
    gql: GraphQLClient,
) -> None:
    facts = {
        "animals": [{"species": "cow", "count": 2}],
        "seizedAt": SEIZED,
        "deaths": [
            {"at": "2026-01-02T10:00:00+05:30", "animals": [{"species": "cow", "count": 1}]}
        ],
    }
    err = await gql.error(SCENARIO, {"f": facts})
    assert err["extensions"]["code"] == "VALIDATION"
    assert err["extensions"]["field"] == "deaths"
    three = [{"at": DAY_2, "animals": [{"species": "cow", "count": 3}]}]
    err = await gql.error(SCENARIO, {"f": {**facts, "deaths": three}})
    assert err["extensions"]["code"] == "VALIDATION"
    assert err["extensions"]["field"] == "deaths"
    assert "3 cow die, but 2 were seized" in err["message"]


async def test_nagaland_s16_5_the_owner_refuses_again_after_refusing_the_rest(
    gql: GraphQLClient,
) -> None:
    """s.16(1), (5): refused on day 2, one of three cows sold, the rest refused on day 3 and
    so unclaimed again; the owner appears on day 4 and refuses again: one more is sold, and
    he takes the last on day 5. A second refusal before the first's rest is refused."""
    one = [{"species": "cow", "count": 1}]
    a = await scenario(
        gql,
        "nagaland",
        animals=[{"species": "cow", "count": 3}],
        owner="REFUSES",
        ownerAppearsAt=DAY_2,
        refusals=[{"at": DAY_4}],
        sales=[{"at": DAY_2, "animals": one}, {"at": DAY_4, "animals": one}],
        rest={"at": DAY_3, "accepted": False},
        rests=[{"at": DAY_5}],
    )
    assert [(x["act"], x["lawful"]) for x in a["acts"]] == [
        ("REFUSAL", True),
        ("SALE", True),
        ("REFUSE_REST", True),
        ("REFUSAL", True),
        ("SALE", True),
        ("DELIVER_REST", True),
    ]
    assert a["nextAction"] is None
    # Refused again before the rest of the first refusal is settled: CONFLICT, s.16 cited.
    a = await scenario(
        gql, "nagaland", owner="REFUSES", ownerAppearsAt=DAY_2, refusals=[{"at": DAY_3}]
    )
    assert [(x["act"], x["lawful"]) for x in a["acts"]] == [("REFUSAL", True), ("REFUSAL", False)]
    assert "16" in {s.split("(")[0] for s in sections(a["acts"][1])}


async def test_nagaland_s20_each_complaint_has_its_own_decision(gql: GraphQLClient) -> None:
    """s.20, s.22(2): a complaint decided legal on day 3, a second filed on day 4 (within ten
    days of the seizure) decided illegal on day 5: the cattle are released then. A second
    complaint after the ten days is refused, and so is its decision."""
    first = {"at": DAY_2, "decidedAt": DAY_3}
    second = {"at": DAY_4, "decidedAt": DAY_5, "illegal": True}
    a = await scenario(gql, "nagaland", complaint=first, complaints=[second])
    assert [(x["act"], x["lawful"]) for x in a["acts"]] == [
        ("COMPLAINT", True),
        ("DECIDE_COMPLAINT", True),
        ("COMPLAINT", True),
        ("DECIDE_COMPLAINT", True),
    ]
    assert a["nextAction"] is None and a["earliestSale"] is None
    late = {"at": "2026-01-16T10:00:00+05:30", "decidedAt": "2026-01-17T10:00:00+05:30"}
    a = await scenario(gql, "nagaland", complaints=[first, {**late, "illegal": True}])
    assert [(x["act"], x["lawful"]) for x in a["acts"]] == [
        ("COMPLAINT", True),
        ("DECIDE_COMPLAINT", True),
        ("COMPLAINT", False),
        ("DECIDE_COMPLAINT", False),
    ]
    assert a["nextAction"] is not None  # nothing was released


RATES = [
    {"kind": "FINE_PER_HEAD", "amount": "50.00", "effectiveFrom": "2026-01-01", "species": "cow"},
    {
        "kind": "FEEDING_PER_HEAD_PER_DAY",
        "amount": "10.00",
        "effectiveFrom": "2026-01-01",
        "species": "cow",
    },
]


async def test_nagaland_s16_1_a_sale_on_refusal_short_of_the_dues_leaves_another_to_meet_them(
    gql: GraphQLClient,
) -> None:
    """s.16(1): "as many cattle as may be necessary" are sold. Refused on day 2, one of three
    cows fetches Rs 10, short of the dues: another sale on the same refusal may follow, and
    the rest waits for it; the second, at Rs 1,000, meets them, and the last cow is the
    owner's (s.16(3)). Without a price the first sale is supposed to meet the dues, and the
    second is refused as recordSale refuses it."""
    one = [{"species": "cow", "count": 1}]
    facts: dict[str, Any] = {
        "animals": [{"species": "cow", "count": 3}],
        "owner": "REFUSES",
        "ownerAppearsAt": DAY_2,
        "rates": RATES,
    }
    short = {"at": DAY_2, "animals": one, "price": "10"}
    met = {"at": DAY_3, "animals": one, "price": "1000", "expenses": "20"}
    a = await scenario(gql, "nagaland", **facts, sales=[short], rest={"at": DAY_2})
    assert [(x["act"], x["lawful"]) for x in a["acts"]] == [
        ("REFUSAL", True),
        ("SALE", True),
        ("DELIVER_REST", False),  # no sale has met the dues yet
    ]
    assert a["nextAction"] is not None
    a = await scenario(gql, "nagaland", **facts, sales=[short, met], rest={"at": DAY_4})
    assert [(x["act"], x["lawful"]) for x in a["acts"]] == [
        ("REFUSAL", True),
        ("SALE", True),
        ("SALE", True),
        ("DELIVER_REST", True),
    ]
    assert a["nextAction"] is None
    unpriced = {"at": DAY_2, "animals": one}
    a = await scenario(gql, "nagaland", **facts, sales=[unpriced, met])
    assert [(x["act"], x["lawful"]) for x in a["acts"]] == [
        ("REFUSAL", True),
        ("SALE", True),
        ("SALE", False),
    ]
    assert "16(3)" in sections(a["acts"][2]) or "16(1)" in sections(a["acts"][2])


async def test_a_sale_at_a_negative_price_is_refused(gql: GraphQLClient) -> None:
    facts = {
        "animals": [{"species": "cow", "count": 1}],
        "seizedAt": SEIZED,
        "sales": [{"at": DAY_3, "price": "-1"}],
    }
    err = await gql.error(SCENARIO, {"f": facts})
    assert err["extensions"]["code"] == "VALIDATION"
    assert "sales[0].price" in err["message"]

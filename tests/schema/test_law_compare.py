"""Comparative research (issue #16): every topic for every Act, prose with typed facts."""

from __future__ import annotations

from typing import Any

import pytest

from pashu.jurisdictions.vocabulary import ComparisonTopic
from tests.conftest import GraphQLClient

# Every anonymous answer here is checked made and kept (byte-equal): tests/conftest.py.
pytestmark = pytest.mark.public_law

FACTS = """
facts { key label kind confidence unknown flag items shares text explanation
  citations { section uri confidence }
  duration { count unit counting starts }
  amount { fixed minimum maximum notified fixedBy boundFactor boundBase } }
"""

MATRIX = (
    "query($t: [ComparisonTopic!], $j: [ID!]) { compareMatrix(topics: $t, jurisdictions: $j) "
    "{ topic rows { jurisdiction summary provided confidence explanation "
    "citations { section uri confidence } " + FACTS + " } } }"
)


async def _matrix(gql: GraphQLClient, topics: Any = None, codes: Any = None) -> list[Any]:
    data = await gql.ok(MATRIX, {"t": topics, "j": codes})
    result: list[Any] = data["compareMatrix"]
    return result


def _row(matrix: list[Any], topic: str, code: str) -> dict[str, Any]:
    comparison = next(c for c in matrix if c["topic"] == topic)
    row: dict[str, Any] = next(r for r in comparison["rows"] if r["jurisdiction"] == code)
    return row


def _fact(row: dict[str, Any], key: str) -> dict[str, Any]:
    fact: dict[str, Any] = next(f for f in row["facts"] if f["key"] == key)
    return fact


async def test_every_topic_has_a_cited_row_for_every_jurisdiction(gql: GraphQLClient) -> None:
    matrix = await _matrix(gql)
    assert [c["topic"] for c in matrix] == [t.value for t in ComparisonTopic]
    for comparison in matrix:
        assert {r["jurisdiction"] for r in comparison["rows"]} == {
            "chhattisgarh",
            "mizoram",
            "nagaland",
        }, comparison["topic"]
        for r in comparison["rows"]:
            assert r["summary"] and r["citations"], (comparison["topic"], r["jurisdiction"])
            for f in r["facts"]:
                assert f["citations"], (comparison["topic"], r["jurisdiction"], f["key"])


async def test_the_first_six_topic_names_keep_working(gql: GraphQLClient) -> None:
    for topic in ("CATTLE_DEFINITION", "CLAIM_PERIOD", "FINE_CAPS", "COMPOUNDING"):
        data = await gql.ok(f"{{ compare(topic: {topic}) {{ topic rows {{ jurisdiction }} }} }}")
        assert data["compare"]["topic"] == topic
    for topic in ("PROHIBITED_PURCHASERS", "MONEY_ROUTING"):
        data = await gql.ok(f"{{ compare(topic: {topic}) {{ rows {{ summary }} }} }}")
        assert len(data["compare"]["rows"]) == 3


async def test_compare_matrix_returns_just_the_slice_asked_in_its_order(
    gql: GraphQLClient,
) -> None:
    matrix = await _matrix(gql, ["PERIODS", "SEIZURE_POWERS"], ["nagaland", "mizoram"])
    assert [c["topic"] for c in matrix] == ["PERIODS", "SEIZURE_POWERS"]
    assert [r["jurisdiction"] for r in matrix[0]["rows"]] == ["nagaland", "mizoram"]


async def test_compare_matrix_refuses_an_unknown_jurisdiction(gql: GraphQLClient) -> None:
    err = await gql.error(MATRIX, {"t": ["PERIODS"], "j": ["atlantis"]})
    assert err["extensions"]["code"] in {"NOT_FOUND", "UNKNOWN_JURISDICTION", "VALIDATION"}


async def test_periods_carry_their_unit_and_counting_rule(gql: GraphQLClient) -> None:
    matrix = await _matrix(gql, ["PERIODS"])
    nl = _row(matrix, "PERIODS", "nagaland")
    report = _fact(nl, "report_unclaimed_after")["duration"]
    assert report == {
        "count": 7,
        "unit": "DAYS",
        "counting": "FIRST_DAY_EXCLUDED",
        "starts": "the date of impounding",
    }
    assert _fact(nl, "to_pound_within")["duration"]["counting"] == "EXACT_INSTANT"
    assert _fact(nl, "surplus_claim_within")["duration"]["unit"] == "MONTHS"
    mz = _row(matrix, "PERIODS", "mizoram")
    assert _fact(mz, "announce_within")["duration"]["count"] == 24
    assert _fact(mz, "to_pound_time_set")["flag"] is False
    refund = _fact(mz, "refund_claim_within")
    assert refund["duration"]["count"] == 15 and refund["confidence"] == "INTERPRETED"


async def test_a_topic_the_act_lacks_says_so_cited_to_what_it_has(gql: GraphQLClient) -> None:
    matrix = await _matrix(gql, ["SEIZURE_POWERS", "POUND_KEEPER_DUTIES", "SALE_PROCEDURE"])
    for topic in ("SEIZURE_POWERS", "POUND_KEEPER_DUTIES", "SALE_PROCEDURE"):
        cg = _row(matrix, topic, "chhattisgarh")
        assert cg["provided"] is False and cg["citations"]
        assert _row(matrix, topic, "nagaland")["provided"] is True
    # Said of the Act, never of a law the source does not name.
    assert "cattle-trespass law" not in _row(matrix, "SALE_PROCEDURE", "chhattisgarh")["summary"]


async def test_an_illegible_cap_is_an_unknown_fact_never_a_number(gql: GraphQLClient) -> None:
    matrix = await _matrix(gql, ["OFFENCES"], ["chhattisgarh"])
    cg = _row(matrix, "OFFENCES", "chhattisgarh")
    cap = _fact(cg, "contravention_fine_cap")
    assert cap["unknown"] is True and cap["amount"]["maximum"] is None
    assert cap["confidence"] == "UNKNOWN"


async def test_notified_amounts_carry_their_bounds_as_the_rate_rules_do(
    gql: GraphQLClient,
) -> None:
    matrix = await _matrix(gql, ["IMPOUNDMENT_CHARGES"])
    nl = _row(matrix, "IMPOUNDMENT_CHARGES", "nagaland")
    habitual = _fact(nl, "habitual_area_fine_per_head")["amount"]
    aerodrome = _fact(nl, "aerodrome_fine_per_head")["amount"]
    rates = await gql.ok('{ jurisdiction(code: "nagaland") { rates { kind boundFactor } } }')
    bounds = {r["kind"]: r["boundFactor"] for r in rates["jurisdiction"]["rates"]}
    assert habitual["notified"] and habitual["boundFactor"] == bounds["HABITUAL_AREA_FINE_PER_HEAD"]
    assert aerodrome["boundFactor"] == bounds["AERODROME_FINE_PER_HEAD"] == "4"
    assert habitual["boundBase"] == "FINE_PER_HEAD" and habitual["fixed"] is None
    mz = _row(matrix, "IMPOUNDMENT_CHARGES", "mizoram")
    assert _fact(mz, "fine_per_head")["amount"]["boundFactor"] is None


async def test_money_routing_facts_are_the_routes_the_books_use(gql: GraphQLClient) -> None:
    matrix = await _matrix(gql, ["MONEY_ROUTING"])
    tax = _fact(_row(matrix, "MONEY_ROUTING", "mizoram"), "animal_tax")
    assert tax["kind"] == "FUNDS"
    assert tax["items"] == ["Village Council Fund", "Consolidated Fund of the State"]
    assert tax["shares"] == ["0.5", "0.5"]
    feeding = _fact(_row(matrix, "MONEY_ROUTING", "nagaland"), "feeding_charge")
    assert feeding["items"] == ["Pound-keeper"]


async def test_compounding_is_a_flag_with_the_composition_cap(gql: GraphQLClient) -> None:
    matrix = await _matrix(gql, ["COMPOUNDING"])
    cg = _row(matrix, "COMPOUNDING", "chhattisgarh")
    assert _fact(cg, "compounding_allowed")["flag"] is True
    caps = [f["amount"]["maximum"] for f in cg["facts"] if f["key"].endswith("_composition")]
    assert caps and set(caps) == {"1000.00"}
    mizoram = _row(matrix, "COMPOUNDING", "mizoram")
    assert _fact(mizoram, "compounding_allowed")["flag"] is False
    assert mizoram["provided"] is False
    # Nagaland: the marketing Act's s.25 provides compounding, on terms the source hides.
    nagaland = _row(matrix, "COMPOUNDING", "nagaland")
    assert nagaland["provided"] is True and nagaland["confidence"] == "UNKNOWN"
    assert _fact(nagaland, "compounding_allowed")["flag"] is False
    assert _fact(nagaland, "cattle_trespass_act_compounding")["flag"] is False
    assert _fact(nagaland, "marketing_act_compounding")["unknown"] is True


@pytest.mark.parametrize(
    ("code", "roles"),
    [
        ("nagaland", {"POLICE_OFFICER", "POUND_KEEPER", "OFFICER_UNDER_ACT"}),
        ("mizoram", {"VILLAGE_COUNCIL_MEMBER", "VILLAGE_COUNCIL_FAMILY_MEMBER"}),
    ],
)
async def test_prohibited_purchasers_are_listed_as_roles(
    gql: GraphQLClient, code: str, roles: set[str]
) -> None:
    matrix = await _matrix(gql, ["PROHIBITED_PURCHASERS"], [code])
    fact = _fact(matrix[0]["rows"][0], "prohibited")
    assert fact["kind"] == "ROLES" and roles <= set(fact["items"])


async def test_cattle_lists_are_species_a_program_can_filter(gql: GraphQLClient) -> None:
    matrix = await _matrix(gql, ["CATTLE_DEFINITION"])
    cattle = {r["jurisdiction"]: set(_fact(r, "cattle")["items"]) for r in matrix[0]["rows"]}
    assert "calf" in cattle["mizoram"] and "goat" not in cattle["mizoram"]
    assert "goat" in cattle["nagaland"] and "goat" in cattle["chhattisgarh"]
    item5 = _fact(_row(matrix, "CATTLE_DEFINITION", "chhattisgarh"), "schedule_item_5")
    assert item5["unknown"] is True and item5["text"] is None

"""The public legal-research API (DESIGN §7), without a token."""

from __future__ import annotations

import pytest

from tests.conftest import GraphQLClient

# Every anonymous answer here is checked made and kept (byte-equal): tests/conftest.py.
pytestmark = pytest.mark.public_law

TIMELINE = """
query($j: ID!, $e: TimelineEventsInput!) {
  impoundmentTimeline(jurisdiction: $j, events: $e) {
    action notBefore deadline projected explanation citation { uri section confidence }
  }
}"""


async def test_jurisdictions_list_codes_iso_codes_and_capabilities(gql: GraphQLClient) -> None:
    data = await gql.ok("{ jurisdictions { code name isoCode capabilities } }")
    by_code = {j["code"]: j for j in data["jurisdictions"]}
    assert by_code["mizoram"]["isoCode"] == "IN-MZ"
    assert by_code["nagaland"]["isoCode"] == "IN-NL"
    assert by_code["chhattisgarh"]["isoCode"] == "IN-CG"
    assert "IMPOUNDMENT" in by_code["nagaland"]["capabilities"]
    assert "IMPOUNDMENT" not in by_code["chhattisgarh"]["capabilities"]
    assert "COMPOUNDING" in by_code["chhattisgarh"]["capabilities"]


async def test_acts_carry_every_section_with_uri_and_confidence(gql: GraphQLClient) -> None:
    data = await gql.ok(
        '{ jurisdiction(code: "nagaland") '
        "{ acts { uri title sections { number uri confidence } } } }"
    )
    acts = data["jurisdiction"]["acts"]
    trespass = next(a for a in acts if a["uri"] == "/akn/in-nl/act/1985/cattle-trespass")
    numbers = [s["number"] for s in trespass["sections"]]
    assert numbers == [str(n) for n in range(1, 35)]
    s14 = next(s for s in trespass["sections"] if s["number"] == "14")
    assert s14["uri"] == "/akn/in-nl/act/1985/cattle-trespass/~sec_14"
    assert len(acts) == 3


async def test_an_unknown_cap_is_null_and_marked_unknown(gql: GraphQLClient) -> None:
    data = await gql.ok(
        '{ jurisdiction(code: "chhattisgarh") { offences { section fineMax '
        "imprisonmentMaxMonths compositionMax unknownFields citation { confidence } } } }"
    )
    o = next(o for o in data["jurisdiction"]["offences"] if o["section"] == "8(1)")
    assert o["fineMax"] is None and o["imprisonmentMaxMonths"] is None
    assert set(o["unknownFields"]) == {"fineMin", "fineMax", "imprisonmentMaxMonths"}
    assert o["citation"]["confidence"] == "UNKNOWN"
    assert o["compositionMax"] == "1000.00"


async def test_an_offence_read_from_a_margin_note_alone_is_listed_unknown_not_applied(
    gql: GraphQLClient,
) -> None:
    data = await gql.ok(
        '{ jurisdiction(code: "chhattisgarh") { offences { code section confidence applicable '
        "unknownReason compoundable compositionMax } } }"
    )
    o = next(o for o in data["jurisdiction"]["offences"] if o["code"] == "s8-attempt")
    assert o["confidence"] == "UNKNOWN" and o["applicable"] is False
    assert "margin note" in o["unknownReason"]
    assert o["compoundable"] is False and o["compositionMax"] is None


async def test_nagaland_offence_bounds_are_decimal_strings(gql: GraphQLClient) -> None:
    data = await gql.ok(
        '{ jurisdiction(code: "nagaland") { offences { section fineMin fineMax '
        "imprisonmentMaxMonths citation { section uri } } } }"
    )
    s25 = next(o for o in data["jurisdiction"]["offences"] if o["section"] == "25")
    assert (s25["fineMin"], s25["fineMax"], s25["imprisonmentMaxMonths"]) == ("25.00", "250.00", 3)
    assert s25["citation"]["uri"] == "/akn/in-nl/act/1985/cattle-trespass/~sec_25"


async def test_classify_a_synonym_across_every_state(gql: GraphQLClient) -> None:
    data = await gql.ok(
        '{ classifyAnimal(species: "donkey") { jurisdiction species isCattle '
        "citations { section } } }"
    )
    rows = {r["jurisdiction"]: r for r in data["classifyAnimal"]}
    assert rows["nagaland"]["species"] == "ass" and rows["nagaland"]["isCattle"] is True
    assert rows["mizoram"]["isCattle"] is False
    # Not among the Schedule's legible items, but item 5 is illegible: unknown, not "no".
    assert rows["chhattisgarh"]["isCattle"] is None
    assert "2(1)" in {c["section"] for c in rows["nagaland"]["citations"]}


async def test_a_calf_in_chhattisgarh_is_unknown_not_yes_or_no(gql: GraphQLClient) -> None:
    data = await gql.ok(
        '{ classifyAnimal(species: "calf") { jurisdiction isCattle confidence explanation } }'
    )
    cg = next(r for r in data["classifyAnimal"] if r["jurisdiction"] == "chhattisgarh")
    assert cg["isCattle"] is None and cg["confidence"] == "UNKNOWN"
    mz = next(r for r in data["classifyAnimal"] if r["jurisdiction"] == "mizoram")
    assert mz["isCattle"] is True


async def test_nagaland_timeline_from_a_seizure_on_3_january(gql: GraphQLClient) -> None:
    events = {"seizedAt": "2026-01-03T09:00:00+05:30", "impoundedAt": "2026-01-03T15:00:00+05:30"}
    data = await gql.ok(TIMELINE, {"j": "nagaland", "e": events})
    steps = {s["action"]: s for s in data["impoundmentTimeline"]}
    assert steps["DELIVER_TO_POUND"]["deadline"] == "2026-01-04T09:00:00+05:30"
    assert steps["REPORT_UNCLAIMED"]["notBefore"] == "2026-01-11T00:00:00+05:30"
    assert steps["COMPLAIN_ILLEGAL_SEIZURE"]["deadline"] == "2026-01-14T00:00:00+05:30"
    assert steps["COMPLAIN_ILLEGAL_SEIZURE"]["citation"]["section"] == "20"
    assert steps["AUCTION"]["projected"] is True


async def test_timeline_instants_given_in_utc_are_answered_in_ist(gql: GraphQLClient) -> None:
    events = {"seizedAt": "2026-01-03T03:30:00+00:00"}
    data = await gql.ok(TIMELINE, {"j": "nagaland", "e": events})
    steps = {s["action"]: s for s in data["impoundmentTimeline"]}
    assert steps["DELIVER_TO_POUND"]["deadline"] in (
        "2026-01-04T09:00:00+05:30",
        "2026-01-04T03:30:00+00:00",
    )
    assert steps["COMPLAIN_ILLEGAL_SEIZURE"]["deadline"] == "2026-01-14T00:00:00+05:30"


async def test_a_state_without_an_impoundment_chapter_is_refused(gql: GraphQLClient) -> None:
    err = await gql.error(
        TIMELINE, {"j": "chhattisgarh", "e": {"seizedAt": "2026-01-03T09:00:00+05:30"}}
    )
    assert err["extensions"]["code"] == "NOT_IN_JURISDICTION"
    assert "Adhiniyam" in err["message"]


@pytest.mark.parametrize(
    "topic",
    [
        "CATTLE_DEFINITION",
        "CLAIM_PERIOD",
        "FINE_CAPS",
        "COMPOUNDING",
        "PROHIBITED_PURCHASERS",
        "MONEY_ROUTING",
    ],
)
async def test_compare_puts_every_state_side_by_side(gql: GraphQLClient, topic: str) -> None:
    data = await gql.ok(
        "query($t: ComparisonTopic!) { compare(topic: $t) { topic rows { jurisdiction summary "
        "confidence citations { uri section } } } }",
        {"t": topic},
    )
    rows = data["compare"]["rows"]
    assert data["compare"]["topic"] == topic
    assert {r["jurisdiction"] for r in rows} == {"chhattisgarh", "mizoram", "nagaland"}
    assert all(r["summary"] for r in rows)
    for r in rows:
        for c in r["citations"]:
            assert c["uri"].startswith("/akn/in-")


async def test_compare_claim_periods_name_their_days(gql: GraphQLClient) -> None:
    data = await gql.ok(
        "{ compare(topic: CLAIM_PERIOD) { rows { jurisdiction summary citations { section } } } }"
    )
    rows = {r["jurisdiction"]: r for r in data["compare"]["rows"]}
    assert "seven" in rows["nagaland"]["summary"].lower() or "7" in rows["nagaland"]["summary"]
    assert "14(1)" in {c["section"] for c in rows["nagaland"]["citations"]}
    assert "10(1)" in {c["section"] for c in rows["mizoram"]["citations"]}


async def test_search_law_finds_the_auction_sections_best_first(gql: GraphQLClient) -> None:
    data = await gql.ok(
        '{ searchLaw(text: "public auction") '
        "{ jurisdiction snippet section { number heading uri } } }"
    )
    hits = data["searchLaw"]
    assert hits, "no hits"
    assert {h["jurisdiction"] for h in hits} >= {"mizoram", "nagaland"}
    assert all("[" in h["snippet"] for h in hits[:3])


async def test_search_law_in_one_jurisdiction(gql: GraphQLClient) -> None:
    data = await gql.ok(
        '{ searchLaw(text: "composition", jurisdiction: "chhattisgarh") '
        "{ jurisdiction section { number } } }"
    )
    assert data["searchLaw"] and {h["jurisdiction"] for h in data["searchLaw"]} == {"chhattisgarh"}
    assert data["searchLaw"][0]["section"]["number"] == "10"


async def test_search_law_treats_query_syntax_as_words(gql: GraphQLClient) -> None:
    data = await gql.ok('{ searchLaw(text: "pound\\" OR NEAR(") { jurisdiction } }')
    assert isinstance(data["searchLaw"], list)


async def test_money_routing_splits_mizoram_tax_half_and_half(gql: GraphQLClient) -> None:
    data = await gql.ok(
        '{ jurisdiction(code: "mizoram") { moneyRouting { kind shares { fund share } '
        "citations { section } } } }"
    )
    tax = next(r for r in data["jurisdiction"]["moneyRouting"] if r["kind"] == "ANIMAL_TAX")
    assert {s["fund"]: s["share"] for s in tax["shares"]} == {
        "village_council_fund": "0.5",
        "consolidated_fund": "0.5",
    }
    assert "13(2)" in {c["section"] for c in tax["citations"]}


async def test_nagaland_rates_are_bounded_by_the_scale(gql: GraphQLClient) -> None:
    data = await gql.ok(
        '{ jurisdiction(code: "nagaland") { rates { kind boundBase boundFactor } '
        "prohibitedPurchasers { roles citations { section } } } }"
    )
    rates = {r["kind"]: r for r in data["jurisdiction"]["rates"]}
    assert rates["HABITUAL_AREA_FINE_PER_HEAD"]["boundFactor"] in ("2", "2.00")
    assert rates["AERODROME_FINE_PER_HEAD"]["boundBase"] == "FINE_PER_HEAD"
    pp = data["jurisdiction"]["prohibitedPurchasers"]
    assert "POUND_KEEPER" in pp["roles"] and pp["citations"][0]["section"] == "19(1)"

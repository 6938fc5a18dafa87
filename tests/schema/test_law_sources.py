"""What the sources are, said wherever an answer rests on them (issue #33): Mizoram's source is
the Bill of 2014, in the Act's metadata, in every comparison row and in every scenario answer;
the establishment extract's attribution to Nagaland is a reading; a Chhattisgarh section's
summary is a field of its own, never its text."""

from __future__ import annotations

import pytest

from tests.conftest import GraphQLClient

pytestmark = pytest.mark.public_law

ACTS = """{ jurisdictions { code acts { uri source sourceNote confidence
  sections { number text summary confidence note } } } }"""
MATRIX = """{ compareMatrix { topic rows { jurisdiction sourceNote
  citations { actUri } } } }"""
SCENARIO = """query($f: ScenarioInput!) { compareScenario(facts: $f) {
  jurisdiction provided sourceNote } }"""


async def test_mizoram_act_says_its_source_is_the_bill_of_2014(gql: GraphQLClient) -> None:
    data = await gql.ok(ACTS)
    mizoram = next(j for j in data["jurisdictions"] if j["code"] == "mizoram")
    (act,) = mizoram["acts"]
    assert "BILL, 2014" in act["source"]
    assert "Bill of 2014" in act["sourceNote"] and "section numbers may differ" in act["sourceNote"]


async def test_every_mizoram_comparison_row_carries_the_bill_note(gql: GraphQLClient) -> None:
    data = await gql.ok(MATRIX)
    rows = [r for c in data["compareMatrix"] for r in c["rows"] if r["jurisdiction"] == "mizoram"]
    assert len(rows) == len(data["compareMatrix"])
    for row in rows:
        assert row["sourceNote"] and "Bill of 2014" in row["sourceNote"]
    # The Cattle Trespass Act is the Act's own text: a row resting on it alone carries no note.
    nagaland = next(
        r
        for c in data["compareMatrix"]
        if c["topic"] == "CLAIM_PERIOD"
        for r in c["rows"]
        if r["jurisdiction"] == "nagaland"
    )
    assert nagaland["sourceNote"] is None


async def test_every_mizoram_scenario_answer_carries_the_bill_note(gql: GraphQLClient) -> None:
    facts = {
        "animals": [{"species": "cow", "count": 2}],
        "seizedAt": "2026-06-02T09:00:00+05:30",
        "place": "PUBLIC_PROPERTY",
    }
    answers = (await gql.ok(SCENARIO, {"f": facts}))["compareScenario"]
    by_code = {a["jurisdiction"]: a for a in answers}
    assert "Bill of 2014" in by_code["mizoram"]["sourceNote"]
    assert by_code["nagaland"]["sourceNote"] is None


async def test_the_establishment_extract_is_attributed_to_nagaland_by_a_reading(
    gql: GraphQLClient,
) -> None:
    data = await gql.ok(ACTS)
    nagaland = next(j for j in data["jurisdictions"] if j["code"] == "nagaland")
    extract = next(a for a in nagaland["acts"] if "registration-of-establishments" in a["uri"])
    assert extract["confidence"] == "INTERPRETED"
    assert "names neither its Act nor its State" in extract["sourceNote"]
    (section,) = extract["sections"]
    assert section["confidence"] == "INTERPRETED"
    assert "Bengal Public Demands Recovery Act" in section["note"]


async def test_a_chhattisgarh_summary_is_its_own_field_never_the_text(gql: GraphQLClient) -> None:
    data = await gql.ok(ACTS)
    cg = next(j for j in data["jurisdictions"] if j["code"] == "chhattisgarh")
    sections = {s["number"]: s for s in cg["acts"][0]["sections"]}
    s1 = sections["1"]
    assert s1["text"].startswith("(1) This Act may be called the Madhya Pradesh Pashu")
    assert "whole State" in s1["summary"] and s1["summary"] not in s1["text"]
    for number in ("1", "3", "10", "12", "13"):
        assert sections[number]["summary"] != sections[number]["text"]
    assert "[illegible]" in sections["Schedule"]["text"]

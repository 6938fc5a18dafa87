"""Any comparison or scenario as PDF, by URL and without an account (#33): the PDF prints the
public API's own answer (the same query run through the schema)."""

from __future__ import annotations

import re
import zlib
from typing import Any

from pashu.config import Settings
from pashu.schema.law_downloads import (
    COMPARE,
    MATRIX,
    SCENARIO,
    comparison_lines,
    scenario_lines,
    topic_descriptions,
)
from pashu.schema.schema import build_schema
from tests.conftest import GraphQLClient

SCHEMA = build_schema(Settings(env="test"))
FACTS: dict[str, Any] = {
    "animals": [{"species": "cow", "count": 2}],
    "seizedAt": "2026-01-03T09:00:00+05:30",
    "impoundedAt": "2026-01-03T15:00:00+05:30",
    "rates": [
        {
            "kind": "FINE_PER_HEAD",
            "species": "cow",
            "amount": "50.00",
            "effectiveFrom": "2026-01-01",
        }
    ],
}


def _pdf_text(pdf: bytes) -> str:
    """The words the PDF's pages draw (its Flate streams inflated, the strings joined)."""
    words = []
    for stream in re.findall(rb"stream\r?\n(.*?)\r?\nendstream", pdf, re.S):
        try:
            page = zlib.decompress(stream)
        except zlib.error:
            continue
        words += [m.decode("latin-1") for m in re.findall(rb"\(((?:\\.|[^\\)])*)\)\s*Tj", page)]
    return " ".join(w.replace("\\(", "(").replace("\\)", ")") for w in words)


def _texts(lines: list[tuple[str, str]]) -> str:
    return "\n".join(text for _, text in lines)


async def test_a_topic_compared_answers_as_pdf_with_each_act_and_its_citations(
    gql: GraphQLClient,
) -> None:
    r = await gql.http.get("/downloads/compare/CLAIM_PERIOD.pdf")
    assert r.status_code == 200 and r.headers["content-type"] == "application/pdf"
    assert r.content.startswith(b"%PDF")
    data = await gql.ok(COMPARE, {"t": "CLAIM_PERIOD"})
    about = topic_descriptions(SCHEMA)
    printed = _texts(comparison_lines(data["jurisdictions"], [data["compare"]], about))
    assert about["CLAIM_PERIOD"].startswith("How long") and about["CLAIM_PERIOD"] in printed
    for j in data["jurisdictions"]:
        for act in j["acts"]:
            assert act["title"] in printed, act["title"]
    for row in data["compare"]["rows"]:
        assert row["summary"] in printed
        for c in row["citations"]:
            assert f"s.{c['section']} {c['uri']}" in printed
    drawn = _pdf_text(r.content)
    assert "How long an owner" in drawn
    for j in data["jurisdictions"]:
        assert j["name"] in drawn
    first = data["compare"]["rows"][0]["citations"][0]
    assert f"s.{first['section']}" in drawn


async def test_a_matrix_slice_answers_as_pdf(gql: GraphQLClient) -> None:
    r = await gql.http.get(
        "/downloads/compare.pdf?topics=FINE_CAPS,COMPOUNDING&jurisdictions=nagaland"
    )
    assert r.status_code == 200 and r.content.startswith(b"%PDF")
    data = await gql.ok(MATRIX, {"t": ["FINE_CAPS", "COMPOUNDING"], "j": ["nagaland"]})
    lines = comparison_lines(data["jurisdictions"], data["compareMatrix"])
    headings = [text for style, text in lines if style == "heading"]
    assert len(headings) == 2 and all(h.startswith("Nagaland") for h in headings)


async def test_an_unknown_topic_is_a_coded_404(gql: GraphQLClient) -> None:
    for url in ("/downloads/compare/NO_SUCH_TOPIC.pdf", "/downloads/compare.pdf?topics=NOPE"):
        r = await gql.http.get(url)
        assert r.status_code == 404 and r.json()["errors"][0]["extensions"]["code"] == "NOT_FOUND"


async def test_a_scenario_answers_as_pdf_with_each_acts_steps_and_source(
    gql: GraphQLClient,
) -> None:
    r = await gql.http.post("/downloads/scenario.pdf", json=FACTS)
    assert r.status_code == 200 and r.headers["content-type"] == "application/pdf"
    assert r.content.startswith(b"%PDF")
    data = await gql.ok(SCENARIO, {"f": FACTS})
    printed = _texts(scenario_lines(data["jurisdictions"], data["compareScenario"]))
    for j in data["jurisdictions"]:
        for act in j["acts"]:
            assert act["title"] in printed
    answers = {a["jurisdiction"]: a for a in data["compareScenario"]}
    mizoram = answers["mizoram"]
    assert mizoram["sourceNote"] and "Bill" in mizoram["sourceNote"]
    assert f"Source: {mizoram['sourceNote']}" in printed
    for step in mizoram["timeline"]:
        assert f"{step['action']}: from {step['notBefore']}" in printed
    assert f"Earliest sale: {mizoram['earliestSale']}" in printed
    drawn = _pdf_text(r.content)
    assert "Windows" in drawn and "Earliest sale" in drawn and "Bill" in drawn


async def test_bad_facts_are_a_400_with_the_apis_code(gql: GraphQLClient) -> None:
    cases = [
        ({**FACTS, "animals": [{"species": "unicorn", "count": 1}]}, "UNKNOWN_SPECIES"),
        ({**FACTS, "animals": []}, "VALIDATION"),
        ({**FACTS, "seizedAt": "2026-01-03T09:00:00"}, "VALIDATION"),
        ({k: v for k, v in FACTS.items() if k != "seizedAt"}, "VALIDATION"),
    ]
    for facts, code in cases:
        r = await gql.http.post("/downloads/scenario.pdf", json=facts)
        assert r.status_code == 400, (facts, r.text)
        assert r.json()["errors"][0]["extensions"]["code"] == code, (facts, r.text)
    r = await gql.http.post("/downloads/scenario.pdf", content=b"not json")
    assert r.status_code == 400

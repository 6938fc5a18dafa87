"""The Acts as files: every Act in one zip (Akoma Ntoso XML and JSON), any Act or section as PDF.

`/downloads/acts.zip` holds, for each Act, `<work URI>/main.xml` (the Akoma Ntoso document
`<work URI>.xml` serves) and `<work URI>/main.json` (the same Act as JSON: its metadata, and
each section with its text, its parts as the text numbers them, its cross-references and its
confidence marks), with `index.json` listing them. The zip is built once a process (the Acts
do not change while it runs) with fixed timestamps, so the same Acts give the same bytes.

The PDF uses the core Helvetica font: text outside Latin-1 is folded to its nearest letters
(the XML and JSON keep it as written).
"""

from __future__ import annotations

import io
import json
import unicodedata
import zipfile
from functools import cache
from typing import Any

from fpdf import FPDF

from pashu.jurisdictions.acts import Act, Dated, Related, Section
from pashu.jurisdictions.publication import (
    Linker,
    act_xml,
    body_sections,
    chapter_of,
    structure,
)
from pashu.jurisdictions.registry import installed
from pashu.jurisdictions.structure import Part

BULK_PATH = "/downloads/acts.zip"
_EPOCH = (1980, 1, 1, 0, 0, 0)  # zip's earliest timestamp: the same bytes on every build


def _dated(d: Dated | None) -> dict[str, Any] | None:
    if d is None:
        return None
    return {
        "date": d.day.isoformat() if d.day else None,
        "year": d.year,
        "precision": d.precision,
        "name": d.name,
        "note": d.note,
        "cite": d.cite,
    }


def _related(r: Related) -> dict[str, Any]:
    return {"title": r.title, "number": r.number, "year": r.year, "uri": r.uri, "note": r.note}


def _part(act: Act, link: Linker, sec: Section, part: Part) -> dict[str, Any]:
    return {
        "eId": part.eid,
        "uri": f"{act.uri}/~{part.eid}",
        "num": part.num,
        "text": part.lines,
        "references": _refs(act, link, sec, part.lines),
        "parts": [_part(act, link, sec, c) for c in part.children],
    }


def _refs(act: Act, link: Linker, sec: Section, lines: list[str]) -> list[dict[str, str]]:
    return [
        {"text": seg[0], "uri": f"{act.uri}/~{seg[1]}"}
        for line in lines
        for seg in link.segments(sec, line)
        if not isinstance(seg, str)
    ]


def act_json(act: Act) -> dict[str, Any]:
    link = Linker(act)
    doc = act.document
    sections = []
    for sec in act.sections:
        split = structure(sec)
        sections.append(
            {
                "number": sec.number,
                "heading": sec.heading,
                "chapter": sec.chapter,
                "uri": sec.uri,
                "confidence": sec.confidence.value,
                "note": sec.note,
                "text": sec.text,
                "intro": split.lines,
                "references": _refs(act, link, sec, split.lines),
                "parts": [_part(act, link, sec, p) for p in split.parts],
                "marks": [
                    {
                        "uri": act.cite(sec.number, p.path).uri,
                        "label": act.cite(sec.number, p.path).label,
                        "confidence": p.confidence.value,
                        "note": p.note,
                    }
                    for p in sec.provisions
                ],
            }
        )
    return {
        "uri": act.uri,
        "title": act.title,
        "shortTitle": act.short_title,
        "number": doc.number,
        "author": doc.author,
        "confidence": act.confidence.value,
        "note": act.note,
        "longTitle": doc.long_title,
        "preamble": doc.preamble,
        "enacted": _dated(doc.enacted),
        "published": _dated(doc.published),
        "commencement": _dated(doc.commencement),
        "repeals": [_related(r) for r in doc.repeals],
        "adoptedFrom": _related(doc.adopted_from) if doc.adopted_from else None,
        "sections": sections,
    }


@cache
def bulk_zip() -> bytes:
    """Every Act of every installed jurisdiction, as Akoma Ntoso XML and as JSON."""
    buf = io.BytesIO()
    index = []
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for plugin in installed():
            for act in plugin.acts:
                base = act.uri.strip("/")
                files = {"xml": f"{base}/main.xml", "json": f"{base}/main.json"}
                _write(z, files["xml"], act_xml(act))
                body = json.dumps(act_json(act), ensure_ascii=False, indent=1)
                _write(z, files["json"], body.encode())
                index.append(
                    {"jurisdiction": plugin.code, "uri": act.uri, "title": act.title, **files}
                )
        _write(z, "index.json", json.dumps(index, ensure_ascii=False, indent=1).encode())
    return buf.getvalue()


def _write(z: zipfile.ZipFile, name: str, data: bytes) -> None:
    info = zipfile.ZipInfo(name, date_time=_EPOCH)
    info.compress_type = zipfile.ZIP_DEFLATED
    z.writestr(info, data)


def _latin1(text: str) -> str:
    text = text.replace("₹", "Rs ").replace("–", "-").replace("—", "-").replace("…", "...")
    text = text.replace("“", '"').replace("”", '"').replace("’", "'").replace("‘", "'")
    folded = unicodedata.normalize("NFKD", text)
    return folded.encode("latin-1", "replace").decode("latin-1")


def _pdf_part(doc: FPDF, part: Part, depth: int) -> None:
    indent = 6 * depth
    lines = part.lines or [""]
    for i, line in enumerate(lines):
        doc.set_x(doc.l_margin + indent)
        num = f"{part.num} " if part.num and i == 0 else ""
        doc.multi_cell(0, 5, _latin1(num + line), new_x="LMARGIN", new_y="NEXT")
    for child in part.children:
        _pdf_part(doc, child, depth + 1)


def _pdf_section(doc: FPDF, act: Act, sec: Section) -> None:
    split = structure(sec)
    number = f"{sec.number}. " if sec.number[:1].isdigit() else ""
    doc.set_font("Helvetica", "B", 11)
    doc.multi_cell(0, 6, _latin1(number + sec.heading), new_x="LMARGIN", new_y="NEXT")
    doc.set_font("Helvetica", size=10)
    for line in split.lines:
        doc.multi_cell(0, 5, _latin1(line), new_x="LMARGIN", new_y="NEXT")
    for part in split.parts:
        _pdf_part(doc, part, 0)
    if not sec.text:
        doc.multi_cell(0, 5, "The text is not held.", new_x="LMARGIN", new_y="NEXT")
    doc.set_font("Helvetica", "I", 8)
    marks = [f"Confidence: {sec.confidence.value}" + (f" - {sec.note}" if sec.note else "")]
    marks += [
        f"s.{act.cite(sec.number, p.path).label}: {p.confidence.value}"
        + (f" - {p.note}" if p.note else "")
        for p in sec.provisions
    ]
    for m in marks:
        doc.multi_cell(0, 4, _latin1(m), new_x="LMARGIN", new_y="NEXT")
    doc.ln(3)


def pdf(act: Act, sec: Section | None, only: list[Section] | None = None) -> bytes:
    """An Act, one of its sections, or `only` some of them (a chapter), as a printable PDF
    with its confidence marks."""
    doc = FPDF(format="A4")
    doc.set_auto_page_break(auto=True, margin=15)
    doc.add_page()
    doc.set_title(_latin1(act.title if sec is None else f"{act.short_title}, s.{sec.number}"))
    doc.set_font("Helvetica", "B", 14)
    doc.multi_cell(0, 7, _latin1(act.title), new_x="LMARGIN", new_y="NEXT")
    doc.set_font("Helvetica", size=8)
    doc.multi_cell(0, 4, _latin1(sec.uri if sec else act.uri), new_x="LMARGIN", new_y="NEXT")
    if act.note:
        doc.set_font("Helvetica", "I", 8)
        doc.multi_cell(0, 4, _latin1(act.note), new_x="LMARGIN", new_y="NEXT")
    doc.ln(3)
    sections = [sec] if sec else only or body_sections(act)
    chapter: str | None = None
    for s in sections:
        if s.chapter and s.chapter != chapter and sec is None:
            num, heading = chapter_of(s.chapter)
            doc.set_font("Helvetica", "B", 12)
            doc.multi_cell(0, 7, _latin1(f"Chapter {num} {heading}"), new_x="LMARGIN", new_y="NEXT")
        chapter = s.chapter
        _pdf_section(doc, act, s)
    return bytes(doc.output())


# A line of a printed answer: its style ("title", "heading", "subheading", "text", "small",
# "note") and its words. The comparison and scenario PDFs are built from these, so what they
# print can be read back (tests) without parsing the PDF.
Line = tuple[str, str]
_STYLES = {
    "title": ("B", 14, 7),
    "heading": ("B", 12, 6),
    "subheading": ("B", 10, 5),
    "text": ("", 10, 5),
    "small": ("", 8, 4),
    "note": ("I", 8, 4),
}


def lines_pdf(title: str, lines: list[Line]) -> bytes:
    """Printed lines (a comparison's, a scenario's) as a PDF, in the sections' PDF's style."""
    doc = FPDF(format="A4")
    doc.set_auto_page_break(auto=True, margin=15)
    doc.add_page()
    doc.set_title(_latin1(title))
    for style, text in lines:
        weight, size, height = _STYLES[style]
        if style in ("heading", "subheading"):
            doc.ln(2)
        doc.set_font("Helvetica", weight, size)
        doc.multi_cell(0, height, _latin1(text), new_x="LMARGIN", new_y="NEXT")
    return bytes(doc.output())

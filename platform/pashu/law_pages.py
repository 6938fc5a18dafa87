"""Citations that resolve: every Act's and section's Akoma Ntoso URI served by the platform.

`/akn/in-nl/act/1985/cattle-trespass/~sec_14` answers HTML for a browser (the section's
text, numbered to the paragraph, its cross-references linked, its confidence marks, and links
to the law page's reader, the XML and the PDF), Akoma Ntoso 3.0 XML on request (an `Accept`
of application/akn+xml or application/xml, or the URI with `.xml` appended) and PDF (an
`Accept` of application/pdf, or `.pdf`). A sub-section's URI (`~sec_14__subsec_3`) answers
its section when the section's text holds it, and 404 otherwise; a chapter's URI
(`~chp_III`) answers the chapter. The document's own
Expression and Manifestation URIs (`…/eng@`, `…/eng@/!main`, `…/eng@.xml`,
`…/eng@/!main.xml`) answer as the work URI does; an expression by date (`…/eng@2026-01-01`)
answers the text in force then, or 404 saying why there is none. A URI an Act was first
published under redirects (301) to its current one.

`/downloads/acts.zip` is every Act as Akoma Ntoso XML and JSON (law_files.py).
"""

from __future__ import annotations

from datetime import date
from html import escape
from urllib.parse import quote

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response

from pashu.jurisdictions.acts import Act, Section
from pashu.jurisdictions.publication import (
    AKN_MEDIA_TYPE,
    Linker,
    NotInForce,
    act_xml,
    body_sections,
    chapter_of,
    chapter_xml,
    chapters,
    former_uri,
    resolve,
    section_xml,
    structure,
)
from pashu.jurisdictions.structure import Part
from pashu.law_files import BULK_PATH, bulk_zip, pdf

_XML_TYPES = (AKN_MEDIA_TYPE, "application/xml", "text/xml")
_PDF = "application/pdf"


def _wants(request: Request) -> str:
    """Content negotiation: "xml" or "pdf" when asked for at a higher quality than HTML (ties
    go to the type named first); otherwise "html"."""
    ranked: dict[str, tuple[float, int]] = {}
    for i, part in enumerate(request.headers.get("accept", "").lower().split(",")):
        media, *params = (p.strip() for p in part.split(";"))
        q = 1.0
        for p in params:
            if p.startswith("q="):
                try:
                    q = float(p[2:])
                except ValueError:
                    q = 0.0
        ranked.setdefault(media, (-q, i))
    html = ranked.get("text/html", (0.0, len(ranked)))
    offers = {
        "xml": [ranked[t] for t in _XML_TYPES if t in ranked and ranked[t][0] < 0],
        "pdf": [ranked[_PDF]] if _PDF in ranked and ranked[_PDF][0] < 0 else [],
    }
    best = min(((min(v), k) for k, v in offers.items() if v), default=None)
    return best[1] if best and best[0] < html else "html"


async def akn(request: Request) -> Response:
    uri = request.url.path
    moved = former_uri(uri)
    if moved is not None:
        return RedirectResponse(quote(moved), status_code=301)
    found = resolve(uri)
    if isinstance(found, NotInForce):
        return HTMLResponse(
            _page("No text in force", f"<p>{escape(found.message)}</p>" + _links(found.act.uri)),
            404,
        )
    if found is None:
        return HTMLResponse(
            _page("Not found", f"<p>No Act or provision has the URI {escape(uri)}.</p>"), 404
        )
    base = uri.removesuffix("." + found.format) if found.format else uri
    headers = {
        "Vary": "Accept",
        "Link": f'<{quote(base)}.xml>; rel="alternate"; type="{AKN_MEDIA_TYPE}", '
        f'<{quote(base)}.pdf>; rel="alternate"; type="{_PDF}"',
    }
    want = found.format or _wants(request)
    chapter = found.eid[4:] if found.section is None and found.eid else None
    if want == "xml":
        if chapter:
            body = chapter_xml(found.act, chapter)
        elif found.section is None:
            body = act_xml(found.act)
        else:
            body = section_xml(found.act, found.section)
        return Response(body, media_type=AKN_MEDIA_TYPE, headers=headers)
    if want == "pdf":  # a whole Act's PDF takes a moment: off the event loop
        only = chapters(found.act)[chapter] if chapter else None
        body = await run_in_threadpool(pdf, found.act, found.section, only)
        return Response(body, media_type=_PDF, headers=headers)
    if chapter:
        html = _act_html(found.act, chapter, base)
    elif found.section is None:
        html = _act_html(found.act)
    else:
        html = _section_html(found.act, found.section, base)
    if found.at is not None:  # say what "in force then" rests on
        html = html.replace("<main>", "<main>" + _as_at(found.act, found.at), 1)
    return HTMLResponse(html, headers=headers)


def _as_at(act: Act, at: date) -> str:
    commencement = act.document.commencement
    when = (
        f"It came into force on {commencement.day:%-d %B %Y}."
        if commencement.day
        else f"The day it came into force is not known: {commencement.note}"
        if commencement.note
        else "The day it came into force is not known."
    )
    return (
        f'<p class="as-at">The text as at {at:%-d %B %Y}: the one text held, as its source gives '
        f"it; no amendment of it is known. {escape(when)}</p>"
    )


async def bulk(request: Request) -> Response:
    """Every Act, as Akoma Ntoso XML and as JSON, zipped."""
    return Response(
        await run_in_threadpool(bulk_zip),  # built once a process, off the event loop
        media_type="application/zip",
        headers={"Content-Disposition": 'attachment; filename="pashu-acts.zip"'},
    )


def _mark(confidence: str, note: str | None) -> str:
    aside = f' <span class="note">{escape(note)}</span>' if note else ""
    return f'<p class="meta"><span class="badge conf-{confidence}">{confidence}</span>{aside}</p>'


def _line(link: Linker, act: Act, sec: Section, line: str) -> str:
    out = []
    for seg in link.segments(sec, line):
        if isinstance(seg, str):
            out.append(escape(seg))
        else:
            out.append(f'<a class="xref" href="{escape(act.uri)}/~{seg[1]}">{escape(seg[0])}</a>')
    return "".join(out)


def _part_html(link: Linker, act: Act, sec: Section, part: Part, cited: str = "") -> str:
    num = f'<span class="num">{escape(part.num)}</span> ' if part.num else ""
    words = "".join(
        f"<p>{num if i == 0 else ''}{_line(link, act, sec, ln)}</p>"
        for i, ln in enumerate(part.lines)
    ) or (f"<p>{num}</p>" if num else "")
    kids = "".join(_part_html(link, act, sec, c, cited) for c in part.children)
    mark = " cited" if part.eid == cited else ""  # the part the URI names
    return f'<div class="{part.element}{mark}" id="{escape(part.eid)}">{words}{kids}</div>'


def _section_body(act: Act, sec: Section, link: Linker | None = None, cited: str = "") -> str:
    link = link or Linker(act)
    split = structure(sec)
    lead = "".join(f"<p>{_line(link, act, sec, ln)}</p>" for ln in split.lines)
    parts = "".join(_part_html(link, act, sec, p, cited) for p in split.parts)
    marks = "".join(
        f'<li><a href="#{escape(act.cite(sec.number, p.path).uri.partition("/~")[2])}">'
        f"{escape(act.cite(sec.number, p.path).label)}</a>: "
        f'<span class="badge conf-{p.confidence.value}">{p.confidence.value}</span>'
        f"{' — ' + escape(p.note) if p.note else ''}</li>"
        for p in sec.provisions
    )
    number = f"{escape(sec.number)}. " if sec.number[:1].isdigit() else ""
    text = lead + parts
    return (
        f'<section id="{escape(sec.uri.partition("/~")[2])}">'
        f"<h2>{number}{escape(sec.heading)}</h2>{_mark(sec.confidence.value, sec.note)}"
        f"{text or '<p><em>The text is not held.</em></p>'}"
        f"{f'<ul class=marks>{marks}</ul>' if marks else ''}{_summary(sec)}</section>"
    )


def _summary(sec: Section) -> str:
    """Our summary beside the text, labelled, never as the text (see /method)."""
    if not sec.summary:
        return ""
    label = '<a href="/method#summary-and-text">Summary</a> (ours, not the Act\'s words):'
    return f'<aside class="summary"><p><strong>{label}</strong> {escape(sec.summary)}</p></aside>'


def _links(uri: str) -> str:
    reader = "/#/law/read?uri=" + quote(uri, safe="")
    return (
        f'<nav><a href="{reader}">Open in the law page</a> · '
        f'<a href="{escape(uri)}.xml" type="{AKN_MEDIA_TYPE}">Akoma Ntoso XML</a> · '
        f'<a href="{escape(uri)}.pdf" type="{_PDF}">PDF</a> · '
        f'<a href="{BULK_PATH}" type="application/zip">Every Act (zip)</a></nav>'
    )


def _section_html(act: Act, sec: Section, uri: str) -> str:
    head = f'<p class="act"><a href="{escape(act.uri)}">{escape(act.title)}</a></p>'
    cited = uri.partition("/~")[2]
    body = head + _links(uri) + _section_body(act, sec, cited=cited)
    return _page(f"{act.short_title}, s.{sec.number}", body)


def _life(act: Act) -> str:
    doc = act.document
    rows = []
    for label, d in (
        ("Made", doc.enacted),
        ("Published", doc.published),
        ("Commencement", doc.commencement),
    ):
        if d is None:
            continue
        when = d.day.isoformat() if d.day else f"{d.year} (year only)" if d.year else "not known"
        cite = act.cite_label(d.cite) if d.cite else None
        under = f' (<a href="{escape(cite.uri)}">s.{escape(cite.label)}</a>)' if cite else ""
        rows.append(f"<dt>{label}</dt><dd>{escape(when)}{under}. {escape(d.note or '')}</dd>")
    for r in doc.repeals:
        rows.append(f"<dt>Repeals</dt><dd>{escape(r.title)}. {escape(r.note or '')}</dd>")
    if doc.adopted_from:
        a = doc.adopted_from
        rows.append(f"<dt>Adopted from</dt><dd>{escape(a.title)}. {escape(a.note or '')}</dd>")
    return f'<dl class="life">{"".join(rows)}</dl>' if rows else ""


def _act_html(act: Act, chapter: str | None = None, uri: str | None = None) -> str:
    """The Act, or one of its chapters (`chapter`, at `uri`)."""
    link = Linker(act)
    shown = chapters(act)[chapter] if chapter else body_sections(act)
    if chapter:
        num, heading = chapter_of(shown[0].chapter or "")
        head = f'<p class="act"><a href="{escape(act.uri)}">{escape(act.title)}</a></p>'
        body = head + _links(uri or act.uri) + "".join(_section_body(act, s, link) for s in shown)
        title = f"{act.short_title}, Chapter {num}" + (f" — {heading}" if heading else "")
        return _page(title, body)
    toc = "".join(
        f'<li><a href="{escape(s.uri)}">{escape(s.number)}. {escape(s.heading)}</a></li>'
        for s in shown
    )
    doc = act.document
    held = next((s for s in act.sections if s.number.lower() == "longtitle"), None)
    long_title = held.text if held else doc.long_title
    preface = f'<p class="long-title">{escape(long_title)}</p>' if long_title else ""
    preamble = f'<p class="preamble">{escape(doc.preamble)}</p>' if doc.preamble else ""
    sections: list[str] = []
    label: str | None = None
    for s in shown:
        if s.chapter and s.chapter != label:
            num, heading = chapter_of(s.chapter)
            sections.append(
                f'<h2 class="chapter" id="chp_{escape(num)}"><a href="{escape(act.uri)}/~chp_'
                f'{escape(num)}">Chapter {escape(num)}</a>'
                f"{' — ' + escape(heading) if heading else ''}</h2>"
            )
        label = s.chapter
        sections.append(_section_body(act, s, link))
    body = (
        f"{_links(act.uri)}{_mark(act.confidence.value, act.note)}"
        f"{f'<p class=source>Source: {escape(act.source_note)}</p>' if act.source_note else ''}"
        f"{_life(act)}{preface}{preamble}<ol class=toc>{toc}</ol>" + "".join(sections)
    )
    return _page(act.title, body)


def _page(title: str, body: str) -> str:
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<title>{escape(title)} — Pashu</title><link rel="stylesheet" href="/styles.css"></head>'
        f'<body class="akn"><main><h1>{escape(title)}</h1>{body}</main></body></html>'
    )

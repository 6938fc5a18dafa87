"""Citations that resolve: every Act's and section's Akoma Ntoso URI served by the platform.

`/akn/in-nl/act/1985/cattle-trespass/~sec_14` answers HTML for a browser (the section's
text, its confidence marks, and links to the law page's reader and to the XML), and Akoma
Ntoso 3.0 XML on request: an `Accept` of application/akn+xml or application/xml, or the
URI with `.xml` appended. A sub-section's URI (`~sec_14__subsec_3`) answers its section.
"""

from __future__ import annotations

from html import escape
from urllib.parse import quote

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from pashu.jurisdictions.acts import Act, Section
from pashu.jurisdictions.publication import AKN_MEDIA_TYPE, act_xml, resolve, section_xml

_XML_TYPES = (AKN_MEDIA_TYPE, "application/xml", "text/xml")


def _wants_xml(request: Request) -> bool:
    """Content negotiation: XML when asked for at a higher quality than HTML (ties go to
    the type named first)."""
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
    xml = [ranked[t] for t in _XML_TYPES if t in ranked and ranked[t][0] < 0]
    html = ranked.get("text/html", (0.0, len(ranked)))
    return bool(xml) and min(xml) < html


async def akn(request: Request) -> Response:
    uri = request.url.path
    as_xml = uri.endswith(".xml")
    if as_xml:
        uri = uri.removesuffix(".xml")
    found = resolve(uri)
    if found is None:
        return HTMLResponse(
            _page("Not found", f"<p>No Act or section has the URI {escape(uri)}.</p>"), 404
        )
    headers = {
        "Vary": "Accept",
        "Link": f'<{quote(uri)}.xml>; rel="alternate"; type="{AKN_MEDIA_TYPE}"',
    }
    if as_xml or _wants_xml(request):
        body = (
            act_xml(found.act) if found.section is None else section_xml(found.act, found.section)
        )
        return Response(body, media_type=AKN_MEDIA_TYPE, headers=headers)
    html = (
        _act_html(found.act)
        if found.section is None
        else _section_html(found.act, found.section, uri)
    )
    return HTMLResponse(html, headers=headers)


def _mark(confidence: str, note: str | None) -> str:
    aside = f' <span class="note">{escape(note)}</span>' if note else ""
    return f'<p class="meta"><span class="badge conf-{confidence}">{confidence}</span>{aside}</p>'


def _section_body(act: Act, sec: Section) -> str:
    paragraphs = "".join(f"<p>{escape(line)}</p>" for line in sec.text.splitlines() if line.strip())
    marks = "".join(
        f"<li>{escape(act.cite(sec.number, p.path).label)}: "
        f'<span class="badge conf-{p.confidence.value}">{p.confidence.value}</span>'
        f"{' — ' + escape(p.note) if p.note else ''}</li>"
        for p in sec.provisions
    )
    number = f"{escape(sec.number)}. " if sec.number[:1].isdigit() else ""
    return (
        f'<section id="{escape(sec.uri.partition("/~")[2])}">'
        f"<h2>{number}{escape(sec.heading)}</h2>{_mark(sec.confidence.value, sec.note)}"
        f"{paragraphs or '<p><em>The text is not held.</em></p>'}"
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
        f'<a href="{escape(uri)}.xml" type="{AKN_MEDIA_TYPE}">Akoma Ntoso XML</a></nav>'
    )


def _section_html(act: Act, sec: Section, uri: str) -> str:
    head = f'<p class="act"><a href="{escape(act.uri)}">{escape(act.title)}</a></p>'
    return _page(f"{act.short_title}, s.{sec.number}", head + _links(uri) + _section_body(act, sec))


def _act_html(act: Act) -> str:
    toc = "".join(
        f'<li><a href="{escape(s.uri)}">{escape(s.number)}. {escape(s.heading)}</a></li>'
        for s in act.sections
    )
    body = (
        f"{_links(act.uri)}{_mark(act.confidence.value, act.note)}"
        f"{f'<p class=source>Source: {escape(act.source_note)}</p>' if act.source_note else ''}"
        f"<ol class=toc>{toc}</ol>" + "".join(_section_body(act, s) for s in act.sections)
    )
    return _page(act.title, body)


def _page(title: str, body: str) -> str:
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<title>{escape(title)} — Pashu</title><link rel="stylesheet" href="/styles.css"></head>'
        f'<body class="akn"><main><h1>{escape(title)}</h1>{body}</main></body></html>'
    )

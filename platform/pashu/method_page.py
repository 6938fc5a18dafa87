"""The method page (`/method`): how the sources were read, how days are counted, what each
confidence mark means, what is summary and what is text.

Its source is docs/METHOD.md, rendered here with the few Markdown forms that page uses
(headings, paragraphs, bullet lists, `code`, **bold**), so the page needs no Markdown library.
"""

from __future__ import annotations

import re
from functools import cache
from html import escape
from pathlib import Path

from starlette.requests import Request
from starlette.responses import HTMLResponse

# Kept inside the package, so an installed Pashu (not only a clone) serves it; docs/METHOD.md
# links to it.
SOURCE = Path(__file__).resolve().parent / "method.md"


def _inline(text: str) -> str:
    out = escape(text, quote=False)
    out = re.sub(r"`([^`]+)`", r"<code>\1</code>", out)
    return re.sub(r"\*\*([^*]+)\*\*", r"<strong>\1</strong>", out)


def _anchor(heading: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", heading.lower()).strip("-")


def render(markdown: str) -> tuple[str, str]:
    """(title, body HTML) of the page's Markdown."""
    title, blocks = "Method", []
    for block in re.split(r"\n\s*\n", markdown.strip()):
        lines = block.splitlines()
        if lines[0].startswith("# "):
            title = lines[0][2:].strip()
        elif lines[0].startswith("## "):
            text = lines[0][3:].strip()
            blocks.append(f'<h2 id="{_anchor(text)}">{_inline(text)}</h2>')
        elif lines[0].startswith("- "):
            items: list[str] = []
            for line in lines:
                if line.startswith("- "):
                    items.append(line[2:].strip())
                else:  # a continuation line of the item above
                    items[-1] += " " + line.strip()
            blocks.append("<ul>" + "".join(f"<li>{_inline(i)}</li>" for i in items) + "</ul>")
        else:
            blocks.append(f"<p>{_inline(' '.join(line.strip() for line in lines))}</p>")
    return title, "".join(blocks)


@cache
def page() -> str:
    title, body = render(SOURCE.read_text(encoding="utf-8"))
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<title>{escape(title)} — Pashu</title><link rel="stylesheet" href="/styles.css"></head>'
        f'<body class="akn"><main><h1>{escape(title)}</h1>{body}'
        '<p><a href="/#/law">The law page</a></p></main></body></html>'
    )


async def method(request: Request) -> HTMLResponse:
    return HTMLResponse(page())

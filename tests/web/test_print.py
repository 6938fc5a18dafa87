"""Printing for files and courts: the case page, a comparison and a scenario print on A4 as
the record alone (no header, navigation, forms or buttons), every card whole within the
page's width, each step's reason written out; each print is kept as a PDF artifact."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import Server
from tests.web.pages import PAGES, WIDTHS, artifact, layout_faults

pytestmark = pytest.mark.browser

A4_CONTENT_PX = 703  # 210 mm less 2 x 12 mm margins, at 96 px to the inch


@pytest.mark.parametrize("name", ["case", "law-compare", "law-scenario"])
def test_a_page_prints_on_a4_as_the_record_alone(page: Page, server: Server, name: str) -> None:
    page.set_viewport_size({"width": WIDTHS["laptop"], "height": 900})
    PAGES[name](page, server)
    page.emulate_media(media="print")
    page.set_viewport_size({"width": A4_CONTENT_PX, "height": 1000})
    for chrome in ("header.top", "footer.foot", "nav.tabs", "form", "button"):
        expect(page.locator(chrome).first).to_be_hidden()
    assert layout_faults(page, A4_CONTENT_PX) == []
    reasons = page.locator(".steps details p")
    if reasons.count():  # a closed "Why" prints open
        expect(reasons.first).to_be_visible()
    pdf = artifact("print", f"{name}.pdf")
    page.pdf(path=pdf, format="A4", print_background=True)
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF-")
    pages = len(re.findall(rb"/Type\s*/Page[^s]", data))
    assert 1 <= pages <= 4, f"{name} prints on {pages} A4 pages"

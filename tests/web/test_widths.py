"""Every page of the reference frontend at three widths (desktop 1400, laptop 1024, phone
390): no table header, button, citation or tab breaks inside a word, nothing sticks out of
its card, no sideways scroll; each page's screenshot is kept as an artifact of the run."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.web.conftest import Server
from tests.web.pages import PAGES, WIDTHS, artifact, layout_faults

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("width", list(WIDTHS))
@pytest.mark.parametrize("name", list(PAGES))
def test_no_header_or_button_breaks_in_a_word_and_nothing_overflows_its_card(
    page: Page, server: Server, name: str, width: str
) -> None:
    px = WIDTHS[width]
    page.set_viewport_size({"width": px, "height": 900})
    PAGES[name](page, server)
    shot = artifact("screens", f"{name}-{width}.png")
    page.screenshot(path=shot, full_page=True)
    assert shot.stat().st_size > 0
    assert layout_faults(page, px) == []


def test_the_law_pages_tab_bar_shows_no_stray_scrollbar(page: Page, server: Server) -> None:
    page.set_viewport_size({"width": WIDTHS["desktop"], "height": 900})
    PAGES["law-compare"](page, server)
    bar = page.locator("nav.tabs")
    sizes = bar.evaluate(
        "(el) => [el.scrollWidth, el.clientWidth, el.scrollHeight, el.clientHeight]"
    )
    scroll_w, client_w, scroll_h, client_h = sizes
    assert scroll_w <= client_w and scroll_h <= client_h, sizes

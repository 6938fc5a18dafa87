"""The law page as issue #35 found it: the badges explained, the timeline of an Act without an
impoundment chapter said in words, the long title named by its heading, a classification's
two answers kept apart and each section cited once, a mistyped link showing its tab."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import Server

pytestmark = pytest.mark.browser


def test_the_badges_are_explained_beside_the_cards(page: Page, server: Server) -> None:
    page.goto(f"{server.url}/#/law/compare?topic=PROHIBITED_PURCHASERS")
    card = page.locator(".state[data-jurisdiction=chhattisgarh]")
    expect(card.locator(".badge", has_text="No such provision")).to_be_visible()
    legend = page.locator("[data-section=legend]")
    for badge in ("read", "interpreted", "reconstructed", "unknown", "No such provision"):
        expect(legend.locator("dt .badge", has_text=badge)).to_be_visible()
    expect(legend).to_contain_text("part of the text is not legible")


def test_a_timeline_the_act_does_not_provide_is_said_in_words(page: Page, server: Server) -> None:
    page.goto(f"{server.url}/#/law/timeline?seizedAt=2026-01-03T09:00")
    card = page.locator(".state[data-jurisdiction=chhattisgarh]")
    expect(card.locator(".absent-note")).to_contain_text("provides no impoundment")
    expect(card).not_to_contain_text("NOT_IN_JURISDICTION")
    expect(page.locator(".state[data-jurisdiction=mizoram]")).to_contain_text(
        "The Act sets no deadline"
    )


def test_the_long_title_is_named_by_its_heading(page: Page, server: Server) -> None:
    page.goto(
        f"{server.url}/#/law/read?j=chhattisgarh&n=longTitle"
        "&act=%2Fakn%2Fin-cg%2Fact%2F1976%2Fpashu-niyantran"
    )
    expect(page.locator(".section-title")).to_have_text("Long title")
    current = page.locator(".toc a[aria-current=page]")
    expect(current).to_have_text("Long title")


def test_a_classification_reads_as_two_clauses_citing_each_section_once(
    page: Page, server: Server
) -> None:
    page.goto(f"{server.url}/#/law/classify?species=mithun")
    mizoram = page.locator(".state[data-jurisdiction=mizoram]")
    expect(mizoram.locator("a.cite")).to_have_text(["s.2(b)", "s.4", "s.2(a)"])
    chhattisgarh = page.locator(".state[data-jurisdiction=chhattisgarh]")
    expect(chhattisgarh).to_contain_text("(s.3); the Act defines no term")


def test_a_mistyped_link_shows_the_comparison_with_its_tab_selected(
    page: Page, server: Server
) -> None:
    page.goto(f"{server.url}/#/law/comparee")
    expect(page.locator(".tabs a[aria-current=page]")).to_have_text("Compare a topic")
    expect(page.locator("[data-note=unknown-tab]")).to_contain_text("no “comparee” view")
    expect(page.locator(".state").first).to_be_visible()

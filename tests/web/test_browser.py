"""The reference frontend in headless Chromium against a real server with the demo data:
sign in, the dashboard's counts, a case's timeline, a refused sale, the law compared."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, Request, expect
from prometheus_client.parser import text_string_to_metric_families

from tests.web.conftest import Server

pytestmark = pytest.mark.browser


def sign_in(page: Page, server: Server, jurisdiction: str) -> None:
    page.goto(f"{server.url}/#/signin")
    page.get_by_label("API token").fill(server.tokens[jurisdiction])
    page.get_by_role("button", name="Sign in").click()
    expect(page.locator("[data-count=cases] .tile-value")).to_be_visible()


def open_case(page: Page, register_number: int) -> None:
    page.locator(".cases").get_by_role("link", name=str(register_number), exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Register no. {register_number}")


def test_sign_in_with_a_demo_token_shows_the_dashboard_counts(page: Page, server: Server) -> None:
    page.goto(f"{server.url}/#/dashboard")
    expect(page).to_have_url(re.compile(r"#/signin"))  # no token yet: sent to sign in
    # Signed out, the main navigation is its links alone (no stray "null" between them).
    expect(page.locator("#nav")).to_have_text("The lawDashboardSign in")
    sign_in(page, server, "mizoram")
    expect(page.get_by_role("heading", level=1)).to_have_text("Mizoram demo department")
    # The demo seeds five cases: one fresh, one overdue, one delivered, one awaiting
    # auction, one sold; the announcement of the overdue one was due within 24 hours.
    expect(page.locator("[data-count=cases] .tile-value")).to_have_text("5")
    expect(page.locator("[data-count=open] .tile-value")).to_have_text("3")
    expect(page.locator("[data-count=overdue] .tile-value")).to_have_text("1")
    overdue = page.locator("[data-list=overdue]")
    expect(overdue).to_contain_text("Register no. 2 — Announce seizure")
    expect(page.locator("[data-chart='Cases by status']")).to_contain_text("Delivered")
    expect(page.locator("[data-chart='Cases by pound']")).to_contain_text(
        "Sairang VC animal enclosure"
    )
    expect(page.locator("[data-list=funds]")).to_contain_text("₹")
    expect(page.locator("[data-list=auctions]")).to_contain_text("Register no. 4")
    expect(page.locator("[data-list=task-runs]")).to_be_visible()
    # The token lives in this tab's sessionStorage and signing out forgets it.
    assert page.evaluate("sessionStorage.getItem('pashu.token')") == server.tokens["mizoram"]
    page.get_by_role("button", name="Sign out").click()
    expect(page).to_have_url(re.compile(r"#/signin"))
    assert page.evaluate("sessionStorage.getItem('pashu.token')") is None


def test_a_bad_token_is_refused_with_the_platforms_error(page: Page, server: Server) -> None:
    page.goto(f"{server.url}/#/signin")
    page.get_by_label("API token").fill("pashu_00000000000000000000000000000000_nope")
    page.get_by_role("button", name="Sign in").click()
    expect(page.locator("[data-field=token] .error")).to_contain_text("UNAUTHENTICATED")
    expect(page.get_by_label("API token")).to_have_attribute("aria-invalid", "true")
    expect(page.get_by_label("API token")).to_be_focused()


def test_a_case_shows_its_timeline_with_the_next_step_and_citations(
    page: Page, server: Server
) -> None:
    sign_in(page, server, "mizoram")
    page.locator("[data-list=auctions]").get_by_role("link", name="Register no. 4").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Register no. 4")
    steps = page.locator(".steps .step")
    expect(steps.first).to_have_attribute("data-action", "DELIVER_TO_POUND")
    expect(page.locator(".step[data-action=ANNOUNCE_SEIZURE] .chip")).to_have_text("Done")
    nxt = page.locator(".step.next")
    expect(nxt).to_have_count(1)
    expect(nxt).to_have_attribute("data-action", "AUCTION")
    expect(nxt).to_contain_text("IST")
    expect(page.locator("[data-section=dues] .total")).to_contain_text("₹")
    # A step's citation opens the section's text on the law page.
    nxt.locator("a.cite").click()
    expect(page).to_have_url(re.compile(r"#/law/read\?uri="))
    expect(page.locator(".section-title")).to_contain_text("Section 10.")
    expect(page.locator(".section-text p.cited").first).to_contain_text("(1)")


def test_a_notice_of_the_case_downloads_as_a_pdf(page: Page, server: Server) -> None:
    sign_in(page, server, "mizoram")
    page.locator("[data-list=auctions]").get_by_role("link", name="Register no. 4").click()
    notice = page.locator(".docs li", has_text="Announce seizure")
    with page.expect_download() as download:
        notice.get_by_role("button", name="PDF").click()
    path = download.value.path()
    assert path is not None and download.value.suggested_filename.startswith("notice-4-")
    with open(path, "rb") as f:
        assert f.read(5) == b"%PDF-"


def test_a_sale_to_a_prohibited_buyer_is_refused_next_to_the_field_with_its_citation(
    page: Page, server: Server
) -> None:
    sign_in(page, server, "nagaland")
    open_case(page, 4)
    sale = page.locator("[data-form=sale]")
    sale.get_by_label("Buyer's name").fill("K. Keeper")
    sale.get_by_label("Buyer's address").fill("Kohima")
    sale.get_by_label("Buyer is").select_option("POUND_KEEPER")
    sale.get_by_label("Price (₹)").fill("900.00")
    sale.get_by_role("button", name="Record the sale").click()
    error = sale.locator("[data-field='buyer.role'] .error")
    expect(error).to_contain_text("PROHIBITED_PURCHASER")
    expect(error).to_contain_text("pound keeper may not buy")
    expect(error.locator("a.cite")).to_have_text(re.compile(r"^s\.19\(1\)"))
    expect(sale.get_by_label("Buyer is")).to_have_attribute("aria-invalid", "true")
    # Refused means nothing changed: the case is still impounded, nothing sold.
    page.reload()
    expect(page.locator("[data-status]")).to_have_attribute("data-status", "IMPOUNDED")


def test_delivery_refuses_a_wrong_amount_then_delivers_and_gives_a_pdf_receipt(
    page: Page, server: Server
) -> None:
    sign_in(page, server, "nagaland")
    open_case(page, 1)
    deliver = page.locator("[data-form=deliver]")
    dues = deliver.get_by_label("Amount paid (₹)").input_value()
    assert re.fullmatch(r"\d+\.\d\d", dues) and dues != "0.00"
    deliver.get_by_label("Claimant's name").fill("Imtila Jamir")  # the owner on the register
    deliver.get_by_label("Amount paid (₹)").fill("1.00")
    deliver.get_by_role("button", name="Deliver").click()
    error = deliver.locator("[data-field=amountPaid] .error")
    expect(error).to_contain_text("VALIDATION")
    expect(error.locator("a.cite")).to_have_text(re.compile(r"^s\.13"))
    deliver.get_by_label("Amount paid (₹)").fill(dues)
    deliver.get_by_role("button", name="Deliver").click()
    expect(page.locator(".success")).to_contain_text("Delivered: receipt no.")
    expect(page.locator("[data-status]")).to_have_attribute("data-status", "DELIVERED")
    receipt = page.locator(".docs li", has_text="Receipt no.")
    with page.expect_download() as download:
        receipt.get_by_role("button", name="PDF").click()
    path = download.value.path()
    assert path is not None
    with open(path, "rb") as f:
        assert f.read(5) == b"%PDF-"


def test_compare_a_topic_across_three_states(page: Page, server: Server) -> None:
    page.goto(f"{server.url}/")
    expect(page.get_by_role("heading", level=1)).to_contain_text("side by side")
    page.get_by_label("Topic").select_option("PROHIBITED_PURCHASERS")
    expect(page).to_have_url(re.compile(r"topic=PROHIBITED_PURCHASERS"))
    cards = page.locator(".state")
    expect(cards).to_have_count(3)
    for code, section in (("mizoram", "10(3)"), ("nagaland", "19(1)")):
        card = page.locator(f".state[data-jurisdiction={code}]")
        expect(card.locator("a.cite", has_text=f"s.{section}").first).to_be_visible()
    expect(page.locator(".state[data-jurisdiction=chhattisgarh] h3")).to_have_text("Chhattisgarh")


def test_timelines_side_by_side_show_a_state_without_pounds_as_not_in_jurisdiction(
    page: Page, server: Server
) -> None:
    page.goto(f"{server.url}/#/law/timeline")
    page.get_by_label("Seized at (IST)").fill("2026-01-03T09:00")
    page.get_by_role("button", name="Show each state's timeline").click()
    # Said in words (issue #35: not the raw code NOT_IN_JURISDICTION).
    expect(page.locator(".state[data-jurisdiction=chhattisgarh]")).to_contain_text(
        "No such provision"
    )
    expect(page.locator(".state[data-jurisdiction=chhattisgarh] .absent-note")).to_contain_text(
        "provides no impoundment"
    )
    nl = page.locator(".state[data-jurisdiction=nagaland]")
    # Seven days from impounding on 3 January end with 10 January (GCA s.9).
    expect(nl.locator(".step", has_text="Report unclaimed")).to_contain_text(
        "From 11 Jan 2026, 12:00 am IST"
    )


def test_classify_and_search_then_read_a_section(page: Page, server: Server) -> None:
    page.goto(f"{server.url}/#/law/classify")
    page.get_by_label("Species").fill("goat")
    page.get_by_role("button", name="Classify").click()
    expect(page.locator(".state")).to_have_count(3)
    page.goto(f"{server.url}/#/law/classify?species=unicorn")
    expect(page.locator(".error")).to_contain_text("UNKNOWN_SPECIES")
    page.goto(f"{server.url}/#/law/search")
    page.get_by_label("Words to find").fill("public auction")
    page.get_by_role("button", name="Search").click()
    first = page.locator(".hit").first
    expect(first.locator("mark").first).to_be_visible()
    first.locator("a.hit-title").click()
    expect(page.locator(".section-text")).to_contain_text("auction")
    expect(page.locator(".toc a[aria-current=page]")).to_have_count(1)


def test_the_grazing_register_is_offered_only_where_the_act_provides_grazing_grounds(
    page: Page, server: Server
) -> None:
    """Mizoram s.6 provides grazing grounds; the Nagaland Cattle Trespass Act none: the tab
    follows the Act's chapters as the API lists them (`capabilities`)."""
    sign_in(page, server, "mizoram")
    page.goto(f"{server.url}/#/work/rates")
    tabs = page.get_by_role("navigation", name="The registers")
    expect(tabs.get_by_role("link", name="Grazing grounds")).to_have_attribute(
        "href", "#/work/grazing"
    )
    tabs.get_by_role("link", name="Grazing grounds").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Grazing grounds")
    expect(page.locator("[data-form=grazing-ground]")).to_be_visible()
    page.get_by_role("button", name="Sign out").click()

    sign_in(page, server, "nagaland")
    page.goto(f"{server.url}/#/work/rates")
    tabs = page.get_by_role("navigation", name="The registers")
    expect(tabs.get_by_role("link", name="Rates")).to_be_visible()
    expect(tabs.get_by_role("link", name="Grazing grounds")).to_have_count(0)
    # Come by the address, the page says the Act keeps no such register, and offers no form.
    page.goto(f"{server.url}/#/work/grazing")
    expect(page.locator("[data-section=grazing]")).to_contain_text("provides no grazing grounds")
    expect(page.locator("[data-form=grazing-ground]")).to_have_count(0)


@pytest.mark.parametrize("route", ["#/law/compare", "#/law/timeline", "#/dashboard", "case"])
def test_every_control_is_labelled_and_a_phone_screen_needs_no_sideways_scroll(
    page: Page, server: Server, route: str
) -> None:
    page.set_viewport_size({"width": 375, "height": 800})
    sign_in(page, server, "nagaland")
    if route == "case":
        open_case(page, 1)
    else:
        page.goto(f"{server.url}/{route}")
        page.wait_for_selector("main h1")
    page.wait_for_load_state("networkidle")
    unlabelled = page.evaluate(
        """() => [...document.querySelectorAll('input, select, textarea, button')]
          .filter((el) => el.type !== 'hidden')
          .filter((el) => !(el.labels && el.labels.length) && !el.getAttribute('aria-label')
                          && !(el.tagName === 'BUTTON' && el.textContent.trim()))
          .map((el) => el.outerHTML)"""
    )
    assert unlabelled == []
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375, f"the page is {width}px wide on a 375px screen"


def test_an_owner_who_will_not_pay_is_recorded_and_shown_with_the_sale_it_opens(
    page: Page, server: Server
) -> None:
    sign_in(page, server, "nagaland")
    open_case(page, 4)
    refusal = page.locator("[data-form=refusal]")
    refusal.get_by_label("Owner or agent").fill("T. Sangma")
    refusal.get_by_label("Address").fill("Kohima")
    refusal.get_by_role("button", name="Record the refusal").click()
    expect(page.locator(".success")).to_contain_text("Refusal recorded")
    card = page.locator("[data-section=remedies]")
    expect(card.locator("[data-item=refusal]")).to_contain_text("Refused or omitted to pay")
    # The sale is due at once (s.16(1)), no longer after the seven days of s.14(3).
    expect(page.locator(".step[data-action=AUCTION] a.cite")).to_have_text(
        re.compile(r"^s\.16\(1\)")
    )


def test_the_dashboard_sends_its_operations_by_hash_and_metrics_count_them_by_name(
    page: Page, server: Server
) -> None:
    sent: list[dict[str, Any]] = []

    def record(request: Request) -> None:
        if request.url.endswith("/graphql") and request.method == "POST":
            sent.append(request.post_data_json)

    page.on("request", record)
    sign_in(page, server, "nagaland")
    expect(page.locator("[data-list=funds]")).to_contain_text("₹")
    names = {body["operationName"] for body in sent}
    assert {"SignIn", "DashboardViewer", "LatestCases", "ImpoundmentStats", "Funds"} <= names
    # Registered documents: the hash alone, never the text (no resend was needed).
    assert all("query" not in body and body["extensions"]["persistedQuery"] for body in sent)
    scraped = httpx.get(f"{server.url}/metrics", timeout=10).text
    counted = {
        s.labels["operation"]
        for family in text_string_to_metric_families(scraped)
        for s in family.samples
        if s.name == "pashu_graphql_requests_total" and s.value > 0
    }
    assert names <= counted

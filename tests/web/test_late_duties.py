"""Late duties shown as late (issue #35): a duty done after its deadline is marked late with
its days on the case page; an auction the department has fixed is shown on the case's
timeline as on the dashboard; the dues read the rate and the dates as the page does; pound
names are shown whole in the charts."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import Server
from tests.web.pages import api, late_case, sign_in

pytestmark = pytest.mark.browser

STEPS = """
query($id: ID!) { impoundment(id: $id) { timeline { action doneAt late daysLate } } }"""


def test_a_duty_done_after_its_deadline_is_marked_late_with_its_days(
    page: Page, server: Server
) -> None:
    token, case = late_case(server)
    steps = api(server, token, STEPS, {"id": case})["impoundment"]["timeline"]
    announce = next(s for s in steps if s["action"] == "ANNOUNCE_SEIZURE")
    assert announce["late"] is True and announce["daysLate"] >= 10
    sign_in(page, server, "mizoram", token)
    page.goto(f"{server.url}/#/case/{case}")
    step = page.locator(".step[data-action=ANNOUNCE_SEIZURE]")
    expect(step).to_have_class(re.compile(r"\bdone late\b"))
    expect(step).to_have_attribute("data-late", str(announce["daysLate"]))
    expect(step.locator(".chip")).to_have_text("Done late")
    expect(step).to_contain_text(f"{announce['daysLate']} days late")
    # The pound's receipt is a step taken on time: done, not late.
    delivered = page.locator(".step[data-action=DELIVER_TO_POUND]")
    expect(delivered.locator(".chip")).to_have_text("Done")


def test_the_auction_the_dashboard_lists_is_on_the_cases_timeline(
    page: Page, server: Server
) -> None:
    token, _ = late_case(server)
    sign_in(page, server, "mizoram", token)
    listed = page.locator("[data-list=auctions] li", has_text="Register no. 4")
    expect(listed).to_contain_text("round 1")
    when = listed.locator("time").first.inner_text()
    listed.get_by_role("link").click()
    auction = page.locator(".step[data-action=AUCTION]")
    expect(auction.locator("[data-auction-round='1']")).to_contain_text(f"Round 1 fixed for {when}")
    expect(auction).to_contain_text("the Act sets no deadline")
    expect(auction).not_to_contain_text("no deadline set")


def test_the_dues_read_the_rate_and_the_dates_as_the_page_does(page: Page, server: Server) -> None:
    token, _ = late_case(server)
    sign_in(page, server, "mizoram", token)
    page.locator(".cases").get_by_role("link", name="1", exact=True).click()
    dues = page.locator("[data-section=dues]")
    expect(dues.locator("tbody tr").first).to_be_visible()
    text = dues.inner_text()
    assert "FINE_PER_HEAD" not in text and "FEEDING_PER_HEAD" not in text
    assert "fine per head" in text
    assert not re.search(r"\d{4}-\d{2}-\d{2}", text), text  # no ISO date beside "3 Dec 2026"
    assert re.search(r"from \d{1,2} [A-Z][a-z]{2} \d{4}", text), text


def test_pound_names_are_shown_whole_in_the_charts(page: Page, server: Server) -> None:
    token, _ = late_case(server)
    sign_in(page, server, "mizoram", token)
    chart = page.locator("[data-chart='Cases by pound'] svg")
    expect(chart).to_be_visible()
    labels = chart.locator("text.bar-label").evaluate_all(
        "(els) => els.map((el) => [...el.querySelectorAll('tspan')]"
        ".map((t) => t.textContent).join(' '))"
    )
    assert sorted(labels) == ["Sairang VC animal enclosure", "Sihphir VC animal enclosure"]
    # Each line of a label fits left of its bar.
    inside = chart.evaluate(
        """(svg) => [...svg.querySelectorAll('g')].every((g) => {
             const label = g.querySelector('text.bar-label').getBBox();
             const bar = g.querySelector('rect').getBBox();
             return label.x >= 0 && label.x + label.width <= bar.x; })"""
    )
    assert inside

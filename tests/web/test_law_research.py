"""The law page's research views in Chromium (issue #16): the matrix, one scenario through
every Act, permalinks that hold the view, CSV and JSON downloads, and search."""

from __future__ import annotations

import csv
import json
import re

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import Server
from tests.web.test_forms import axe_and_widths

pytestmark = pytest.mark.browser


def test_the_matrix_shows_each_topic_for_each_state_and_opens_its_sections(
    page: Page, server: Server
) -> None:
    page.goto(f"{server.url}/#/law/matrix?topics=PERIODS,SEIZURE_POWERS&j=nagaland,chhattisgarh")
    rows = page.locator("table.matrix tbody tr")
    expect(rows).to_have_count(2)
    expect(page.locator("table.matrix thead th")).to_have_text(
        ["Topic", "Chhattisgarh", "Nagaland"]
    )
    absent = page.locator("tr[data-topic=SEIZURE_POWERS] td[data-jurisdiction=chhattisgarh]")
    expect(absent).to_contain_text("No such provision")
    cell = page.locator("tr[data-topic=PERIODS] td[data-jurisdiction=nagaland]")
    cell.locator("summary").click()
    expect(cell.locator("[data-fact=report_unclaimed_after]")).to_contain_text(
        "7 days from the date of impounding (first day excluded, IST)"
    )
    cell.locator("a.cite", has_text="s.14(1)").first.click()
    expect(page).to_have_url(re.compile(r"#/law/read\?uri="))
    expect(page.locator(".section-text")).to_contain_text("seven days")
    xml = page.locator("a.akn-xml")
    expect(xml).to_have_attribute("href", "/akn/in-nl/act/1985/cattle-trespass/~sec_14.xml")


def test_the_matrix_choice_is_a_permalink(page: Page, server: Server) -> None:
    page.goto(f"{server.url}/#/law/matrix")
    expect(page.locator("table.matrix tbody tr")).to_have_count(17)
    page.get_by_label("Mizoram").uncheck()
    page.get_by_role("button", name="Show the matrix").click()
    expect(page).to_have_url(re.compile(r"#/law/matrix\?.*j=chhattisgarh%2Cnagaland"))
    link = page.url
    page.goto("about:blank")
    page.goto(link)
    expect(page.locator("table.matrix thead th")).to_have_count(3)
    expect(page.get_by_label("Mizoram")).not_to_be_checked()


def test_a_comparison_downloads_as_csv_and_json(page: Page, server: Server) -> None:
    page.goto(f"{server.url}/#/law/matrix?topics=COMPOUNDING")
    expect(page.locator("table.matrix tbody tr")).to_have_count(1)
    with page.expect_download() as got:
        page.get_by_role("button", name="Download CSV").click()
    with open(got.value.path(), encoding="utf-8") as f:
        table = list(csv.DictReader(f))
    assert [r["jurisdiction"] for r in table] == ["chhattisgarh", "mizoram", "nagaland"]
    assert {r["topic"] for r in table} == {"COMPOUNDING"}
    cg = table[0]
    assert cg["provided"] == "yes" and "compounding_allowed: Yes" in cg["facts"]
    assert "s.10(2) /akn/in-cg/act/1976/pashu-niyantran/~sec_10__subsec_2" in cg["citations"]
    with page.expect_download() as got:
        page.get_by_role("button", name="Download JSON").click()
    with open(got.value.path(), encoding="utf-8") as f:
        data = json.load(f)
    assert data[0]["topic"] == "COMPOUNDING" and len(data[0]["rows"]) == 3


def test_one_scenario_is_answered_by_every_act_and_its_link_holds_it(
    page: Page, server: Server
) -> None:
    page.goto(f"{server.url}/#/law/scenario")
    page.get_by_label("Animals (species:count, …)").fill("cow:2, goat:1")
    page.get_by_label("Seized at (IST)").fill("2026-01-03T09:00")
    page.get_by_label("Brought to the pound at (IST)").fill("2026-01-03T15:00")
    page.get_by_label("Fine per head (hypothetical, ₹)").fill("50")
    page.get_by_label("Feeding per head per day (hypothetical, ₹)").fill("10")
    page.get_by_label("The owner").select_option("REFUSES")
    page.get_by_label("Owner appears at (IST)").fill("2026-01-05T10:00")
    page.get_by_label("Sale price of all the animals (₹)").fill("3000")
    page.get_by_role("button", name="Run through every Act").click()
    expect(page).to_have_url(re.compile(r"#/law/scenario\?.*owner=REFUSES"))
    cards = page.locator(".state")
    expect(cards).to_have_count(3)
    nl = page.locator(".state[data-jurisdiction=nagaland]")
    # The owner appeared and refused: the sale may follow at once (Nagaland s.16(1), Mizoram
    # s.10(2)), as the registers allow it (issue #31).
    expect(nl.locator("[data-fact=earliestSale]")).to_contain_text("5 Jan 2026")
    expect(nl.locator("table.money")).to_contain_text("The owner")
    expect(nl.locator(".dues-total")).to_contain_text(
        "₹240.00"
    )  # fines 3 × 50, feeding 3 days × 3 × 10
    expect(page.locator(".state[data-jurisdiction=chhattisgarh]")).to_contain_text(
        "provides no impoundment"
    )
    link = page.url
    page.goto("about:blank")
    page.goto(link)
    expect(
        page.locator(".state[data-jurisdiction=mizoram] [data-fact=earliestSale]")
    ).to_contain_text("5 Jan 2026")
    expect(page.get_by_label("The owner")).to_have_value("REFUSES")


def test_a_scenario_of_a_part_delivery_then_a_sale_shows_each_act_lawful_or_not(
    page: Page, server: Server
) -> None:
    """Nagaland: one of two cows delivered to the owner, the other sold the next day with no
    report or notice: the delivery is lawful, the sale refused with its reason and s.14(3), as
    the registers would; the link holds the rows."""
    page.goto(f"{server.url}/#/law/scenario")
    page.get_by_label("Animals (species:count, …)").fill("cow:2")
    page.get_by_label("Seized at (IST)").fill("2026-01-03T09:00")
    page.get_by_role("button", name="Add an act", exact=True).click()
    page.get_by_label("Act 1", exact=True).select_option("DELIVERY")
    page.get_by_label("Act 1: species (blank: all held)").fill("cow")
    page.get_by_label("Act 1: head").fill("1")
    page.get_by_label("Act 1: at (IST)").fill("2026-01-05T10:00")
    page.get_by_role("button", name="Add an act", exact=True).click()
    page.get_by_label("Act 2", exact=True).select_option("SALE")
    page.get_by_label("Act 2: species (blank: all held)").fill("cow")
    page.get_by_label("Act 2: head").fill("1")
    page.get_by_label("Act 2: at (IST)").fill("2026-01-06T10:00")
    page.get_by_role("button", name="Run through every Act").click()
    nl = page.locator(".state[data-jurisdiction=nagaland]")
    delivered = nl.locator("[data-act=DELIVER]")
    expect(delivered).to_have_attribute("data-lawful", "true")
    sold = nl.locator("[data-act=SALE]")
    expect(sold).to_have_attribute("data-lawful", "false")
    expect(sold).to_contain_text("not lawful")
    expect(sold).to_contain_text("the notices the Act requires before a sale have not been issued")
    expect(sold.locator("a.cite")).to_have_text(re.compile(r"^s\.14\(3\)"))
    link = page.url
    page.goto("about:blank")
    page.goto(link)
    expect(page.get_by_label("Act 2", exact=True)).to_have_value("SALE")
    expect(page.locator(".state[data-jurisdiction=nagaland] [data-act=SALE]")).to_have_attribute(
        "data-lawful", "false"
    )
    axe_and_widths(page, "scenario with supposed acts")


def test_a_death_and_a_sale_at_a_price_are_each_answered_by_every_act(
    page: Page, server: Server
) -> None:
    """Three cows seized; one dies on day 2 of an injury suffered while being seized (Mizoram
    s.7(2)); the owner refuses to pay on day 3 and one cow is sold an hour later for Rs 10,
    short of the dues; the rest is offered back. Nagaland: the death and the sale are lawful,
    the rest refused with s.16(2), as deliverRest would be; Mizoram refuses the rest too,
    having no such delivery. At Rs 3,000 the sale meets the dues and Nagaland delivers the
    rest; the price the researcher typed stays in the form and the link."""
    page.goto(f"{server.url}/#/law/scenario")
    page.get_by_label("Animals (species:count, …)").fill("cow:3")
    page.get_by_label("Seized at (IST)").fill("2026-01-03T09:00")
    page.get_by_label("Fine per head (hypothetical, ₹)").fill("50")
    page.get_by_label("Feeding per head per day (hypothetical, ₹)").fill("10")
    page.get_by_label("The owner").select_option("REFUSES")
    page.get_by_label("Owner appears at (IST)").fill("2026-01-05T10:00")
    add = page.get_by_role("button", name="Add an act", exact=True)
    add.click()
    expect(page.get_by_label("Act 1", exact=True)).to_be_focused()
    page.get_by_label("Act 1", exact=True).select_option("DEATH")
    expect(page.get_by_label("Act 1: price the lot fetched (₹)")).to_be_hidden()
    page.get_by_label("Act 1: species that died").fill("cow")
    page.get_by_label("Act 1: head").fill("1")
    page.get_by_label("Act 1: at (IST)").fill("2026-01-04T10:00")
    add.click()
    page.get_by_label("Act 2", exact=True).select_option("SALE")
    page.get_by_label("Act 2: species (blank: all held)").fill("cow")
    page.get_by_label("Act 2: head").fill("1")
    page.get_by_label("Act 2: at (IST)").fill("2026-01-05T11:00")
    page.get_by_label("Act 2: price the lot fetched (₹)").fill("10")
    page.get_by_label("Act 2: expenses of the sale (₹)").fill("1")
    add.click()
    page.get_by_label("Act 3", exact=True).select_option("REST")
    expect(page.get_by_label("Act 3: species (blank: all held)")).to_be_hidden()
    page.get_by_label("Act 3: at (IST)").fill("2026-01-05T12:00")
    page.get_by_role("button", name="Run through every Act").click()
    nl = page.locator(".state[data-jurisdiction=nagaland]")
    died = nl.locator("[data-act=RECORD_INJURY]")
    expect(died).to_have_attribute("data-lawful", "true")
    expect(died).to_contain_text("Died of an injury suffered while being seized")
    expect(nl.locator("[data-act=SALE]")).to_have_attribute("data-lawful", "true")
    rest = nl.locator("[data-act=DELIVER_REST]")
    expect(rest).to_have_attribute("data-lawful", "false")
    expect(rest).to_contain_text("not lawful")
    expect(rest).to_contain_text("of the dues unrecovered: more of the cattle are sold")
    expect(rest.locator("a.cite")).to_have_text(re.compile(r"^s\.16\(2\)"))
    # The sale fell short: another sale is Nagaland's next duty.
    expect(nl.locator("[data-fact=nextAction]")).to_contain_text("Auction")
    mz_rest = page.locator(".state[data-jurisdiction=mizoram] [data-act=DELIVER_REST]")
    expect(mz_rest).to_have_attribute("data-lawful", "false")
    expect(mz_rest).to_contain_text("provides no delivery of the remaining animals")
    expect(page).to_have_url(
        re.compile(r"acts=DEATH%7Ecow%7E1%7E2026-01-04T10%3A00%2CSALE%7Ecow%7E1%7E")
    )
    # The researcher changes the price alone: what else was typed is still there.
    expect(page.get_by_label("Act 2: price the lot fetched (₹)")).to_have_value("10")
    page.get_by_label("Act 2: price the lot fetched (₹)").fill("3000")
    page.get_by_role("button", name="Run through every Act").click()
    expect(page).to_have_url(re.compile(r"SALE%7Ecow%7E1%7E2026-01-05T11%3A00%7E3000%7E1"))
    expect(nl.locator("[data-act=DELIVER_REST]")).to_have_attribute("data-lawful", "true")
    expect(nl.locator("[data-fact=nextAction]")).to_contain_text("none open")
    expect(page.get_by_label("Act 1: species that died")).to_have_value("cow")
    expect(page.get_by_label("Act 3", exact=True)).to_have_value("REST")
    axe_and_widths(page, "scenario with a death and a priced sale")


def test_a_death_the_api_refuses_is_shown_on_its_row_and_nothing_typed_is_lost(
    page: Page, server: Server
) -> None:
    """Two cows seized, three said to die: the API's VALIDATION error is shown beside the
    death's row, its control marked invalid; every row stays as typed."""
    page.goto(f"{server.url}/#/law/scenario")
    page.get_by_label("Animals (species:count, …)").fill("cow:2")
    page.get_by_label("Seized at (IST)").fill("2026-01-03T09:00")
    add = page.get_by_role("button", name="Add an act", exact=True)
    add.click()
    page.get_by_label("Act 1", exact=True).select_option("SALE")
    page.get_by_label("Act 1: at (IST)").fill("2026-01-20T10:00")
    page.get_by_label("Act 1: price the lot fetched (₹)").fill("2500")
    add.click()
    page.get_by_label("Act 2", exact=True).select_option("DEATH")
    page.get_by_label("Act 2: species that died").fill("cow")
    page.get_by_label("Act 2: head").fill("3")
    page.get_by_label("Act 2: at (IST)").fill("2026-01-04T10:00")
    page.get_by_role("button", name="Add a complaint").click()
    page.get_by_label("Complaint 1: filed at (IST)").fill("2026-01-04T11:00")
    page.get_by_label("Complaint 1: decided at (IST)").fill("2026-01-05T11:00")
    page.get_by_label("Complaint 1: the seizure adjudged illegal").select_option("yes")
    page.get_by_role("button", name="Run through every Act").click()
    box = page.locator("[data-act-row]").nth(1).locator(".field-error")
    expect(box).to_contain_text("VALIDATION")
    expect(box).to_contain_text("3 cow die, but 2 were seized")
    expect(page.get_by_label("Act 2: species that died")).to_have_attribute("aria-invalid", "true")
    expect(page.get_by_label("Act 2: species that died")).to_be_focused()
    expect(page.locator(".state")).to_have_count(0)
    expect(page.get_by_label("Act 1: price the lot fetched (₹)")).to_have_value("2500")
    expect(page.get_by_label("Act 2: head")).to_have_value("3")
    expect(page.get_by_label("Complaint 1: the seizure adjudged illegal")).to_have_value("yes")
    # Two dead, not three: every Act answers; Nagaland's complaint and decision each have theirs.
    page.get_by_label("Act 2: head").fill("2")
    page.get_by_role("button", name="Run through every Act").click()
    nl = page.locator(".state[data-jurisdiction=nagaland]")
    expect(nl.locator("[data-act=RECORD_INJURY]")).to_have_attribute("data-lawful", "true")
    expect(nl.locator("[data-act=COMPLAINT]")).to_be_visible()
    expect(nl.locator("[data-act=DECIDE_COMPLAINT]")).to_be_visible()
    # Both cows are dead: the sale finds none and is refused, with the reason.
    sold = nl.locator("[data-act=SALE]")
    expect(sold).to_have_attribute("data-lawful", "false")
    expect(page.locator(".field-error")).to_have_count(0)


def test_an_error_of_one_row_is_shown_on_that_row_not_the_first_of_its_kind(
    page: Page, server: Server
) -> None:
    """The API names the row (`field` deaths, `index` 1): the second death, the form's third
    act, is marked, not the first death; likewise the second complaint, not the first."""
    page.goto(
        f"{server.url}/#/law/scenario?animals=cow%3A2&seizedAt=2026-01-03T09%3A00"
        "&acts=DEATH~cow~1~2026-01-04T10%3A00,SALE~cow~1~2026-01-20T10%3A00~2500,"
        "DEATH~cow~2~2026-01-05T10%3A00"
    )
    rows = page.locator("[data-act-row]")
    box = rows.nth(2).locator(".field-error")
    expect(box).to_contain_text("3 cow die, but 2 were seized")
    expect(page.locator(".field-error")).to_have_count(1)
    expect(page.get_by_label("Act 3: species that died")).to_have_attribute("aria-invalid", "true")
    expect(page.get_by_label("Act 3: species that died")).to_be_focused()
    expect(page.get_by_label("Act 1: species that died")).not_to_have_attribute(
        "aria-invalid", "true"
    )
    expect(page.locator(".state")).to_have_count(0)
    # The second complaint is decided more than three years after the seizure.
    page.goto(
        f"{server.url}/#/law/scenario?animals=cow%3A2&seizedAt=2026-01-03T09%3A00"
        "&complaints=2026-01-04T10%3A00~~no,2026-01-04T11%3A00~2030-01-05T10%3A00~no"
    )
    complaint = page.locator("[data-complaint-row]").nth(1)
    expect(complaint.locator(".field-error")).to_contain_text("within three years")
    expect(page.locator(".field-error")).to_have_count(1)
    expect(page.locator("[data-complaint-row]").nth(0).locator(".field-error")).to_have_count(0)
    expect(page.get_by_label("Complaint 2: filed at (IST)")).to_have_attribute(
        "aria-invalid", "true"
    )
    # A price GraphQL cannot read (a link typed by hand) names its row too (`field`
    # sales.price, `index` 1): the second sale, the form's third act, at its price.
    page.goto(
        f"{server.url}/#/law/scenario?animals=cow%3A2&seizedAt=2026-01-03T09%3A00"
        "&acts=SALE~cow~1~2026-01-20T10%3A00~2500,DEATH~cow~1~2026-01-04T10%3A00,"
        "SALE~cow~1~2026-01-21T10%3A00~1.2.3"
    )
    expect(page.locator("[data-act-row]").nth(2).locator(".field-error")).to_have_count(1)
    expect(page.locator(".field-error")).to_have_count(1)
    expect(page.get_by_label("Act 3: price the lot fetched (₹)")).to_have_attribute(
        "aria-invalid", "true"
    )


def test_the_owner_refuses_again_after_refusing_the_rest(page: Page, server: Server) -> None:
    """Nagaland s.16(1), (5): refused on day 2, one of three cows sold, the rest refused on
    day 3; the owner refuses again on day 4, one more is sold, he takes the last on day 5:
    each lawful. A row removed renumbers the rows after it."""
    page.goto(f"{server.url}/#/law/scenario")
    page.get_by_label("Animals (species:count, …)").fill("cow:3")
    page.get_by_label("Seized at (IST)").fill("2026-01-03T09:00")
    page.get_by_label("The owner").select_option("REFUSES")
    page.get_by_label("Owner appears at (IST)").fill("2026-01-04T10:00")
    add = page.get_by_role("button", name="Add an act", exact=True)
    rows = [
        ("DELIVERY", None, "2026-01-04T09:00"),  # removed below
        ("SALE", "cow", "2026-01-04T10:00"),
        ("REST_REFUSED", None, "2026-01-05T10:00"),
        ("REFUSAL", None, "2026-01-06T10:00"),
        ("SALE", "cow", "2026-01-06T10:00"),
        ("REST", None, "2026-01-07T10:00"),
    ]
    for n, (kind, species, at) in enumerate(rows, start=1):
        add.click()
        page.get_by_label(f"Act {n}", exact=True).select_option(kind)
        if species:
            page.get_by_label(f"Act {n}: species (blank: all held)").fill(species)
            page.get_by_label(f"Act {n}: head").fill("1")
        page.get_by_label(f"Act {n}: at (IST)").fill(at)
    page.get_by_role("button", name="Remove act 1", exact=True).click()
    expect(add).to_be_focused()
    expect(page.get_by_label("Act 1", exact=True)).to_have_value("SALE")
    expect(page.get_by_role("button", name="Remove act 6", exact=True)).to_have_count(0)
    page.get_by_role("button", name="Run through every Act").click()
    nl = page.locator(".state[data-jurisdiction=nagaland]")
    acts = nl.locator("[data-act]")
    expect(acts).to_have_count(6)
    expect(nl.locator("[data-act][data-lawful=true]")).to_have_count(6)
    expect(nl.locator("[data-act=REFUSAL]")).to_have_count(2)
    expect(nl.locator("[data-act=REFUSE_REST]")).to_contain_text("The rest refused by the owner")
    expect(nl.locator("[data-fact=nextAction]")).to_contain_text("none open")


def test_an_older_link_with_one_rest_and_one_complaint_still_opens_as_rows(
    page: Page, server: Server
) -> None:
    page.goto(
        f"{server.url}/#/law/scenario?animals=cow%3A2&seizedAt=2026-01-03T09%3A00"
        "&restAt=2026-01-06T10%3A00&restAccepted=no&complaintAt=2026-01-04T10%3A00"
        "&complaintDecidedAt=2026-01-05T10%3A00&complaintIllegal=yes"
    )
    expect(page.get_by_label("Act 1", exact=True)).to_have_value("REST_REFUSED")
    expect(page.get_by_label("Complaint 1: filed at (IST)")).to_have_value("2026-01-04T10:00")
    expect(page.get_by_label("Complaint 1: the seizure adjudged illegal")).to_have_value("yes")
    nl = page.locator(".state[data-jurisdiction=nagaland]")
    expect(nl.locator("[data-act=DECIDE_COMPLAINT]")).to_have_attribute("data-lawful", "true")
    expect(nl.locator("[data-act=REFUSE_REST]")).to_have_attribute("data-lawful", "false")


def test_a_scenario_refused_shows_the_error_beside_its_field(page: Page, server: Server) -> None:
    page.goto(f"{server.url}/#/law/scenario?animals=unicorn%3A1&seizedAt=2026-01-03T09%3A00")
    box = page.locator(".field[data-field=animals] .field-error")
    expect(box).to_contain_text("UNKNOWN_SPECIES")


def test_search_finds_a_phrase_in_one_act_with_its_words_marked(page: Page, server: Server) -> None:
    page.goto(f"{server.url}/#/law/search")
    page.get_by_label("Words to find").fill('"beat of drum"')
    page.get_by_label("Act", exact=True).select_option("/akn/in-nl/act/1985/cattle-trespass")
    page.get_by_role("button", name="Search").click()
    hits = page.locator(".hit")
    expect(hits).to_have_count(1)
    expect(hits.first.locator("mark")).to_have_text("beat of drum")
    expect(page).to_have_url(re.compile(r"act=%2Fakn%2Fin-nl%2Fact%2F1985%2Fcattle-trespass"))


@pytest.mark.parametrize(
    "route",
    [
        "#/law/matrix",
        "#/law/scenario?animals=cow%3A2&seizedAt=2026-01-03T09%3A00&owner=ABSENT&fine=50",
        "#/law/search?q=%22public+auction%22",
    ],
)
def test_research_views_label_every_control_and_fit_a_phone(
    page: Page, server: Server, route: str
) -> None:
    page.set_viewport_size({"width": 375, "height": 800})
    page.goto(f"{server.url}/{route}")
    page.wait_for_selector("main h1")
    page.wait_for_load_state("networkidle")
    expect(page.locator(".loading")).to_have_count(0)
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


def test_a_comparison_and_a_scenario_download_as_pdf(page: Page, server: Server) -> None:
    page.goto(f"{server.url}/#/law/matrix?topics=COMPOUNDING")
    expect(page.locator("table.matrix tbody tr")).to_have_count(1)
    pdf = page.get_by_role("link", name="PDF")
    expect(pdf).to_have_attribute(
        "href", re.compile(r"^/downloads/compare\.pdf\?topics=COMPOUNDING&")
    )
    r = page.request.get(server.url + (pdf.get_attribute("href") or ""))
    assert r.ok and r.body().startswith(b"%PDF")
    page.goto(f"{server.url}/#/law/compare?topic=FINE_CAPS")
    expect(page.get_by_role("link", name="PDF")).to_have_attribute(
        "href", "/downloads/compare/FINE_CAPS.pdf"
    )
    page.goto(f"{server.url}/#/law/scenario?animals=cow%3A2&seizedAt=2026-01-03T09%3A00")
    expect(page.locator(".state")).to_have_count(3)
    with page.expect_download() as got:
        page.get_by_role("button", name="PDF").click()
    assert got.value.suggested_filename == "pashu-scenario.pdf"
    with open(got.value.path(), "rb") as f:
        assert f.read(4) == b"%PDF"

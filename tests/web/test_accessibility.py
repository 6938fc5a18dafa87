"""Accessibility in the browser: axe-core (the maintained rules engine, pinned through the
axe-playwright-python package) finds no serious or critical violation on the sign-in page,
the law page (a comparison, a scenario, a section read), the dashboard and a case page at
any of the three widths; every form control has a label; a clerk is refused beside the field
concerned and then delivers, with the keyboard alone."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from tests.web.conftest import Server
from tests.web.pages import PAGES, WIDTHS, artifact, own_tenant, sign_in

pytestmark = pytest.mark.browser

AXE = Axe()
SERIOUS = {"serious", "critical"}

UNLABELLED = """() => [...document.querySelectorAll('input, select, textarea, button')]
  .filter((el) => el.type !== 'hidden')
  .filter((el) => !(el.labels && el.labels.length) && !el.getAttribute('aria-label')
                  && !(el.tagName === 'BUTTON' && el.textContent.trim()))
  .map((el) => el.outerHTML)"""


@pytest.mark.parametrize("width", list(WIDTHS))
@pytest.mark.parametrize("name", list(PAGES))
def test_axe_finds_no_serious_or_critical_violation(
    page: Page, server: Server, name: str, width: str
) -> None:
    page.set_viewport_size({"width": WIDTHS[width], "height": 900})
    PAGES[name](page, server)
    found = AXE.run(page).response["violations"]
    artifact("axe", f"{name}-{width}.json").write_text(json.dumps(found, indent=1))
    serious = [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}"
        for v in found
        if v["impact"] in SERIOUS
    ]
    assert serious == []


@pytest.mark.parametrize("name", list(PAGES))
def test_every_form_control_has_a_label(page: Page, server: Server, name: str) -> None:
    PAGES[name](page, server)
    assert page.evaluate(UNLABELLED) == []


def _api(server: Server, token: str, query: str, variables: dict[str, Any]) -> Any:
    r = httpx.post(
        f"{server.url}/graphql",
        json={"query": query, "variables": variables},
        headers={"Authorization": f"Bearer {token}"},
        timeout=30,
    )
    body = r.json()
    assert not body.get("errors"), body
    return body["data"]


def _fresh_case(server: Server, token: str) -> str:
    """A goat brought to a Mizoram pound an hour ago, its owner on the register."""
    pound = _api(server, token, "{ pounds { id } }", {})["pounds"][0]["id"]
    seized = datetime.now(UTC) - timedelta(hours=2)
    data = _api(
        server,
        token,
        "mutation($i: RecordSeizureInput!) { recordSeizure(input: $i) { id } }",
        {
            "i": {
                "poundId": pound,
                "seizedAt": seized.isoformat(),
                "impoundedAt": (seized + timedelta(hours=1)).isoformat(),
                "placeKind": "PRIVATE_LAND",
                "place": "Kitchen garden, Sihphir",
                "seizer": {"name": "R. Lalremruata", "address": "Sihphir Venglai"},
                "seizerSigned": True,
                "seizerCapacity": "LAND_OWNER",  # s.7(1): the owner of the land
                "damage": "vegetables eaten",
                "owner": {"name": "K. Lalbiakzuala", "address": "Sihphir Vengthar"},
                "animals": [{"species": "goat", "count": 1, "description": "white"}],
            }
        },
    )
    return str(data["recordSeizure"]["id"])


def tab_to(page: Page, form: str, label: str) -> None:
    """Press Tab (only) until the focus is on the control labelled `label` in `form` (round
    the page once at most: a case page's forms hold some two hundred stops)."""
    for _ in range(250):
        page.keyboard.press("Tab")
        here = page.evaluate(
            """() => { const el = document.activeElement;
                return [el.closest('[data-form]')?.dataset.form || '',
                        el.labels?.[0]?.textContent || el.textContent || ''] }"""
        )
        if here[0] == form and here[1].strip() == label:
            return
    raise AssertionError(f"Tab never reached {label!r} in the {form} form")


def test_a_clerk_can_be_refused_and_then_deliver_with_the_keyboard_alone(
    page: Page, server: Server
) -> None:
    _, token = own_tenant(server, "mizoram")  # what this test does touches no other's data
    case = _fresh_case(server, token)
    sign_in(page, server, "mizoram", token)
    page.goto(f"{server.url}/#/case/{case}")
    expect(page.get_by_role("heading", level=1)).to_be_focused()
    # A sale an hour after impounding: refused, beside the date, with the Act's section.
    tab_to(page, "sale", "Buyer's name")
    page.keyboard.type("J. Zothanpuia")
    tab_to(page, "sale", "Buyer's address")
    page.keyboard.type("Sairang")
    tab_to(page, "sale", "Price (₹)")
    page.keyboard.type("400.00")
    page.keyboard.press("Enter")
    sale = page.locator("[data-form=sale]")
    error = sale.locator("[data-field=at] .error")
    expect(error).to_contain_text("TOO_EARLY")
    expect(error.locator("a.cite")).to_have_text(re.compile(r"^s\.10\(1\)"))
    expect(sale.get_by_label("When (IST)")).to_be_focused()  # the field to correct
    expect(sale.get_by_label("When (IST)")).to_have_attribute("aria-invalid", "true")
    # Delivery on payment of the dues: the form is filled from the register and the dues.
    tab_to(page, "deliver", "Deliver")
    page.keyboard.press("Enter")
    expect(page.locator(".success")).to_contain_text("Delivered: receipt no.")
    expect(page.locator("[data-status]")).to_have_attribute("data-status", "DELIVERED")

"""Chhattisgarh's registers from the pages alone (issue #35): a clerk enters a notified order,
grants a licence, designates an inspector and records a visit; a magistrate compounds the
offence the visit opened. Each refusal of the Act is shown beside the field it names, with
its section, and a reconstructed provision stays marked so. Each role sees the forms its
role may use."""

from __future__ import annotations

import re
import uuid

import pytest
from playwright.sync_api import Locator, Page, expect

from pashu.db.engine import Database
from pashu.services.tenancy.tenants import create_tenant, create_token
from tests.web.conftest import Server

pytestmark = pytest.mark.browser

AREA = "Raipur Municipal Corporation"


def department(server: Server) -> dict[str, str]:
    """A Chhattisgarh department of the test's own, with a token per role."""
    db = Database(server.db_url, pooled=False)
    slug = f"cg-{uuid.uuid4().hex[:8]}"
    with db.transaction() as s:
        tenant = create_tenant(s, slug, "chhattisgarh", f"Raipur department {slug}")
    tokens = {}
    for role in ("clerk", "magistrate"):
        with db.transaction(tenant.id) as s:
            tokens[role] = create_token(s, tenant, role)
    db.engine.dispose()
    return tokens


def sign_in(page: Page, server: Server, token: str) -> None:
    page.goto(f"{server.url}/#/signin")
    page.get_by_label("API token").fill(token)
    page.get_by_role("button", name="Sign in").click()
    expect(page.locator("[data-list=registers]")).to_be_visible()


def refused_beside(form: Locator, name: str, code: str, section: str) -> Locator:
    """The refusal shown in the field `name` of `form`: its code, and a link to `section`."""
    error = form.locator(f'[data-field="{name}"] .error')
    expect(error).to_contain_text(code)
    expect(error.locator("a.cite")).to_have_text(re.compile(rf"^s\.{re.escape(section)}"))
    return error


def test_a_clerk_and_a_magistrate_keep_chhattisgarhs_registers_through_the_pages(
    page: Page, server: Server
) -> None:
    tokens = department(server)
    sign_in(page, server, tokens["clerk"])
    expect(page.locator("[data-count=orders] .tile-value")).to_have_text("0")
    page.locator("[data-list=registers]").get_by_role("link", name="Notified orders").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Notified orders")

    # An order that prohibits fixes no licence fee: refused beside the fee, under s.4(1).
    order = page.locator("[data-form=order]")
    order.get_by_label("Title").fill("Raipur dairies order")
    order.get_by_label("Gazette reference").fill("CG Gazette 2026/45")
    order.get_by_label("Area").fill(AREA)
    order.get_by_label("Effect").select_option("PROHIBIT")
    order.get_by_label("Clauses it rests on").fill("a, b, e")
    fee = order.get_by_label("Licence fee (₹), if it provides licences")
    fee.fill("500.00")
    order.get_by_role("button", name="Enter the order").click()
    refused_beside(order, "licenceFee", "VALIDATION", "4(1)")
    expect(fee).to_have_attribute("aria-invalid", "true")
    order.get_by_label("Effect").select_option("REGULATE")
    order.get_by_role("button", name="Enter the order").click()
    expect(page.locator(".success")).to_contain_text("Order CG Gazette 2026/45 entered")
    entered = page.locator("[data-list=orders] [data-item=order]")
    expect(entered).to_have_count(1)
    # s.4(2)'s clauses are read from a damaged scan: each is marked reconstructed.
    clause_b = entered.locator(".cite-marked", has_text="s.4(2)(b)")
    expect(clause_b.locator(".badge")).to_have_text("reconstructed")
    expect(entered).to_contain_text("licence fee ₹500.00")

    # The clerk sees no composition form: a magistrate compounds.
    page.get_by_role("link", name="Offences and compositions").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Offences and compositions")
    expect(page.locator("[data-form=compound]")).to_have_count(0)
    expect(page.locator("[data-note=roles]")).to_contain_text(
        "A composition is recorded by a magistrate or an admin."
    )

    # A permit under an order that fixes no permit fee: refused beside the kind, s.4(2)(e).
    page.get_by_role("link", name="Licences and permits").click()
    grant = page.locator("[data-form=grant]")
    grant.get_by_label("Kind").select_option("PERMIT")
    grant.get_by_label("Holder").fill("Ramesh Yadav")
    grant.get_by_role("button", name="Grant").click()
    error = refused_beside(grant, "kind", "VALIDATION", "4(2)(e)")
    expect(error.locator(".badge")).to_have_text("reconstructed")
    grant.get_by_label("Kind").select_option("LICENCE")
    grant.get_by_role("button", name="Grant").click()
    expect(page.locator(".success")).to_contain_text("Licence granted to Ramesh Yadav for ₹500.00")
    expect(page.locator("[data-item=licence][data-holder='Ramesh Yadav']")).to_contain_text(
        "CG Gazette 2026/45"
    )

    # Persons to inspect are designated by the Government alone (s.4(2)(b), reconstructed).
    page.get_by_role("link", name="Inspections").click()
    designate = page.locator("[data-form=designate]")
    designate.get_by_label("Name").fill("S. K. Verma")
    designate.get_by_label("Designated by").select_option("VILLAGE_COUNCIL")
    designate.get_by_label("Village Council (if it designated)").fill("Tatibandh")
    designate.get_by_label("Order or reference").fill("CG order 4/2026")
    designate.get_by_role("button", name="Designate").click()
    refused_beside(designate, "designatedBy", "VALIDATION", "4(2)(b)")
    designate.get_by_label("Designated by").select_option("GOVERNMENT")
    designate.get_by_label("Village Council (if it designated)").fill("")
    designate.get_by_role("button", name="Designate").click()
    expect(page.locator(".success")).to_contain_text("S. K. Verma designated to inspect")

    # A visit where no order provides for inspection is refused beside the premises.
    visit = page.locator("[data-form=inspection]")
    visit.get_by_label("Premises visited").fill("Dairy at Bilaspur")
    visit.get_by_label("Owner", exact=True).fill("Ramesh Yadav")
    visit.get_by_label("Owner's address").fill("Tatibandh, Raipur")
    visit.get_by_label("Hygiene").select_option("false")
    visit.get_by_role("button", name="Record the visit").click()
    refused_beside(visit, "place", "NOT_IN_JURISDICTION", "4(2)(b)")
    visit.get_by_label("Premises visited").fill(AREA)
    visit.get_by_role("button", name="Record the visit").click()
    expect(page.locator(".success")).to_contain_text("an offence case opened")
    expect(page.locator("[data-item=inspection]")).to_contain_text("contravention")

    # The magistrate compounds the offence the visit opened (s.8(1)), within s.10(2)'s cap.
    page.get_by_role("button", name="Sign out").click()
    sign_in(page, server, tokens["magistrate"])
    expect(page.locator("[data-count=compositions] .tile-value")).to_have_text("1")
    page.locator("[data-list=registers]").get_by_role("link", name="Notified orders").click()
    expect(page.locator("[data-form=order]")).to_have_count(0)  # a clerk's form
    page.get_by_role("link", name="Offences and compositions").click()
    case = page.locator("[data-item=offence-case]")
    expect(case).to_have_attribute("data-status", "RECORDED")
    expect(case).to_contain_text("s.8(1)")
    compound = page.locator("[data-form=compound]")
    expect(compound.locator("#compound-cap")).to_contain_text("At most ₹1,000.00, under s.8(1)")
    cap = compound.locator("#compound-cap .cite-marked", has_text="s.10(2)")
    expect(cap.locator(".badge")).to_have_text("reconstructed")
    compound.get_by_label("Composition money (₹)").fill("1000.01")
    compound.get_by_role("button", name="Compound").click()
    refused_beside(compound, "amount", "FINE_ABOVE_CAP", "10(2)")
    expect(compound.get_by_label("Composition money (₹)")).to_be_focused()
    compound.get_by_label("Composition money (₹)").fill("1000.00")
    compound.get_by_label("Licence cancelled with it").select_option(label="Licence: Ramesh Yadav")
    compound.get_by_label("Why the licence is cancelled").fill("unsanitary premises")
    compound.get_by_role("button", name="Compound").click()
    expect(page.locator(".success")).to_contain_text("Compounded for ₹1,000.00")
    expect(case).to_have_attribute("data-status", "COMPOUNDED")
    expect(case.locator("[data-item=composition]")).to_contain_text("licence cancelled")

    # The money is in the books; the licence is shown cancelled.
    page.get_by_role("link", name="Licences and permits").click()
    expect(page.locator("[data-item=licence]")).to_contain_text("cancelled")
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Dashboard").click()
    expect(page.locator("[data-list=funds]")).to_contain_text("₹1,000.00")
    expect(page.locator("[data-count=compositions] .tile-value")).to_have_text("0")

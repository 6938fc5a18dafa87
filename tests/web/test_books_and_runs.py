"""The dashboard in a clerk's words: the books as funds held, money received from whom and
paid to whom (the double-entry balances one click away), and what the law's clocks did to
which register number, not the tasks' internal names."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import Server
from tests.web.pages import own_tenant, sign_in

pytestmark = pytest.mark.browser


def _demo_tenant_swept_by_the_clock(server: Server) -> str:
    """A Mizoram demo department of this test's own, whose due duties the clock's tasks then
    do (as the embedded sweep would); returns its token."""
    tenant_id, token = own_tenant(server, "mizoram")
    env = {**os.environ, "PASHU_DATABASE_URL": server.db_url, "PASHU_BROKER_URL": ""}
    run = "from pashu.tasks.clocks import sweep_tenant; sweep_tenant.apply_async(kwargs=%r)"
    kwargs = {"tenant_id": str(tenant_id), "as_of": None}
    done = subprocess.run(
        [sys.executable, "-c", run % kwargs], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return token


def test_the_clocks_runs_say_what_happened_to_which_register_number(
    page: Page, server: Server
) -> None:
    token = _demo_tenant_swept_by_the_clock(server)
    sign_in(page, server, "mizoram", token)
    runs = page.locator("[data-list=task-runs]")
    # Register no. 2 was seized twelve days ago and never announced (s.7(5)).
    row = runs.locator("tr", has_text="Register no. 2")
    expect(row).to_contain_text("issued the notice “Announce seizure”")
    expect(row.get_by_role("link", name="Register no. 2")).to_be_visible()
    expect(runs.locator("tr", has_text="Looked for due duties")).to_contain_text("handed on")
    expect(runs).not_to_contain_text("pashu.")
    expect(runs).not_to_contain_text("Impoundment:")


def test_the_books_show_funds_held_and_money_received_without_negative_balances(
    page: Page, server: Server
) -> None:
    sign_in(page, server, "mizoram")
    books = page.locator("[data-list=funds]")
    held = books.locator("[data-kind=fund]")
    expect(held).to_contain_text("Funds held")
    expect(held).to_contain_text("Village Council Fund")
    received = books.locator("[data-kind=payer]")
    expect(received.locator("tr", has_text="Buyer")).to_contain_text("₹2,500.00")
    expect(received.locator("tr", has_text="Owner")).to_contain_text("₹")
    # s.10(4): the proceeds are deposited whole, so nothing is paid out of them for expenses.
    expect(books.locator("[data-kind=payee]")).to_have_count(0)
    for kind in ("fund", "payer"):
        expect(books.locator(f"[data-kind={kind}]")).not_to_contain_text("−")
    # The double-entry detail is one click away, every account as booked, balanced.
    detail = books.locator("details.ledger")
    expect(detail.locator("code", has_text="payer:buyer")).to_be_hidden()
    detail.locator("summary").click()
    buyer = detail.locator("tr", has_text="payer:buyer")
    expect(buyer).to_contain_text("−₹2,500.00")
    expect(detail).to_contain_text(re.compile(r"sum to ₹0\.00"))

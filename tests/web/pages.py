"""The reference frontend's pages, opened as a user would and waited for by what they show
(never by time), and the checks that a page reads well at a width; screenshots go to the
test run's artifacts folder (PASHU_TEST_ARTIFACTS, default test-artifacts/ in the clone)."""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from pashu.db.engine import Database
from pashu.demo import seed
from pashu.services.tenancy.tenants import authenticate, create_tenant, create_token
from tests.web.conftest import Server

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("PASHU_TEST_ARTIFACTS", ROOT / "test-artifacts"))
WIDTHS = {"desktop": 1400, "laptop": 1024, "phone": 390}


def artifact(kind: str, name: str) -> Path:
    folder = ARTIFACTS / kind
    folder.mkdir(parents=True, exist_ok=True)
    return folder / name


def own_tenant(server: Server, jurisdiction: str) -> tuple[uuid.UUID, str]:
    """A demo department of a test's own on the server's database (seeded as `pashu demo`
    seeds one), so what the test changes touches no other test's demo data: (id, token)."""
    db = Database(server.db_url, pooled=False)
    slug = f"own-{uuid.uuid4().hex[:8]}"
    with db.transaction() as s:
        tenant = create_tenant(s, slug, jurisdiction, f"Department {slug}")
    with db.transaction(tenant.id) as s:
        token = create_token(s, tenant, "admin")
    with db.transaction(tenant.id) as s:
        seed(s, authenticate(s, token))
    db.engine.dispose()
    return tenant.id, token


def sign_in(page: Page, server: Server, jurisdiction: str, token: str | None = None) -> None:
    page.goto(f"{server.url}/#/signin")
    page.get_by_label("API token").fill(token or server.tokens[jurisdiction])
    page.get_by_role("button", name="Sign in").click()
    expect(page.locator("[data-count=cases] .tile-value")).to_be_visible()


def _signin(page: Page, server: Server) -> None:
    page.goto(f"{server.url}/#/signin")
    expect(page.get_by_label("API token")).to_be_focused()


def _compare(page: Page, server: Server) -> None:
    page.goto(f"{server.url}/#/law/compare?topic=PROHIBITED_PURCHASERS")
    expect(page.locator(".state")).to_have_count(3)


def _scenario(page: Page, server: Server) -> None:
    """The law page's scenario: one seizure's timeline under each Act."""
    page.goto(f"{server.url}/#/law/timeline?seizedAt=2026-01-03T09:00&noticedAt=2026-01-11T10:00")
    expect(page.locator(".state[data-jurisdiction=nagaland] .step").first).to_be_visible()
    expect(page.locator(".state[data-jurisdiction=chhattisgarh] .error")).to_be_visible()


def _read(page: Page, server: Server) -> None:
    page.goto(f"{server.url}/#/law/search?q=public%20auction")
    page.locator(".hit a.hit-title").first.click()
    expect(page.locator(".section-title")).to_be_visible()


def _dashboard(page: Page, server: Server) -> None:
    sign_in(page, server, "mizoram")
    expect(page.locator("[data-list=task-runs]")).to_be_visible()
    expect(page.locator(".cases tbody tr")).to_have_count(5)


def _case(page: Page, server: Server) -> None:
    sign_in(page, server, "mizoram")
    page.locator("[data-list=auctions]").get_by_role("link", name="Register no. 4").click()
    expect(page.locator(".step.next")).to_have_count(1)
    expect(page.locator(".docs li").first).to_be_visible()


def _case_nagaland(page: Page, server: Server) -> None:
    """A Nagaland case in the pound: the forms of an admin, complaints among them."""
    sign_in(page, server, "nagaland")
    page.locator(".cases tbody tr", has=page.locator(".st-impounded")).first.locator("a").click()
    expect(page.locator("[data-section=complaints]")).to_be_visible()
    expect(page.locator("[data-form=deliver]")).to_be_visible()


def _new_seizure(page: Page, server: Server) -> None:
    sign_in(page, server, "nagaland")
    page.get_by_role("link", name="Registers").click()
    expect(page.locator("[data-form=seizure]")).to_be_visible()


def _rates(page: Page, server: Server) -> None:
    sign_in(page, server, "mizoram")
    page.goto(f"{server.url}/#/work/rates")
    expect(page.locator("[data-section=rates] tbody tr").first).to_be_visible()
    expect(page.locator("[data-form=rate]")).to_be_visible()


PAGES: dict[str, Callable[[Page, Server], None]] = {
    "signin": _signin,
    "law-compare": _compare,
    "law-scenario": _scenario,
    "law-read": _read,
    "dashboard": _dashboard,
    "case": _case,
    "case-nagaland": _case_nagaland,
    "new-seizure": _new_seizure,
    "rates": _rates,
}

# Words (split at spaces and hyphens) whose letters sit on more than one line.
BROKEN_WORDS = """(selector) => {
  const broken = [];
  for (const el of document.querySelectorAll(selector)) {
    if (!el.getClientRects().length) continue;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.data.matchAll(/[^\\s\\-\\u2013\\u2014\\/]+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        const text = el.textContent.trim().slice(0, 40);
        if (lines.size > 1) broken.push(`${el.tagName} "${text}": ${m[0]}`);
      }
    }
  }
  return broken;
}"""

# Cards (and tiles) whose content sticks out of them; a table that scrolls inside its card
# does not count, the card itself stays whole.
OVERFLOWING_CARDS = """() => [...document.querySelectorAll('.card, .tile')]
  .filter((c) => c.getClientRects().length && c.scrollWidth > c.clientWidth + 1)
  .map((c) => `${c.className} (${c.scrollWidth} > ${c.clientWidth}): `
               + c.textContent.trim().slice(0, 50))"""

WORDS_THAT_MUST_NOT_BREAK = (
    "th, td, button, .cite .sec, .tabs a, .badge, .chip, .status, .tile-value"
)


def layout_faults(page: Page, width: int) -> list[str]:
    faults = [f"word broken: {w}" for w in page.evaluate(BROKEN_WORDS, WORDS_THAT_MUST_NOT_BREAK)]
    faults += [f"card overflows: {c}" for c in page.evaluate(OVERFLOWING_CARDS)]
    page_width = page.evaluate("document.documentElement.scrollWidth")
    if page_width > width:
        faults.append(f"the page is {page_width}px wide on a {width}px screen")
    return faults

"""The reference frontend's pages, opened as a user would and waited for by what they show
(never by time), and the checks that a page reads well at a width; screenshots go to the
test run's artifacts folder (PASHU_TEST_ARTIFACTS, default test-artifacts/ in the clone)."""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
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
    expect(page.locator(".state[data-jurisdiction=chhattisgarh] .absent-note")).to_be_visible()


def _scenario_acts(page: Page, server: Server) -> None:
    """The scenario with supposed acts: a death, a part delivery, then a sale at a price each
    Act judges, and a complaint with its decision."""
    acts = (
        "DEATH~cow~1~2026-01-04T10:00,DELIVERY~cow~1~2026-01-05T10:00,"
        "SALE~cow~1~2026-01-06T10:00~2500~100"
    )
    complaints = "2026-01-04T11:00~2026-01-05T11:00~no"
    page.goto(
        f"{server.url}/#/law/scenario?animals=cow:3&seizedAt=2026-01-03T09:00&acts={acts}"
        f"&complaints={complaints}"
    )
    nl = page.locator(".state[data-jurisdiction=nagaland]")
    expect(nl.locator("[data-act=SALE]")).to_be_visible()
    expect(nl.locator("[data-act=RECORD_INJURY]")).to_be_visible()
    expect(nl.locator("[data-act=DECIDE_COMPLAINT]")).to_be_visible()


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


def api(server: Server, token: str, query: str, variables: dict[str, Any] | None = None) -> Any:
    r = httpx.post(
        f"{server.url}/graphql",
        json={"query": query, "variables": variables or {}},
        headers={"Authorization": f"Bearer {token}"},
        timeout=30,
    )
    body = r.json()
    assert not body.get("errors"), body
    return body["data"]


# Departments made once per server for the pages that show a register's entries.
_MADE: dict[tuple[str, str], Any] = {}


def chhattisgarh_registers(server: Server) -> str:
    """A Chhattisgarh department (its admin's token) with an order, a licence, an inspector,
    a visit that found a contravention, and that offence compounded."""
    if (server.url, "cg") in _MADE:
        return str(_MADE[(server.url, "cg")])
    _, token = own_tenant(server, "chhattisgarh")
    now = datetime.now(UTC).replace(microsecond=0)
    # The day in India of the earliest act below (the licence, three hours ago): between
    # 18:30 and 21:30 UTC "now" is already tomorrow there, and an inspection two hours ago
    # would come before an inspector designated "today".
    today = (now - timedelta(hours=3) + timedelta(hours=5, minutes=30)).date().isoformat()
    order = api(
        server,
        token,
        "mutation($i: RecordNotifiedOrderInput!) { recordNotifiedOrder(input: $i) { id } }",
        {
            "i": {
                "title": "Raipur dairies order",
                "reference": "CG Gazette 2026/45",
                "area": "Raipur Municipal Corporation",
                "effect": "REGULATE",
                "activities": ["KEEPING"],
                "clauses": ["a", "b", "e"],
                "effectiveFrom": today,
                "licenceFee": "500.00",
            }
        },
    )["recordNotifiedOrder"]["id"]
    licence = api(
        server,
        token,
        "mutation($i: GrantLicenceInput!) { grantLicence(input: $i) { id } }",
        {
            "i": {
                "orderId": order,
                "kind": "LICENCE",
                "holder": "Ramesh Yadav",
                "validFrom": today,
                "at": (now - timedelta(hours=3)).isoformat(),
            }
        },
    )["grantLicence"]["id"]
    inspector = api(
        server,
        token,
        "mutation($i: DesignateInspectorInput!) { designateInspector(input: $i) { id } }",
        {
            "i": {
                "name": "S. K. Verma",
                "designatedBy": "GOVERNMENT",
                "designatedOn": today,
                "reference": "CG order 4/2026",
            }
        },
    )["designateInspector"]["id"]
    case = api(
        server,
        token,
        "mutation($i: RecordInspectionInput!) { recordInspection(input: $i) { offenceCaseId } }",
        {
            "i": {
                "inspectorId": inspector,
                "at": (now - timedelta(hours=2)).isoformat(),
                "place": "Raipur Municipal Corporation",
                "ownerName": "Ramesh Yadav",
                "ownerAddress": "Tatibandh, Raipur",
                "findings": [],
                "hygienic": False,
            }
        },
    )["recordInspection"]["offenceCaseId"]
    api(
        server,
        token,
        "mutation($i: CompoundOffenceInput!) { compoundOffence(input: $i) { id } }",
        {
            "i": {
                "offenceId": case,
                "amount": "1000.00",
                "at": (now - timedelta(hours=1)).isoformat(),
                "cancelLicenceId": licence,
                "cancelLicenceReason": "unsanitary premises",
            }
        },
    )
    _MADE[(server.url, "cg")] = token
    return token


def late_case(server: Server) -> tuple[str, str]:
    """A Mizoram department (its admin's token) whose register no. 2, seized twelve days ago,
    is announced only now, and whose register no. 4 has its auction fixed: (token, case 2)."""
    if (server.url, "late") in _MADE:
        found: tuple[str, str] = _MADE[(server.url, "late")]
        return found
    _, token = own_tenant(server, "mizoram")
    listed = "{ impoundments(first: 10) { edges { node { id registerNumber } } } }"
    cases = api(server, token, listed)
    ids = {e["node"]["registerNumber"]: e["node"]["id"] for e in cases["impoundments"]["edges"]}
    api(
        server,
        token,
        "mutation($i: RecordNoticeInput!) { recordNotice(input: $i) { kind } }",
        {
            "i": {
                "impoundmentId": ids[2],
                "kind": "ANNOUNCE_SEIZURE",
                "issuedAt": datetime.now(UTC).replace(microsecond=0).isoformat(),
            }
        },
    )
    api(
        server,
        token,
        "mutation($i: ScheduleAuctionInput!) { scheduleAuction(input: $i) { id } }",
        {"i": {"impoundmentId": ids[4]}},
    )
    _MADE[(server.url, "late")] = (token, ids[2])
    return token, ids[2]


def _keeping(tab: str) -> Callable[[Page, Server], None]:
    def show(page: Page, server: Server) -> None:
        token = chhattisgarh_registers(server)
        page.goto(f"{server.url}/#/signin")
        page.get_by_label("API token").fill(token)
        page.get_by_role("button", name="Sign in").click()
        expect(page.locator("[data-list=registers]")).to_be_visible()
        page.goto(f"{server.url}/#/keeping/{tab}")
        expect(page.locator("[data-item]").first).to_be_visible()
        expect(page.locator("[data-section=record]")).to_be_visible()

    return show


def _late_case(page: Page, server: Server) -> None:
    token, case = late_case(server)
    sign_in(page, server, "mizoram", token)
    page.goto(f"{server.url}/#/case/{case}")
    expect(page.locator(".step.done.late")).to_have_count(1)


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


def _offences(page: Page, server: Server) -> None:
    """The register of offences and fines, with an admin's forms."""
    sign_in(page, server, "mizoram")
    page.goto(f"{server.url}/#/work/offences")
    expect(page.locator("[data-form=offence]")).to_be_visible()


PAGES: dict[str, Callable[[Page, Server], None]] = {
    "signin": _signin,
    "law-compare": _compare,
    "law-scenario": _scenario,
    "law-scenario-acts": _scenario_acts,
    "law-read": _read,
    "dashboard": _dashboard,
    "case": _case,
    "case-late": _late_case,
    "keeping-orders": _keeping("orders"),
    "keeping-licences": _keeping("licences"),
    "keeping-inspections": _keeping("inspections"),
    "keeping-compositions": _keeping("compositions"),
    "case-nagaland": _case_nagaland,
    "new-seizure": _new_seizure,
    "rates": _rates,
    "offences": _offences,
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

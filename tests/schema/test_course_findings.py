"""Regression tests of issue #31: acts each lawful alone, met in one course, where the Act's
answer must still hold (the sweep, the books, the duties, the timeline, the scenario)."""

from __future__ import annotations

from typing import Any

from tests.conftest import Databases, GraphQLClient
from tests.schema.clocks_helpers import RUNS, sweep
from tests.schema.impoundment_helpers import SALE, balances, department, notice, seize
from tests.schema.test_refusal_to_pay import REFUSE, REST, assert_balanced, held, refusal, sale


async def failed_runs(gql: GraphQLClient, token: str) -> list[dict[str, Any]]:
    runs: list[dict[str, Any]] = (await gql.ok(RUNS, {"first": 50, "failedOnly": True}, token))[
        "taskRuns"
    ]
    return runs


async def test_nagaland_s17_3_surplus_of_a_refusal_sale_leaves_deposit_after_the_rest_is_refused(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """ss.16(5), 14 and 17(3): the rest refused follows s.14 (report, notice), and the
    surplus of the earlier sale is credited to the fund three months after that sale."""
    t, pound = await department(dbs, gql, "nagaland")
    seized = await seize(gql, t.token, pound)  # 2 cows, 1 goat
    await gql.ok(REFUSE, refusal(seized, "2026-01-05T10:00:00+05:30"), t.token)
    await gql.ok(SALE, sale(seized, "2026-01-05T12:00:00+05:30"), t.token)  # one cow
    await gql.ok(REST, refusal(seized, "2026-01-05T13:00:00+05:30", accepted=False), t.token)
    done = await sweep(gql, t.token, "2026-01-11T09:00:00+05:30")
    assert {"REPORT_UNCLAIMED", "PUBLISH_NOTICE"} <= {d["kind"] for d in done}
    assert await sweep(gql, t.token, "2026-01-12T09:00:00+05:30") is not None
    assert await failed_runs(gql, t.token) == []
    assert held(await balances(gql, t.token), "deposit:surplus") == "665.00"
    done = await sweep(gql, t.token, "2026-04-06T09:00:00+05:30")
    assert "CREDIT_UNCLAIMED_SURPLUS" in {d["kind"] for d in done}
    assert await failed_runs(gql, t.token) == []
    books = await balances(gql, t.token)
    assert held(books, "deposit:surplus") == "0.00"
    assert_balanced(books)


async def test_mizoram_s10_4_a_sale_on_refusal_closes_its_claim_window_without_failing(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """s.10(2), (4): no refund lies after a sale on the owner's refusal; the clock closes
    the sale's window and the tenant's sweep goes on."""
    t, pound = await department(dbs, gql, "mizoram")
    seized = await seize(gql, t.token, pound)
    await notice(gql, t.token, seized, "ANNOUNCE_SEIZURE", "2026-01-03T18:00:00+05:30")
    await gql.ok(REFUSE, refusal(seized, "2026-01-05T10:00:00+05:30"), t.token)
    await gql.ok(SALE, sale(seized, "2026-01-05T12:00:00+05:30"), t.token)
    done = await sweep(gql, t.token, "2026-01-06T09:00:00+05:30")
    assert [d["kind"] for d in done] == ["CLOSE_CLAIM_WINDOW"]
    assert await sweep(gql, t.token, "2026-01-07T09:00:00+05:30") == []
    assert await failed_runs(gql, t.token) == []
    books = await balances(gql, t.token)
    assert held(books, "fund:village_council_fund") == "900.00"  # stays where s.10 put it
    assert_balanced(books)

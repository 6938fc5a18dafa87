"""The money of a complaint of illegal seizure (Nagaland ss.15, 20, 22): a deposit under
protest applied when the complaint window closes unused, who pays under s.22(1), no deposit
returned and awarded again, and the seizer's dues under s.22(2) collected into the books."""

from __future__ import annotations

import uuid
from decimal import Decimal
from typing import Any

from sqlalchemy import select

from pashu.db.offences import CompensationOrder
from pashu.schema.node import to_global_id
from tests.conftest import Databases, GraphQLClient, TenantFixture, add_token
from tests.schema.clocks_helpers import sweep
from tests.schema.impoundment_helpers import DELIVER, balances, department, seize
from tests.schema.test_complaints import FILE, SEMA, complaint

DECIDE = """
mutation($input: DecideComplaintInput!) {
  decideComplaint(input: $input) {
    id
    decision { illegal seizerOwes depositReturned payerCapacity payer { name address }
               duesCollectedAt }
  }
}"""
COLLECT = """
mutation($input: CollectSeizerDuesInput!) {
  collectSeizerDues(input: $input) { decision { seizerOwes duesCollectedAt } }
}"""
BOOKS = "query($id: ID!) { impoundment(id: $id) { books { name balance } } }"
PROTEST_AT = "2026-01-04T10:00:00+05:30"
DETAINER = {"name": "Pound-keeper, Kohima", "address": "Kohima"}


def assert_balanced(books: dict[str, str]) -> None:
    assert sum(Decimal(v) for v in books.values()) == 0, books


async def protest(gql: GraphQLClient, token: str, case: dict[str, Any]) -> None:
    """The owner disputes the seizure and deposits the dues: fines 120, feeding 2 × 25."""
    given = {
        "impoundmentId": case["id"],
        "at": PROTEST_AT,
        "claimant": SEMA,
        "amountPaid": "170.00",
        "underProtest": True,
    }
    await gql.ok(DELIVER, {"input": given}, token)


async def filed(gql: GraphQLClient, token: str, case: dict[str, Any]) -> str:
    done = await gql.ok(FILE, complaint(case, "2026-01-04T11:00:00+05:30"), token)
    cid: str = done["fileComplaint"]["id"]
    return cid


def orders(dbs: Databases, t: TenantFixture) -> list[tuple[str, Decimal, Decimal, Decimal]]:
    """The compensation orders as recorded: payer, amount, fines paid, expenses."""
    with dbs.admin.transaction(t.id) as s:
        rows = s.scalars(select(CompensationOrder)).all()
        return [(r.payer_name, r.amount, r.fines_paid, r.expenses) for r in rows]


def decide(cid: str, at: str = "2026-01-06T12:00:00+05:30", **more: Any) -> dict[str, Any]:
    return {"input": {"complaintId": cid, "at": at, "illegal": True, **more}}


async def test_nagaland_s15_a_deposit_no_complaint_follows_is_applied_when_the_window_closes(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)  # seized 3 January: the window ends with 13 January
    await protest(gql, t.token, case)
    assert await sweep(gql, t.token, "2026-01-13T23:59:00+05:30") == []
    assert (await balances(gql, t.token))["deposit:protest"] == "170.00"
    done = await sweep(gql, t.token, "2026-01-14T06:00:00+05:30")
    applied = [d for d in done if d["kind"] == "APPLY_PROTEST_DEPOSIT"]
    assert len(applied) == 1 and applied[0]["impoundmentId"] == case["id"]
    assert applied[0]["at"] == "2026-01-14T00:00:00+05:30"  # when the window closed
    books = await balances(gql, t.token)
    assert books["deposit:protest"] == "0.00"
    assert books["fund:local_authority_fund@Kohima TC"] == "120.00"  # s.11(3)
    assert books["fund:pound_keeper@Main pound"] == "50.00"  # s.17(2)
    assert_balanced(books)
    assert await sweep(gql, t.token, "2026-01-15T06:00:00+05:30") == []  # applied once


async def test_nagaland_s15_a_deposit_a_complaint_follows_waits_for_the_decision(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)
    await protest(gql, t.token, case)
    await filed(gql, t.token, case)
    assert await sweep(gql, t.token, "2026-01-20T06:00:00+05:30") == []
    assert (await balances(gql, t.token))["deposit:protest"] == "170.00"


async def test_nagaland_s22_1_a_returned_deposit_is_not_awarded_again_as_fines_paid(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)
    await protest(gql, t.token, case)
    cid = await filed(gql, t.token, case)
    twice = await gql.error(DECIDE, decide(cid, compensation="50.00", finesPaid="120.00"), t.token)
    assert twice["extensions"]["code"] == "VALIDATION"
    assert twice["extensions"]["citation"]["section"] == "22(1)"
    assert twice["extensions"]["finesPaid"] == "0.00"
    assert (await balances(gql, t.token))["deposit:protest"] == "170.00"  # nothing changed
    done = (await gql.ok(DECIDE, decide(cid, compensation="50.00"), t.token))["decideComplaint"]
    assert done["decision"]["depositReturned"] == "170.00"
    books = await balances(gql, t.token)
    assert books["payee:owner"] == "170.00" and books["deposit:protest"] == "0.00"
    assert_balanced(books)


async def test_nagaland_s22_1_fines_the_owner_paid_and_keeps_paid_may_be_awarded(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)
    paid = {"impoundmentId": case["id"], "at": PROTEST_AT, "claimant": SEMA, "amountPaid": "170.00"}
    await gql.ok(DELIVER, {"input": paid}, t.token)  # paid, not deposited: fines 120 kept paid
    cid = await filed(gql, t.token, case)
    over = await gql.error(DECIDE, decide(cid, compensation="50.00", finesPaid="120.01"), t.token)
    assert over["extensions"]["finesPaid"] == "120.00"
    await gql.ok(DECIDE, decide(cid, compensation="50.00", finesPaid="120.00"), t.token)
    assert [o[1:3] for o in orders(dbs, t)] == [(Decimal("50.00"), Decimal("120.00"))]


async def test_nagaland_s22_the_magistrate_names_the_detainer_to_pay(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)
    cid = await filed(gql, t.token, case)
    nameless = await gql.error(DECIDE, decide(cid, compensation="50.00", payer="DETAINER"), t.token)
    assert nameless["extensions"]["code"] == "VALIDATION"
    assert nameless["extensions"]["citation"]["section"] == "22(1)"
    both = await gql.error(DECIDE, decide(cid, payer="SEIZER", detainer=DETAINER), t.token)
    assert both["extensions"]["field"] == "detainer"
    done = await gql.ok(
        DECIDE, decide(cid, compensation="50.00", payer="DETAINER", detainer=DETAINER), t.token
    )
    decision = done["decideComplaint"]["decision"]
    assert decision["payerCapacity"] == "DETAINER" and decision["payer"] == DETAINER
    assert [o[0] for o in orders(dbs, t)] == ["Pound-keeper, Kohima"]  # not the seizer
    clerk = add_token(dbs, t, "clerk")
    collected = await gql.ok(
        COLLECT, {"input": {"complaintId": cid, "at": "2026-01-07T10:00:00+05:30"}}, clerk
    )
    assert collected["collectSeizerDues"]["decision"]["seizerOwes"] == "220.00"
    books = await balances(gql, t.token)
    assert books["payer:detainer"] == "-220.00" and "payer:seizer" not in books


async def test_nagaland_s22_2_the_seizers_dues_are_collected_once_into_the_funds(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)
    cid = await filed(gql, t.token, case)
    at = {"input": {"complaintId": cid, "at": "2026-01-07T10:00:00+05:30"}}
    undecided = await gql.error(COLLECT, at, t.token)
    assert undecided["extensions"]["code"] == "CONFLICT"
    assert undecided["extensions"]["citation"]["section"] == "22(2)"
    await gql.ok(DECIDE, decide(cid), t.token)
    early = {"input": {"complaintId": cid, "at": "2026-01-06T11:00:00+05:30"}}
    assert (await gql.error(COLLECT, early, t.token))["extensions"]["code"] == "VALIDATION"
    done = (await gql.ok(COLLECT, at, t.token))["collectSeizerDues"]["decision"]
    assert done == {"seizerOwes": "220.00", "duesCollectedAt": "2026-01-07T10:00:00+05:30"}
    books = await balances(gql, t.token)
    # 2 cows + 1 goat: fines 120 (s.11(3)); feeding 4 days × 25 = 100 (s.17(2)).
    assert books["payer:seizer"] == "-220.00"
    assert books["fund:local_authority_fund@Kohima TC"] == "120.00"
    assert books["fund:pound_keeper@Main pound"] == "100.00"
    assert_balanced(books)
    again = await gql.error(COLLECT, at, t.token)
    assert again["extensions"]["code"] == "CONFLICT"
    page = (await gql.ok(BOOKS, {"id": case["id"]}, t.token))["impoundment"]["books"]
    assert {b["name"]: b["balance"] for b in page}["Local authority fund, Kohima TC"] == "120.00"


async def test_nagaland_s22_2_nothing_to_collect_on_a_lawful_seizure_or_in_mizoram(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)
    cid = await filed(gql, t.token, case)
    await gql.ok(DECIDE, decide(cid, illegal=False), t.token)
    lawful = {"input": {"complaintId": cid, "at": "2026-01-07T10:00:00+05:30"}}
    assert (await gql.error(COLLECT, lawful, t.token))["extensions"]["code"] == "CONFLICT"
    mz, _ = await department(dbs, gql, "mizoram")
    stray = to_global_id("Complaint", uuid.uuid4())
    none = {"input": {"complaintId": stray, "at": "2026-01-07T10:00:00+05:30"}}
    assert (await gql.error(COLLECT, none, mz.token))["extensions"]["code"] == (
        "NOT_IN_JURISDICTION"
    )


async def test_nagaland_s15_a_complaint_made_in_time_but_entered_late_takes_the_deposit_back(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)
    await protest(gql, t.token, case)
    await sweep(gql, t.token, "2026-01-14T06:00:00+05:30")  # no complaint on record: applied
    made = await gql.ok(FILE, complaint(case, "2026-01-13T23:00:00+05:30"), t.token)
    cid = made["fileComplaint"]["id"]
    done = await gql.ok(DECIDE, decide(cid, at="2026-01-15T12:00:00+05:30"), t.token)
    assert done["decideComplaint"]["decision"]["depositReturned"] == "170.00"
    books = await balances(gql, t.token)
    assert books["payee:owner"] == "170.00"
    assert books["fund:local_authority_fund@Kohima TC"] == "0.00"
    assert books["fund:pound_keeper@Main pound"] == "0.00"
    assert_balanced(books)

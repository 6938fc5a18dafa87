"""Delivery to the owner and sale, with the books balanced after each (Nagaland ss.13-19,
Mizoram ss.9-10)."""

from __future__ import annotations

import asyncio
from decimal import Decimal
from typing import Any

from tests.conftest import Databases, GraphQLClient
from tests.schema.impoundment_helpers import (
    DELIVER,
    DUES,
    NOTICE,
    SALE,
    balances,
    department,
    notice,
    seize,
)

OWNER = {"name": "T. Sema", "address": "Jotsoma"}


def deliver(case: dict[str, Any], amount: str, at: str, **more: Any) -> dict[str, Any]:
    return {
        "input": {
            "impoundmentId": case["id"],
            "at": at,
            "claimant": OWNER,
            "amountPaid": amount,
            **more,
        }
    }


def sale(case: dict[str, Any], at: str, role: str = "PUBLIC", **more: Any) -> dict[str, Any]:
    return {
        "input": {
            "impoundmentId": case["id"],
            "at": at,
            "lots": [{"species": "cow", "count": 1}],
            "buyer": {"name": "L. Ao", "address": "Mokokchung", "role": role},
            "price": "900.00",
            "expenses": "40.00",
            **more,
        }
    }


def assert_balanced(books: dict[str, str]) -> None:
    assert sum(Decimal(v) for v in books.values()) == 0, books


async def test_delivery_on_payment_of_exact_dues(dbs: Databases, gql: GraphQLClient) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)
    at = "2026-01-05T12:00:00+05:30"
    wrong = await gql.error(DELIVER, deliver(case, "100.00", at), t.token)
    assert wrong["extensions"]["code"] == "VALIDATION"
    assert wrong["extensions"]["dues"] == "195.00"
    assert wrong["extensions"]["citation"]["section"] == "13"
    receipt = (await gql.ok(DELIVER, deliver(case, "195.00", at), t.token))["deliverToOwner"]
    assert receipt == {"number": 1, "amount": "195.00"}
    after = await gql.ok(DUES, {"id": case["id"], "asOf": at}, t.token)
    assert after["impoundment"]["status"] == "DELIVERED"
    assert after["impoundment"]["dues"]["lines"] == []
    books = await balances(gql, t.token)
    assert books["fund:local_authority_fund@Kohima TC"] == "120.00"  # fines, s.11(3)
    assert books["fund:pound_keeper@Main pound"] == "75.00"  # feeding, s.17(2)
    assert books["payer:owner"] == "-195.00"
    assert_balanced(books)


async def test_partial_delivery_leaves_the_rest_in_the_pound(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "mizoram")
    case = await seize(gql, t.token, pound)
    goat = next(a for a in case["animals"] if a["species"] == "goat")
    at = "2026-01-04T10:00:00+05:30"
    # one goat: fine 20 + feeding 2 days × 5
    paid = await gql.ok(DELIVER, deliver(case, "30.00", at, animalIds=[goat["id"]]), t.token)
    assert paid["deliverToOwner"]["amount"] == "30.00"
    left = await gql.ok(DUES, {"id": case["id"], "asOf": at}, t.token)
    assert left["impoundment"]["status"] == "PARTLY_RELEASED"
    assert {ln["species"] for ln in left["impoundment"]["dues"]["lines"]} == {"cow"}
    books = await balances(gql, t.token)
    assert books["fund:village_council_fund@Kohima TC"] == "30.00"  # s.19 and s.8(2)
    assert_balanced(books)


async def test_deposit_under_protest_only_where_the_act_allows(
    dbs: Databases, gql: GraphQLClient
) -> None:
    at = "2026-01-04T10:00:00+05:30"
    mz, mz_pound = await department(dbs, gql, "mizoram")
    mz_case = await seize(gql, mz.token, mz_pound)
    err = await gql.error(DELIVER, deliver(mz_case, "0.00", at, underProtest=True), mz.token)
    assert err["extensions"]["code"] == "NOT_IN_JURISDICTION"
    nl, nl_pound = await department(dbs, gql, "nagaland")
    nl_case = await seize(gql, nl.token, nl_pound)
    ok = await gql.ok(DELIVER, deliver(nl_case, "170.00", at, underProtest=True), nl.token)
    assert ok["deliverToOwner"]["amount"] == "170.00"
    books = await balances(gql, nl.token)
    assert books["deposit:protest"] == "170.00"  # held, s.15, pending a complaint
    assert "fund:local_authority_fund@Kohima TC" not in books


async def test_two_clerks_delivering_at_once_one_succeeds(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)
    at = "2026-01-05T12:00:00+05:30"
    results = await asyncio.gather(
        gql.raw(DELIVER, deliver(case, "195.00", at), t.token),
        gql.raw(DELIVER, deliver(case, "195.00", at), t.token),
    )
    ok = [r for r in results if not r.get("errors")]
    refused = [r for r in results if r.get("errors")]
    assert len(ok) == 1 and len(refused) == 1
    assert refused[0]["errors"][0]["extensions"]["code"] == "CONFLICT"
    books = await balances(gql, t.token)
    assert books["payer:owner"] == "-195.00"  # paid once


async def test_nagaland_sale_waits_for_report_notice_and_seven_days(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)
    early = await gql.error(SALE, sale(case, "2026-01-20T10:00:00+05:30"), t.token)
    assert early["extensions"]["code"] == "TOO_EARLY"  # no notice yet
    assert early["extensions"]["citation"]["section"] == "14(3)"
    too_soon = await gql.error(
        NOTICE,
        {
            "input": {
                "impoundmentId": case["id"],
                "kind": "PUBLISH_NOTICE",
                "issuedAt": "2026-01-10T10:00:00+05:30",
            }
        },
        t.token,
    )
    assert too_soon["extensions"]["code"] == "TOO_EARLY"
    await notice(gql, t.token, case, "REPORT_UNCLAIMED", "2026-01-11T09:00:00+05:30")  # s.14(1)
    await notice(
        gql,
        t.token,
        case,
        "PUBLISH_NOTICE",
        "2026-01-11T10:00:00+05:30",
        "2026-01-11T16:00:00+05:30",
    )
    before = await gql.error(SALE, sale(case, "2026-01-18T10:00:00+05:30"), t.token)
    assert before["extensions"]["code"] == "TOO_EARLY"
    assert before["extensions"]["notBefore"] == "2026-01-19T00:00:00+05:30"
    barred = await gql.error(SALE, sale(case, "2026-01-19T10:00:00+05:30", "POUND_KEEPER"), t.token)
    assert barred["extensions"]["code"] == "PROHIBITED_PURCHASER"
    assert barred["extensions"]["citation"]["section"] == "19(1)"
    # A kind of buyer the Cattle Trespass Act does not name (Mizoram's): refused as invalid.
    other = sale(case, "2026-01-19T10:00:00+05:30", "VILLAGE_COUNCIL_MEMBER")
    unnamed = await gql.error(SALE, other, t.token)
    assert unnamed["extensions"]["code"] == "VALIDATION"
    assert unnamed["extensions"]["field"] == "buyer.role"
    assert "VILLAGE_COUNCIL_MEMBER is not a kind of buyer" in unnamed["message"]

    sold = (await gql.ok(SALE, sale(case, "2026-01-19T10:00:00+05:30"), t.token))["recordSale"]
    # Fines 2×50 + 20 = 120; feeding 3 Jan-19 Jan = 17 days × (2×10 + 5) = 425; expenses 40.
    disposal = {d["item"]: d["amount"] for d in sold["account"]["disposal"]}
    assert disposal == {
        "finesToLocalAuthority": "120.00",
        "feedingToPoundKeeper": "425.00",
        "expensesOfSale": "40.00",
        "balance": "315.00",
    }
    assert sold["surplus"] == "315.00"
    assert sold["account"]["cattleSeized"] == 3 and sold["account"]["cattleSold"] == 1
    assert "16(2)" in sold["account"]["citations"]
    books = await balances(gql, t.token)
    assert books["deposit:surplus@Kohima TC"] == "315.00"  # s.17(3): held three months
    assert_balanced(books)
    # The remaining cattle go back with nothing more owed for the time before the sale.
    rest = await gql.ok(DUES, {"id": case["id"], "asOf": "2026-01-19T18:00:00+05:30"}, t.token)
    assert rest["impoundment"]["dues"]["total"] == "0.00"


async def test_mizoram_sale_after_announcement_proceeds_to_the_fund(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "mizoram")
    case = await seize(gql, t.token, pound)
    await notice(gql, t.token, case, "ANNOUNCE_SEIZURE", "2026-01-03T18:00:00+05:30")
    early = await gql.error(SALE, sale(case, "2026-01-10T10:00:00+05:30"), t.token)
    assert early["extensions"]["notBefore"] == "2026-01-11T00:00:00+05:30"
    barred = await gql.error(
        SALE, sale(case, "2026-01-11T10:00:00+05:30", "VILLAGE_COUNCIL_FAMILY_MEMBER"), t.token
    )
    assert barred["extensions"]["citation"]["section"] == "10(3)"
    sold = (await gql.ok(SALE, sale(case, "2026-01-11T10:00:00+05:30"), t.token))["recordSale"]
    assert sold["proceeds"] == "900.00"
    books = await balances(gql, t.token)
    assert books["fund:village_council_fund@Kohima TC"] == "900.00"  # s.10(4): deposited whole
    assert_balanced(books)


async def test_disposal_otherwise_than_by_auction_names_who_decided(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "mizoram")
    case = await seize(gql, t.token, pound)
    await notice(gql, t.token, case, "ANNOUNCE_SEIZURE", "2026-01-03T18:00:00+05:30")
    done = await gql.ok(
        SALE,
        sale(
            case,
            "2026-01-12T10:00:00+05:30",
            price="0.00",
            expenses="0.00",
            decidedBy="Village Council of Kohima, resolution 4/2026",
        ),
        t.token,
    )
    assert done["recordSale"]["account"]["citations"][-1] == "10(2)"


CLAIM = """
mutation($input: ClaimProceedsInput!) {
  claimProceeds(input: $input) { amount citations { section } }
}"""


def claim(case: dict[str, Any], at: str) -> dict[str, Any]:
    return {"input": {"impoundmentId": case["id"], "at": at, "claimant": OWNER}}


async def _sold(
    gql: GraphQLClient, token: str, case: dict[str, Any], kind: str, issued: str, at: str
) -> None:
    if kind == "PUBLISH_NOTICE":  # the notice follows the report (s.14(2))
        await notice(gql, token, case, "REPORT_UNCLAIMED", issued)
    await notice(gql, token, case, kind, issued)
    await gql.ok(SALE, sale(case, at), token)


async def test_nagaland_surplus_is_claimable_for_three_months(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)
    await _sold(
        gql,
        t.token,
        case,
        "PUBLISH_NOTICE",
        "2026-01-11T10:00:00+05:30",
        "2026-01-19T10:00:00+05:30",
    )
    late = await gql.error(CLAIM, claim(case, "2026-04-20T00:00:00+05:30"), t.token)
    assert late["extensions"]["code"] == "TOO_LATE"  # three months from 19 January end 19 April
    assert late["extensions"]["citation"]["section"] == "17(3)"
    paid = (await gql.ok(CLAIM, claim(case, "2026-04-19T23:00:00+05:30"), t.token))["claimProceeds"]
    assert paid["amount"] == "315.00"
    again = await gql.error(CLAIM, claim(case, "2026-04-19T23:30:00+05:30"), t.token)
    assert again["extensions"]["code"] == "CONFLICT"
    books = await balances(gql, t.token)
    assert books["deposit:surplus@Kohima TC"] == "0.00" and books["payee:owner"] == "315.00"
    assert_balanced(books)


async def test_mizoram_refund_within_fifteen_days_less_charges(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "mizoram")
    case = await seize(gql, t.token, pound)
    await _sold(
        gql,
        t.token,
        case,
        "ANNOUNCE_SEIZURE",
        "2026-01-03T18:00:00+05:30",
        "2026-01-11T10:00:00+05:30",
    )
    late = await gql.error(CLAIM, claim(case, "2026-01-27T00:00:00+05:30"), t.token)
    assert late["extensions"]["code"] == "TOO_LATE"
    assert late["extensions"]["citation"]["section"] == "10(4)"
    paid = (await gql.ok(CLAIM, claim(case, "2026-01-26T12:00:00+05:30"), t.token))["claimProceeds"]
    # The cow sold: fine 50 + feeding 3..11 January = 9 days × 10 = 140 kept; 900 − 140.
    assert paid["amount"] == "760.00"
    books = await balances(gql, t.token)
    assert books["fund:village_council_fund@Kohima TC"] == "140.00"  # 900 received, 760 refunded
    assert_balanced(books)


async def test_two_clerks_selling_the_last_cow_at_once_one_succeeds(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "mizoram")
    case = await seize(gql, t.token, pound, animals=[{"species": "cow", "count": 1}])
    await notice(gql, t.token, case, "ANNOUNCE_SEIZURE", "2026-01-03T18:00:00+05:30")
    at = "2026-01-11T10:00:00+05:30"
    results = await asyncio.gather(
        gql.raw(SALE, sale(case, at), t.token), gql.raw(SALE, sale(case, at), t.token)
    )
    codes = sorted(
        r["errors"][0]["extensions"]["code"] if r.get("errors") else "OK" for r in results
    )
    assert codes == ["CONFLICT", "OK"]
    books = await balances(gql, t.token)
    assert books["payer:buyer"] == "-900.00"  # sold once

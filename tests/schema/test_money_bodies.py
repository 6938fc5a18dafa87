"""Each rupee to the body the Act names (issue #21): one account per local body and per
pound-keeper, the case's own credited; the proceeds of a Mizoram sale deposited whole
(s.10(4)); one name for each kind of account."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from tests.conftest import Databases, GraphQLClient
from tests.schema.impoundment_helpers import (
    DELIVER,
    SALE,
    balances,
    department,
    notice,
    rate,
    seize,
)

OWNER = {"name": "T. Sema", "address": "Jotsoma"}
POUND = """
mutation($name: String!, $la: String!) {
  createPound(input: {name: $name, localAuthority: $la}) { id localAuthority { id } }
}"""
FUNDS = "{ funds { account kind fund holder holderId name balance } }"
BOOKS = """
query($id: ID!) { impoundment(id: $id) { books { account kind fund holder name balance } } }"""
ROUTING = """
{ jurisdiction(code: "nagaland") {
    moneyRouting { kind shares { fund account holder } } } }"""


def paid(case: dict[str, Any], amount: str, at: str, **more: Any) -> dict[str, Any]:
    return {
        "input": {
            "impoundmentId": case["id"],
            "at": at,
            "claimant": OWNER,
            "amountPaid": amount,
            **more,
        }
    }


def assert_balanced(books: dict[str, str]) -> None:
    assert sum(Decimal(v) for v in books.values()) == 0, books


async def test_nagaland_fines_go_to_the_pounds_own_local_authority_and_feeding_to_its_keeper(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, kohima = await department(dbs, gql, "nagaland")
    made = (await gql.ok(POUND, {"name": "Jotsoma pound", "la": "Jotsoma VC"}, t.token))[
        "createPound"
    ]
    jotsoma = made["id"]
    # Jotsoma VC fixes its own pound's feeding rates (s.4), here as Kohima TC's.
    for species, feed in (("cow", "10.00"), ("goat", "5.00")):
        area = {"localAuthorityId": made["localAuthority"]["id"]}
        await rate(gql, t.token, "FEEDING_PER_HEAD_PER_DAY", species, feed, "2026-01-01", **area)
    at = "2026-01-05T12:00:00+05:30"
    first = await seize(gql, t.token, kohima)
    second = await seize(gql, t.token, jotsoma, animals=[{"species": "goat", "count": 1}])
    await gql.ok(DELIVER, paid(first, "195.00", at), t.token)  # fines 120, feeding 3 × 25
    await gql.ok(DELIVER, paid(second, "35.00", at), t.token)  # fine 20, feeding 3 × 5
    books = await balances(gql, t.token)
    assert books["fund:local_authority_fund@Kohima TC"] == "120.00"  # s.11(3), s.4
    assert books["fund:local_authority_fund@Jotsoma VC"] == "20.00"
    assert books["fund:pound_keeper@Main pound"] == "75.00"  # s.17(2), s.5(1)
    assert books["fund:pound_keeper@Jotsoma pound"] == "15.00"
    assert "fund:local_authority_fund" not in books  # nothing pooled for the department
    assert_balanced(books)
    funds = {f["name"]: f for f in (await gql.ok(FUNDS, token=t.token))["funds"]}
    kohima_fund = funds["Local authority fund, Kohima TC"]
    assert (kohima_fund["kind"], kohima_fund["fund"], kohima_fund["holder"]) == (
        "fund",
        "local_authority_fund",
        "Kohima TC",
    )
    assert kohima_fund["holderId"] is not None
    assert funds["Pound-keeper, Jotsoma pound"]["balance"] == "15.00"


async def test_the_case_page_shows_only_the_money_moved_about_that_case(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    case, other = await seize(gql, t.token, pound), await seize(gql, t.token, pound)
    await gql.ok(DELIVER, paid(case, "195.00", "2026-01-05T12:00:00+05:30"), t.token)
    books = (await gql.ok(BOOKS, {"id": case["id"]}, t.token))["impoundment"]["books"]
    named = {b["name"]: b["balance"] for b in books}
    assert named == {
        "Local authority fund, Kohima TC": "120.00",
        "Pound-keeper, Main pound": "75.00",
        "payer:owner": "-195.00",
    }
    assert (await gql.ok(BOOKS, {"id": other["id"]}, t.token))["impoundment"]["books"] == []


async def test_nagaland_surplus_is_held_in_deposit_by_the_local_authority_under_one_name(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)
    await notice(gql, t.token, case, "REPORT_UNCLAIMED", "2026-01-11T10:00:00+05:30")  # s.14(2)
    await notice(gql, t.token, case, "PUBLISH_NOTICE", "2026-01-11T10:00:00+05:30")
    sale = {
        "input": {
            "impoundmentId": case["id"],
            "at": "2026-01-19T10:00:00+05:30",
            "lots": [{"species": "cow", "count": 1}],
            "buyer": {"name": "L. Ao", "address": "Mokokchung", "role": "PUBLIC"},
            "price": "900.00",
            "expenses": "40.00",
        }
    }
    await gql.ok(SALE, sale, t.token)
    books = await balances(gql, t.token)
    assert books["deposit:surplus@Kohima TC"] == "315.00"  # s.17(3)
    assert_balanced(books)
    # The routing names the account the ledger posts to: deposit:surplus, per local body.
    routes = (await gql.ok(ROUTING))["jurisdiction"]["moneyRouting"]
    surplus = next(r for r in routes if r["kind"] == "SURPLUS_PROCEEDS")["shares"]
    assert surplus == [{"fund": "surplus", "account": "deposit:surplus", "holder": "LOCAL_BODY"}]


async def test_mizoram_sale_proceeds_are_deposited_whole_without_deducting_expenses(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "mizoram")
    case = await seize(gql, t.token, pound, animals=[{"species": "cow", "count": 1}])
    await notice(gql, t.token, case, "ANNOUNCE_SEIZURE", "2026-01-03T18:00:00+05:30")
    sale = {
        "input": {
            "impoundmentId": case["id"],
            "at": "2026-01-11T10:00:00+05:30",
            "lots": [{"species": "cow", "count": 1}],
            "buyer": {"name": "L. Ao", "address": "Aizawl", "role": "PUBLIC"},
            "price": "20000.00",
            "expenses": "500.00",
        }
    }
    sold = (await gql.ok(SALE, sale, t.token))["recordSale"]
    assert sold["account"]["disposal"] == [{"item": "toFund", "amount": "20000.00"}]
    books = await balances(gql, t.token)
    assert books["fund:village_council_fund@Kohima TC"] == "20000.00"  # s.10(4)
    assert "payee:sale-expenses" not in books
    assert_balanced(books)

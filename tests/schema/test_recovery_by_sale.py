"""A fine under s.25 recovered by sale of the trespassing cattle, on the s.16 sale path
(Nagaland s.26)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from tests.conftest import Databases, GraphQLClient
from tests.schema.clocks_helpers import case as case_of
from tests.schema.clocks_helpers import sweep
from tests.schema.impoundment_helpers import SALE, balances, department, seize

OFFENCE = """
mutation($imp: ID!, $section: String!) {
  recordOffence(input: {section: $section, committedAt: "2026-01-03T09:00:00+05:30",
      impoundmentId: $imp, offender: {name: "T. Sema", address: "Jotsoma", role: OWNER}}) { id }
}"""
FINE = """
mutation($id: ID!, $amount: Decimal!) {
  imposeFine(input: {offenceId: $id, amount: $amount, at: "2026-01-05T11:00:00+05:30"}) { id }
}"""
PAY = """
mutation($id: ID!) {
  payFine(input: {fineId: $id, at: "2026-01-06T10:00:00+05:30", fromSalary: false}) { id }
}"""
REST = """
mutation($input: DeliverRestInput!) {
  deliverRest(input: $input) { balance account { cattleSold disposal { item amount } } }
}"""
OWNER = {"name": "T. Sema", "address": "Jotsoma"}


async def fined(gql: GraphQLClient, token: str, case: dict[str, Any], section: str) -> str:
    offence = await gql.ok(OFFENCE, {"imp": case["id"], "section": section}, token)
    fine = await gql.ok(FINE, {"id": offence["recordOffence"]["id"], "amount": "200.00"}, token)
    found: str = fine["imposeFine"]["id"]
    return found


def sale(case: dict[str, Any], at: str, fine: str, count: int = 1) -> dict[str, Any]:
    return {
        "input": {
            "impoundmentId": case["id"],
            "at": at,
            "lots": [{"species": "cow", "count": count}],
            "buyer": {"name": "L. Ao", "address": "Mokokchung"},
            "price": "900.00",
            "expenses": "40.00",
            "recoversFineId": fine,
        }
    }


async def test_nagaland_s25_fine_recovered_from_the_sale_and_the_rest_go_back(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)
    fine = await fined(gql, t.token, case, "25")
    early = await gql.error(SALE, sale(case, "2026-01-05T10:00:00+05:30", fine), t.token)
    assert early["extensions"]["code"] == "TOO_EARLY"  # before the fine was imposed
    # Sold for the fine the same day: no notices needed (s.26 with s.16(1)).
    sold = await gql.ok(SALE, sale(case, "2026-01-05T12:00:00+05:30", fine), t.token)
    account = sold["recordSale"]["account"]
    disposal = {d["item"]: d["amount"] for d in account["disposal"]}
    # 900 - fines 120 - feeding 75 - expenses 40 - the s.25 fine 200 = 465.
    assert disposal["fineOnConviction"] == "200.00"
    assert disposal["balance"] == "465.00"
    assert "26" in account["citations"]
    paid = await gql.error(PAY, {"id": fine}, t.token)
    assert paid["extensions"]["code"] == "CONFLICT"  # recovered already
    # A sale for a fine is no claim by the owner: the rest stay unclaimed and s.14 runs on
    # for them (issue #31); the balance waits in deposit for his claim (s.17(3)).
    seen = await case_of(gql, t.token, case["id"])
    assert seen["nextAction"]["action"] == "REPORT_UNCLAIMED"
    done = await sweep(gql, t.token, "2026-01-20T10:00:00+05:30")
    assert [d["kind"] for d in done] == ["REPORT_UNCLAIMED", "PUBLISH_NOTICE"]
    refused = await gql.error(
        REST,
        {
            "input": {
                "impoundmentId": case["id"],
                "at": "2026-01-05T13:00:00+05:30",
                "claimant": OWNER,
            }
        },
        t.token,
    )
    assert refused["extensions"]["code"] == "CONFLICT"  # no refusal, so no s.16(3) delivery
    books = await balances(gql, t.token)
    assert books["payer:buyer"] == "-900.00"
    assert [v for k, v in books.items() if k.startswith("deposit:surplus")] == ["465.00"]
    assert sum(Decimal(v) for v in books.values()) == 0


async def test_only_a_s25_fine_of_these_cattle(dbs: Databases, gql: GraphQLClient) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)
    other = await fined(gql, t.token, case, "24")
    wrong = await gql.error(SALE, sale(case, "2026-01-05T12:00:00+05:30", other), t.token)
    assert wrong["extensions"]["code"] == "VALIDATION"
    assert wrong["extensions"]["citation"]["section"] == "26"
    books = await balances(gql, t.token)
    assert "payer:buyer" not in books  # a refused sale changes nothing


PAID = """
query($id: ID!) { node(id: $id) { ... on Fine { amount paidAt } } }"""


def _disposal(sold: dict[str, Any]) -> dict[str, str]:
    """The sale's account: where its proceeds went (f), and what is still owed."""
    account = sold["recordSale"]["account"]
    return {d["item"]: d["amount"] for d in account["disposal"] + account["unrecovered"]}


async def test_nagaland_s26_each_sale_recovers_its_part_of_the_fine_and_the_rest_is_paid(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """s.26, "by sale of the all or any of the cattle": a sale short of the fine recovers what
    it can and the rest stays owed; a second sale recovers more, in its own entry in the
    books (the first part once took the fine's key and the second collided with it), and
    payFine asks only what is left, the fine paid when it is all in."""
    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)  # two cows and a goat
    fine = await fined(gql, t.token, case, "25")  # Rs 200
    first = sale(case, "2026-01-05T12:00:00+05:30", fine)
    first["input"]["price"] = "300.00"  # 300 - fines 120 - feeding 75 - expenses 40 = 65
    part = _disposal(await gql.ok(SALE, first, t.token))
    assert (part["fineOnConviction"], part["fineUnrecovered"]) == ("65.00", "135.00")
    assert (await gql.ok(PAID, {"id": fine}, t.token))["node"]["paidAt"] is None
    second = sale(case, "2026-01-05T13:00:00+05:30", fine)
    second["input"]["price"] = "100.00"
    more = _disposal(await gql.ok(SALE, second, t.token))
    assert (more["fineOnConviction"], more["fineUnrecovered"]) == ("60.00", "75.00")
    await gql.ok(PAY, {"id": fine}, t.token)
    paid = (await gql.ok(PAID, {"id": fine}, t.token))["node"]
    assert paid["paidAt"] == "2026-01-06T10:00:00+05:30"
    books = await balances(gql, t.token)
    assert books["payer:buyer"] == "-400.00"
    assert books["payer:offender"] == "-75.00"  # the rest only, not the whole fine again
    again = await gql.error(PAY, {"id": fine}, t.token)
    assert again["extensions"]["code"] == "CONFLICT"
    assert sum(Decimal(v) for v in books.values()) == 0


async def test_mizoram_has_no_recovery_of_a_fine_by_sale(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "mizoram")
    case = await seize(gql, t.token, pound)
    fake = "RmluZTowMDAwMDAwMC0wMDAwLTAwMDAtMDAwMC0wMDAwMDAwMDAwMDE"
    err = await gql.error(SALE, sale(case, "2026-01-20T12:00:00+05:30", fake), t.token)
    assert err["extensions"]["code"] == "NOT_IN_JURISDICTION"

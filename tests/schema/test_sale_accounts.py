"""The money of a sale on the owner's refusal, and its account (Nagaland s.16(2)-(4)).

- s.16(2): the expenses of a sale that fell short of the dues are carried to the next sale
  on the same refusal, as its fines and feeding are, not dropped;
- s.16(3): every account (a sale's own, and the one delivered with the rest) carries each of
  clauses (a)-(f), each line citing its clause; its (f) lines add up to its (e) proceeds to the
  paisa, what a sale fell short of is shown apart as owed still, (c) is what the sale had to
  meet (carried dues included), and the time impounded is given in IST with its zone."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from tests.conftest import Databases, GraphQLClient
from tests.schema.impoundment_helpers import balances, department, seize
from tests.schema.test_keeping_pounds import RETURN
from tests.schema.test_refusal_to_pay import REFUSE, held, refusal, sale

ACCOUNT = """
  cattleSeized impoundedFrom impoundedUntil finesAndCharges cattleSold proceeds
  disposal { item amount } unrecovered { item amount }
  lines { clause item label count amount text citations { section uri } }
"""
SALE = (
    "mutation($input: RecordSaleInput!) { recordSale(input: $input) { account {" + ACCOUNT + "} } }"
)
HANDOVER = (
    "mutation($input: DeliverRestInput!) { deliverRest(input: $input) { balance account {"
    + ACCOUNT
    + "} } }"
)
PAPERS = """
query($id: ID!) { impoundment(id: $id) {
  sales { document { text } }
  handovers { document { text } }
} }"""


def total(items: list[dict[str, str]]) -> Decimal:
    return sum((Decimal(i["amount"]) for i in items), Decimal("0.00"))


def clauses(account: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    found: dict[str, list[dict[str, Any]]] = {}
    for line in account["lines"]:
        found.setdefault(line["clause"], []).append(line)
    return found


def assert_account_holds(account: dict[str, Any]) -> None:
    """s.16(3): (a)-(f) each present and cited by clause; (f) adds up to (e)."""
    lines = clauses(account)
    assert set(lines) >= set("abcdef"), lines.keys()
    for letter in "abcdef":
        assert all(ln["citations"][0]["section"] == f"16(3)({letter})" for ln in lines[letter])
    assert total(account["disposal"]) == Decimal(account["proceeds"])
    assert total([ln for ln in lines["f"]]) == Decimal(lines["e"][0]["amount"])
    (b,) = lines["b"]
    assert b["text"].count("IST") == 2, b["text"]  # both instants, in IST, zone given
    assert account["impoundedFrom"].endswith("+05:30")
    assert account["impoundedUntil"].endswith("+05:30")


async def test_nagaland_s16_2_expenses_of_a_short_sale_are_carried_and_every_account_adds_up(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)  # 2 cows, 1 goat: dues 195 on 5 Jan
    await gql.ok(REFUSE, refusal(case, "2026-01-05T10:00:00+05:30"), t.token)
    cheap = sale(case, "2026-01-05T12:00:00+05:30")
    cheap["input"].update(price="150.00", expenses="10.00")
    first = (await gql.ok(SALE, cheap, t.token))["recordSale"]["account"]
    assert_account_holds(first)
    # 150: fines 120, feeding 30 of 75; nothing left for the expenses: owed still, not (f).
    assert {d["item"]: d["amount"] for d in first["unrecovered"]} == {
        "unrecoveredFeeding": "45.00",
        "unrecoveredExpenses": "10.00",
    }
    assert first["finesAndCharges"] == "195.00"
    assert {ln["clause"] for ln in first["lines"] if ln["item"].startswith("unrecovered")} == {None}

    second = sale(case, "2026-01-05T13:00:00+05:30")
    second["input"].update(price="500.00", expenses="10.00")
    then = (await gql.ok(SALE, second, t.token))["recordSale"]["account"]
    assert_account_holds(then)
    disposal = {d["item"]: d["amount"] for d in then["disposal"]}
    # s.16(2): the first sale's Rs 10 of expenses come out of this one's proceeds with its own.
    assert disposal["expensesOfSale"] == "20.00"
    assert disposal["feedingToPoundKeeper"] == "45.00"
    assert disposal["balance"] == "435.00"
    assert then["unrecovered"] == []
    # (c) is what this sale had to meet (the dues the first left), not today's dues alone.
    assert then["finesAndCharges"] == "45.00"
    (b,) = clauses(then)["b"]  # impounded 3 Jan 15:00, sold 5 Jan 13:00
    assert b["text"].endswith("(1 day, 22 hours)"), b["text"]
    (c,) = clauses(then)["c"]
    assert "expenses of sale Rs 20.00" in c["text"]

    rest = (await gql.ok(HANDOVER, refusal(case, "2026-01-05T15:00:00+05:30"), t.token))[
        "deliverRest"
    ]
    assert rest["balance"] == "435.00"  # not 445: the carried expenses were met
    account = rest["account"]
    assert_account_holds(account)
    assert account["proceeds"] == "650.00"
    assert {d["item"]: d["amount"] for d in account["disposal"]} == {
        "finesToLocalAuthority": "120.00",
        "feedingToPoundKeeper": "75.00",
        "expensesOfSale": "20.00",
        "feedingSinceSale": "0.00",
        "balanceToOwner": "435.00",
    }
    assert account["unrecovered"] == []  # the second sale met what the first left
    assert account["finesAndCharges"] == "195.00"

    uri = clauses(account)["f"][0]["citations"][0]["uri"]
    page = await gql.http.get(uri.removeprefix("http://pashu"))
    assert page.status_code == 200, uri  # the clause cited resolves on the server

    books = await balances(gql, t.token)
    assert books["payee:sale-expenses"] == "20.00"
    assert books["payee:owner"] == "435.00"
    assert held(books, "deposit:surplus") == "0.00"

    papers = (await gql.ok(PAPERS, {"id": case["id"]}, t.token))["impoundment"]
    for doc in [*papers["sales"], *papers["handovers"]]:
        text = doc["document"]["text"]
        for letter in "abcdef":
            assert f"({letter}) " in text and f"s.16(3)({letter})" in text, text
        assert "+00:00" not in text and "T0" not in text  # instants printed in IST
    handover_text = papers["handovers"][0]["document"]["text"]
    assert "Balance, paid to the owner" in handover_text and "Rs 435.00" in handover_text

    period = {"pound": pound, "from": "2026-01-01", "to": "2026-01-31"}
    jan = (await gql.ok(RETURN, period, t.token))["poundReturn"]
    assert jan["saleExpenses"] == "20.00"  # as the ledger has it

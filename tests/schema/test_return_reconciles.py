"""A return's money is the ledger's (issue #32): every sum a return gives is read from the
books, account by account, so a return and the books agree to the paisa.

- Mizoram: the Village Council Fund in a department's return holds what the ledger holds,
  the registration fee (s.12(1)) and the council's half of the animal tax (s.13(2)) included,
  and the Consolidated Fund's half (s.13(2)) is shown; the council's own return shows its
  fund as the ledger has it.
- Nagaland: after a sale on the owner's refusal the rest is delivered with the balance on a
  receipt (s.16(3)-(4)): a delivery the return counts; the surplus paid out is no longer held
  (s.17(3)); the expenses of sale are those the proceeds met (s.16(2))."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from tests.conftest import Databases, GraphQLClient
from tests.schema.impoundment_helpers import DELIVER, DUES, FUNDS, authority_of, department, seize
from tests.schema.test_keeping_pounds import RETURN
from tests.schema.test_refusal_to_pay import REFUSE, REST, refusal, sale
from tests.schema.test_registration import ASSESS, PAY, REGISTER, publish, registration

BOOKS_RETURN = RETURN.replace(
    "balances { account name amount }",
    "balances { account name amount } accounts { account name opening received paidOut closing }",
)


async def ledger(gql: GraphQLClient, token: str) -> dict[str, Decimal]:
    funds = (await gql.ok(FUNDS, token=token))["funds"]
    return {f["account"]: Decimal(f["balance"]) for f in funds if Decimal(f["balance"])}


def closing(ret: dict[str, Any]) -> dict[str, Decimal]:
    return {a["account"]: Decimal(a["closing"]) for a in ret["accounts"] if Decimal(a["closing"])}


def by_name(ret: dict[str, Any]) -> dict[str, str]:
    return {b["name"]: b["amount"] for b in ret["balances"]}


async def test_mizoram_return_funds_are_the_ledgers_fee_and_tax_included(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "mizoram")  # its pound's council: "Kohima TC"
    await publish(gql, t.token, "REGISTRATION_FEE", "10.00", None, "2026-01-01")
    await publish(gql, t.token, "ANIMAL_TAX", "16.67", None, "2026-01-01")
    case = await seize(gql, t.token, pound)
    asked = {"id": case["id"], "asOf": "2026-01-08T10:00:00+05:30"}
    owed = (await gql.ok(DUES, asked, t.token))["impoundment"]["dues"]["total"]  # ss.8(2), 9(1)
    given = {
        "impoundmentId": case["id"],
        "at": "2026-01-08T10:00:00+05:30",
        "claimant": {"name": "T. Sema", "address": "Jotsoma"},
        "amountPaid": owed,
    }
    await gql.ok(DELIVER, {"input": given}, t.token)
    goat = [{"species": "goat", "adults": 1}]
    reg = registration(at="2026-01-10T10:00:00+05:30", owned_since="2026-01-02", animals=goat)
    reg["input"]["villageCouncil"] = "Kohima TC"
    made = (await gql.ok(REGISTER, reg, t.token))["registerAnimals"]
    assess = {"input": {"registrationId": made["id"], "year": 2026, "schedule": "ANNUAL"}}
    (annual,) = (await gql.ok(ASSESS, assess, t.token))["assessAnimalTax"]
    pay = {"instalmentId": annual["id"], "at": "2026-01-11T11:00:00+05:30", "amount": "16.67"}
    await gql.ok(PAY, {"input": pay}, t.token)

    books = await ledger(gql, t.token)
    jan = {"from": "2026-01-01", "to": "2026-01-31"}
    everyone = (await gql.ok(BOOKS_RETURN, jan, t.token))["poundReturn"]
    assert closing(everyone) == books  # every account, to the paisa
    names = by_name(everyone)
    assert names["Village Council Fund, Kohima TC"] == str(Decimal(owed) + Decimal("18.34"))
    assert names["Consolidated Fund of the State"] == "8.33"  # s.13(2): the State's half
    assert (everyone["registrationFees"], everyone["animalTax"]) == ("10.00", "16.67")
    assert everyone["collected"] == owed and everyone["deliveries"] == 1
    text = everyone["document"]["text"]
    assert "Consolidated Fund of the State" in text and "Rs 8.33" in text

    council = await authority_of(gql, t.token)
    own = (await gql.ok(BOOKS_RETURN, {"la": council, **jan}, t.token))["poundReturn"]
    vcf = next(a for a in own["accounts"] if a["name"] == "Village Council Fund, Kohima TC")
    assert Decimal(vcf["closing"]) == books[vcf["account"]]
    # The pound's own return: its cases' money only (no fee or tax is a pound's).
    theirs = (await gql.ok(BOOKS_RETURN, {"pound": pound, **jan}, t.token))["poundReturn"]
    assert by_name(theirs) == {"Village Council Fund, Kohima TC": owed}
    # Opening, movements and closing chain across periods.
    feb = (await gql.ok(BOOKS_RETURN, {"from": "2026-02-01", "to": "2026-02-28"}, t.token))[
        "poundReturn"
    ]
    assert {a["account"]: Decimal(a["opening"]) for a in feb["accounts"]} == {
        a["account"]: Decimal(a["closing"]) for a in everyone["accounts"]
    }
    assert all(Decimal(a["received"]) == Decimal(a["paidOut"]) == 0 for a in feb["accounts"])


async def test_nagaland_return_counts_the_rest_delivered_and_holds_no_surplus_paid_out(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)
    await gql.ok(REFUSE, refusal(case, "2026-01-05T10:00:00+05:30"), t.token)
    await gql.ok(
        "mutation($input: RecordSaleInput!) { recordSale(input: $input) { proceeds } }",
        sale(case, "2026-01-05T12:00:00+05:30"),  # 900: dues 195, expenses 40, balance 665
        t.token,
    )
    jan = {"pound": pound, "from": "2026-01-01", "to": "2026-01-31"}
    before = (await gql.ok(BOOKS_RETURN, jan, t.token))["poundReturn"]
    assert before["surplusHeld"] == "665.00" and before["deliveries"] == 0
    rest = (await gql.ok(REST, refusal(case, "2026-01-06T10:00:00+05:30"), t.token))["deliverRest"]
    assert rest["balance"] == "650.00"  # one day's feeding of the rest (15) taken from it

    after = (await gql.ok(BOOKS_RETURN, jan, t.token))["poundReturn"]
    assert after["deliveries"] == 1  # s.16(3)-(4): the rest went back on a receipt
    assert after["surplusHeld"] == "0.00"  # s.17(3): nothing left in deposit
    assert (after["saleProceeds"], after["saleExpenses"]) == ("900.00", "40.00")
    moved = {a["account"]: a for a in after["accounts"]}
    assert moved["payee:owner"]["received"] == "650.00"
    books = await ledger(gql, t.token)
    assert closing(after) == books
    assert "Surplus proceeds held" in after["document"]["text"]

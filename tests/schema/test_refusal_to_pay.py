"""An owner who appears but will not pay: the sale at the Act's own time, of what the dues
need, and the rest delivered with the balance and the account, or refused (Nagaland s.16;
Mizoram s.10(2), (4))."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from tests.conftest import Databases, GraphQLClient, make_tenant
from tests.schema.clocks_helpers import sweep
from tests.schema.impoundment_helpers import (
    DELIVER,
    DUES,
    SALE,
    balances,
    department,
    notice,
    seize,
)


def held(books: dict[str, str], account: str) -> str:
    """The balance of `account`, kept per local body or pound (`fund:x@Kohima TC`)."""
    found = [v for k, v in books.items() if k == account or k.startswith(f"{account}@")]
    assert len(found) == 1, (account, books)
    return found[0]


OWNER = {"name": "T. Sema", "address": "Jotsoma"}
REFUSE = """
mutation($input: RecordRefusalToPayInput!) {
  recordRefusalToPay(input: $input) { at deposit dues claimant { name } }
}"""
REST = """
mutation($input: DeliverRestInput!) {
  deliverRest(input: $input) {
    accepted receiptNumber animals balance
    account { cattleSeized cattleSold proceeds finesAndCharges
              disposal { item amount } citations }
  }
}"""
CASE = """
query($id: ID!) { impoundment(id: $id) {
  status
  nextAction { action notBefore }
  timeline { action notBefore citation { section confidence } explanation }
  animals { species status }
  refusals { at dues }
  handovers { accepted receiptNumber balance }
} }"""
SCHEDULE = """
mutation($input: ScheduleAuctionInput!) { scheduleAuction(input: $input) { id } }"""
PAPER = """
query($id: ID!) { impoundment(id: $id) { handovers { document { title text } } } }"""
SHORT_SALE = """
mutation($input: RecordSaleInput!) {
  recordSale(input: $input) { account { unrecovered { item amount } } }
}"""
CLAIM = """
mutation($input: ClaimProceedsInput!) { claimProceeds(input: $input) { amount } }"""


def refusal(case: dict[str, Any], at: str, **more: Any) -> dict[str, Any]:
    return {"input": {"impoundmentId": case["id"], "at": at, "claimant": OWNER, **more}}


def sale(case: dict[str, Any], at: str) -> dict[str, Any]:
    return {
        "input": {
            "impoundmentId": case["id"],
            "at": at,
            "lots": [{"species": "cow", "count": 1}],
            "buyer": {"name": "L. Ao", "address": "Mokokchung"},
            "price": "900.00",
            "expenses": "40.00",
        }
    }


def assert_balanced(books: dict[str, str]) -> None:
    assert sum(Decimal(v) for v in books.values()) == 0, books


async def show(gql: GraphQLClient, token: str, case: dict[str, Any]) -> dict[str, Any]:
    found: dict[str, Any] = (await gql.ok(CASE, {"id": case["id"]}, token))["impoundment"]
    return found


async def test_nagaland_sale_on_refusal_follows_at_once_and_the_rest_goes_back_with_the_balance(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)  # 2 cows, 1 goat impounded 3 Jan 15:00
    early = await gql.error(REFUSE, refusal(case, "2026-01-03T12:00:00+05:30"), t.token)
    assert early["extensions"]["code"] == "TOO_EARLY"  # before the cattle were impounded
    refused = (await gql.ok(REFUSE, refusal(case, "2026-01-05T10:00:00+05:30"), t.token))[
        "recordRefusalToPay"
    ]
    assert refused["dues"] == "195.00"  # fines 120 + feeding 3 days × 25
    seen = await show(gql, t.token, case)
    steps = {s["action"]: s for s in seen["timeline"]}
    assert "REPORT_UNCLAIMED" not in steps  # the owner claimed: s.14 is for cattle not claimed
    assert steps["AUCTION"]["notBefore"] == "2026-01-05T10:00:00+05:30"
    assert steps["AUCTION"]["citation"] == {"section": "16(1)", "confidence": "INTERPRETED"}
    assert "interpreted" in steps["AUCTION"]["explanation"]
    assert seen["nextAction"] == {"action": "AUCTION", "notBefore": "2026-01-05T10:00:00+05:30"}
    twice = await gql.error(REFUSE, refusal(case, "2026-01-05T11:00:00+05:30"), t.token)
    assert twice["extensions"]["code"] == "CONFLICT"
    # An owner disputing the seizure who will not deposit (s.15) takes the same path.
    other = await seize(gql, t.token, pound)
    protest = await gql.ok(
        REFUSE, refusal(other, "2026-01-05T10:00:00+05:30", deposit=True), t.token
    )
    assert protest["recordRefusalToPay"]["deposit"] is True

    # Sold the same day: no seven days after a notice (s.16(1) with s.14(3)).
    sold = (await gql.ok(SALE, sale(case, "2026-01-05T12:00:00+05:30"), t.token))["recordSale"]
    disposal = {d["item"]: d["amount"] for d in sold["account"]["disposal"]}
    assert disposal == {
        "finesToLocalAuthority": "120.00",
        "feedingToPoundKeeper": "75.00",
        "expensesOfSale": "40.00",
        "balance": "665.00",
    }
    assert "16(1)" in sold["account"]["citations"]
    again = await gql.error(SALE, sale(case, "2026-01-05T13:00:00+05:30"), t.token)
    assert again["extensions"]["code"] == "CONFLICT"  # as many as necessary were sold
    assert again["extensions"]["citation"]["section"] == "16(1)"
    auction = await gql.error(
        SCHEDULE,
        {"input": {"impoundmentId": case["id"], "at": "2026-01-05T13:00:00+05:30"}},
        t.token,
    )
    assert auction["extensions"]["code"] == "CONFLICT"  # nor is another auction due
    # s.16(3): the rest are the owner's, to be delivered to him; no time is set (interpreted).
    assert (await show(gql, t.token, case))["nextAction"] == {
        "action": "DELIVER_REST",
        "notBefore": "2026-01-05T12:00:00+05:30",
    }

    # A day later: one day's feeding of the rest (10 + 5) comes out of the balance.
    rest = (await gql.ok(REST, refusal(case, "2026-01-06T10:00:00+05:30"), t.token))["deliverRest"]
    assert rest["accepted"] is True and rest["receiptNumber"] == 1 and rest["animals"] == 2
    assert rest["balance"] == "650.00"
    account = rest["account"]
    assert (account["cattleSeized"], account["cattleSold"]) == (3, 1)  # s.16(3)(a), (d)
    assert account["proceeds"] == "900.00" and account["finesAndCharges"] == "210.00"
    assert {"16(3)", "16(4)"} <= set(account["citations"])
    seen = await show(gql, t.token, case)
    assert sorted(a["status"] for a in seen["animals"]) == ["DELIVERED", "DELIVERED", "SOLD"]
    assert seen["nextAction"] is None
    paper = (await gql.ok(PAPER, {"id": case["id"]}, t.token))["impoundment"]["handovers"][0]
    assert paper["document"]["title"] == "Account of sale and receipt no. 1"
    assert "(d) Animals sold" in paper["document"]["text"]
    assert "Rs 650.00" in paper["document"]["text"]
    # Charges stop on what was delivered.
    later = await gql.ok(DUES, {"id": case["id"], "asOf": "2026-02-01T10:00:00+05:30"}, t.token)
    assert later["impoundment"]["dues"]["lines"] == []
    books = await balances(gql, t.token)
    assert books["payee:owner"] == "650.00"
    assert held(books, "deposit:surplus") == "0.00"
    assert held(books, "fund:pound_keeper") == "90.00"
    assert_balanced(books)


async def test_nagaland_rest_refused_is_unclaimed_and_follows_section_14(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)
    before = await gql.error(REST, refusal(case, "2026-01-05T10:00:00+05:30"), t.token)
    assert before["extensions"]["code"] == "CONFLICT"  # no sale on a refusal yet
    await gql.ok(REFUSE, refusal(case, "2026-01-05T10:00:00+05:30"), t.token)
    await gql.ok(SALE, sale(case, "2026-01-05T12:00:00+05:30"), t.token)
    refused = (
        await gql.ok(REST, refusal(case, "2026-01-05T13:00:00+05:30", accepted=False), t.token)
    )["deliverRest"]
    assert refused["accepted"] is False and refused["receiptNumber"] is None
    assert refused["balance"] == "0.00"
    assert "16(5)" in refused["account"]["citations"]
    seen = await show(gql, t.token, case)
    assert sorted(a["status"] for a in seen["animals"]) == ["IN_POUND", "IN_POUND", "SOLD"]
    # Unclaimed now: the report of s.14(1) is the next duty, the surplus stays in deposit.
    assert seen["nextAction"] == {
        "action": "REPORT_UNCLAIMED",
        "notBefore": "2026-01-11T00:00:00+05:30",
    }
    books = await balances(gql, t.token)
    assert held(books, "deposit:surplus") == "665.00"
    assert_balanced(books)
    # The sweep acts on the moved clock: the report falls due on 11 January.
    done = await sweep(gql, t.token, "2026-01-11T09:00:00+05:30")
    assert "REPORT_UNCLAIMED" in {d["kind"] for d in done}


async def test_sweep_schedules_the_auction_from_the_refusal(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)
    assert await sweep(gql, t.token, "2026-01-05T11:00:00+05:30") == []
    await gql.ok(REFUSE, refusal(case, "2026-01-05T10:00:00+05:30"), t.token)
    done = await sweep(gql, t.token, "2026-01-05T11:00:00+05:30")
    assert [d["kind"] for d in done] == ["SCHEDULE_AUCTION"]


async def test_mizoram_refusal_only_within_the_claim_period_and_its_sale_is_not_refunded(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "mizoram")
    late_case = await seize(gql, t.token, pound)
    await notice(gql, t.token, late_case, "ANNOUNCE_SEIZURE", "2026-01-03T18:00:00+05:30")
    late = await gql.error(REFUSE, refusal(late_case, "2026-01-11T10:00:00+05:30"), t.token)
    assert late["extensions"]["code"] == "TOO_LATE"  # the animals are unclaimed by then
    assert late["extensions"]["citation"]["section"] == "10(2)"
    protest = await gql.error(
        REFUSE, refusal(late_case, "2026-01-05T10:00:00+05:30", deposit=True), t.token
    )
    assert protest["extensions"]["code"] == "NOT_IN_JURISDICTION"  # no deposit under protest

    case = await seize(gql, t.token, pound)
    await notice(gql, t.token, case, "ANNOUNCE_SEIZURE", "2026-01-03T18:00:00+05:30")
    await gql.ok(REFUSE, refusal(case, "2026-01-05T10:00:00+05:30"), t.token)
    steps = {s["action"]: s for s in (await show(gql, t.token, case))["timeline"]}
    assert steps["AUCTION"]["citation"]["section"] == "10(2)"
    assert "CLAIM_SALE_PROCEEDS" not in steps  # s.10(4) refunds a sale under s.10(1) only
    await gql.ok(SALE, sale(case, "2026-01-05T12:00:00+05:30"), t.token)
    claim = await gql.error(
        CLAIM,
        {
            "input": {
                "impoundmentId": case["id"],
                "at": "2026-01-06T10:00:00+05:30",
                "claimant": OWNER,
            }
        },
        t.token,
    )
    assert claim["extensions"]["code"] == "CONFLICT"
    assert claim["extensions"]["citation"]["section"] == "10(4)"
    nothing = await gql.error(REST, refusal(case, "2026-01-05T13:00:00+05:30"), t.token)
    assert nothing["extensions"]["code"] == "NOT_IN_JURISDICTION"  # no s.16(3) account
    # The rest go back with nothing more owed on the day of the sale: their dues were met.
    given = {
        "input": {
            "impoundmentId": case["id"],
            "at": "2026-01-05T13:00:00+05:30",
            "claimant": OWNER,
            "amountPaid": "0.00",
        }
    }
    assert (await gql.ok(DELIVER, given, t.token))["deliverToOwner"]["amount"] == "0.00"
    books = await balances(gql, t.token)
    assert "payee:owner" not in books
    assert_balanced(books)


async def test_chhattisgarh_has_no_sale_on_refusal(dbs: Databases, gql: GraphQLClient) -> None:
    t = make_tenant(dbs, "chhattisgarh")
    fake = {"id": "SW1wb3VuZG1lbnQ6MDAwMDAwMDAtMDAwMC0wMDAwLTAwMDAtMDAwMDAwMDAwMDAx"}
    err = await gql.error(REFUSE, refusal(fake, "2026-01-05T10:00:00+05:30"), t.token)
    assert err["extensions"]["code"] == "NOT_IN_JURISDICTION"
    rest = await gql.error(REST, refusal(fake, "2026-01-05T10:00:00+05:30"), t.token)
    assert rest["extensions"]["code"] == "NOT_IN_JURISDICTION"


async def test_a_sale_short_of_the_dues_lets_another_follow_until_they_are_met(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)
    await gql.ok(REFUSE, refusal(case, "2026-01-05T10:00:00+05:30"), t.token)
    cheap = sale(case, "2026-01-05T12:00:00+05:30")
    cheap["input"].update(price="150.00", expenses="0.00")
    first = (await gql.ok(SHORT_SALE, cheap, t.token))["recordSale"]["account"]
    unpaid = {d["item"]: d["amount"] for d in first["unrecovered"]}
    assert unpaid["unrecoveredFeeding"] == "45.00"  # 150 - fines 120 leaves 30 of 75
    assert (await show(gql, t.token, case))["nextAction"]["action"] == "AUCTION"
    second = sale(case, "2026-01-05T13:00:00+05:30")
    second["input"].update(price="500.00", expenses="0.00")
    sold = (await gql.ok(SALE, second, t.token))["recordSale"]
    disposal = {d["item"]: d["amount"] for d in sold["account"]["disposal"]}
    assert disposal["feedingToPoundKeeper"] == "45.00"  # what the first sale left unpaid
    assert disposal["balance"] == "455.00"
    third = await gql.error(SALE, sale(case, "2026-01-05T14:00:00+05:30"), t.token)
    assert third["extensions"]["code"] == "CONFLICT"  # the dues are met: no more is sold
    rest = (await gql.ok(REST, refusal(case, "2026-01-05T15:00:00+05:30"), t.token))["deliverRest"]
    assert rest["balance"] == "455.00" and rest["animals"] == 1
    assert rest["account"]["cattleSold"] == 2
    books = await balances(gql, t.token)
    assert (
        held(books, "fund:pound_keeper") == "75.00"
        and held(books, "fund:local_authority_fund") == "120.00"
    )
    assert_balanced(books)

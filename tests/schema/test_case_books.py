"""A case's money as the model of its course answers it (issue #31): each sum received and
the accounts it went to, named in the Act's words with their sections; each sum held for a
window, when the window ends and where the sum goes then; and the clock moving exactly
what the model said was due to move."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from tests.conftest import Databases, GraphQLClient, statements
from tests.schema.clocks_helpers import sweep
from tests.schema.impoundment_helpers import SALE, department, notice, seize
from tests.schema.test_complaints_money import filed, protest
from tests.schema.test_refusal_to_pay import CLAIM, OWNER, REFUSE, REST, refusal, sale

MONEY = """
query($id: ID!, $asOf: DateTime) { impoundment(id: $id) {
  moneyMoved(asOf: $asOf) {
    at kind received receivedFrom
    into { account name amount citations { section } explanation }
    outOf { account name amount }
  }
  heldSums(asOf: $asOf) {
    heldIn { account name amount citations { section } }
    heldFor heldFrom ends due
    goesTo { account name amount citations { section } }
    citations { section } explanation
  }
  timeline { action deadline }
} }"""


async def money(gql: GraphQLClient, token: str, case: dict[str, Any], at: str) -> dict[str, Any]:
    found: dict[str, Any] = (await gql.ok(MONEY, {"id": case["id"], "asOf": at}, token))[
        "impoundment"
    ]
    return found


def into(moved: dict[str, Any]) -> dict[str, tuple[str, set[str]]]:
    """Where a movement put its money: the account's kind and key, its name and sections."""
    return {
        ":".join(p["account"].split(":")[:2]): (
            p["amount"],
            p["name"],
            {c["section"] for c in p["citations"]},
        )
        for p in moved["into"]
    }


async def test_nagaland_s17_3_a_surplus_is_held_three_months_then_credited_to_the_fund(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """s.16(2)-(3): the sale's proceeds go to the fines, the feeding charges and the expenses,
    the balance into the local authority's deposit; s.17(3): held three months, then
    credited to its fund, as the sweep does on the day the model says."""
    t, pound = await department(dbs, gql, "nagaland")
    seized = await seize(gql, t.token, pound)  # 2 cows, 1 goat
    await gql.ok(REFUSE, refusal(seized, "2026-01-05T10:00:00+05:30"), t.token)
    await gql.ok(SALE, sale(seized, "2026-01-05T12:00:00+05:30"), t.token)  # one cow, 900
    await gql.ok(REST, refusal(seized, "2026-01-05T13:00:00+05:30", accepted=False), t.token)
    found = await money(gql, t.token, seized, "2026-01-12T09:00:00+05:30")
    (sold,) = found["moneyMoved"]
    assert (sold["kind"], sold["received"], sold["receivedFrom"]) == (
        "impoundment.sale",
        "900.00",
        ["payer:buyer"],
    )
    went = into(sold)
    assert went["fund:local_authority_fund"][:2] == ("120.00", "Local authority fund")
    assert "11(3)" in went["fund:local_authority_fund"][2]
    assert went["fund:pound_keeper"][0] == "75.00" and "17(2)" in went["fund:pound_keeper"][2]
    assert went["payee:sale-expenses"][0] == "40.00"
    assert went["deposit:surplus"][0] == "665.00" and "17(3)" in went["deposit:surplus"][2]
    assert sum(Decimal(p["amount"]) for p in sold["into"]) == Decimal(sold["received"])

    (held,) = found["heldSums"]
    assert held["heldIn"]["account"].startswith("deposit:surplus:")
    assert held["heldIn"]["amount"] == "665.00"
    assert held["heldFor"] == "CLAIM_SURPLUS"
    assert held["heldFrom"] == "2026-01-05T12:00:00+05:30"  # from the sale (interpreted)
    claim = next(s for s in found["timeline"] if s["action"] == "CLAIM_SURPLUS")
    assert held["ends"] == claim["deadline"]  # the timeline's window, timed from the sale
    assert held["due"] is False
    (fund,) = held["goesTo"]
    assert fund["account"].startswith("fund:local_authority_fund:")
    assert (fund["name"], fund["amount"]) == ("Local authority fund", "665.00")
    assert {"17(3)", "18(1)"} <= {c["section"] for c in held["citations"]}

    # The window ended: still held until the sweep runs, which moves what was due.
    (late,) = (await money(gql, t.token, seized, held["ends"]))["heldSums"]
    assert late["due"] is True
    done = await sweep(gql, t.token, "2026-04-06T09:00:00+05:30")
    (credited,) = [d for d in done if d["kind"] == "CREDIT_UNCLAIMED_SURPLUS"]
    assert credited["at"] == held["ends"]
    after = await money(gql, t.token, seized, "2026-04-06T09:00:00+05:30")
    assert after["heldSums"] == []
    last = after["moneyMoved"][-1]
    assert (last["kind"], last["received"], last["at"]) == (
        "impoundment.unclaimed_surplus",
        "0.00",
        held["ends"],
    )
    assert [(p["account"], p["amount"]) for p in last["outOf"]] == [
        (held["heldIn"]["account"], "665.00")
    ]
    assert [(p["account"], p["amount"]) for p in last["into"]] == [(fund["account"], "665.00")]


async def test_nagaland_s15_a_deposit_under_protest_is_held_for_the_complaint_window(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """ss.15, 20: held until ten days from the seizure, then applied (fines to the local
    authority's fund, s.11(3); feeding charges to the pound-keeper, s.17(2)) as the sweep
    does; a complaint filed, it waits for the decision."""
    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)  # seized 3 January
    await protest(gql, t.token, case)  # 4 January: 170, fines 120
    found = await money(gql, t.token, case, "2026-01-05T09:00:00+05:30")
    (paid,) = found["moneyMoved"]
    assert (paid["kind"], paid["received"], paid["receivedFrom"]) == (
        "impoundment.delivery",
        "170.00",
        ["payer:owner"],
    )
    assert into(paid)["deposit:protest"][:2] == ("170.00", "deposit made under protest")
    assert {"15", "20"} <= into(paid)["deposit:protest"][2]
    (held,) = found["heldSums"]
    assert held["heldIn"]["account"] == "deposit:protest"
    assert held["heldFor"] == "COMPLAIN_ILLEGAL_SEIZURE"
    complaint = next(s for s in found["timeline"] if s["action"] == "COMPLAIN_ILLEGAL_SEIZURE")
    assert held["ends"] == complaint["deadline"] == "2026-01-14T00:00:00+05:30"
    goes = {p["account"].split(":")[1]: (p["amount"], p["citations"]) for p in held["goesTo"]}
    assert goes["local_authority_fund"][0] == "120.00"
    assert goes["pound_keeper"][0] == "50.00"
    assert {"15", "20"} <= {c["section"] for c in held["citations"]}

    done = await sweep(gql, t.token, "2026-01-14T06:00:00+05:30")
    (applied,) = [d for d in done if d["kind"] == "APPLY_PROTEST_DEPOSIT"]
    assert applied["at"] == held["ends"]
    after = await money(gql, t.token, case, "2026-01-14T06:00:00+05:30")
    assert after["heldSums"] == []
    last = after["moneyMoved"][-1]
    assert [p["amount"] for p in last["outOf"]] == ["170.00"]
    assert sorted((p["account"], p["amount"]) for p in last["into"]) == sorted(
        (p["account"], p["amount"]) for p in held["goesTo"]
    )

    # With a complaint filed, the deposit waits for the decision: no end the Act times.
    other = await seize(gql, t.token, pound)
    await protest(gql, t.token, other)
    await filed(gql, t.token, other)
    (waiting,) = (await money(gql, t.token, other, "2026-01-20T06:00:00+05:30"))["heldSums"]
    assert (waiting["ends"], waiting["goesTo"], waiting["due"]) == (None, [], False)
    assert "decision" in waiting["explanation"]


async def test_mizoram_s10_4_part_sale_proceeds_sit_in_the_fund_refundable_for_fifteen_days(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """s.10(4): a sale of unclaimed animals (one cow of three animals) pays its proceeds into
    the Village Council Fund whole; the owner may claim them, less the fines and charges,
    for fifteen days, and nothing moves when the window ends. The sum the model holds
    refundable is what claimProceeds pays."""
    t, pound = await department(dbs, gql, "mizoram")
    seized = await seize(gql, t.token, pound)
    await notice(gql, t.token, seized, "ANNOUNCE_SEIZURE", "2026-01-03T18:00:00+05:30")
    account = (await gql.ok(SALE, sale(seized, "2026-01-20T12:00:00+05:30"), t.token))[
        "recordSale"
    ]["account"]
    refundable = Decimal(account["proceeds"]) - Decimal(account["finesAndCharges"])
    found = await money(gql, t.token, seized, "2026-01-21T09:00:00+05:30")
    (sold,) = found["moneyMoved"]
    (amount, name, sections) = into(sold)["fund:village_council_fund"]
    assert (sold["received"], amount, name) == ("900.00", "900.00", "Village Council Fund")
    assert "10(4)" in sections
    (held,) = found["heldSums"]
    assert held["heldIn"]["account"].startswith("fund:village_council_fund:")
    assert Decimal(held["heldIn"]["amount"]) == refundable
    assert held["heldFor"] == "CLAIM_SALE_PROCEEDS"
    claim = next(s for s in found["timeline"] if s["action"] == "CLAIM_SALE_PROCEEDS")
    assert held["ends"] == claim["deadline"]
    assert held["goesTo"] == []  # in the fund already: the window's end moves nothing
    assert "10(4)" in {c["section"] for c in held["citations"]}

    given = {"impoundmentId": seized["id"], "at": "2026-01-25T10:00:00+05:30", "claimant": OWNER}
    paid = (await gql.ok(CLAIM, {"input": given}, t.token))["claimProceeds"]["amount"]
    assert Decimal(paid) == refundable
    after = await money(gql, t.token, seized, "2026-01-25T10:00:00+05:30")
    assert after["heldSums"] == []
    last = after["moneyMoved"][-1]
    assert last["kind"] == "impoundment.claim"
    assert [(p["account"], p["amount"]) for p in last["into"]] == [("payee:owner", paid)]


async def test_mizoram_a_sale_on_refusal_holds_nothing_for_the_owner(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """s.10(2), (4): no refund lies after a sale on the owner's refusal: the proceeds are in
    the Village Council Fund and nothing is held."""
    t, pound = await department(dbs, gql, "mizoram")
    seized = await seize(gql, t.token, pound)
    await notice(gql, t.token, seized, "ANNOUNCE_SEIZURE", "2026-01-03T18:00:00+05:30")
    await gql.ok(REFUSE, refusal(seized, "2026-01-05T10:00:00+05:30"), t.token)
    await gql.ok(SALE, sale(seized, "2026-01-05T12:00:00+05:30"), t.token)
    found = await money(gql, t.token, seized, "2026-01-06T09:00:00+05:30")
    assert found["heldSums"] == []
    (sold,) = found["moneyMoved"]
    assert into(sold)["fund:village_council_fund"][0] == "900.00"


PAGE = """
query($asOf: DateTime) { impoundments(first: 10) { edges { node {
  dues(asOf: $asOf) { total }
  books { account balance }
  moneyMoved(asOf: $asOf) { kind received into { account amount } }
  heldSums(asOf: $asOf) { heldIn { account amount } ends goesTo { account amount } }
} } } }"""


async def test_a_page_of_cases_money_costs_the_same_statements_for_more_cases(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """The model's facts are read through the request's DataLoaders: one case or three,
    each with a sale and its surplus held, cost the same statements."""

    async def counted(cases: int) -> int:
        t, pound = await department(dbs, gql, "nagaland")
        for _ in range(cases):
            seized = await seize(gql, t.token, pound)
            await gql.ok(REFUSE, refusal(seized, "2026-01-05T10:00:00+05:30"), t.token)
            await gql.ok(SALE, sale(seized, "2026-01-05T12:00:00+05:30"), t.token)
        asked = {"asOf": "2026-01-12T09:00:00+05:30"}
        for _ in range(2):  # the caches a request may warm (the token's, the Act's)
            await gql.ok(PAGE, asked, t.token)
        with statements(dbs) as seen:
            found = await gql.ok(PAGE, asked, t.token)
        nodes = [e["node"] for e in found["impoundments"]["edges"]]
        assert len(nodes) == cases and all(len(n["heldSums"]) == 1 for n in nodes)
        return len(seen)

    assert await counted(1) == await counted(3)

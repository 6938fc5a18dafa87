"""Issue #32, remedies and money: the offence of mischief by causing cattle to trespass
(Nagaland s.26), its fine and an s.25 fine recovered by sale of cattle that were never
impounded (s.26: "whether they were seized in the act of tresspassing or not"), and a fine
on conviction that names the local body whose fund receives it (s.18(1) as read)."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from pashu.db.offences import Fine
from pashu.schema.node import from_global_id, to_global_id
from tests.conftest import Databases, GraphQLClient, TenantFixture, make_tenant
from tests.schema.impoundment_helpers import balances, department, seize

OFFENCE = """
mutation($section: String!) {
  recordOffence(input: {section: $section, committedAt: "2026-01-03T09:00:00+05:30",
      offender: {name: "T. Sema", address: "Jotsoma", role: KEEPER}}) {
    id section offence { code fineMax citation { section } }
  }
}"""
FINE = """
mutation($id: ID!, $amount: Decimal!, $body: String) {
  imposeFine(input: {offenceId: $id, amount: $amount, at: "2026-01-05T11:00:00+05:30",
      localAuthority: $body}) {
    id capUnknown warning routes { account amount } citations { section }
  }
}"""
PAY = """
mutation($id: ID!) {
  payFine(input: {fineId: $id, at: "2026-01-06T10:00:00+05:30", fromSalary: false}) { id }
}"""
SELL = """
mutation($input: RecordFineRecoverySaleInput!) {
  recordFineRecoverySale(input: $input) {
    fineId cattle cattleSold allOfThem place owner { name } buyer { name role }
    price expenses fineRecovered fineUnrecovered balance disposal { item amount }
    citations { section confidence note }
  }
}"""
FUNDS = "{ funds { account name balance } }"
CATALOGUE = """{ jurisdiction(code: "nagaland") {
  offences { code section fineMax imprisonmentMaxMonths unknownFields unknownReason
             citations { section } } } }"""


async def offence_fined(
    gql: GraphQLClient, t: TenantFixture, section: str, amount: str, body: str | None
) -> str:
    case = (await gql.ok(OFFENCE, {"section": section}, t.token))["recordOffence"]
    fine = await gql.ok(FINE, {"id": case["id"], "amount": amount, "body": body}, t.token)
    found: str = fine["imposeFine"]["id"]
    return found


def sale(fine: str, **over: Any) -> dict[str, Any]:
    given: dict[str, Any] = {
        "fineId": fine,
        "at": "2026-01-08T12:00:00+05:30",
        "cattle": {
            "description": "1 cow, black, left horn broken",
            "count": 1,
            "allOfThem": False,
            # Only in the convict's charge: s.26 reaches them too, and the balance is hers.
            "owner": {"name": "K. Lotha", "address": "Wokha"},
        },
        "place": "Jotsoma weekly market",
        "buyer": {"name": "L. Ao", "address": "Mokokchung"},
        "price": "900.00",
        "expenses": "40.00",
    }
    given.update(over)
    return {"input": given}


async def test_nagaland_s26_mischief_by_causing_cattle_to_trespass_is_recorded_and_fined(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """s.26 names "the offence of mischief by causing cattle to tresspass on any land"; the
    Act does not punish it (the general criminal law does), so it gives no bound: none is
    applied, and the fine says why, never "no limit"."""
    listed = (await gql.ok(CATALOGUE))["jurisdiction"]["offences"]
    s26 = next(o for o in listed if o["section"] == "26")
    assert s26["code"] == "s26" and s26["fineMax"] is None
    assert set(s26["unknownFields"]) == {"fineMax", "imprisonmentMaxMonths"}
    assert "general criminal law" in s26["unknownReason"]
    assert [c["section"] for c in s26["citations"]] == ["26", "29"]
    # The others keep their bounds, exactly as ss.24, 25 and 28 give them.
    bounds = {o["section"]: o["fineMax"] for o in listed}
    assert bounds == {"24": "500.00", "25": "250.00", "26": None, "28": "50.00"}

    t = make_tenant(dbs, "nagaland")
    case = (await gql.ok(OFFENCE, {"section": "26"}, t.token))["recordOffence"]
    assert case["offence"]["code"] == "s26"
    assert case["offence"]["citation"]["section"] == "26"
    fine = (
        await gql.ok(FINE, {"id": case["id"], "amount": "1000.00", "body": "Jotsoma VC"}, t.token)
    )["imposeFine"]
    assert fine["capUnknown"] is True
    assert "general criminal law" in fine["warning"]
    assert {"26", "29"} <= {c["section"] for c in fine["citations"]}


async def test_nagaland_s26_fine_recovered_by_sale_of_cattle_never_impounded(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """s.26: the fine "may be recovered by sale of the all or any of the cattle by which the
    tresspass was committed, whether they were seized in the act of tresspassing or not".
    s.26 is silent on the balance: it is the owner's, held by the local authority for his
    claim (s.16(3), s.17(3), marked interpreted)."""
    t = make_tenant(dbs, "nagaland")
    fine = await offence_fined(gql, t, "25", "200.00", "Jotsoma VC")
    early = await gql.error(SELL, sale(fine, at="2026-01-05T10:00:00+05:30"), t.token)
    assert early["extensions"]["code"] == "TOO_EARLY"  # before the fine was imposed
    sold = (await gql.ok(SELL, sale(fine), t.token))["recordFineRecoverySale"]
    assert sold["fineId"] == fine
    assert (sold["cattle"], sold["cattleSold"], sold["place"]) == (
        "1 cow, black, left horn broken",
        1,
        "Jotsoma weekly market",
    )
    assert sold["owner"]["name"] == "K. Lotha" and sold["buyer"]["name"] == "L. Ao"
    # 900 - expenses 40 - the fine 200 = 660 for the owner; the lines add up to the price.
    assert (sold["fineRecovered"], sold["fineUnrecovered"], sold["balance"]) == (
        "200.00",
        "0.00",
        "660.00",
    )
    lines = {d["item"]: d["amount"] for d in sold["disposal"]}
    assert lines == {"expensesOfSale": "40.00", "fineOnConviction": "200.00", "balance": "660.00"}
    assert sum(Decimal(v) for v in lines.values()) == Decimal(sold["price"])
    marks = {c["section"]: c for c in sold["citations"]}
    assert "26" in marks
    assert marks["17(3)"]["confidence"] == "INTERPRETED"
    assert "silent" in marks["17(3)"]["note"]

    books = {f["account"]: f for f in (await gql.ok(FUNDS, token=t.token))["funds"]}
    named = {f["name"]: f["balance"] for f in books.values()}
    assert named["Local authority fund, Jotsoma VC"] == "200.00"
    assert named["Local authority deposit (surplus proceeds), Jotsoma VC"] == "660.00"
    assert books["payee:sale-expenses"]["balance"] == "40.00"
    assert books["payer:buyer"]["balance"] == "-900.00"
    assert not [n for n in named if "not named" in n]
    assert sum(Decimal(f["balance"]) for f in books.values()) == 0

    paid = await gql.error(PAY, {"id": fine}, t.token)
    assert paid["extensions"]["code"] == "CONFLICT"  # recovered already
    again = await gql.error(SELL, sale(fine), t.token)
    assert again["extensions"]["code"] == "CONFLICT"
    assert (await balances(gql, t.token))["payer:buyer"] == "-900.00"  # nothing changed


async def test_a_sale_of_all_the_cattle_recovers_what_it_can_and_mischief_fines_too(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """s.26 reaches a fine "for the offence of mischief by causing cattle to tresspass" as
    well as one under s.25; a sale of all the cattle recovers what it fetches (s.26: "the all
    or any"), the rest of the fine stays unrecovered; an s.24 fine is not recovered so."""
    t = make_tenant(dbs, "nagaland")
    mischief = await offence_fined(gql, t, "26", "300.00", "Jotsoma VC")
    cattle = {
        "description": "2 pigs",
        "count": 2,
        "allOfThem": True,
        "owner": {"name": "T. Sema", "address": "Jotsoma"},
    }
    sold = (await gql.ok(SELL, sale(mischief, cattle=cattle, price="250.00"), t.token))[
        "recordFineRecoverySale"
    ]
    assert (sold["fineRecovered"], sold["fineUnrecovered"], sold["balance"]) == (
        "210.00",
        "90.00",
        "0.00",
    )
    books = await balances(gql, t.token)
    assert books["fund:local_authority_fund@Jotsoma VC"] == "210.00"
    assert not [a for a in books if a.startswith("deposit:")]

    rescue = await offence_fined(gql, t, "24", "100.00", "Jotsoma VC")
    err = await gql.error(SELL, sale(rescue), t.token)
    assert err["extensions"]["code"] == "VALIDATION"
    assert err["extensions"]["citation"]["section"] == "26"


async def test_cattle_still_in_the_pound_are_sold_with_their_case_not_at_large(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """The case-linked path stays: cattle in the pound are sold by recordSale (s.16 with
    s.26); a sale "at large" of the same fine is refused while they are there."""
    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)
    linked = """mutation($imp: ID!) { recordOffence(input: {section: "25",
        committedAt: "2026-01-03T09:00:00+05:30", impoundmentId: $imp,
        offender: {name: "T. Sema", address: "Jotsoma", role: OWNER}}) { id } }"""
    offence = (await gql.ok(linked, {"imp": case["id"]}, t.token))["recordOffence"]
    fine = (await gql.ok(FINE, {"id": offence["id"], "amount": "200.00"}, t.token))["imposeFine"]
    # The case's pound names the local body: none need be given.
    assert fine["routes"][0]["account"].startswith("fund:local_authority_fund:")
    err = await gql.error(SELL, sale(fine["id"]), t.token)
    assert err["extensions"]["code"] == "CONFLICT"


async def test_a_fine_not_linked_to_a_case_names_the_local_body_whose_fund_receives_it(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """Nagaland s.18(1) (read to take in fines on conviction): credited to the fund of the
    local authority. With no impoundment case to name it, the fine must: no more "local
    authority fund (local body not named)" in the books."""
    t = make_tenant(dbs, "nagaland")
    case = (await gql.ok(OFFENCE, {"section": "25"}, t.token))["recordOffence"]
    err = await gql.error(FINE, {"id": case["id"], "amount": "200.00"}, t.token)
    assert err["extensions"]["code"] == "VALIDATION"
    assert err["extensions"]["field"] == "localAuthority"
    assert err["extensions"]["citation"]["section"] == "18(1)"
    cases = "{ offenceCases { status fines { id } } }"
    assert (await gql.ok(cases, token=t.token))["offenceCases"][0]["fines"] == []

    fine = (
        await gql.ok(FINE, {"id": case["id"], "amount": "200.00", "body": "Wokha TC"}, t.token)
    )["imposeFine"]
    await gql.ok(PAY, {"id": fine["id"]}, t.token)
    funds = (await gql.ok(FUNDS, token=t.token))["funds"]
    named = {f["name"]: f["balance"] for f in funds}
    assert named["Local authority fund, Wokha TC"] == "200.00"
    assert not [n for n in named if "not named" in n]


async def test_a_linked_fine_may_not_name_another_body_than_its_pounds(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)
    linked = """mutation($imp: ID!) { recordOffence(input: {section: "25",
        committedAt: "2026-01-03T09:00:00+05:30", impoundmentId: $imp,
        offender: {name: "T. Sema", address: "Jotsoma", role: OWNER}}) { id } }"""
    offence = (await gql.ok(linked, {"imp": case["id"]}, t.token))["recordOffence"]
    err = await gql.error(
        FINE, {"id": offence["id"], "amount": "200.00", "body": "Wokha TC"}, t.token
    )
    assert err["extensions"]["code"] == "VALIDATION"
    assert err["extensions"]["field"] == "localAuthority"
    same = {"id": offence["id"], "amount": "200.00", "body": "Kohima  TC"}
    assert (await gql.ok(FINE, same, t.token))["imposeFine"]["routes"][0]["amount"] == "200.00"


async def test_a_fine_recorded_without_its_local_body_is_not_paid_until_one_is_named(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """A fine recorded before the body had to be named (its route "local body not named")
    is refused payment, and sale for it, until the body is named; then the books name it."""
    t = make_tenant(dbs, "nagaland")
    cases: list[uuid.UUID] = []
    for _ in range(2):
        made = (await gql.ok(OFFENCE, {"section": "25"}, t.token))["recordOffence"]
        parsed = from_global_id(made["id"])
        assert parsed is not None
        cases.append(parsed[1])
    fines: list[str] = []
    with dbs.admin.transaction(t.id) as s:
        for case in cases:
            row = Fine(
                tenant_id=t.id,
                case_id=case,
                amount=Decimal("200.00"),
                at=datetime(2026, 1, 5, 5, 30, tzinfo=UTC),
                routes=[{"account": "fund:local_authority_fund", "amount": "200.00"}],
                routing_note="recorded before the local body had to be named",
                imposed_by="legacy",
            )
            s.add(row)
            s.flush()
            fines.append(to_global_id("Fine", row.id))
    pay = """mutation($id: ID!, $body: String) { payFine(input: {fineId: $id,
        at: "2026-01-06T10:00:00+05:30", localAuthority: $body}) { id paidAt } }"""
    err = await gql.error(pay, {"id": fines[0]}, t.token)
    assert err["extensions"]["code"] == "VALIDATION"
    assert err["extensions"]["field"] == "localAuthority"
    assert err["extensions"]["citation"]["section"] == "18(1)"
    unsold = await gql.error(SELL, sale(fines[1]), t.token)
    assert unsold["extensions"]["field"] == "localAuthority"
    assert (await gql.ok(FUNDS, token=t.token))["funds"] == []  # nothing booked

    paid = await gql.ok(pay, {"id": fines[0], "body": "Wokha TC"}, t.token)
    assert paid["payFine"]["paidAt"] is not None
    await gql.ok(SELL, sale(fines[1], localAuthority="Wokha TC"), t.token)
    named = {f["name"]: f["balance"] for f in (await gql.ok(FUNDS, token=t.token))["funds"]}
    assert named["Local authority fund, Wokha TC"] == "400.00"
    assert named["Local authority deposit (surplus proceeds), Wokha TC"] == "660.00"
    assert not [n for n in named if "not named" in n]


async def test_a_fine_that_names_its_body_is_not_paid_to_another(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "nagaland")
    fine = await offence_fined(gql, t, "25", "200.00", "Jotsoma VC")
    pay = """mutation($id: ID!) { payFine(input: {fineId: $id,
        at: "2026-01-06T10:00:00+05:30", localAuthority: "Wokha TC"}) { id } }"""
    err = await gql.error(pay, {"id": fine}, t.token)
    assert err["extensions"]["code"] == "VALIDATION"
    assert err["extensions"]["field"] == "localAuthority"
    assert (await gql.ok(FUNDS, token=t.token))["funds"] == []

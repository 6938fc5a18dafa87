"""Mizoram ss.12(1), 13(2)-(3): a registration names the Village Council of the area; the fee
and the council's half of the tax go to that council's own fund, and the council's register of
collections lists only what it collected."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from tests.conftest import Databases, GraphQLClient
from tests.schema.impoundment_helpers import balances
from tests.schema.test_keeping_pounds import RETURN
from tests.schema.test_registration import ASSESS, PAY, REGISTER, mizoram, registration

TAX_REGISTER = """
query($la: ID) {
  taxPayments(localAuthorityId: $la) { amount villageCouncilShare credits { account amount } }
}"""
CREATE_POUND = """
mutation($name: String!, $la: String!) {
  createPound(input: {name: $name, localAuthority: $la}) { localAuthority { id name } }
}"""


async def registered(
    gql: GraphQLClient, token: str, council: str | None, name: str
) -> dict[str, Any]:
    given = registration(animals=[{"species": "goat", "adults": 1}])
    given["input"]["owner"]["name"] = name
    if council is not None:
        given["input"]["villageCouncil"] = council
    reg: dict[str, Any] = (await gql.ok(REGISTER, given, token))["registerAnimals"]
    return reg


async def pay_tax(gql: GraphQLClient, token: str, reg: dict[str, Any]) -> None:
    assess = {"input": {"registrationId": reg["id"], "year": 2026, "schedule": "ANNUAL"}}
    (annual,) = (await gql.ok(ASSESS, assess, token))["assessAnimalTax"]
    pay = {"instalmentId": annual["id"], "at": "2026-03-11T11:00:00+05:30", "amount": "15.55"}
    await gql.ok(PAY, {"input": pay}, token)


async def test_mizoram_fees_and_tax_go_to_the_fund_of_the_council_the_owner_reported_to(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = await mizoram(dbs, gql)
    council = (
        await gql.ok(CREATE_POUND, {"name": "Bawngkawn enclosure", "la": "Bawngkawn VC"}, t.token)
    )["createPound"]["localAuthority"]
    ours = await registered(gql, t.token, "Bawngkawn VC", "Lalthanga")
    theirs = await registered(gql, t.token, "Zarkawt VC", "Zoremi")
    assert ours["villageCouncil"] == "Bawngkawn VC"
    await pay_tax(gql, t.token, ours)
    await pay_tax(gql, t.token, theirs)
    books = await balances(gql, t.token)
    # s.12(1) fee Rs 10 and s.13(2) half of Rs 15.55 (the odd paisa to the first fund).
    assert books["fund:village_council_fund@Bawngkawn VC"] == "17.78"
    assert books["fund:village_council_fund@Zarkawt VC"] == "17.78"
    assert books["fund:consolidated_fund"] == "15.54"  # the State's one fund
    assert "fund:village_council_fund" not in books
    assert sum(Decimal(v) for v in books.values()) == 0
    # s.13(3): the council's own register of taxes collected.
    own = (await gql.ok(TAX_REGISTER, {"la": council["id"]}, t.token))["taxPayments"]
    assert [(p["amount"], p["villageCouncilShare"]) for p in own] == [("15.55", "7.78")]
    assert len((await gql.ok(TAX_REGISTER, {}, t.token))["taxPayments"]) == 2


async def test_a_registration_that_names_no_council_is_held_in_the_fund_of_no_named_council(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = await mizoram(dbs, gql)
    reg = await registered(gql, t.token, None, "Lalthanga")
    assert reg["villageCouncil"] is None
    funds = (await gql.ok("{ funds { account name balance } }", token=t.token))["funds"]
    unnamed = next(f for f in funds if f["account"] == "fund:village_council_fund")
    assert unnamed["name"] == "Village Council Fund (local body not named)"
    assert unnamed["balance"] == "10.00"
    blank = await gql.error(
        REGISTER,
        {"input": {**registration()["input"], "villageCouncil": "  "}},
        t.token,
    )
    assert blank["extensions"]["code"] == "VALIDATION"


async def test_mizoram_a_councils_return_counts_the_fees_and_tax_of_its_own_registrations(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = await mizoram(dbs, gql)
    council = (
        await gql.ok(CREATE_POUND, {"name": "Bawngkawn enclosure", "la": "Bawngkawn VC"}, t.token)
    )["createPound"]["localAuthority"]
    await pay_tax(gql, t.token, await registered(gql, t.token, "Bawngkawn VC", "Lalthanga"))
    await pay_tax(gql, t.token, await registered(gql, t.token, "Zarkawt VC", "Zoremi"))
    period = {"from": "2026-03-01", "to": "2026-03-31"}
    own = (await gql.ok(RETURN, {"la": council["id"], **period}, t.token))["poundReturn"]
    assert (own["registrationFees"], own["animalTax"]) == ("10.00", "15.55")
    everyone = (await gql.ok(RETURN, period, t.token))["poundReturn"]
    assert (everyone["registrationFees"], everyone["animalTax"]) == ("20.00", "31.10")

"""Mizoram Chapter IV through the API: registration of animals (s.12), animal tax (ss.11, 13),
its split between the funds (s.13(2)), appeals (s.14) and the inspector's read-only access."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import select

from pashu.core.legaltime import IST
from pashu.db.ledger import LedgerEntry
from pashu.db.registration import AnimalRegistration, TaxInstalment
from pashu.db.tenancy import AuditEvent
from tests.conftest import Databases, GraphQLClient, TenantFixture, add_token, make_tenant

PUBLISH = """
mutation($input: PublishNotificationInput!) { publishNotification(input: $input) { id } }
"""
REGISTER = """
mutation($input: RegisterAnimalsInput!) {
  registerAnimals(input: $input) {
    id fee late exempt deadline ownedSince villageCouncil
    owner { id name category }
    animals { species adults young rate fee }
    citations { section confidence }
    explanation
  }
}
"""
ASSESS = """
mutation($input: AssessAnimalTaxInput!) {
  assessAnimalTax(input: $input) {
    id amount dueOn number schedule citations { section } explanation
  }
}
"""
PAY = """
mutation($input: PayAnimalTaxInput!) {
  payAnimalTax(input: $input) {
    id amount villageCouncilShare consolidatedFundShare credits { account amount }
  }
}
"""
REGISTERS = """
{ registrations { id fee late owner { name } }
  taxInstalments { id amount paid }
  taxPayments { villageCouncilShare consolidatedFundShare } }
"""


async def publish(
    gql: GraphQLClient, token: str, kind: str, amount: str, species: str | None, on: str
) -> None:
    notice = {
        "kind": kind,
        "species": species,
        "amount": amount,
        "effectiveFrom": on,
        "reference": f"Mizoram Gazette {kind} {species} {on}",
    }
    await gql.ok(PUBLISH, {"input": notice}, token)


async def mizoram(dbs: Databases, gql: GraphQLClient) -> TenantFixture:
    """A Mizoram tenant with fees of Rs 10 a head (Rs 25 for cows) and tax of Rs 15.55 a head."""
    t = make_tenant(dbs, "mizoram")
    await publish(gql, t.token, "REGISTRATION_FEE", "10.00", None, "2026-01-01")
    await publish(gql, t.token, "REGISTRATION_FEE", "25.00", "cow", "2026-01-01")
    await publish(gql, t.token, "ANIMAL_TAX", "15.55", None, "2026-01-01")
    return t


def registration(
    at: str = "2026-03-10T10:00:00+05:30",
    owned_since: str = "2026-03-01",
    category: str = "PRIVATE",
    animals: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    return {
        "input": {
            "owner": {"name": "Lalthanga", "address": "Bawngkawn, Aizawl", "category": category},
            "at": at,
            "ownedSince": owned_since,
            "animals": animals
            or [{"species": "cows", "adults": 2, "young": 1}, {"species": "pig", "adults": 3}],
        }
    }


async def test_registering_animals_charges_the_notified_fee_per_head_per_species(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = await mizoram(dbs, gql)
    reg = (await gql.ok(REGISTER, registration(), t.token))["registerAnimals"]
    # 3 cows (adult and young) at Rs 25 + 3 pigs at the general Rs 10.
    assert reg["fee"] == "105.00"
    assert reg["late"] is False and reg["exempt"] is False
    assert reg["animals"] == [
        {"species": "cow", "adults": 2, "young": 1, "rate": "25.00", "fee": "75.00"},
        {"species": "pig", "adults": 3, "young": 0, "rate": "10.00", "fee": "30.00"},
    ]
    assert reg["owner"]["category"] == "PRIVATE"
    assert "12(1)" in [c["section"] for c in reg["citations"]]
    # The fee is credited to the Village Council Fund (s.12(1)), from the owner.
    with dbs.admin.transaction(t.id) as s:
        legs = {a: m for a, m in s.execute(select(LedgerEntry.account, LedgerEntry.amount))}
    assert legs["fund:village_council_fund"] == 105
    assert sum(legs.values()) == 0


async def test_a_registration_after_one_month_from_owning_is_late(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = await mizoram(dbs, gql)
    # Owned from 5 January: the month ends with 5 February (General Clauses Act s.3(35), s.9).
    on_time = registration(at="2026-02-05T23:59:00+05:30", owned_since="2026-01-05")
    late = registration(at="2026-02-06T00:00:00+05:30", owned_since="2026-01-05")
    assert (await gql.ok(REGISTER, on_time, t.token))["registerAnimals"]["late"] is False
    made = (await gql.ok(REGISTER, late, t.token))["registerAnimals"]
    assert made["late"] is True
    assert datetime.fromisoformat(made["deadline"]) == datetime(2026, 2, 6, tzinfo=IST)
    listed = (await gql.ok("{ registrations(late: true) { id } }", token=t.token))["registrations"]
    assert [r["id"] for r in listed] == [made["id"]]


async def test_registration_without_a_notified_fee_is_refused_and_changes_nothing(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "mizoram")
    err = await gql.error(REGISTER, registration(), t.token)
    assert err["extensions"]["code"] == "VALIDATION"
    assert err["extensions"]["citation"]["section"] == "12(1)"
    with dbs.admin.transaction(t.id) as s:
        assert s.scalars(select(AnimalRegistration)).all() == []


async def test_an_exempt_owner_registers_without_fee_and_is_never_assessed(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = await mizoram(dbs, gql)
    reg = (await gql.ok(REGISTER, registration(category="VILLAGE_COUNCIL"), t.token))[
        "registerAnimals"
    ]
    assert reg["fee"] == "0.00" and reg["exempt"] is True
    assert {"section": "11(2)", "confidence": "READ"} in reg["citations"]
    err = await gql.error(
        ASSESS,
        {"input": {"registrationId": reg["id"], "year": 2026, "schedule": "ANNUAL"}},
        t.token,
    )
    assert err["extensions"]["code"] == "EXEMPT_OWNER"
    assert err["extensions"]["citation"]["section"] == "11(2)"
    with dbs.admin.transaction(t.id) as s:
        assert s.scalars(select(TaxInstalment)).all() == []


async def test_half_yearly_tax_is_two_instalments_exact_to_the_paisa(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = await mizoram(dbs, gql)
    reg = (await gql.ok(REGISTER, registration(), t.token))["registerAnimals"]
    made = await gql.ok(
        ASSESS,
        {"input": {"registrationId": reg["id"], "year": 2026, "schedule": "HALF_YEARLY"}},
        t.token,
    )
    parts = made["assessAnimalTax"]
    # 6 head × Rs 15.55 = Rs 93.30 a year, in two halves; the first due at registration
    # (after 1 January), the second at the start of the second half.
    assert [(p["number"], p["amount"], p["dueOn"]) for p in parts] == [
        (1, "46.65", "2026-03-10"),
        (2, "46.65", "2026-07-01"),
    ]
    assert "not in the Act" in parts[0]["explanation"]
    assert {"section": "11(3)"} in parts[0]["citations"]
    again = await gql.error(
        ASSESS,
        {"input": {"registrationId": reg["id"], "year": 2026, "schedule": "ANNUAL"}},
        t.token,
    )
    assert again["extensions"]["code"] == "CONFLICT"


async def test_tax_paid_in_full_is_split_half_and_half_and_only_once(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = await mizoram(dbs, gql)
    reg = (
        await gql.ok(REGISTER, registration(animals=[{"species": "goat", "adults": 1}]), t.token)
    )["registerAnimals"]
    (annual,) = (
        await gql.ok(
            ASSESS,
            {"input": {"registrationId": reg["id"], "year": 2026, "schedule": "ANNUAL"}},
            t.token,
        )
    )["assessAnimalTax"]
    assert annual["amount"] == "15.55"
    pay = {"instalmentId": annual["id"], "at": "2026-03-11T11:00:00+05:30"}
    wrong = await gql.error(PAY, {"input": {**pay, "amount": "15.00"}}, t.token)
    assert wrong["extensions"]["code"] == "VALIDATION"
    paid = (await gql.ok(PAY, {"input": {**pay, "amount": "15.55"}}, t.token))["payAnimalTax"]
    # s.13(2): 50% each, exact to the paisa: the odd paisa goes to the first fund.
    assert paid["villageCouncilShare"] == "7.78"
    assert paid["consolidatedFundShare"] == "7.77"
    twice = await gql.error(PAY, {"input": {**pay, "amount": "15.55"}}, t.token)
    assert twice["extensions"]["code"] == "CONFLICT"
    registers = await gql.ok(REGISTERS, token=t.token)
    assert registers["taxInstalments"] == [{"id": annual["id"], "amount": "15.55", "paid": True}]
    assert len(registers["taxPayments"]) == 1


async def test_the_inspector_reads_the_registers_and_accounts_but_changes_nothing(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = await mizoram(dbs, gql)
    reg = (await gql.ok(REGISTER, registration(), t.token))["registerAnimals"]
    inspector = add_token(dbs, t, "inspector")
    seen = await gql.ok(REGISTERS, token=inspector)
    assert [r["id"] for r in seen["registrations"]] == [reg["id"]]
    refused = [
        await gql.error(REGISTER, registration(), inspector),
        await gql.error(
            ASSESS,
            {"input": {"registrationId": reg["id"], "year": 2026, "schedule": "ANNUAL"}},
            inspector,
        ),
    ]
    assert [e["extensions"]["code"] for e in refused] == ["FORBIDDEN", "FORBIDDEN"]
    with dbs.admin.transaction(t.id) as s:
        assert len(s.scalars(select(AnimalRegistration)).all()) == 1


async def test_an_appeal_is_recorded_with_its_outcome(dbs: Databases, gql: GraphQLClient) -> None:
    t = await mizoram(dbs, gql)
    reg = (await gql.ok(REGISTER, registration(), t.token))["registerAnimals"]
    appeal = (
        await gql.ok(
            """mutation($input: RecordRegistrationAppealInput!) {
                 recordRegistrationAppeal(input: $input) {
                   id subject outcome citations { section }
                 }
               }""",
            {
                "input": {
                    "subject": reg["id"],
                    "appellant": "Lalthanga",
                    "authority": "Deputy Commissioner, Aizawl",
                    "filedOn": "2026-03-20",
                    "grounds": "the cows are one year younger than entered",
                }
            },
            t.token,
        )
    )["recordRegistrationAppeal"]
    assert appeal["outcome"] is None and appeal["citations"] == [{"section": "14"}]
    decide = """mutation($input: DecideRegistrationAppealInput!) {
                  decideRegistrationAppeal(input: $input) { id outcome decidedOn }
                }"""
    args = {"appealId": appeal["id"], "outcome": "DISMISSED", "decidedOn": "2026-04-02"}
    decided = (await gql.ok(decide, {"input": args}, t.token))["decideRegistrationAppeal"]
    assert decided["outcome"] == "DISMISSED"
    assert (await gql.error(decide, {"input": args}, t.token))["extensions"]["code"] == "CONFLICT"
    listed = await gql.ok("{ registrationAppeals { outcome } }", token=t.token)
    assert listed["registrationAppeals"] == [{"outcome": "DISMISSED"}]


async def test_other_jurisdictions_have_no_animal_register(
    dbs: Databases, gql: GraphQLClient
) -> None:
    for code in ("nagaland", "chhattisgarh"):
        t = make_tenant(dbs, code)
        err = await gql.error(REGISTER, registration(), t.token)
        assert err["extensions"]["code"] == "NOT_IN_JURISDICTION"
        err = await gql.error("{ taxInstalments { id } }", token=t.token)
        assert err["extensions"]["code"] == "NOT_IN_JURISDICTION"


async def test_registration_leaves_an_audit_event_and_another_tenant_sees_nothing(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = await mizoram(dbs, gql)
    other = make_tenant(dbs, "mizoram")
    reg = (await gql.ok(REGISTER, registration(), t.token))["registerAnimals"]
    node = "query($id: ID!) { node(id: $id) { id } }"
    assert (await gql.ok(node, {"id": reg["id"]}, other.token)) == {"node": None}
    assert (await gql.ok("{ registrations { id } }", token=other.token))["registrations"] == []
    with dbs.admin.transaction(t.id) as s:
        actions = s.scalars(select(AuditEvent.action)).all()
    assert "animals.register" in actions


async def test_registration_status_for_the_impoundment_flows(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = await mizoram(dbs, gql)
    await gql.ok(REGISTER, registration(), t.token)
    q = """query($n: String!, $a: String!, $on: Date!) {
             registrationStatus(name: $n, address: $a, on: $on) {
               registered late exempt headCounts { species count } owner { name }
             }
           }"""
    before = await gql.ok(
        q, {"n": "LALTHANGA", "a": "bawngkawn,  aizawl", "on": "2026-03-09"}, t.token
    )
    assert before["registrationStatus"]["registered"] is False
    after = await gql.ok(
        q, {"n": "Lalthanga", "a": "Bawngkawn, Aizawl", "on": "2026-03-10"}, t.token
    )
    assert after["registrationStatus"]["headCounts"] == [
        {"species": "cow", "count": 3},
        {"species": "pig", "count": 3},
    ]
    unknown = await gql.ok(q, {"n": "Nobody", "a": "Nowhere", "on": "2026-03-10"}, t.token)
    assert unknown["registrationStatus"]["owner"] is None

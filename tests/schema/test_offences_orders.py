"""Cognizance, compounding and forfeiture (Chhattisgarh ss.8(2), 10); vicious animals (Mizoram
ss.2(k), 15(3)); compensation (Mizoram s.15(2); Nagaland ss.22, 31) through the API."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import select

from pashu.core.legaltime import IST
from pashu.db.ledger import LedgerEntry
from pashu.db.offences import AttackLiability, Composition
from tests.conftest import Databases, GraphQLClient, TenantFixture, add_token, make_tenant
from tests.schema.test_offences import FINE, LATER, record
from tests.schema.test_registration_regulated_areas import CANCEL, GRANT, ORDER, order

REPORT = """mutation($id: ID!) { recordOffenceReport(input: {offenceId: $id,
  at: "2025-06-03T10:00:00+05:30", officer: "Collector, Raipur", facts: "twelve cows kept"}) {
  status } }"""
COURT = """mutation($id: ID!) { sendToCourt(input: {offenceId: $id,
  at: "2025-06-04T10:00:00+05:30", court: "JMFC Raipur"}) { status steps { kind authority } } }"""
FORFEIT = """mutation($id: ID!) { orderForfeiture(input: {offenceId: $id,
  at: "2025-06-10T10:00:00+05:30", court: "JMFC Raipur", things: "twelve cows"}) {
  forfeited status } }"""
COMPOUND = """
mutation($id: ID!, $amount: Decimal!, $release: Decimal, $estimate: Decimal, $licence: ID) {
  compoundOffence(input: {offenceId: $id, amount: $amount, at: "2025-06-05T10:00:00+05:30",
      releaseSum: $release, estimatedValue: $estimate, thingsReleased: "a tractor",
      cancelLicenceId: $licence, cancelLicenceReason: "repeated contravention"}) {
    id amount acquitted barsProceedings releaseSum afterProceedings routes { account amount }
    licenceCancellation { status reason }
  }
}"""
VICIOUS = """
mutation($kind: ViciousKind!, $at: DateTime!) {
  recordViciousEvent(input: {animal: "Brown dog, tag AZL-7", kind: $kind, at: $at,
      owner: {name: "Lalhmingmawia", address: "Zarkawt, Aizawl"}, description: "bit a child"}) {
    id kind
  }
}"""
STATUS = """query($at: DateTime!) { viciousStatus(animal: "brown dog tag azl 7", at: $at) {
  vicious until explanation citations { section } events { kind } } }"""
ATTACK = """
mutation($at: DateTime!, $treat: Boolean!, $pay: Boolean!) {
  recordAttackLiability(input: {animal: "Brown dog, tag AZL-7", at: $at,
      victim: {name: "Mary", address: "Zarkawt"}, medicalTreatment: $treat, payVictim: $pay}) {
    id victimSum medicalTreatment owner { name } citations { section }
  }
}"""
COMPENSATE = """
mutation($kind: CompensationKind!, $amount: Decimal!, $fines: Decimal!, $release: Boolean!,
         $expenses: Decimal! = "20.00") {
  orderCompensation(input: {kind: $kind, amount: $amount, finesPaid: $fines, expenses: $expenses,
      releaseOrdered: $release, at: "2025-06-12T10:00:00+05:30", grounds: "seized off a road",
      orderedBy: "Magistrate, Kohima", payer: {name: "Seizer", address: "Kohima"},
      recipient: {name: "Neiku", address: "Jotsoma"}}) {
    id amount total releaseOrdered citations { section }
  }
}"""
SET_OFF = """
mutation($decree: Decimal!, $defendant: String = "Lalremruata") {
  recordSetOff(input: {claimant: {name: "neiku", address: "JOTSOMA"}, decreeAmount: $decree,
      defendant: {name: $defendant, address: "Chaltlang, Aizawl"},
      suit: "OS 4/2025", at: "2025-09-01T10:00:00+05:30"}) {
    decreeAmount deducted balance citations { section } defendant { name }
  }
}"""


async def cg_case(dbs: Databases, gql: GraphQLClient) -> tuple[TenantFixture, dict[str, Any]]:
    t = make_tenant(dbs, "chhattisgarh")
    return t, await record(gql, t, "8(1)", name="Ramesh", address="Tatibandh, Raipur")


async def test_chhattisgarh_no_court_without_an_officers_written_report(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, case = await cg_case(dbs, gql)
    err = await gql.error(COURT, {"id": case["id"]}, t.token)
    assert err["extensions"]["code"] == "VALIDATION"
    assert err["extensions"]["citation"]["section"] == "10(1)"
    fined = await gql.error(FINE, {"id": case["id"], "amount": "100.00", "at": LATER}, t.token)
    assert fined["extensions"]["citation"]["section"] == "10(1)"
    await gql.ok(REPORT, {"id": case["id"]}, t.token)
    sent = (await gql.ok(COURT, {"id": case["id"]}, t.token))["sendToCourt"]
    assert sent["status"] == "IN_COURT"
    assert [s["kind"] for s in sent["steps"]] == ["REPORT", "SENT_TO_COURT"]


async def test_chhattisgarh_composition_before_proceedings_bars_them_and_is_no_acquittal(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, case = await cg_case(dbs, gql)
    comp = (await gql.ok(COMPOUND, {"id": case["id"], "amount": "1000.00"}, t.token))[
        "compoundOffence"
    ]
    assert comp["acquitted"] is False and comp["afterProceedings"] is False  # s.10(3)
    assert comp["barsProceedings"] is True
    assert comp["routes"] == [{"account": "deposit:unrouted:composition", "amount": "1000.00"}]
    for query, variables in (
        (FINE, {"id": case["id"], "amount": "100.00", "at": LATER}),
        (COURT, {"id": case["id"]}),
        (COMPOUND, {"id": case["id"], "amount": "10.00"}),
    ):
        err = await gql.error(query, variables, t.token)
        assert err["extensions"]["code"] == "CONFLICT"
        assert err["extensions"]["citation"]["section"] == "10(3)"


async def test_chhattisgarh_composition_capped_at_1000_and_release_at_the_estimate(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, case = await cg_case(dbs, gql)
    over = await gql.error(COMPOUND, {"id": case["id"], "amount": "1000.01"}, t.token)
    assert over["extensions"]["code"] == "FINE_ABOVE_CAP"
    assert over["extensions"]["citation"]["section"] == "10(2)"
    variables = {"id": case["id"], "amount": "500.00", "release": "80000.01", "estimate": "80000"}
    beyond = await gql.error(COMPOUND, variables, t.token)
    assert beyond["extensions"]["code"] == "FINE_ABOVE_CAP"
    assert beyond["extensions"]["field"] == "releaseSum"
    with dbs.admin.transaction(t.id) as s:
        assert s.scalars(select(Composition)).all() == []
        assert s.scalars(select(LedgerEntry)).all() == []
    await gql.ok(REPORT, {"id": case["id"]}, t.token)
    await gql.ok(COURT, {"id": case["id"]}, t.token)
    made = (await gql.ok(ORDER, order(), t.token))["recordNotifiedOrder"]
    grant = {
        "orderId": made["id"],
        "kind": "LICENCE",
        "holder": "Ramesh",
        "validFrom": "2026-04-01",
        "at": "2026-04-01T11:00:00+05:30",
    }
    licence = (await gql.ok(GRANT, {"input": grant}, t.token))["grantLicence"]["id"]
    missing = await gql.error(
        COMPOUND, {**variables, "release": "1.00", "licence": case["id"]}, t.token
    )
    assert missing["extensions"]["code"] == "VALIDATION"  # not a licence's id
    variables = {**variables, "release": "80000.00", "licence": licence}
    comp = (await gql.ok(COMPOUND, variables, t.token))["compoundOffence"]
    assert comp["releaseSum"] == "80000.00" and comp["afterProceedings"] is True
    assert comp["licenceCancellation"] == {
        "status": "CANCELLED",
        "reason": "repeated contravention",
    }
    again = {"input": {"licenceId": licence, "reason": "again"}}
    assert (await gql.error(CANCEL, again, t.token))["extensions"]["code"] == "CONFLICT"
    with dbs.admin.transaction(t.id) as s:
        legs = {e.account: e.amount for e in s.scalars(select(LedgerEntry))}
    assert legs["payer:offender"] == Decimal("-80500.00")
    assert legs["deposit:unrouted:composition"] == Decimal("80500.00")


async def test_no_compounding_where_the_act_has_none(dbs: Databases, gql: GraphQLClient) -> None:
    t = make_tenant(dbs, "mizoram")
    case = await record(gql, t, "15(1)")
    err = await gql.error(COMPOUND, {"id": case["id"], "amount": "100.00"}, t.token)
    assert err["extensions"]["code"] == "NOT_IN_JURISDICTION"


async def test_chhattisgarh_forfeiture_by_the_court_trying_the_case(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, case = await cg_case(dbs, gql)
    early = await gql.error(FORFEIT, {"id": case["id"]}, t.token)
    assert early["extensions"]["citation"]["section"] == "8(2)"
    await gql.ok(REPORT, {"id": case["id"]}, t.token)
    await gql.ok(COURT, {"id": case["id"]}, t.token)
    done = (await gql.ok(FORFEIT, {"id": case["id"]}, t.token))["orderForfeiture"]
    assert done["forfeited"] is True and done["status"] == "IN_COURT"
    nl = make_tenant(dbs, "nagaland")
    nl_case = await record(gql, nl, "25")
    nl_err = await gql.error(FORFEIT, {"id": nl_case["id"]}, nl.token)
    assert nl_err["extensions"]["code"] == "NOT_IN_JURISDICTION"


async def test_chhattisgarh_s9_officer_of_a_corporation_is_charged_for_it(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "chhattisgarh")
    from tests.schema.test_offences import RECORD

    variables = {
        "section": "8(1)",
        "name": "S. Verma",
        "address": "Raipur",
        "role": "OFFICER_OF_CORPORATION",
        "at": "2025-06-02T10:00:00+05:30",
        "corporation": "Raipur Dairy Co",
    }
    made = (await gql.ok(RECORD, variables, t.token))["recordOffence"]
    assert made["offender"]["role"] == "OFFICER_OF_CORPORATION"
    nl = make_tenant(dbs, "nagaland")
    err = await gql.error(RECORD, {**variables, "section": "25"}, nl.token)
    assert err["extensions"]["code"] == "NOT_IN_JURISDICTION"


async def test_mizoram_bitten_makes_a_dog_vicious_for_six_months_then_not(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "mizoram")
    clerk = add_token(dbs, t, "clerk")
    await gql.ok(VICIOUS, {"kind": "UNPROVOKED_BITE", "at": "2025-04-05T15:00:00+05:30"}, clerk)
    before = (await gql.ok(STATUS, {"at": "2025-04-01T10:00:00+05:30"}, t.token))["viciousStatus"]
    assert before["vicious"] is False
    during = (await gql.ok(STATUS, {"at": "2025-10-05T23:00:00+05:30"}, t.token))["viciousStatus"]
    assert during["vicious"] is True
    assert datetime.fromisoformat(during["until"]) == datetime(2025, 10, 6, tzinfo=IST)
    assert during["citations"] == [{"section": "2(k)(iii)"}]
    after = (await gql.ok(STATUS, {"at": "2025-10-06T00:00:00+05:30"}, t.token))["viciousStatus"]
    assert after["vicious"] is False


async def test_mizoram_attack_by_a_vicious_animal_owner_pays_500_to_the_victim(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "mizoram")
    magistrate = add_token(dbs, t, "magistrate")
    early = {"at": "2025-04-05T10:00:00+05:30", "treat": True, "pay": True}
    err = await gql.error(ATTACK, early, magistrate)
    assert err["extensions"]["code"] == "VALIDATION"
    await gql.ok(VICIOUS, {"kind": "BEHAVIOUR", "at": "2025-04-01T15:00:00+05:30"}, t.token)
    neither = {"at": "2026-04-05T10:00:00+05:30", "treat": False, "pay": False}
    assert (await gql.error(ATTACK, neither, magistrate))["extensions"]["citation"][
        "section"
    ] == "15(3)"
    made = (await gql.ok(ATTACK, {**neither, "pay": True}, magistrate))["recordAttackLiability"]
    assert made["victimSum"] == "500.00" and made["owner"]["name"] == "Lalhmingmawia"
    assert {"15(3)", "2(k)(i)"} <= {c["section"] for c in made["citations"]}
    with dbs.admin.transaction(t.id) as s:
        assert len(s.scalars(select(AttackLiability)).all()) == 1


async def test_vicious_animals_are_not_in_nagaland(dbs: Databases, gql: GraphQLClient) -> None:
    t = make_tenant(dbs, "nagaland")
    err = await gql.error(VICIOUS, {"kind": "BEHAVIOUR", "at": LATER}, t.token)
    assert err["extensions"]["code"] == "NOT_IN_JURISDICTION"


async def test_nagaland_s22_compensation_up_to_100_plus_fines_and_expenses(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "nagaland")
    base = {"kind": "ILLEGAL_SEIZURE", "fines": "60.00", "release": True}
    err = await gql.error(COMPENSATE, {**base, "amount": "100.01"}, t.token)
    assert err["extensions"]["code"] == "FINE_ABOVE_CAP"
    assert err["extensions"]["citation"]["section"] == "22(1)"
    made = (await gql.ok(COMPENSATE, {**base, "amount": "100.00"}, t.token))["orderCompensation"]
    assert made["total"] == "180.00" and made["releaseOrdered"] is True


async def test_mizoram_s15_2_council_orders_any_reasonable_compensation(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "mizoram")
    variables = {
        "kind": "DAMAGE",
        "amount": "12000.00",
        "fines": "0",
        "expenses": "0",
        "release": False,
    }
    made = (await gql.ok(COMPENSATE, variables, t.token))["orderCompensation"]
    assert made["amount"] == "12000.00" and made["citations"] == [{"section": "15(2)"}]
    with_fines = await gql.error(COMPENSATE, {**variables, "fines": "5.00"}, t.token)
    assert with_fines["extensions"]["code"] == "VALIDATION"


async def test_nagaland_s31_compensation_paid_is_set_off_against_a_civil_decree(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "nagaland")
    case = await record(gql, t, "25")
    comp = {
        "amount": "150.00",
        "recipient": {"name": "Neiku", "address": "Jotsoma"},
        "lossProved": "paddy",
    }
    fine = (
        await gql.ok(
            FINE, {"id": case["id"], "amount": "200.00", "at": LATER, "comp": comp}, t.token
        )
    )["imposeFine"]
    unpaid = (await gql.ok(SET_OFF, {"decree": "1000.00"}, t.token))["recordSetOff"]
    assert unpaid["deducted"] == "0.00"  # ordered but not yet paid
    pay = """mutation($id: ID!) {
      payFine(input: {fineId: $id, at: "2025-07-01T10:00:00+05:30"}) { id } }"""
    await gql.ok(pay, {"id": fine["id"]}, t.token)
    after = (await gql.ok(SET_OFF, {"decree": "1000.00"}, t.token))["recordSetOff"]
    assert (after["deducted"], after["balance"]) == ("150.00", "850.00")
    assert after["citations"][0]["section"] == "31"
    mz = make_tenant(dbs, "mizoram")
    assert (await gql.error(SET_OFF, {"decree": "10.00"}, mz.token))["extensions"][
        "code"
    ] == "NOT_IN_JURISDICTION"


async def _compensation_paid(dbs: Databases, gql: GraphQLClient) -> TenantFixture:
    """A s.25 conviction whose fine carries Rs 150 compensation to Neiku, paid."""
    t = make_tenant(dbs, "nagaland")
    case = await record(gql, t, "25")
    comp = {
        "amount": "150.00",
        "recipient": {"name": "Neiku", "address": "Jotsoma"},
        "lossProved": "paddy",
    }
    fine = (
        await gql.ok(
            FINE, {"id": case["id"], "amount": "200.00", "at": LATER, "comp": comp}, t.token
        )
    )["imposeFine"]
    pay = """mutation($id: ID!) {
      payFine(input: {fineId: $id, at: "2025-07-01T10:00:00+05:30"}) { id } }"""
    await gql.ok(pay, {"id": fine["id"]}, t.token)
    return t


async def test_nagaland_s31_a_sum_set_off_in_one_suit_is_not_set_off_again_in_another(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = await _compensation_paid(dbs, gql)
    first = (await gql.ok(SET_OFF, {"decree": "100.00"}, t.token))["recordSetOff"]
    assert (first["deducted"], first["balance"]) == ("100.00", "0.00")
    second = (await gql.ok(SET_OFF, {"decree": "1000.00"}, t.token))["recordSetOff"]
    assert (second["deducted"], second["balance"]) == ("50.00", "950.00")  # what is left
    third = (await gql.ok(SET_OFF, {"decree": "1000.00"}, t.token))["recordSetOff"]
    assert (third["deducted"], third["balance"]) == ("0.00", "1000.00")  # used up


async def test_nagaland_s31_sets_off_only_in_the_suit_between_the_same_parties(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """s.31: compensation paid by order of a convicting Magistrate to a person whose crops were
    damaged is deducted from the sum due to him "in any civil suit referred to in section 30",
    a suit for that damage: a decree against another person, for another trespass, keeps
    every rupee; the convict's own suit has the compensation set off."""
    t = await _compensation_paid(dbs, gql)  # Lalremruata, convicted
    other = {"decree": "400.00", "defendant": "Vanlalruata"}
    unrelated = (await gql.ok(SET_OFF, other, t.token))["recordSetOff"]
    assert (unrelated["deducted"], unrelated["balance"]) == ("0.00", "400.00")
    assert unrelated["defendant"] == {"name": "Vanlalruata"}
    own = (await gql.ok(SET_OFF, {"decree": "400.00"}, t.token))["recordSetOff"]
    assert (own["deducted"], own["balance"]) == ("150.00", "250.00")
    assert own["citations"][0]["section"] == "31"


RECOVER = """
mutation($id: ID!, $manner: String!) {
  recordCompensationRecovery(input: {orderId: $id, manner: $manner,
      at: "2025-07-01T10:00:00+05:30", reference: "CrPC s.421 warrant 3/2025"}) {
    total recovery { manner amount reference }
  }
}"""


async def test_nagaland_s23_compensation_is_recorded_recovered_as_a_fine_once(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """s.23: "The compensation, fines and expenses mentioned in section 22 may be recovered in
    the manner provided for recovery of fines under the Code of Criminal Procedure": the whole
    sum ordered is recorded recovered so, once; an Act that says nothing of it (Mizoram
    s.15(2)) has its compensation recorded paid, not recovered as a fine."""
    t = make_tenant(dbs, "nagaland")
    base = {"kind": "ILLEGAL_SEIZURE", "fines": "60.00", "release": True, "amount": "100.00"}
    made = (await gql.ok(COMPENSATE, base, t.token))["orderCompensation"]
    got = await gql.ok(RECOVER, {"id": made["id"], "manner": "RECOVERED_AS_FINE"}, t.token)
    recovered = got["recordCompensationRecovery"]
    assert recovered["recovery"] == {
        "manner": "RECOVERED_AS_FINE",
        "amount": "180.00",  # compensation 100, fines 60, expenses 20
        "reference": "CrPC s.421 warrant 3/2025",
    }
    again = await gql.error(RECOVER, {"id": made["id"], "manner": "PAID"}, t.token)
    assert again["extensions"]["code"] == "CONFLICT"

    mz = make_tenant(dbs, "mizoram")
    damage = {"kind": "DAMAGE", "amount": "500.00", "fines": "0", "expenses": "0"}
    order = (await gql.ok(COMPENSATE, {**damage, "release": False}, mz.token))["orderCompensation"]
    refused = await gql.error(RECOVER, {"id": order["id"], "manner": "RECOVERED_AS_FINE"}, mz.token)
    assert refused["extensions"]["code"] == "VALIDATION"
    paid = await gql.ok(RECOVER, {"id": order["id"], "manner": "PAID"}, mz.token)
    assert paid["recordCompensationRecovery"]["recovery"]["amount"] == "500.00"


ORDERS = """
query($unrecovered: Boolean! = false, $first: Int, $after: String) {
  compensationOrders(unrecovered: $unrecovered, first: $first, after: $after) {
    id total recovery { manner amount } citations { section }
  }
}"""


async def test_compensation_orders_are_listed_with_their_recovery_and_paged(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """The register of orders a clerk records payment against: each order with the Act's
    section and, once recorded, its payment; `unrecovered` leaves out those paid; a page at a
    time; another tenant's orders are not in it."""
    t = make_tenant(dbs, "nagaland")
    base = {"kind": "ILLEGAL_SEIZURE", "fines": "0", "release": False}
    made = [
        (await gql.ok(COMPENSATE, {**base, "amount": f"{a}.00"}, t.token))["orderCompensation"]
        for a in (50, 70, 90)
    ]
    await gql.ok(RECOVER, {"id": made[0]["id"], "manner": "PAID"}, t.token)
    listed = (await gql.ok(ORDERS, {}, t.token))["compensationOrders"]
    assert {o["id"] for o in listed} == {m["id"] for m in made}
    paid = next(o for o in listed if o["id"] == made[0]["id"])
    assert paid["recovery"] == {"manner": "PAID", "amount": "70.00"}  # with expenses of 20
    assert all(o["citations"] for o in listed)
    open_ = (await gql.ok(ORDERS, {"unrecovered": True}, t.token))["compensationOrders"]
    assert {o["id"] for o in open_} == {made[1]["id"], made[2]["id"]}
    first = (await gql.ok(ORDERS, {"first": 2}, t.token))["compensationOrders"]
    rest = await gql.ok(ORDERS, {"first": 2, "after": first[-1]["id"]}, t.token)
    assert len(first) == 2 and len(rest["compensationOrders"]) == 1
    assert {o["id"] for o in first + rest["compensationOrders"]} == {m["id"] for m in made}
    other = make_tenant(dbs, "nagaland")
    assert (await gql.ok(ORDERS, {}, other.token))["compensationOrders"] == []

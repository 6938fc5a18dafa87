"""Offence cases and fines through the API (Mizoram Ch. V; Nagaland Ch. VI; Chhattisgarh s.8)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from sqlalchemy import select

from pashu.db.ledger import LedgerEntry
from pashu.db.offences import Fine, OffenceCase
from pashu.db.tenancy import AuditEvent
from pashu.db.types import new_id
from pashu.schema.node import to_global_id
from tests.conftest import Databases, GraphQLClient, TenantFixture, add_token, make_tenant

RECORD = """
mutation($section: String!, $name: String!, $address: String!, $role: OffenderRole!,
         $at: DateTime!, $corporation: String) {
  recordOffence(input: {section: $section, committedAt: $at,
      offender: {name: $name, address: $address, role: $role, corporation: $corporation}}) {
    id section status offender { name role } offence { code fineMax }
  }
}"""
FINE = """
mutation($id: ID!, $amount: Decimal!, $at: DateTime!, $comp: FineCompensationInput,
         $body: String = "Jotsoma VC") {
  imposeFine(input: {offenceId: $id, amount: $amount, at: $at, compensation: $comp,
      localAuthority: $body}) {
    id amount subsequent capUnknown warning recoverableFromSalary routingNote
    routes { account amount } compensation { amount recipient { name } }
    citations { section confidence }
  }
}"""
PAY = """
mutation($id: ID!, $at: DateTime!, $salary: Boolean!) {
  payFine(input: {fineId: $id, at: $at, fromSalary: $salary}) { id paidAt }
}"""
CASES = "{ offenceCases { id status fines { id amount paidAt } } }"
NODE = "query($id: ID!) { node(id: $id) { id ... on OffenceCase { section status } } }"

AT = "2025-06-02T10:00:00+05:30"
LATER = "2025-06-20T10:00:00+05:30"


async def record(
    gql: GraphQLClient,
    t: TenantFixture,
    section: str,
    name: str = "Lalremruata",
    address: str = "Chaltlang, Aizawl",
    role: str = "OWNER",
    at: str = AT,
    token: str | None = None,
) -> dict[str, Any]:
    variables = {"section": section, "name": name, "address": address, "role": role, "at": at}
    case: dict[str, Any] = (await gql.ok(RECORD, variables, token or t.token))["recordOffence"]
    return case


async def fine(
    gql: GraphQLClient, t: TenantFixture, case_id: str, amount: str, at: str = LATER, **kw: Any
) -> dict[str, Any]:
    got: dict[str, Any] = (
        await gql.ok(FINE, {"id": case_id, "amount": amount, "at": at, **kw}, t.token)
    )["imposeFine"]
    return got


async def test_a_clerk_records_an_offence_named_by_its_section(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "nagaland")
    clerk = add_token(dbs, t, "clerk")
    case = await record(gql, t, "25", token=clerk)
    assert case["section"] == "25" and case["status"] == "RECORDED"
    assert case["offence"] == {"code": "s25", "fineMax": "250.00"}
    assert (await gql.ok(NODE, {"id": case["id"]}, t.token))["node"]["section"] == "25"


async def test_an_offence_the_act_does_not_have_is_not_in_jurisdiction(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "mizoram")
    variables = {"section": "25", "name": "A", "address": "B", "role": "OWNER", "at": AT}
    err = await gql.error(RECORD, variables, t.token)
    assert err["extensions"]["code"] == "NOT_IN_JURISDICTION"
    with dbs.admin.transaction(t.id) as s:
        assert s.scalars(select(OffenceCase)).all() == []


async def test_nagaland_s25_fine_refused_outside_25_to_250_with_the_citation(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "nagaland")
    case = await record(gql, t, "25")
    high = await gql.error(FINE, {"id": case["id"], "amount": "250.01", "at": LATER}, t.token)
    low = await gql.error(FINE, {"id": case["id"], "amount": "24.00", "at": LATER}, t.token)
    assert high["extensions"]["code"] == "FINE_ABOVE_CAP"
    assert high["extensions"]["citation"]["section"] == "25"
    assert low["extensions"]["code"] == "FINE_BELOW_MINIMUM"
    ok = await fine(gql, t, case["id"], "250.00")
    assert ok["amount"] == "250.00"
    # The offence arises from no impoundment case: the fine names its local body's fund.
    assert [r["amount"] for r in ok["routes"]] == ["250.00"]
    assert ok["routes"][0]["account"].startswith("fund:local_authority_fund:")
    again = await gql.error(FINE, {"id": case["id"], "amount": "30.00", "at": LATER}, t.token)
    assert again["extensions"]["code"] == "CONFLICT"


async def test_mizoram_s18_subsequent_offence_by_the_same_person_is_fined_exactly_300(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "mizoram")
    first = await record(gql, t, "18(1)", at="2025-01-10T10:00:00+05:30")
    err = await gql.error(FINE, {"id": first["id"], "amount": "250.00", "at": AT}, t.token)
    assert err["extensions"]["code"] == "FINE_ABOVE_CAP"
    assert err["extensions"]["citation"]["section"] == "18(1)"
    assert not (await fine(gql, t, first["id"], "200.00", at=AT))["subsequent"]
    # The same person, written differently: the name and address are normalised.
    second = await record(gql, t, "18(1)", name=" LALREMRUATA ", address="chaltlang,  aizawl")
    below = await gql.error(FINE, {"id": second["id"], "amount": "200.00", "at": LATER}, t.token)
    assert below["extensions"]["code"] == "FINE_BELOW_MINIMUM"
    assert below["extensions"]["fixed"] == "300.00"
    assert (await fine(gql, t, second["id"], "300.00"))["subsequent"] is True
    # Someone else's first offence is still capped at 200.
    other = await record(gql, t, "18(1)", name="Zothanpuia")
    assert (await gql.error(FINE, {"id": other["id"], "amount": "300.00", "at": LATER}, t.token))[
        "extensions"
    ]["code"] == "FINE_ABOVE_CAP"


async def test_mizoram_fines_go_to_the_village_council_fund_and_s15_3_to_the_victim(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "mizoram")
    stray = await fine(gql, t, (await record(gql, t, "15(1)"))["id"], "500.00")
    assert [r["amount"] for r in stray["routes"]] == ["500.00"]
    assert stray["routes"][0]["account"].startswith("fund:village_council_fund:")
    attack = await fine(gql, t, (await record(gql, t, "15(3)"))["id"], "500.00", body=None)
    assert attack["routes"] == [{"account": "payee:victim", "amount": "500.00"}]
    # A local body named for a fine no local body's fund receives is refused.
    other = (await record(gql, t, "15(3)"))["id"]
    err = await gql.error(FINE, {"id": other, "amount": "500.00", "at": LATER}, t.token)
    assert err["extensions"]["field"] == "localAuthority"


async def test_nagaland_s28_fine_recovered_from_the_pound_keepers_salary(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "nagaland")
    case = await record(gql, t, "28", name="Vikheto", address="Kohima pound", role="POUND_KEEPER")
    made = await fine(gql, t, case["id"], "50.00")
    assert made["recoverableFromSalary"] is True
    paid = (await gql.ok(PAY, {"id": made["id"], "at": LATER, "salary": True}, t.token))["payFine"]
    assert paid["paidAt"] is not None
    twice = await gql.error(PAY, {"id": made["id"], "at": LATER, "salary": True}, t.token)
    assert twice["extensions"]["code"] == "CONFLICT"
    with dbs.admin.transaction(t.id) as s:
        legs = {e.account: e.amount for e in s.scalars(select(LedgerEntry))}
    assert legs == {
        "payer:salary-deduction": -Decimal(made["amount"]),
        made["routes"][0]["account"]: Decimal(made["amount"]),
    }
    assert made["routes"][0]["account"].startswith("fund:local_authority_fund:")
    listed = (await gql.ok(CASES, token=t.token))["offenceCases"]
    assert listed[0]["status"] == "FINED" and listed[0]["fines"][0]["paidAt"] is not None


async def test_salary_recovery_refused_where_the_act_does_not_allow_it(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "nagaland")
    made = await fine(gql, t, (await record(gql, t, "25"))["id"], "100.00")
    err = await gql.error(PAY, {"id": made["id"], "at": LATER, "salary": True}, t.token)
    assert err["extensions"]["code"] == "VALIDATION"
    with dbs.admin.transaction(t.id) as s:
        assert s.scalars(select(LedgerEntry)).all() == []


async def test_nagaland_s29_magistrate_applies_part_of_the_fine_as_compensation(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "nagaland")
    case = await record(gql, t, "25")
    comp = {
        "amount": "150.00",
        "recipient": {"name": "Neiku", "address": "Jotsoma"},
        "lossProved": "paddy trampled",
    }
    made = await fine(gql, t, case["id"], "200.00", comp=comp)
    assert made["compensation"]["amount"] == "150.00"
    assert [(r["account"].rsplit(":", 1)[0], r["amount"]) for r in made["routes"]] == [
        ("fund:local_authority_fund", "50.00"),
        ("payee", "150.00"),
    ]
    assert made["routes"][1]["account"] == "payee:compensation"
    too_much = {**comp, "amount": "200.01"}
    other = await record(gql, t, "25")
    err = await gql.error(
        FINE, {"id": other["id"], "amount": "200.00", "at": LATER, "comp": too_much}, t.token
    )
    assert (
        err["extensions"]["code"] == "VALIDATION"
        and err["extensions"]["citation"]["section"] == "29"
    )
    s24 = await record(gql, t, "24")
    err24 = await gql.error(
        FINE, {"id": s24["id"], "amount": "100.00", "at": LATER, "comp": comp}, t.token
    )
    assert err24["extensions"]["citation"]["section"] == "29"


async def test_chhattisgarh_unknown_cap_is_accepted_with_a_warning_never_a_number(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "chhattisgarh")
    case = await record(
        gql, t, "8(1)", name="Raipur Dairy Co", address="Raipur", role="CORPORATION"
    )
    report = """mutation($id: ID!) { recordOffenceReport(input: {offenceId: $id,
        at: "2025-06-03T10:00:00+05:30", officer: "Collector, Raipur", facts: "cattle kept"}) {
        status } }"""
    assert (await gql.ok(report, {"id": case["id"]}, t.token))["recordOffenceReport"][
        "status"
    ] == "REPORTED"
    made = await fine(gql, t, case["id"], "25000.00", body=None)
    assert made["capUnknown"] is True and "illegible" in made["warning"]
    assert made["citations"][0] == {"section": "8(1)", "confidence": "UNKNOWN"}
    # The Act names no fund: the money is held, not credited to an invented one.
    assert made["routes"] == [{"account": "deposit:unrouted:offence_fine", "amount": "25000.00"}]


async def test_chhattisgarh_attempt_read_from_a_margin_note_cannot_be_charged(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """No case under s.8's "Attempts and Abetment": so no fine and no composition either."""
    t = make_tenant(dbs, "chhattisgarh")
    for section in ("8(margin)", "s8-attempt"):
        variables = {"section": section, "name": "A", "address": "B", "role": "OWNER", "at": AT}
        err = await gql.error(RECORD, variables, t.token)
        assert err["extensions"]["code"] == "NOT_IN_JURISDICTION"
        assert err["extensions"]["citation"] == {
            "section": "8(margin)",
            "uri": "/akn/in-cg/act/1976/pashu-niyantran/~sec_8__subsec_margin",
            "act": "Chhattisgarh Pashu (Niyantran) Adhiniyam, 1976",
            "confidence": "unknown",
        }
        assert "margin note" in err["message"]
    with dbs.admin.transaction(t.id) as s:
        assert s.scalars(select(OffenceCase)).all() == []


async def test_only_a_magistrate_fines_and_any_role_reads(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "nagaland", role="clerk")
    viewer = add_token(dbs, t, "viewer")
    case = await record(gql, t, "25")
    err = await gql.error(FINE, {"id": case["id"], "amount": "50.00", "at": LATER}, t.token)
    assert err["extensions"]["code"] == "FORBIDDEN"
    v = {"section": "25", "name": "A", "address": "B", "role": "OWNER", "at": AT}
    assert (await gql.error(RECORD, v, viewer))["extensions"]["code"] == "FORBIDDEN"
    assert [c["id"] for c in (await gql.ok(CASES, token=viewer))["offenceCases"]] == [case["id"]]
    magistrate = add_token(dbs, t, "magistrate")
    assert await gql.ok(FINE, {"id": case["id"], "amount": "50.00", "at": LATER}, magistrate)


async def test_another_tenants_case_does_not_exist(dbs: Databases, gql: GraphQLClient) -> None:
    a, b = make_tenant(dbs, "nagaland"), make_tenant(dbs, "nagaland")
    case = await record(gql, a, "25")
    assert (await gql.ok(NODE, {"id": case["id"]}, b.token)) == {"node": None}
    err = await gql.error(FINE, {"id": case["id"], "amount": "50.00", "at": LATER}, b.token)
    assert err["extensions"]["code"] == "NOT_FOUND"
    assert (await gql.ok(CASES, token=b.token))["offenceCases"] == []


async def test_a_fine_before_the_offence_is_refused_and_changes_nothing(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "nagaland")
    case = await record(gql, t, "25")
    err = await gql.error(
        FINE, {"id": case["id"], "amount": "50.00", "at": "2025-06-01T10:00:00+05:30"}, t.token
    )
    assert err["extensions"]["code"] == "VALIDATION"
    with dbs.admin.transaction(t.id) as s:
        assert s.scalars(select(Fine)).all() == []
        actions = list(s.scalars(select(AuditEvent.action)))
    assert "offence.record" in actions and "offence.fine" not in actions


async def test_an_offence_links_only_to_the_tenants_own_impoundment(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "nagaland")
    query = """mutation($imp: ID!, $at: DateTime!) { recordOffence(input: {section: "25",
        committedAt: $at, impoundmentId: $imp, offender: {name: "A", address: "B", role: OWNER}}) {
        id } }"""
    err = await gql.error(query, {"imp": to_global_id("Impoundment", new_id()), "at": AT}, t.token)
    assert err["extensions"]["code"] == "NOT_FOUND"
    wrong = await gql.error(query, {"imp": to_global_id("Pound", new_id()), "at": AT}, t.token)
    assert wrong["extensions"]["code"] == "VALIDATION"


async def test_the_public_catalogue_says_s28_fines_come_out_of_salary(gql: GraphQLClient) -> None:
    query = '{ jurisdiction(code: "nagaland") { offences { section recoverableFromSalary } } }'
    offences = (await gql.ok(query))["jurisdiction"]["offences"]
    assert {o["section"]: o["recoverableFromSalary"] for o in offences}["28"] is True

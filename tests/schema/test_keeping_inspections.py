"""Designated persons and their inspection visits (Mizoram s.21); a contravention of the
keeping rules (s.4) or of hygiene (s.5) opens an offence case under s.15(1)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select

from pashu.db.keeping import Inspection
from pashu.db.offences import OffenceCase
from tests.conftest import Databases, GraphQLClient, make_tenant

DESIGNATE = """
mutation($input: DesignateInspectorInput!) {
  designateInspector(input: $input) { id name designatedBy villageCouncil designatedOn }
}"""
VISIT = """
mutation($input: RecordInspectionInput!) {
  recordInspection(input: $input) {
    id inspectorName contravention hygienic offenceCaseId
    findings { species heads mode timeOfDay complies sections explanation }
  }
}"""
CASES = "{ offenceCases { id section offender { name } status } }"
VISITS = """
query($c: Boolean) { inspections(contravention: $c) { id contravention findings { species } } }"""


def person(**over: Any) -> dict[str, Any]:
    base = {
        "name": "R. Lalthanga",
        "designatedBy": "VILLAGE_COUNCIL",
        "villageCouncil": "Bawngkawn Village Council",
        "designatedOn": "2026-01-05",
        "reference": "VC order 2/2026",
    }
    return {"input": {**base, **over}}


def visit(inspector: str, findings: list[dict[str, Any]], **over: Any) -> dict[str, Any]:
    base = {
        "inspectorId": inspector,
        "at": "2026-02-10T21:30:00+05:30",
        "place": "House of C. Lalropuia, Bawngkawn",
        "ownerName": "C. Lalropuia",
        "ownerAddress": "Bawngkawn, Aizawl",
        "findings": findings,
        "hygienic": True,
    }
    return {"input": {**base, **over}}


async def test_a_goat_left_tethered_at_night_opens_a_case_under_s15_1(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "mizoram")
    who = (await gql.ok(DESIGNATE, person(), t.token))["designateInspector"]
    assert who["villageCouncil"] == "Bawngkawn Village Council"
    found = [
        {"species": "goats", "heads": 3, "mode": "TETHERED", "timeOfDay": "NIGHT"},
        {"species": "hen", "heads": 12, "mode": "CONFINED", "timeOfDay": "NIGHT"},
    ]
    made = (await gql.ok(VISIT, visit(who["id"], found), t.token))["recordInspection"]
    assert made["contravention"] is True and made["offenceCaseId"]
    goats, hens = made["findings"]
    assert goats["complies"] is False and goats["sections"] == ["4(2)(ii)"]
    assert hens["complies"] is True and hens["species"] == "fowl"
    cases = (await gql.ok(CASES, token=t.token))["offenceCases"]
    assert [(c["id"], c["section"], c["offender"]["name"]) for c in cases] == [
        (made["offenceCaseId"], "15(1)", "C. Lalropuia")
    ]


async def test_unhygienic_keeping_is_a_contravention_even_when_the_keeping_complies(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "mizoram")
    who = await gql.ok(DESIGNATE, person(designatedBy="GOVERNMENT", villageCouncil=None), t.token)
    inspector = who["designateInspector"]["id"]
    pigs = [{"species": "pig", "heads": 2, "mode": "CONFINED", "timeOfDay": "DAY"}]
    dirty = await gql.ok(VISIT, visit(inspector, pigs, hygienic=False), t.token)
    assert dirty["recordInspection"]["contravention"] is True
    clean = await gql.ok(VISIT, visit(inspector, pigs), t.token)
    assert clean["recordInspection"]["contravention"] is False
    assert clean["recordInspection"]["offenceCaseId"] is None
    assert len((await gql.ok(CASES, token=t.token))["offenceCases"]) == 1
    flagged = (await gql.ok(VISITS, {"c": True}, t.token))["inspections"]
    assert [v["id"] for v in flagged] == [dirty["recordInspection"]["id"]]
    assert len((await gql.ok(VISITS, {}, t.token))["inspections"]) == 2


async def test_a_refused_visit_records_neither_visit_nor_case(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "mizoram")
    inspector = (await gql.ok(DESIGNATE, person(), t.token))["designateInspector"]["id"]
    loose = [{"species": "cow", "mode": "AT_LARGE", "timeOfDay": "DAY"}]
    before = await gql.error(
        VISIT, visit(inspector, loose, at="2026-01-04T10:00:00+05:30"), t.token
    )
    assert before["extensions"]["code"] == "VALIDATION"  # not yet designated
    assert before["extensions"]["citation"]["section"] == "21"
    unknown = [*loose, {"species": "yak", "mode": "FENCED", "timeOfDay": "DAY"}]
    bad = await gql.error(VISIT, visit(inspector, unknown), t.token)
    assert bad["extensions"]["code"] == "UNKNOWN_SPECIES"
    with dbs.admin.transaction(t.id) as s:
        assert s.scalar(select(func.count()).select_from(Inspection)) == 0
        assert s.scalar(select(func.count()).select_from(OffenceCase)) == 0


async def test_a_government_designee_names_no_village_council(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "mizoram")
    err = await gql.error(DESIGNATE, person(designatedBy="GOVERNMENT"), t.token)
    assert err["extensions"]["code"] == "VALIDATION"
    err = await gql.error(DESIGNATE, person(villageCouncil=None), t.token)
    assert err["extensions"]["code"] == "VALIDATION"
    nl = make_tenant(dbs, "nagaland")
    err = await gql.error(DESIGNATE, person(), nl.token)
    assert err["extensions"]["code"] == "NOT_IN_JURISDICTION"


async def test_inspections_of_another_tenant_are_invisible(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "mizoram")
    inspector = (await gql.ok(DESIGNATE, person(), t.token))["designateInspector"]["id"]
    other = make_tenant(dbs, "mizoram")
    err = await gql.error(
        VISIT,
        visit(inspector, [{"species": "dog", "mode": "FENCED", "timeOfDay": "DAY"}]),
        other.token,
    )
    assert err["extensions"]["code"] == "NOT_FOUND"
    assert (await gql.ok(VISITS, {}, other.token))["inspections"] == []

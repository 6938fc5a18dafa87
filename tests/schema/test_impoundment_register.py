"""The seizure register and dues (Nagaland ss.7, 9-11; Mizoram ss.7-9)."""

from __future__ import annotations

from tests.conftest import Databases, GraphQLClient, make_tenant
from tests.schema.impoundment_helpers import DUES, POUND, SEIZE, department, seize, seizure


async def test_a_seizure_enters_the_register_with_each_animal(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)
    assert case["registerNumber"] == 1 and case["status"] == "IMPOUNDED"
    assert [a["species"] for a in case["animals"]] == ["cow", "cow", "goat"]
    assert {c["species"]: c["count"] for c in case["animalCounts"]} == {"cow": 2, "goat": 1}
    steps = {s["action"]: s for s in case["timeline"]}
    assert steps["DELIVER_TO_POUND"]["deadline"] == "2026-01-04T09:00:00+05:30"
    assert steps["REPORT_UNCLAIMED"]["notBefore"] == "2026-01-11T00:00:00+05:30"
    second = await seize(gql, t.token, pound)
    assert second["registerNumber"] == 2


async def test_nagaland_seizer_must_sign_the_register(dbs: Databases, gql: GraphQLClient) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    err = await gql.error(SEIZE, {"input": seizure(pound, seizerSigned=False)}, t.token)
    assert err["extensions"]["code"] == "VALIDATION"
    assert err["extensions"]["citation"]["section"] == "7"
    assert err["extensions"]["field"] == "seizerSigned"


async def test_mizoram_asks_no_signature(dbs: Databases, gql: GraphQLClient) -> None:
    t, pound = await department(dbs, gql, "mizoram")
    case = await seize(gql, t.token, pound, seizerSigned=False)
    assert case["registerNumber"] == 1


async def test_a_mithun_is_not_cattle_in_nagaland(dbs: Databases, gql: GraphQLClient) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    err = await gql.error(
        SEIZE, {"input": seizure(pound, animals=[{"species": "mithun", "count": 1}])}, t.token
    )
    assert err["extensions"]["code"] == "NOT_IN_JURISDICTION"
    assert err["extensions"]["citation"]["section"] == "2(1)"


async def test_refused_seizures_change_nothing(dbs: Databases, gql: GraphQLClient) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    bad = [
        seizure(pound, impoundedAt="2026-01-02T09:00:00+05:30"),  # before the seizure
        seizure(pound, animals=[]),
        seizure(pound, animals=[{"species": "unicorn", "count": 1}]),
        seizure(pound, animals=[{"species": "cow", "count": 0}]),
        seizure(pound, place=" "),
    ]
    codes = [(await gql.error(SEIZE, {"input": b}, t.token))["extensions"]["code"] for b in bad]
    assert codes == ["VALIDATION", "VALIDATION", "UNKNOWN_SPECIES", "VALIDATION", "VALIDATION"]
    ok = await seize(gql, t.token, pound)
    assert ok["registerNumber"] == 1  # no number was used up by the refusals


async def test_another_tenants_pound_is_not_found(dbs: Databases, gql: GraphQLClient) -> None:
    _, pound = await department(dbs, gql, "nagaland")
    other = make_tenant(dbs, "nagaland")
    err = await gql.error(SEIZE, {"input": seizure(pound)}, other.token)
    assert err["extensions"]["code"] == "NOT_FOUND"


async def test_dues_itemise_fines_and_feeding_with_citations(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)
    data = await gql.ok(DUES, {"id": case["id"], "asOf": "2026-01-05T12:00:00+05:30"}, t.token)
    dues = data["impoundment"]["dues"]
    lines = {(ln["kind"], ln["species"]): ln for ln in dues["lines"]}
    assert lines[("FINE", "cow")]["amount"] == "100.00"
    assert lines[("FINE", "cow")]["citation"]["section"] == "11(1)"
    # 3, 4 and 5 January: each day or part of a day in the pound.
    assert lines[("FEEDING_CHARGE", "cow")]["days"] == 3
    assert lines[("FEEDING_CHARGE", "cow")]["amount"] == "60.00"
    assert lines[("FEEDING_CHARGE", "goat")]["amount"] == "15.00"
    assert lines[("FEEDING_CHARGE", "cow")]["citation"]["section"] == "4"
    assert dues["total"] == "195.00"


async def test_habitual_trespass_area_fines_follow_their_notification(
    dbs: Databases, gql: GraphQLClient
) -> None:
    from tests.schema.impoundment_helpers import rate

    t, pound = await department(dbs, gql, "nagaland")
    await rate(gql, t.token, "HABITUAL_AREA_FINE_PER_HEAD", "cow", "100.00", "2026-01-01")
    case = await seize(
        gql,
        t.token,
        pound,
        placeKind="HABITUAL_TRESPASS_AREA",
        animals=[{"species": "cow", "count": 1}],
    )
    data = await gql.ok(DUES, {"id": case["id"], "asOf": "2026-01-03T16:00:00+05:30"}, t.token)
    fine = next(ln for ln in data["impoundment"]["dues"]["lines"] if ln["kind"] == "FINE")
    assert fine["amount"] == "100.00" and fine["citation"]["section"] == "11(2)"


async def test_an_unnotified_rate_is_unknown_not_guessed(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "mizoram")
    pound = (await gql.ok(POUND, {"name": "P"}, t.token))["createPound"]["id"]
    case = await seize(gql, t.token, pound, animals=[{"species": "pig", "count": 1}])
    data = await gql.ok(DUES, {"id": case["id"], "asOf": "2026-01-04T10:00:00+05:30"}, t.token)
    dues = data["impoundment"]["dues"]
    assert dues["total"] is None
    assert all(ln["amount"] is None for ln in dues["lines"])


OWNER_REG = """
query($id: ID!) { impoundment(id: $id) {
  ownerRegistration { registered late explanation citations { section } }
} }"""


async def test_an_impoundment_shows_its_owners_registration(
    dbs: Databases, gql: GraphQLClient
) -> None:
    from tests.schema.impoundment_helpers import rate
    from tests.schema.test_registration import REGISTER, registration

    t, pound = await department(dbs, gql, "mizoram")
    unregistered = await seize(gql, t.token, pound)
    data = await gql.ok(OWNER_REG, {"id": unregistered["id"]}, t.token)
    assert data["impoundment"]["ownerRegistration"]["registered"] is False
    await rate(gql, t.token, "REGISTRATION_FEE", None, "10.00", "2025-01-01")
    reg = registration(at="2025-12-01T10:00:00+05:30", owned_since="2025-11-20")
    reg["input"]["owner"] = {"name": "T. Sema", "address": "Jotsoma", "category": "PRIVATE"}
    await gql.ok(REGISTER, reg, t.token)
    data = await gql.ok(OWNER_REG, {"id": unregistered["id"]}, t.token)
    status = data["impoundment"]["ownerRegistration"]
    assert status["registered"] is True and status["late"] is False
    nl, nl_pound = await department(dbs, gql, "nagaland")
    nl_case = await seize(gql, nl.token, nl_pound)
    none = await gql.ok(OWNER_REG, {"id": nl_case["id"]}, nl.token)
    assert none["impoundment"]["ownerRegistration"] is None  # no animal register in that Act

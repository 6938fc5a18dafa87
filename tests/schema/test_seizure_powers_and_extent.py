"""Who may seize, where, on what condition (Mizoram s.7(1) with s.2(f)(i); Nagaland ss.9(1),
10), where each Act is in force (Mizoram s.1(2); Nagaland s.1(2)(b); Chhattisgarh s.1) and the
kinds of animal notified into an Act (Nagaland s.2(1); Chhattisgarh s.3), through the API."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import select

from pashu.db.impoundment import Impoundment
from pashu.db.pounds import Pound
from tests.conftest import Databases, GraphQLClient, add_token, make_tenant
from tests.schema.impoundment_helpers import SEIZE, department, seize, seizure
from tests.schema.test_registration_regulated_areas import MOVEMENT, ORDER, ask, order

# Every anonymous answer here is checked made and kept (byte-equal): tests/conftest.py.
pytestmark = pytest.mark.public_law

AREA = """
mutation($input: RecordExtentNotificationInput!) {
  recordExtentNotification(input: $input) { id area ground inForce effectiveFrom reference }
}"""
KIND = """
mutation($input: RecordKindNotificationInput!) {
  recordKindNotification(input: $input) { id species included effectiveFrom reference }
}"""
FORCE = """
query($area: String!, $on: Date!) {
  actInForce(area: $area, on: $on) { inForce explanation citations { section } }
}"""
CASE = """
query($id: ID!) { impoundment(id: $id) {
  area seizer { name capacity damageFound }
} }"""
PUBLIC = """
query($code: ID!) { jurisdiction(code: $code) {
  placesOfSeizure
  seizurePowers { capacity places damageRequired citations { section } }
  extent { summary defaultInForce grounds { ground inForce byNotification citations { section } }
           citations { section } }
  notifiedKinds { removable citations { section } }
} }"""


def area(name: str, ground: str, since: str, reference: str = "") -> dict[str, Any]:
    return {
        "input": {"area": name, "ground": ground, "effectiveFrom": since, "reference": reference}
    }


async def refused(gql: GraphQLClient, token: str, pound: str, **over: Any) -> dict[str, Any]:
    return await gql.error(SEIZE, {"input": seizure(pound, **over)}, token)


def entries(dbs: Databases, tenant: Any) -> int:
    with dbs.admin.transaction(tenant.id) as s:
        return len(s.scalars(select(Impoundment)).all())


async def test_a_seizure_by_a_person_the_act_does_not_empower_is_refused(
    dbs: Databases, gql: GraphQLClient
) -> None:
    nl, nl_pound = await department(dbs, gql, "nagaland")
    # Nagaland s.9(1) names the cultivator or occupier, not the owner of the land as such.
    owner = await refused(gql, nl.token, nl_pound, seizerCapacity="LAND_OWNER")
    # LAND_OWNER is Mizoram's kind, not one the Cattle Trespass Act names: VALIDATION.
    assert owner["extensions"]["code"] == "VALIDATION"
    assert owner["extensions"]["allowed"][:2] == ["CULTIVATOR", "OCCUPIER"]
    assert "LAND_OWNER is not a seizer capacity" in owner["message"]
    assert owner["extensions"]["citation"]["section"] == "9(1)"
    assert owner["extensions"]["field"] == "seizerCapacity"
    mz, mz_pound = await department(dbs, gql, "mizoram")
    # Mizoram s.7(1) gives the power to the owner of the land or property alone.
    police = await refused(gql, mz.token, mz_pound, seizerCapacity="POLICE_OFFICER")
    assert police["extensions"]["code"] == "VALIDATION"
    assert "another Act's" in police["message"]
    assert police["extensions"]["citation"]["section"] == "7(1)"
    assert entries(dbs, nl) == entries(dbs, mz) == 0
    case = await seize(gql, mz.token, mz_pound, seizerCapacity="LAND_OWNER")
    page = (await gql.ok(CASE, {"id": case["id"]}, mz.token))["impoundment"]
    assert page["seizer"]["capacity"] == "LAND_OWNER"
    assert page["seizer"]["damageFound"] == "paddy trampled and eaten"
    assert page["area"] == "Kohima TC"  # the pound's local authority, by default


async def test_mizoram_has_no_aerodrome_or_habitual_trespass_area_to_seize_in(
    dbs: Databases, gql: GraphQLClient
) -> None:
    mz, pound = await department(dbs, gql, "mizoram")
    for place in ("AERODROME", "HABITUAL_TRESPASS_AREA"):
        err = await refused(gql, mz.token, pound, placeKind=place)
        # Nagaland's kinds of place, not the Mizoram Act's: VALIDATION, on the field.
        assert err["extensions"]["code"] == "VALIDATION"
        assert err["extensions"]["field"] == "placeKind"
        assert err["extensions"]["allowed"] == ["PRIVATE_LAND", "PUBLIC_PROPERTY"]
        assert err["extensions"]["citation"]["section"] == "7(1)"
    mz_law = (await gql.ok(PUBLIC, {"code": "mizoram"}))["jurisdiction"]
    assert mz_law["placesOfSeizure"] == ["PRIVATE_LAND", "PUBLIC_PROPERTY"]
    nl_law = (await gql.ok(PUBLIC, {"code": "nagaland"}))["jurisdiction"]
    assert nl_law["placesOfSeizure"] == [
        "PRIVATE_LAND",
        "PUBLIC_PROPERTY",
        "HABITUAL_TRESPASS_AREA",
        "AERODROME",
    ]
    cg_law = (await gql.ok(PUBLIC, {"code": "chhattisgarh"}))["jurisdiction"]
    assert cg_law["placesOfSeizure"] == [] and cg_law["seizurePowers"] == []


async def test_nagaland_s9_needs_damage_found_but_s10_reaches_cattle_found_straying(
    dbs: Databases, gql: GraphQLClient
) -> None:
    nl, pound = await department(dbs, gql, "nagaland")
    no_damage = await refused(gql, nl.token, pound, damage=None)
    assert no_damage["extensions"]["code"] == "VALIDATION"
    assert no_damage["extensions"]["field"] == "damage"
    assert no_damage["extensions"]["citation"]["section"] == "9(1)"
    # A police officer may not seize on private land under s.10 ...
    land = await refused(gql, nl.token, pound, seizerCapacity="POLICE_OFFICER", damage=None)
    assert land["extensions"]["code"] == "VALIDATION"
    assert land["extensions"]["citation"]["section"] == "10"
    assert entries(dbs, nl) == 0
    # ... but may seize cattle found straying on a public road, with no damage found.
    road = await seize(
        gql,
        nl.token,
        pound,
        seizerCapacity="POLICE_OFFICER",
        damage=None,
        placeKind="PUBLIC_PROPERTY",
        place="NH-29 near Jotsoma",
    )
    page = (await gql.ok(CASE, {"id": road["id"]}, nl.token))["impoundment"]
    assert page["seizer"] == {
        "name": "K. Angami",
        "capacity": "POLICE_OFFICER",
        "damageFound": None,
    }
    powers = (await gql.ok(PUBLIC, {"code": "nagaland"}))["jurisdiction"]["seizurePowers"]
    by = {p["capacity"]: p for p in powers}
    assert by["CROP_VENDEE"]["damageRequired"] is True
    assert by["POLICE_OFFICER"]["damageRequired"] is False
    assert "LAND_OWNER" not in by


async def test_mizoram_no_pound_or_seizure_in_a_municipal_area_s1_2(
    dbs: Databases, gql: GraphQLClient
) -> None:
    mz, pound = await department(dbs, gql, "mizoram")
    made = (
        await gql.ok(
            AREA, area("Aizawl Municipal Corporation", "MUNICIPALITY", "2014-01-01"), mz.token
        )
    )["recordExtentNotification"]
    assert made["inForce"] is False and "1(2)" in made["reference"]
    # A seizure whose place is in the municipal area is refused, citing s.1(2).
    err = await refused(gql, mz.token, pound, area="aizawl municipal  corporation")
    assert err["extensions"]["code"] == "NOT_IN_JURISDICTION"
    assert err["extensions"]["citation"]["section"] == "1(2)"
    assert err["extensions"]["field"] == "area"
    # So is a pound under the municipality.
    mutation = """mutation { createPound(input: {name: "City pound",
        localAuthority: "Aizawl Municipal Corporation"}) { id } }"""
    pound_err = await gql.error(mutation, token=mz.token)
    assert pound_err["extensions"]["citation"]["section"] == "1(2)"
    with dbs.admin.transaction(mz.id) as s:
        assert [p.name for p in s.scalars(select(Pound))] == ["Main pound"]
    assert entries(dbs, mz) == 0
    # An autonomous district council's area is outside the Act too; other areas are not.
    await gql.ok(
        AREA, area("Lai ADC, Lawngtlai", "AUTONOMOUS_DISTRICT_COUNCIL", "2014-01-01"), mz.token
    )
    assert (await refused(gql, mz.token, pound, area="Lai ADC, Lawngtlai"))["extensions"][
        "citation"
    ]["section"] == "1(2)"
    await seize(gql, mz.token, pound, area="Lunglei village")
    # Mizoram's Act gives no power to exclude by notification under that name.
    wrong = await gql.error(AREA, area("Kolasib", "EXCLUSION", "2026-01-01", "G 1"), mz.token)
    assert wrong["extensions"]["code"] == "NOT_IN_JURISDICTION"


async def test_mizoram_an_exemption_runs_from_its_date_and_leaves_earlier_seizures_alone(
    dbs: Databases, gql: GraphQLClient
) -> None:
    mz, pound = await department(dbs, gql, "mizoram")
    no_ref = await gql.error(AREA, area("Kohima TC", "EXEMPTION", "2026-01-05"), mz.token)
    assert no_ref["extensions"]["code"] == "VALIDATION"
    exempt = area("Kohima TC", "EXEMPTION", "2026-01-05", "Mizoram Gazette 2026/3")
    await gql.ok(AREA, exempt, mz.token)
    before = await seize(
        gql,
        mz.token,
        pound,
        seizedAt="2026-01-04T09:00:00+05:30",
        impoundedAt="2026-01-04T10:00:00+05:30",
    )
    assert before["registerNumber"] == 1
    after = await refused(
        gql,
        mz.token,
        pound,
        seizedAt="2026-01-05T09:00:00+05:30",
        impoundedAt="2026-01-05T10:00:00+05:30",
    )
    assert after["extensions"]["citation"]["section"] == "1(2)(proviso)"
    force = (await gql.ok(FORCE, {"area": "kohima tc", "on": "2026-01-06"}, mz.token))["actInForce"]
    assert force["inForce"] is False and "Mizoram Gazette 2026/3" in force["explanation"]
    # Cancelled by notification: the Act applies again from the cancellation's date.
    await gql.ok(
        AREA, area("Kohima TC", "CANCELLATION", "2026-01-10", "Mizoram Gazette 2026/9"), mz.token
    )
    await seize(
        gql,
        mz.token,
        pound,
        seizedAt="2026-01-11T09:00:00+05:30",
        impoundedAt="2026-01-11T10:00:00+05:30",
    )
    viewer = add_token(dbs, mz, "viewer")
    assert (await gql.error(AREA, exempt, viewer))["extensions"]["code"] == "FORBIDDEN"


async def test_nagaland_an_area_excluded_by_notification_s1_2_b(
    dbs: Databases, gql: GraphQLClient
) -> None:
    nl, pound = await department(dbs, gql, "nagaland")
    await gql.ok(
        AREA, area("Dimapur", "EXCLUSION", "2026-01-02", "Nagaland Gazette 2025/88"), nl.token
    )
    err = await refused(gql, nl.token, pound, area="Dimapur")
    assert err["extensions"]["code"] == "NOT_IN_JURISDICTION"
    assert err["extensions"]["citation"]["section"] == "1(2)(b)"
    on = (await gql.ok(FORCE, {"area": "Dimapur", "on": "2026-01-01"}, nl.token))["actInForce"]
    assert on["inForce"] is True
    elsewhere = (await gql.ok(FORCE, {"area": "Mon", "on": "2026-06-01"}, nl.token))["actInForce"]
    assert elsewhere["inForce"] is True


async def test_chhattisgarh_orders_only_where_the_act_has_commenced_s1(
    dbs: Databases, gql: GraphQLClient
) -> None:
    cg = make_tenant(dbs, "chhattisgarh")
    await gql.ok(
        AREA,
        area("Raipur Municipal Corporation", "COMMENCEMENT", "2026-05-01", "CG Gazette 2026/12"),
        cg.token,
    )
    early = await gql.error(ORDER, order(), cg.token)  # effective 1 April: before commencement
    assert early["extensions"]["code"] == "NOT_IN_JURISDICTION"
    assert early["extensions"]["citation"]["section"] == "1"
    await gql.ok(ORDER, order(effectiveFrom="2026-05-01"), cg.token)
    unknown = (await gql.ok(FORCE, {"area": "Durg", "on": "2026-06-01"}, cg.token))["actInForce"]
    assert unknown["inForce"] is None and "not known" in unknown["explanation"]
    wrong = await gql.error(AREA, area("Durg", "EXEMPTION", "2026-01-01", "G 1"), cg.token)
    assert wrong["extensions"]["code"] == "NOT_IN_JURISDICTION"


async def test_every_act_states_its_extent_in_the_public_api(gql: GraphQLClient) -> None:
    found = {}
    for code in ("mizoram", "nagaland", "chhattisgarh"):
        found[code] = (await gql.ok(PUBLIC, {"code": code}))["jurisdiction"]["extent"]
    mz, nl, cg = found["mizoram"], found["nagaland"], found["chhattisgarh"]
    assert "Municipalities" in mz["summary"] and "Chakma, Mara and Lai" in mz["summary"]
    assert {g["ground"]: g["byNotification"] for g in mz["grounds"]} == {
        "MUNICIPALITY": False,
        "AUTONOMOUS_DISTRICT_COUNCIL": False,
        "EXEMPTION": True,
        "CANCELLATION": True,
    }
    assert mz["defaultInForce"] is True
    assert [g["ground"] for g in nl["grounds"]] == ["EXCLUSION", "CANCELLATION"]
    assert nl["grounds"][0]["citations"] == [{"section": "1(2)(b)"}]
    assert cg["defaultInForce"] is None
    assert cg["grounds"] == [
        {
            "ground": "COMMENCEMENT",
            "inForce": True,
            "byNotification": True,
            "citations": [{"section": "1"}],
        }
    ]


async def test_nagaland_a_kind_notified_under_s2_1_is_cattle_from_its_date(
    dbs: Databases, gql: GraphQLClient
) -> None:
    nl, pound = await department(dbs, gql, "nagaland")
    mithun = [{"species": "mithun", "count": 1}]
    before = await refused(gql, nl.token, pound, animals=mithun)
    assert before["extensions"]["code"] == "NOT_IN_JURISDICTION"
    assert before["extensions"]["citation"]["section"] == "2(1)"
    notice = {"species": "mithun", "effectiveFrom": "2026-01-03", "reference": "NL Gazette 2025/9"}
    made = (await gql.ok(KIND, {"input": notice}, nl.token))["recordKindNotification"]
    assert made["species"] == "mithun" and made["included"] is True
    day_before = await refused(
        gql,
        nl.token,
        pound,
        animals=mithun,
        seizedAt="2026-01-02T09:00:00+05:30",
        impoundedAt="2026-01-02T10:00:00+05:30",
    )
    assert day_before["extensions"]["code"] == "NOT_IN_JURISDICTION"
    case = await seize(gql, nl.token, pound, animals=mithun)  # seized 3 January
    assert case["animals"][0]["species"] == "mithun"
    # s.2(1) adds kinds; a kind the Act names is not taken out (a notified one may be
    # rescinded, General Clauses Act s.21: test_extent_kinds_and_powers).
    cow = {**notice, "species": "cow", "included": False}
    out = await gql.error(KIND, {"input": cow}, nl.token)
    assert out["extensions"]["code"] == "VALIDATION"
    mz = make_tenant(dbs, "mizoram")
    none = await gql.error(KIND, {"input": notice}, mz.token)
    assert none["extensions"]["code"] == "NOT_IN_JURISDICTION"
    public = (await gql.ok(PUBLIC, {"code": "nagaland"}))["jurisdiction"]["notifiedKinds"]
    assert public == {"removable": True, "citations": [{"section": "2(1)"}]}


async def test_chhattisgarh_the_schedule_amended_under_s3_binds_from_its_date(
    dbs: Databases, gql: GraphQLClient
) -> None:
    cg = make_tenant(dbs, "chhattisgarh")
    ban = order(
        reference="CG Gazette 2026/46",
        effect="PROHIBIT",
        activities=["MOVEMENT"],
        clauses=["(d)"],
        licenceFee=None,
    )
    await gql.ok(ORDER, ban, cg.token)
    amend = {"species": "pig", "effectiveFrom": "2026-07-01", "reference": "CG Gazette 2026/70"}
    await gql.ok(KIND, {"input": amend}, cg.token)
    june = (await gql.ok(MOVEMENT, ask("pig", "2026-06-30"), cg.token))["movementAllowed"]
    # Before the amendment a pig is not among the legible items, but item 5 is illegible:
    # whether the ban binds it cannot be said.
    assert june["allowed"] is None
    july = (await gql.ok(MOVEMENT, ask("pig", "2026-07-01"), cg.token))["movementAllowed"]
    assert july["allowed"] is False
    # s.3 lets the Schedule be altered: a kind may be taken out, from a later date.
    await gql.ok(
        KIND, {"input": {**amend, "included": False, "effectiveFrom": "2026-09-01"}}, cg.token
    )
    sept = (await gql.ok(MOVEMENT, ask("pig", "2026-09-01"), cg.token))["movementAllowed"]
    assert sept["allowed"] is True
    listed = await gql.ok(
        "{ kindNotifications { species included effectiveFrom } }", token=cg.token
    )
    assert [k["included"] for k in listed["kindNotifications"]] == [True, False]


async def test_a_correction_must_still_rest_on_a_power_the_act_gives(
    dbs: Databases, gql: GraphQLClient
) -> None:
    from tests.schema.test_impoundment_corrections import CORRECT

    nl, pound = await department(dbs, gql, "nagaland")
    case = await seize(
        gql,
        nl.token,
        pound,
        seizerCapacity="POLICE_OFFICER",
        damage=None,
        placeKind="PUBLIC_PROPERTY",
    )
    fix = {"impoundmentId": case["id"], "reason": "the seizure was in a paddy field"}
    moved = await gql.error(CORRECT, {"input": {**fix, "placeKind": "PRIVATE_LAND"}}, nl.token)
    assert moved["extensions"]["code"] == "VALIDATION"
    assert moved["extensions"]["citation"]["section"] == "10"
    # Corrected as the cultivator's seizure, the damage he found recorded too.
    right = {**fix, "placeKind": "PRIVATE_LAND", "seizerCapacity": "CULTIVATOR"}
    no_damage = await gql.error(CORRECT, {"input": right}, nl.token)
    assert no_damage["extensions"]["citation"]["section"] == "9(1)"
    fixed = (await gql.ok(CORRECT, {"input": {**right, "damage": "paddy eaten"}}, nl.token))[
        "correctSeizure"
    ]
    page = (await gql.ok(CASE, {"id": fixed["id"]}, nl.token))["impoundment"]
    assert page["seizer"]["capacity"] == "CULTIVATOR"
    assert page["seizer"]["damageFound"] == "paddy eaten"

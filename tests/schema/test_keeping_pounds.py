"""Pounds and their areas (Nagaland s.3): a seizure goes to the pound for the land's area
(s.9(1)) or the nearest pound (s.10); and the returns produced from the registers (Nagaland
s.6; Mizoram ss.7(3), 12(2), 13(3))."""

from __future__ import annotations

import base64
from typing import Any

from tests.conftest import Databases, GraphQLClient
from tests.schema.impoundment_helpers import DELIVER, NOTICE, SALE, department, seize

AREA = """
mutation($input: DeterminePoundAreaInput!) {
  determinePoundArea(input: $input) { area pound { id name } determinedOn determinedBy reference }
}"""
SITE = """
mutation($input: RecordPoundSiteInput!) { recordPoundSite(input: $input) { poundId latitude } }"""
POUND = """
mutation($name: String!, $la: String!) {
  createPound(input: {name: $name, localAuthority: $la}) { id localAuthority { id } }
}"""
POUNDS = "{ pounds { id name localAuthority { id name } } }"
CHECK = """
query($id: ID!, $area: String, $lat: Decimal, $lon: Decimal) {
  poundCheck(impoundmentId: $id, area: $area, latitude: $lat, longitude: $lon) {
    ok explanation rule expectedPound { name } citations { section confidence }
  }
}"""
AREAS = "query($on: Date) { poundAreas(on: $on) { area pound { name } determinedOn } }"
RETURN = """
query($pound: ID, $la: ID, $from: Date!, $to: Date!) {
  poundReturn(poundId: $pound, localAuthorityId: $la, from: $from, to: $to) {
    periodFrom periodTo keptBy cases localAuthority pound { name }
    species { species inPoundAtStart impounded delivered sold disposed died inPoundAtEnd }
    deliveries fines feedingCharges underProtest collected
    sales disposals saleProceeds finesFromSales feedingChargesFromSales saleExpenses surplusHeld
    registrationFees animalTax offenceFines offenceFinesPaid
    balances { account name amount }
    citations { section }
    document { title text pdfBase64 }
  }
}"""


def area(pound: str, name: str, on: str, ref: str = "Director's order 1/2026") -> dict[str, Any]:
    return {"input": {"poundId": pound, "area": name, "determinedOn": on, "reference": ref}}


async def test_nagaland_land_seizure_must_go_to_the_pound_for_the_lands_area(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, main = await department(dbs, gql, "nagaland")
    other = (await gql.ok(POUND, {"name": "Jotsoma pound", "la": "Jotsoma VC"}, t.token))[
        "createPound"
    ]["id"]
    made = (await gql.ok(AREA, area(main, "Kohima village", "2026-01-01"), t.token))[
        "determinePoundArea"
    ]
    assert made["determinedBy"] == "the Director" and made["pound"]["name"] == "Main pound"
    await gql.ok(AREA, area(other, "Jotsoma", "2026-01-01"), t.token)
    dup = await gql.error(AREA, area(other, "kohima  VILLAGE", "2026-01-01"), t.token)
    assert dup["extensions"]["code"] == "CONFLICT"

    case = await seize(gql, t.token, main)
    right = (await gql.ok(CHECK, {"id": case["id"], "area": "Kohima Village"}, t.token))[
        "poundCheck"
    ]
    assert right["ok"] is True and right["rule"] == "AREA_POUND"
    assert [c["section"] for c in right["citations"]] == ["9(1)", "3(2)"]
    wrong = (await gql.ok(CHECK, {"id": case["id"], "area": "Jotsoma"}, t.token))["poundCheck"]
    assert wrong["ok"] is False and wrong["expectedPound"] == {"name": "Jotsoma pound"}
    assert "not the area's pound" in wrong["explanation"]
    unknown = await gql.ok(CHECK, {"id": case["id"], "area": "Chiechama"}, t.token)
    assert unknown["poundCheck"]["ok"] is None
    silent = (await gql.ok(CHECK, {"id": case["id"]}, t.token))["poundCheck"]
    assert silent["ok"] is None

    # The Director moves Kohima village to the Jotsoma pound from February: the January
    # seizure is judged by the determination in force when it was made.
    await gql.ok(AREA, area(other, "Kohima village", "2026-02-01", "Order 7/2026"), t.token)
    still = await gql.ok(CHECK, {"id": case["id"], "area": "Kohima village"}, t.token)
    assert still["poundCheck"]["ok"] is True
    feb = (await gql.ok(AREAS, {"on": "2026-02-01"}, t.token))["poundAreas"]
    assert {a["area"]: a["pound"]["name"] for a in feb} == {
        "Jotsoma": "Jotsoma pound",
        "Kohima village": "Jotsoma pound",
    }


async def test_nagaland_road_seizure_must_go_to_the_nearest_pound(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, main = await department(dbs, gql, "nagaland")
    other = (await gql.ok(POUND, {"name": "Jotsoma pound", "la": "Jotsoma VC"}, t.token))[
        "createPound"
    ]["id"]
    case = await seize(gql, t.token, main, placeKind="PUBLIC_PROPERTY", place="NH-2 near Jotsoma")
    where = {"id": case["id"], "lat": "25.651", "lon": "94.062"}  # by Jotsoma
    unknown = (await gql.ok(CHECK, where, t.token))["poundCheck"]
    assert unknown["ok"] is None and "no recorded site" in unknown["explanation"]
    await gql.ok(
        SITE, {"input": {"poundId": main, "latitude": "25.674", "longitude": "94.110"}}, t.token
    )
    await gql.ok(
        SITE, {"input": {"poundId": other, "latitude": "25.652", "longitude": "94.060"}}, t.token
    )
    far = (await gql.ok(CHECK, where, t.token))["poundCheck"]
    assert far["ok"] is False and far["rule"] == "NEAREST_POUND"
    assert far["expectedPound"] == {"name": "Jotsoma pound"}
    assert [c["section"] for c in far["citations"]] == ["10"]
    near = (await gql.ok(CHECK, {**where, "lat": "25.675", "lon": "94.111"}, t.token))["poundCheck"]
    assert near["ok"] is True
    bad = await gql.error(
        SITE, {"input": {"poundId": main, "latitude": "95.0", "longitude": "94.1"}}, t.token
    )
    assert bad["extensions"]["code"] == "VALIDATION"


async def _nagaland_month(dbs: Databases, gql: GraphQLClient) -> tuple[str, str, str]:
    """Two seizures into the main pound: one delivered, one partly sold."""
    t, main = await department(dbs, gql, "nagaland")
    first = await seize(gql, t.token, main)
    await gql.ok(
        DELIVER,
        {
            "input": {
                "impoundmentId": first["id"],
                "at": "2026-01-05T12:00:00+05:30",
                "claimant": {"name": "T. Sema", "address": "Jotsoma"},
                "amountPaid": "195.00",
            }
        },
        t.token,
    )
    second = await seize(gql, t.token, main)
    notice = {
        "impoundmentId": second["id"],
        "kind": "PUBLISH_NOTICE",
        "issuedAt": "2026-01-11T10:00:00+05:30",
    }
    report = {**notice, "kind": "REPORT_UNCLAIMED"}  # the notice follows the report (s.14(2))
    await gql.ok(NOTICE, {"input": report}, t.token)
    await gql.ok(NOTICE, {"input": notice}, t.token)
    sale = {
        "impoundmentId": second["id"],
        "at": "2026-01-19T10:00:00+05:30",
        "lots": [{"species": "cow", "count": 1}],
        "buyer": {"name": "L. Ao", "address": "Mokokchung", "role": "PUBLIC"},
        "price": "900.00",
        "expenses": "40.00",
    }
    await gql.ok(SALE, {"input": sale}, t.token)
    return t.token, main, t.slug


async def test_nagaland_pound_keepers_return_is_read_from_the_registers(
    dbs: Databases, gql: GraphQLClient
) -> None:
    token, main, _ = await _nagaland_month(dbs, gql)
    jan = (await gql.ok(RETURN, {"pound": main, "from": "2026-01-01", "to": "2026-01-31"}, token))[
        "poundReturn"
    ]
    assert jan["keptBy"] == "the pound-keeper" and jan["pound"] == {"name": "Main pound"}
    assert [c["section"] for c in jan["citations"]] == ["6", "7"]
    assert jan["cases"] == 2
    by = {s["species"]: s for s in jan["species"]}
    assert by["cow"] == {
        "species": "cow",
        "inPoundAtStart": 0,
        "impounded": 4,
        "delivered": 2,
        "sold": 1,
        "disposed": 0,
        "died": 0,
        "inPoundAtEnd": 1,
    }
    assert by["goat"]["impounded"] == 2 and by["goat"]["inPoundAtEnd"] == 1
    # Delivery: fines 2×50 + 20, feeding 3 days × (2×10 + 5). Sale: as its account says.
    assert (jan["deliveries"], jan["fines"], jan["feedingCharges"], jan["collected"]) == (
        1,
        "120.00",
        "75.00",
        "195.00",
    )
    assert (jan["sales"], jan["saleProceeds"], jan["finesFromSales"]) == (1, "900.00", "120.00")
    assert (jan["feedingChargesFromSales"], jan["saleExpenses"], jan["surplusHeld"]) == (
        "425.00",
        "40.00",
        "315.00",
    )
    assert jan["registrationFees"] is None  # the Act registers no animals
    books = {b["name"]: b["amount"] for b in jan["balances"]}
    assert books == {
        "Local authority deposit (surplus proceeds), Kohima TC": "315.00",
        "Local authority fund, Kohima TC": "240.00",
        "Pound-keeper, Main pound": "500.00",
        "payee:sale-expenses": "40.00",
    }
    text = jan["document"]["text"]
    assert text.startswith("Return of Main pound, 01 Jan 2026 to 31 Jan 2026")
    assert "Surplus proceeds held" in text and "Rs 315.00" in text
    assert base64.b64decode(jan["document"]["pdfBase64"]).startswith(b"%PDF")

    feb = (await gql.ok(RETURN, {"pound": main, "from": "2026-02-01", "to": "2026-02-28"}, token))[
        "poundReturn"
    ]
    assert feb["cases"] == 0 and feb["deliveries"] == 0 and feb["collected"] == "0.00"
    cows = next(s for s in feb["species"] if s["species"] == "cow")
    assert cows["inPoundAtStart"] == 1 and cows["inPoundAtEnd"] == 1 and cows["impounded"] == 0
    # Balances carry over: money held at the close of February is what January left.
    held = {b["name"]: b["amount"] for b in feb["balances"]}
    assert held["Local authority deposit (surplus proceeds), Kohima TC"] == "315.00"
    # Before anything happened, an empty return.
    dec = await gql.ok(RETURN, {"pound": main, "from": "2025-12-01", "to": "2025-12-31"}, token)
    assert dec["poundReturn"]["species"] == [] and dec["poundReturn"]["balances"] == []


async def test_a_return_for_a_local_authority_and_for_the_department(
    dbs: Databases, gql: GraphQLClient
) -> None:
    token, main, _ = await _nagaland_month(dbs, gql)
    pounds = {p["name"]: p for p in (await gql.ok(POUNDS, token=token))["pounds"]}
    la = pounds["Main pound"]["localAuthority"]["id"]
    period = {"from": "2026-01-01", "to": "2026-01-31"}
    by_la = (await gql.ok(RETURN, {**period, "la": la}, token))["poundReturn"]
    assert by_la["localAuthority"] == "Kohima TC" and by_la["cases"] == 2
    whole = (await gql.ok(RETURN, period, token))["poundReturn"]
    assert whole["pound"] is None and whole["collected"] == "195.00"
    bad = await gql.error(RETURN, {"pound": main, "from": "2026-02-01", "to": "2026-01-01"}, token)
    assert bad["extensions"]["code"] == "VALIDATION"
    both = await gql.error(RETURN, {**period, "pound": main, "la": la}, token)
    assert both["extensions"]["code"] == "VALIDATION"


async def test_mizoram_village_council_return_names_its_registers(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, main = await department(dbs, gql, "mizoram")
    await seize(gql, t.token, main)
    ret = (await gql.ok(RETURN, {"from": "2026-01-01", "to": "2026-01-31"}, t.token))["poundReturn"]
    assert ret["keptBy"] == "the Village Council"
    assert [c["section"] for c in ret["citations"]] == ["7(3)", "12(2)", "13(3)", "12(3)"]
    assert ret["cases"] == 1 and ret["registrationFees"] == "0.00" and ret["animalTax"] == "0.00"
    err = await gql.error(CHECK, {"id": (await seize(gql, t.token, main))["id"]}, t.token)
    assert err["extensions"]["code"] == "NOT_IN_JURISDICTION"

"""Notified rates at the Acts' edges (issue #32): an aerodrome's special fine and the scale
it displaces (Nagaland ss.11(1), 12), the day a notification was published beside the day it
takes effect, the feeding rates each local authority fixes (Nagaland s.4), and how feeding
days are counted (interpreted, the same in the schema, the code and the documents)."""

from __future__ import annotations

from typing import Any

from tests.conftest import Databases, GraphQLClient
from tests.schema.impoundment_helpers import DELIVER, PUBLISH, department, seize

EXPLAINED = """
query($id: ID!, $asOf: DateTime) {
  impoundment(id: $id) {
    dues(asOf: $asOf) {
      total
      lines { kind species days amount explanation citation { section confidence note } }
    }
  }
}"""
LIST = """query($on: Date!) { pounds { name exhibitedList(on: $on) { text } } }"""
READ = """{ notifications { kind effectiveFrom publishedOn aerodrome } }"""
OWNER = {"name": "T. Sema", "address": "Jotsoma"}


def notify(kind: str, species: str | None, amount: str, since: str, **more: Any) -> dict[str, Any]:
    return {
        "input": {
            "kind": kind,
            "species": species,
            "amount": amount,
            "effectiveFrom": since,
            "reference": f"Gazette {kind} {amount}",
            **more,
        }
    }


def at_aerodrome(place: str) -> dict[str, Any]:
    return {
        "placeKind": "AERODROME",
        "place": place,
        "seizerCapacity": "POLICE_OFFICER",
        "damage": None,
        "animals": [{"species": "cow", "count": 2}],
    }


async def test_an_aerodrome_with_no_s12_rate_is_fined_on_the_s11_scale_and_delivered(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """Nagaland s.12 is a fine the Director *may* direct for an aerodrome, "notwithstanding"
    s.11(1); where he has not, the s.11(1) scale is levied, and the owner can pay and take
    the cattle (s.13)."""
    t, pound = await department(dbs, gql, "nagaland")  # cow: fine 50, feeding 10
    case = await seize(gql, t.token, pound, **at_aerodrome("Runway, Dimapur Airport"))
    dues = await gql.ok(EXPLAINED, {"id": case["id"], "asOf": "2026-01-04T12:00:00+05:30"}, t.token)
    lines = {ln["kind"]: ln for ln in dues["impoundment"]["dues"]["lines"]}
    assert lines["FINE"]["amount"] == "100.00"  # 2 × Rs 50 on the s.11(1) scale
    assert lines["FINE"]["citation"]["section"] == "11(1)"
    assert "aerodrome fine per head" in lines["FINE"]["explanation"]
    assert dues["impoundment"]["dues"]["total"] == "140.00"  # and 2 × 2 days × 10
    paid = {
        "impoundmentId": case["id"],
        "at": "2026-01-04T12:00:00+05:30",
        "claimant": OWNER,
        "amountPaid": "140.00",
    }
    receipt = await gql.ok(DELIVER, {"input": paid}, t.token)
    assert receipt["deliverToOwner"]["amount"] == "140.00"


async def test_an_s12_rate_names_its_aerodrome_and_governs_only_there(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """Nagaland s.12: the Director directs the fine "in any aerodrome" for cattle "seized
    within such aerodrome": the notification names it, a seizure elsewhere (another
    aerodrome, a village) keeps the s.11(1) scale, and the pound's list (s.11(4)) says whose
    rate it is."""
    t, pound = await department(dbs, gql, "nagaland")
    unnamed = await gql.error(
        PUBLISH, notify("AERODROME_FINE_PER_HEAD", "cow", "200.00", "2026-01-01"), t.token
    )
    assert unnamed["extensions"]["code"] == "VALIDATION"
    assert unnamed["extensions"]["citation"]["section"] == "12"
    fine = notify("AERODROME_FINE_PER_HEAD", "cow", "200.00", "2026-01-01")
    fine["input"]["aerodrome"] = "Dimapur Airport"
    await gql.ok(PUBLISH, fine, t.token)
    wrong = notify("FINE_PER_HEAD", "cow", "60.00", "2026-01-01", aerodrome="Dimapur Airport")
    assert (await gql.error(PUBLISH, wrong, t.token))["extensions"]["code"] == "VALIDATION"

    there = await seize(gql, t.token, pound, **at_aerodrome("Apron, DIMAPUR AIRPORT"))
    elsewhere = await seize(gql, t.token, pound, **at_aerodrome("Kohima helipad aerodrome"))
    when = "2026-01-03T18:00:00+05:30"
    here = await gql.ok(EXPLAINED, {"id": there["id"], "asOf": when}, t.token)
    fines = [ln for ln in here["impoundment"]["dues"]["lines"] if ln["kind"] == "FINE"]
    assert fines[0]["amount"] == "400.00" and fines[0]["citation"]["section"] == "12"
    assert "for the aerodrome Dimapur Airport" in fines[0]["explanation"]
    other = await gql.ok(EXPLAINED, {"id": elsewhere["id"], "asOf": when}, t.token)
    fines = [ln for ln in other["impoundment"]["dues"]["lines"] if ln["kind"] == "FINE"]
    assert fines[0]["amount"] == "100.00" and fines[0]["citation"]["section"] == "11(1)"

    listed = (await gql.ok(LIST, {"on": "2026-01-05"}, t.token))["pounds"][0]
    text = listed["exhibitedList"]["text"]
    row = next(line for line in text.splitlines() if "Aerodrome fine" in line)
    assert "for the aerodrome Dimapur Airport" in row and "every local area" not in row
    read = (await gql.ok(READ, None, t.token))["notifications"]
    assert {
        "kind": "AERODROME_FINE_PER_HEAD",
        "effectiveFrom": "2026-01-01",
        "publishedOn": "2026-01-01",
        "aerodrome": "Dimapur Airport",
    } in read


async def test_a_notification_takes_effect_no_earlier_than_its_publication(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """Nagaland s.11(1): the fine is levied on the scale "for the time being prescribed ...
    by notification in the Gazette". A scale published on 1 December cannot reach back to
    1 November: the pig impounded on 12 November keeps the Rs 80 it incurred, and dues as of
    30 November apply only what the Gazette had published by then."""
    t, pound = await department(dbs, gql, "nagaland")
    await gql.ok(PUBLISH, notify("FINE_PER_HEAD", "pig", "80.00", "2026-01-01"), t.token)
    pig = {"animals": [{"species": "pig", "count": 1}]}
    case = await seize(
        gql,
        t.token,
        pound,
        seizedAt="2026-11-12T09:00:00+05:30",
        impoundedAt="2026-11-12T11:00:00+05:30",
        **pig,
    )
    back = notify("FINE_PER_HEAD", "pig", "500.00", "2026-11-01", publishedOn="2026-12-01")
    err = await gql.error(PUBLISH, back, t.token)
    assert err["extensions"]["code"] == "TOO_EARLY"
    assert err["extensions"]["citation"]["section"] == "11(1)"
    fresh = notify("FINE_PER_HEAD", "pig", "500.00", "2026-12-01", publishedOn="2026-12-01")
    await gql.ok(PUBLISH, fresh, t.token)
    for when in ("2026-11-30T12:00:00+05:30", "2026-12-01T12:00:00+05:30"):
        dues = await gql.ok(EXPLAINED, {"id": case["id"], "asOf": when}, t.token)
        fines = [ln for ln in dues["impoundment"]["dues"]["lines"] if ln["kind"] == "FINE"]
        assert fines[0]["amount"] == "80.00", when
    unpublished = notify("FINE_PER_HEAD", "pig", "90.00", "2100-01-01", publishedOn="2100-01-01")
    assert (await gql.error(PUBLISH, unpublished, t.token))["extensions"]["code"] == "VALIDATION"


async def test_nagaland_feeding_rates_are_fixed_by_a_local_authority_not_for_the_state(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """Nagaland s.4: the pounds are under the local authority's control "and that authority
    shall fix ... the rates of charges for feeding and watering": a rate for every area
    names no authority that fixed it."""
    t, _ = await department(dbs, gql, "nagaland")
    err = await gql.error(
        PUBLISH, notify("FEEDING_PER_HEAD_PER_DAY", "cow", "12.00", "2026-02-01"), t.token
    )
    assert err["extensions"]["code"] == "VALIDATION"
    assert err["extensions"]["citation"]["section"] == "4"
    assert "local authority" in err["message"]


async def test_feeding_days_are_every_day_in_the_pound_as_interpreted(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """Nagaland ss.4, 8 (and Mizoram s.8): a charge for feeding and watering is for each day
    (IST) the cattle are in the pound, the day brought and the day taken both counted; the
    General Clauses Act s.9 counts periods "from" a day, which this is not. The line says the
    reading is interpreted, and why; the schema says the same."""
    for jurisdiction in ("nagaland", "mizoram"):
        t, pound = await department(dbs, gql, jurisdiction)
        late = {"seizedAt": "2026-03-10T19:00:00+05:30", "impoundedAt": "2026-03-10T20:00:00+05:30"}
        if jurisdiction == "mizoram":
            late |= {"seizerCapacity": "LAND_OWNER", "place": "Garden of R. Lalthanga, Aizawl"}
        case = await seize(gql, t.token, pound, **late)
        for as_of, days in (
            ("2026-03-10T22:00:00+05:30", 1),  # brought at 20:00, claimed at 22:00: one day
            ("2026-03-26T00:00:00+05:30", 17),  # 10 March to 26 March, both counted
        ):
            dues = await gql.ok(EXPLAINED, {"id": case["id"], "asOf": as_of}, t.token)
            feeding = [
                ln for ln in dues["impoundment"]["dues"]["lines"] if ln["kind"] == "FEEDING_CHARGE"
            ]
            assert {ln["days"] for ln in feeding} == {days}, (jurisdiction, as_of)
            cite = feeding[0]["citation"]
            assert cite["confidence"] == "INTERPRETED", jurisdiction
            assert "General Clauses Act s.9" in cite["note"]
    schema = (await gql.ok("""{ __type(name: "DuesLine") { fields { name description } } }"""))[
        "__type"
    ]["fields"]
    days = next(f for f in schema if f["name"] == "days")["description"]
    assert "first day excluded" not in days and "each day" in days

"""Rates by local area (Nagaland ss.4, 11(1)): a notification may name a local authority or
a pound; a case's dues use the most specific rate in force, the tenant-wide one by default,
and say which applied."""

from __future__ import annotations

from typing import Any

from tests.conftest import Databases, GraphQLClient
from tests.schema.impoundment_helpers import DUES, PUBLISH, department, seize

POUND = """
mutation($name: String!, $authority: String!) {
  createPound(input: {name: $name, localAuthority: $authority}) { id localAuthority { id } }
}"""
EXPLAINED = """
query($id: ID!, $asOf: DateTime) {
  impoundment(id: $id) { dues(asOf: $asOf) { total lines { kind species amount explanation } } }
}"""
LIST = """query($on: Date!) { pounds { name exhibitedList(on: $on) { text } } }"""
AT = "2026-01-05T12:00:00+05:30"


def notify(kind: str, species: str | None, amount: str, since: str, **area: Any) -> dict[str, Any]:
    return {
        "input": {
            "kind": kind,
            "species": species,
            "amount": amount,
            "effectiveFrom": since,
            "reference": f"Gazette {kind} {amount}",
            **area,
        }
    }


async def test_nagaland_dues_use_the_most_specific_rate_of_the_pounds_local_area(
    dbs: Databases, gql: GraphQLClient
) -> None:
    # Fines tenant-wide: cow 50, goat 20; Kohima TC's feeding: cow 10, goat 5.
    t, main = await department(dbs, gql, "nagaland")
    made = await gql.ok(POUND, {"name": "Dimapur pound", "authority": "Dimapur MC"}, t.token)
    pound, authority = made["createPound"]["id"], made["createPound"]["localAuthority"]["id"]
    # Each local authority fixes its own pounds' feeding rates (s.4).
    await gql.ok(
        PUBLISH,
        notify("FEEDING_PER_HEAD_PER_DAY", None, "5.00", "2026-01-01", localAuthorityId=authority),
        t.token,
    )
    await gql.ok(
        PUBLISH,
        notify(
            "FEEDING_PER_HEAD_PER_DAY", "cow", "15.00", "2026-01-01", localAuthorityId=authority
        ),
        t.token,
    )
    await gql.ok(
        PUBLISH, notify("FINE_PER_HEAD", "cow", "70.00", "2026-01-01", poundId=pound), t.token
    )
    here = await seize(gql, t.token, pound)  # 2 cows and a goat, from 3 January
    there = await seize(gql, t.token, main)
    dues = (await gql.ok(EXPLAINED, {"id": here["id"], "asOf": AT}, t.token))["impoundment"]
    lines = {(ln["kind"], ln["species"]): ln for ln in dues["dues"]["lines"]}
    assert lines[("FINE", "cow")]["amount"] == "140.00"  # the pound's own scale
    assert "the pound Dimapur pound" in lines[("FINE", "cow")]["explanation"]
    assert lines[("FINE", "goat")]["amount"] == "20.00"  # the tenant-wide default
    assert "for every local area" in lines[("FINE", "goat")]["explanation"]
    assert lines[("FEEDING_CHARGE", "cow")]["amount"] == "90.00"  # 2 × 3 days × 15
    assert "the pounds of Dimapur MC" in lines[("FEEDING_CHARGE", "cow")]["explanation"]
    assert dues["dues"]["total"] == "265.00"
    # The other local area keeps the tenant-wide rates.
    other = await gql.ok(DUES, {"id": there["id"], "asOf": AT}, t.token)
    assert other["impoundment"]["dues"]["total"] == "195.00"

    # The local authority alters its rate while the case is open (s.4): from 5 January.
    await gql.ok(
        PUBLISH,
        notify(
            "FEEDING_PER_HEAD_PER_DAY", "cow", "25.00", "2026-01-05", localAuthorityId=authority
        ),
        t.token,
    )
    dues = (await gql.ok(EXPLAINED, {"id": here["id"], "asOf": AT}, t.token))["impoundment"]
    lines = {(ln["kind"], ln["species"]): ln for ln in dues["dues"]["lines"]}
    assert lines[("FEEDING_CHARGE", "cow")]["amount"] == "110.00"  # 2 × (15 + 15 + 25)

    listed = {
        p["name"]: p["exhibitedList"]["text"]
        for p in (await gql.ok(LIST, {"on": "2026-01-05"}, t.token))["pounds"]
    }
    assert "Rs 70.00" in listed["Dimapur pound"] and "Rs 70.00" not in listed["Main pound"]


async def test_a_local_areas_habitual_trespass_fine_is_bounded_by_that_areas_scale(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, _ = await department(dbs, gql, "nagaland")
    made = await gql.ok(POUND, {"name": "Dimapur pound", "authority": "Dimapur MC"}, t.token)
    pound = made["createPound"]["id"]
    await gql.ok(
        PUBLISH, notify("FINE_PER_HEAD", "cow", "70.00", "2026-01-01", poundId=pound), t.token
    )
    over = await gql.error(
        PUBLISH,
        notify("HABITUAL_AREA_FINE_PER_HEAD", "cow", "150.00", "2026-01-02", poundId=pound),
        t.token,
    )
    assert over["extensions"]["code"] == "FINE_ABOVE_CAP"
    assert over["extensions"]["cap"] == "140.00"  # 2 × the pound's own Rs 70, s.11(2)
    await gql.ok(
        PUBLISH,
        notify("HABITUAL_AREA_FINE_PER_HEAD", "cow", "140.00", "2026-01-02", poundId=pound),
        t.token,
    )
    both = await gql.error(
        PUBLISH,
        notify(
            "FINE_PER_HEAD",
            None,
            "10.00",
            "2026-01-02",
            poundId=pound,
            localAuthorityId=made["createPound"]["localAuthority"]["id"],
        ),
        t.token,
    )
    assert both["extensions"]["code"] == "VALIDATION"


async def test_mizoram_rates_are_not_fixed_by_local_area(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, _ = await department(dbs, gql, "mizoram")
    made = await gql.ok(POUND, {"name": "Zemabawk enclosure", "authority": "Zemabawk VC"}, t.token)
    err = await gql.error(
        PUBLISH,
        notify("FINE_PER_HEAD", "cow", "70.00", "2026-01-01", poundId=made["createPound"]["id"]),
        t.token,
    )
    assert err["extensions"]["code"] == "NOT_IN_JURISDICTION"
    assert err["extensions"]["citation"]["section"] == "9(1)"


async def test_the_public_law_says_which_rates_may_differ_by_local_area(gql: GraphQLClient) -> None:
    query = '{ jurisdiction(code: "nagaland") { rates { kind byLocalArea } } }'
    rates = {r["kind"]: r["byLocalArea"] for r in (await gql.ok(query))["jurisdiction"]["rates"]}
    assert rates["FINE_PER_HEAD"] is True and rates["FEEDING_PER_HEAD_PER_DAY"] is True
    assert rates["AERODROME_FINE_PER_HEAD"] is False

"""An error of one row of a mutation's list input names the row (DESIGN §5): `field` names
the list (or a field of its rows, `animals.count`), `index` the row, counting from 0; the
code and message are the ones the list's error always had, and nothing is written."""

from __future__ import annotations

from typing import Any

from tests.conftest import Databases, GraphQLClient, make_tenant
from tests.schema.clocks_helpers import CLOSE, case
from tests.schema.impoundment_helpers import SALE, SEIZE, department, seize, seizure
from tests.schema.test_auctions import BUYER, _close, _scheduled
from tests.schema.test_impoundment_release import DELIVER, deliver, sale
from tests.schema.test_keeping_inspections import DESIGNATE, VISIT, person, visit
from tests.schema.test_registration import REGISTER, mizoram, registration

CASES = "{ impoundments(first: 5) { edges { node { id } } } }"


async def _cases(gql: GraphQLClient, token: str) -> int:
    return len((await gql.ok(CASES, None, token))["impoundments"]["edges"])


async def test_a_seizure_names_the_line_of_animals_refused(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    cow = {"species": "cow", "count": 1}
    for line, code, field in [
        ({"species": "unicorn", "count": 1}, "UNKNOWN_SPECIES", "animals"),
        ({"species": "dog", "count": 1}, "NOT_IN_JURISDICTION", "animals"),
        ({"species": "cow", "count": 0}, "VALIDATION", "animals.count"),
        ({"species": "cow", "count": 1, "earTags": ["A", "B"]}, "VALIDATION", "animals"),
    ]:
        given = seizure(pound, animals=[cow, cow, line])
        err = await gql.error(SEIZE, {"input": given}, t.token)
        ext = err["extensions"]
        assert (ext["code"], ext["field"], ext["index"]) == (code, field, 2), line
    assert await _cases(gql, t.token) == 0


async def test_a_sale_names_its_lot_and_a_delivery_its_animal(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)  # two cows and a goat
    lots = [{"species": "goat", "count": 1}, {"species": "cow", "count": 3}]
    err = await gql.error(SALE, sale(case, "2026-01-19T10:00:00+05:30", lots=lots), t.token)
    assert err["message"] == "3 cow are not in the pound (2 are)"
    ext = err["extensions"]
    assert (ext["code"], ext["field"], ext["index"]) == ("CONFLICT", "lots", 1)
    ids = [case["animals"][0]["id"], case["id"]]  # the second is the case's id, not an animal's
    given = deliver(case, "100.00", "2026-01-04T10:00:00+05:30", animalIds=ids)
    ext = (await gql.error(DELIVER, given, t.token))["extensions"]
    assert (ext["code"], ext["field"], ext["index"]) == ("VALIDATION", "animalIds", 1)


async def test_a_registration_names_the_species_listed_twice(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = await mizoram(dbs, gql)
    animals: list[dict[str, Any]] = [
        {"species": "cow", "adults": 1},
        {"species": "pig", "adults": 1},
        {"species": "cows", "adults": 1},
    ]
    err = await gql.error(REGISTER, registration(animals=animals), t.token)
    assert err["message"] == "cow is listed twice"
    ext = err["extensions"]
    assert (ext["code"], ext["field"], ext["index"]) == ("VALIDATION", "animals", 2)
    unknown = [{"species": "cow", "adults": 1}, {"species": "unicorn", "adults": 1}]
    ext = (await gql.error(REGISTER, registration(animals=unknown), t.token))["extensions"]
    assert (ext["code"], ext["field"], ext["index"]) == ("UNKNOWN_SPECIES", "animals", 1)


async def test_closing_an_auction_names_the_result_refused(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """The second result's buyer is barred (Nagaland s.19(1)): that result is named, with the
    field of its row the error always named; the auction stays open."""
    token, seized = await _scheduled(dbs, gql)
    (auction,) = (await case(gql, token, seized["id"]))["auctions"]
    cows, goats = auction["lots"]
    keeper = {**BUYER, "role": "POUND_KEEPER"}
    results = [
        {"lotId": cows["id"], "buyer": BUYER, "price": "3000.00"},
        {"lotId": goats["id"], "buyer": keeper, "price": "500.00"},
    ]
    at = "2026-01-23T12:00:00+05:30"
    err = await gql.error(CLOSE, _close(auction, at, results), token)
    ext = err["extensions"]
    assert (ext["code"], ext["field"], ext["index"]) == ("PROHIBITED_PURCHASER", "buyer.role", 1)
    twice = [results[0], {**results[0], "price": "10.00"}]
    ext = (await gql.error(CLOSE, _close(auction, at, twice), token))["extensions"]
    assert (ext["code"], ext["field"], ext["index"]) == ("VALIDATION", "results.lotId", 1)
    not_a_lot = [results[0], {**results[0], "lotId": seized["id"]}]
    ext = (await gql.error(CLOSE, _close(auction, at, not_a_lot), token))["extensions"]
    assert (ext["code"], ext["field"], ext["index"]) == ("VALIDATION", "results.lotId", 1)
    (still,) = (await case(gql, token, seized["id"]))["auctions"]
    assert still["closedAt"] is None


async def test_an_inspection_names_the_finding_refused(dbs: Databases, gql: GraphQLClient) -> None:
    t = make_tenant(dbs, "mizoram")
    inspector = (await gql.ok(DESIGNATE, person(), t.token))["designateInspector"]["id"]
    pig = {"species": "pig", "heads": 2, "mode": "CONFINED", "timeOfDay": "DAY"}
    for wrong, code in [({"species": "yak"}, "UNKNOWN_SPECIES"), ({"heads": 0}, "VALIDATION")]:
        err = await gql.error(VISIT, visit(inspector, [pig, pig, {**pig, **wrong}]), t.token)
        ext = err["extensions"]
        assert (ext["code"], ext["field"], ext["index"]) == (code, "findings", 2), wrong

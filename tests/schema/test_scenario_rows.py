"""An error of one row of a scenario's list names the row (DESIGN §5): `field` is the list
as the API spells it, `index` the row, counting from 0; the message and code are the ones
the list's error always had. A client (the research page) points at that row, not the first
of its kind."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import GraphQLClient

pytestmark = pytest.mark.public_law

QUERY = "query($f: ScenarioInput!) { compareScenario(facts: $f) { jurisdiction } }"
SEIZED = "2026-01-03T09:00:00+05:30"
DAY_2 = "2026-01-04T10:00:00+05:30"
DAY_3 = "2026-01-05T10:00:00+05:30"
COW = [{"species": "cow", "count": 1}]


async def refused(gql: GraphQLClient, **over: Any) -> dict[str, Any]:
    facts = {"animals": [{"species": "cow", "count": 2}], "seizedAt": SEIZED, **over}
    err = await gql.error(QUERY, {"f": facts})
    ext: dict[str, Any] = err["extensions"]
    ext["message"] = err["message"]
    return ext


async def test_the_third_sale_of_an_unknown_species_is_named_as_sales_2(
    gql: GraphQLClient,
) -> None:
    sales = [
        {"at": DAY_2, "animals": COW},
        {"at": DAY_3},
        {"at": DAY_3, "animals": [{"species": "unicorn", "count": 1}]},
    ]
    ext = await refused(gql, sales=sales)
    assert (ext["code"], ext["field"], ext["index"]) == ("UNKNOWN_SPECIES", "sales", 2)


async def test_a_sale_of_no_head_names_its_row(gql: GraphQLClient) -> None:
    """(A negative price never reaches the scenario: the Decimal scalar refuses it, GraphQL's
    message naming its path.)"""
    sales = [
        {"at": DAY_2, "animals": COW, "price": "10.00"},
        {"at": DAY_3, "animals": [{"species": "cow", "count": 0}]},
    ]
    ext = await refused(gql, sales=sales)
    assert (ext["code"], ext["field"], ext["index"]) == ("VALIDATION", "sales", 1)
    assert ext["message"] == "a count is 1 to 10000"


async def test_the_death_that_makes_more_dead_than_seized_is_the_one_named(
    gql: GraphQLClient,
) -> None:
    """Two cows seized: the first death (one cow) is possible, the second (two more) is not;
    the message counts them all, as it always did."""
    deaths = [{"at": DAY_2, "animals": COW}, {"at": DAY_3, "animals": [{**COW[0], "count": 2}]}]
    ext = await refused(gql, deaths=deaths)
    assert (ext["code"], ext["field"], ext["index"]) == ("VALIDATION", "deaths", 1)
    assert ext["species"] == "cow"
    assert ext["message"] == "3 cow die, but 2 were seized"
    early = [{"at": DAY_2, "animals": COW}, {"at": "2026-01-02T10:00:00+05:30", "animals": COW}]
    ext = await refused(gql, deaths=early)
    assert (ext["field"], ext["index"]) == ("deaths", 1)


async def test_rows_of_the_other_lists_are_named(gql: GraphQLClient) -> None:
    late = "2030-01-03T09:00:00+05:30"  # more than three years after the seizure
    for field, rows in [
        ("deliveries", [{"at": DAY_2}, {"at": late}]),
        (
            "releases",
            [{"at": DAY_2, "authority": "MAGISTRATE"}, {"at": late, "authority": "MAGISTRATE"}],
        ),
        ("refusals", [{"at": DAY_2}, {"at": late}]),
        ("rests", [{"at": DAY_2}, {"at": late}]),
        ("complaints", [{"at": DAY_2}, {"at": DAY_2, "decidedAt": late}]),
        ("fines", [{"at": DAY_2, "amount": "1.00"}, {"at": late, "amount": "1.00"}]),
        ("animals", [*COW, {"species": "cow", "count": 0}]),
    ]:
        ext = await refused(gql, **{field: rows})
        assert (ext["code"], ext["field"], ext["index"]) == ("VALIDATION", field, 1), field


async def test_a_sale_for_a_fine_not_given_names_the_sale(gql: GraphQLClient) -> None:
    fines = [{"at": DAY_2, "amount": "200.00"}]
    sales = [{"at": DAY_3, "recoversFine": 0}, {"at": DAY_3, "recoversFine": 1}]
    ext = await refused(gql, fines=fines, sales=sales)
    assert (ext["field"], ext["index"]) == ("sales", 1)


async def test_an_error_of_a_whole_list_or_a_single_field_names_no_row(
    gql: GraphQLClient,
) -> None:
    ext = await refused(gql, refusals=[{"at": DAY_2}] * 51)
    assert ext["field"] == "refusals" and "index" not in ext
    ext = await refused(gql, rest={"at": "2030-01-03T09:00:00+05:30"})
    assert ext["field"] == "rest" and "index" not in ext

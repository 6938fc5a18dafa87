"""Errors: the platform's own carry a code (and a citation); others are masked."""

from __future__ import annotations

import pytest

from tests.conftest import GraphQLClient


async def test_unknown_species_lists_the_vocabulary(gql: GraphQLClient) -> None:
    err = await gql.error('{ classifyAnimal(species: "unicorn") { isCattle } }')
    assert err["extensions"]["code"] == "UNKNOWN_SPECIES"
    assert "cow" in err["extensions"]["vocabulary"]
    assert err["extensions"]["synonyms"]["donkey"] == "ass"


async def test_unknown_jurisdiction_lists_the_installed(gql: GraphQLClient) -> None:
    err = await gql.error(
        'query { impoundmentTimeline(jurisdiction: "atlantis", '
        'events: {seizedAt: "2026-01-03T09:00:00+05:30"}) { action } }'
    )
    assert err["extensions"]["code"] == "UNKNOWN_JURISDICTION"
    assert "nagaland" in err["extensions"]["installed"]


async def test_a_naive_instant_is_a_validation_error(gql: GraphQLClient) -> None:
    err = await gql.error(
        'query { impoundmentTimeline(jurisdiction: "nagaland", '
        'events: {seizedAt: "2026-01-03T09:00:00"}) { action } }'
    )
    assert err["extensions"]["code"] == "VALIDATION"


def test_errors_other_than_the_platforms_own_are_masked() -> None:
    """An unexpected failure (a driver error, a bug) never leaks its message."""
    import strawberry

    from pashu.config import Settings
    from pashu.core.errors import TooLate
    from pashu.schema.limits import extensions

    @strawberry.type
    class Query:
        @strawberry.field
        def broken(self) -> str:
            raise RuntimeError("password=hunter2 at db.internal")

        @strawberry.field
        def refused(self) -> str:
            raise TooLate("too late to complain")

    schema = strawberry.Schema(query=Query, extensions=extensions(Settings(env="test")))
    broken = schema.execute_sync("{ broken }").errors
    refused = schema.execute_sync("{ refused }").errors
    assert broken and "hunter2" not in broken[0].message
    assert refused and refused[0].message == "too late to complain"
    assert refused[0].extensions == {"code": "TOO_LATE"}


async def test_a_variable_of_the_wrong_shape_says_what_is_wrong(gql: GraphQLClient) -> None:
    err = await gql.error(
        "mutation($input: RecordSeizureInput!) { recordSeizure(input: $input) { id } }",
        {"input": {"poundId": "x", "animals": [{"species": "cow", "earTag": "NL-1"}]}},
    )
    assert "Variable '$input' has invalid value" in err["message"]
    assert err["message"] != "Unexpected error."


SCENARIO = "query($f: ScenarioInput!) { compareScenario(facts: $f) { jurisdiction } }"
SALE = {"at": "2026-02-01T10:00:00+05:30"}


async def test_a_value_graphql_cannot_coerce_in_a_row_names_the_row(gql: GraphQLClient) -> None:
    """A bad decimal in the second sale is that sale's, as the platform's own row errors
    name a row's field (`results.lotId`): the list's and the field's names, and the row."""
    facts = {
        "animals": [{"species": "cow", "count": 1}],
        "seizedAt": "2026-01-03T09:00:00+05:30",
        "sales": [{**SALE, "price": "10.00"}, {**SALE, "price": "-1"}],
    }
    err = await gql.error(SCENARIO, {"f": facts})
    assert "at 'f.sales[1].price'" in err["message"] or ".sales[1].price" in err["message"]
    assert err["extensions"]["code"] == "VALIDATION"
    assert (err["extensions"]["field"], err["extensions"]["index"]) == ("sales.price", 1)


async def test_a_mutations_row_with_a_bad_decimal_names_the_row(gql: GraphQLClient) -> None:
    row = {"lotId": "x", "buyer": {"name": "A", "address": "B"}, "price": "5.00"}
    err = await gql.error(
        "mutation($input: CloseAuctionInput!) { closeAuction(input: $input) { __typename } }",
        {
            "input": {
                "auctionId": "x",
                "at": "2026-02-01T10:00:00+05:30",
                "results": [row, row, {**row, "price": "1.2.3"}],
            }
        },
    )
    assert err["extensions"]["code"] == "VALIDATION"
    assert (err["extensions"]["field"], err["extensions"]["index"]) == ("results.price", 2)


async def test_a_plain_field_graphql_cannot_coerce_is_named(gql: GraphQLClient) -> None:
    err = await gql.error(
        'query($e: TimelineEventsInput!) { impoundmentTimeline(jurisdiction: "nagaland", '
        "events: $e) { action } }",
        {"e": {"seizedAt": "2026-13-03T09:00:00+05:30"}},
    )
    assert err["extensions"]["code"] == "VALIDATION"
    assert err["extensions"].get("field") == "seizedAt", err
    assert "index" not in err["extensions"]


@pytest.mark.parametrize(
    ("path", "named"),
    [
        (["seizedAt"], {"field": "seizedAt"}),
        (["buyer", "role"], {"field": "buyer.role"}),
        (["sales", 1], {"field": "sales", "index": 1}),
        (["sales", 1, "price"], {"field": "sales.price", "index": 1}),
        (["results", 0, "buyer", "role"], {"field": "results.buyer.role", "index": 0}),
        (["animals", 0, "earTags", 2], {"field": "earTags", "index": 2}),
        ([], {}),
    ],
)
def test_where_names_a_value_as_the_platforms_row_errors_do(
    path: list[str | int], named: dict[str, object]
) -> None:
    from pashu.schema.errors import where

    assert where(path) == named

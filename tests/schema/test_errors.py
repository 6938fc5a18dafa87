"""Errors: the platform's own carry a code (and a citation); others are masked."""

from __future__ import annotations

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

"""The register entry as a clerk makes it: the seizer's signature asked for, never assumed;
a species the Act does not cover answered with the Act's own kinds; an instant not given
printed as not recorded."""

from __future__ import annotations

from tests.conftest import Databases, GraphQLClient
from tests.schema.impoundment_helpers import SEIZE, department, seize, seizure
from tests.schema.test_impoundment_papers import COPY


async def test_seizer_signed_must_be_given(dbs: Databases, gql: GraphQLClient) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    given = seizure(pound)
    del given["seizerSigned"]
    err = await gql.error(SEIZE, {"input": given}, t.token)
    assert "seizerSigned" in err["message"]


async def test_an_unknown_species_is_answered_with_the_acts_own_kinds(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    given = seizure(pound, animals=[{"species": "unicorn", "count": 1}])
    err = await gql.error(SEIZE, {"input": given}, t.token)
    ext = err["extensions"]
    assert ext["code"] == "UNKNOWN_SPECIES" and ext["field"] == "animals"
    assert "cow" in ext["kinds"] and "fowl" in ext["kinds"]
    assert "dog" not in ext["kinds"] and "synonyms" not in ext  # the Act's kinds, short
    assert len(err["message"]) < 400

    dog = seizure(pound, animals=[{"species": "dog", "count": 1}])
    refused = (await gql.error(SEIZE, {"input": dog}, t.token))["extensions"]
    assert refused["code"] == "NOT_IN_JURISDICTION" and "cow" in refused["kinds"]


async def test_an_omitted_impounded_at_prints_not_recorded_on_the_register_copy(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound, impoundedAt=None)
    doc = (await gql.ok(COPY, {"id": case["id"]}, t.token))["impoundment"]["registerCopy"]
    line = next(ln for ln in doc["text"].splitlines() if ln.startswith("Brought to the pound"))
    assert "not recorded" in line and "IST" not in line

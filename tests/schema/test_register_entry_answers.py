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


async def test_the_day_and_hour_brought_is_required_and_printed_with_its_zone(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """Nagaland s.7(b), Mizoram s.7(4)(b): the register states "the day and hour on and at
    which they were so brought"; an entry without it is refused, not printed "not
    recorded"."""
    for jurisdiction, section in (("nagaland", "7"), ("mizoram", "7(4)")):
        t, pound = await department(dbs, gql, jurisdiction)
        over = {"seizerCapacity": "LAND_OWNER"} if jurisdiction == "mizoram" else {}
        omitted = seizure(pound, impoundedAt=None, **over)
        err = (await gql.error(SEIZE, {"input": omitted}, t.token))["extensions"]
        assert (err["code"], err["field"]) == ("VALIDATION", "impoundedAt")
        assert err["citation"]["section"] == section
    t, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, t.token, pound)
    doc = (await gql.ok(COPY, {"id": case["id"]}, t.token))["impoundment"]["registerCopy"]
    line = next(ln for ln in doc["text"].splitlines() if ln.startswith("Brought to the pound"))
    assert "not recorded" not in line and "IST" in line

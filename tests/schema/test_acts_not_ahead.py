"""One rule for every mutation that records an act: not after now (allowing CLOCK_SKEW),
refused as VALIDATION naming the field the caller sent, with nothing changed."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from pashu.core.errors import ValidationError
from pashu.core.recorded_at import CLOCK_SKEW, not_after_now
from tests.conftest import Databases, GraphQLClient, make_tenant
from tests.schema.clocks_helpers import CLOSE, case
from tests.schema.impoundment_helpers import DELIVER, NOTICE, SEIZE, department, seize, seizure
from tests.schema.test_auctions import _close, _scheduled
from tests.schema.test_offences import FINE, record

STATUS = "query($id: ID!) { impoundment(id: $id) { status } }"


def ahead(**delta: float) -> str:
    return (datetime.now(UTC) + timedelta(**delta)).isoformat()


def test_an_instant_within_the_clock_skew_is_now_and_one_beyond_it_is_refused() -> None:
    now = datetime(2026, 6, 2, 10, 0, tzinfo=UTC)
    assert not_after_now(now + CLOCK_SKEW, "at", now=now) == now + CLOCK_SKEW
    with pytest.raises(ValidationError) as err:
        not_after_now(now + CLOCK_SKEW + timedelta(seconds=1), "closedAt", now=now)
    assert err.value.details["field"] == "closedAt"
    assert "2026-06-02T15:35:01+05:30" in err.value.message  # in IST, as the API writes it


async def test_delivery_dated_two_days_ahead_is_refused_and_the_case_stays_impounded(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    seized = await seize(gql, t.token, pound)
    given = {
        "impoundmentId": seized["id"],
        "at": ahead(days=2),
        "claimant": {"name": "T. Sema", "address": "Jotsoma"},
        "amountPaid": "1000.00",
    }
    err = await gql.error(DELIVER, {"input": given}, t.token)
    assert err["extensions"]["code"] == "VALIDATION" and err["extensions"]["field"] == "at"
    assert "+05:30" in err["message"]
    status = await gql.ok(STATUS, {"id": seized["id"]}, t.token)
    assert status["impoundment"]["status"] == "IMPOUNDED"


async def test_an_auction_closed_four_days_ahead_is_refused_and_stays_open(
    dbs: Databases, gql: GraphQLClient
) -> None:
    token, seized = await _scheduled(dbs, gql)
    (auction,) = (await case(gql, token, seized["id"]))["auctions"]
    err = await gql.error(CLOSE, _close(auction, ahead(days=4), []), token)
    assert err["extensions"]["code"] == "VALIDATION" and err["extensions"]["field"] == "at"
    (still,) = (await case(gql, token, seized["id"]))["auctions"]
    assert still["closedAt"] is None


async def test_a_notice_dated_ahead_is_refused_naming_issued_at(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    seized = await seize(gql, t.token, pound)
    given = {"impoundmentId": seized["id"], "kind": "PUBLISH_NOTICE", "issuedAt": ahead(days=1)}
    err = await gql.error(NOTICE, {"input": given}, t.token)
    assert err["extensions"]["code"] == "VALIDATION"
    assert err["extensions"]["field"] == "issuedAt"


async def test_a_seizure_dated_ahead_names_seized_at(dbs: Databases, gql: GraphQLClient) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    given = seizure(pound, seizedAt=ahead(hours=3), impoundedAt=ahead(hours=3))
    err = await gql.error(SEIZE, {"input": given}, t.token)
    assert err["extensions"]["code"] == "VALIDATION"
    assert err["extensions"]["field"] == "seizedAt"
    within = seizure(pound, seizedAt=ahead(minutes=2), impoundedAt=ahead(minutes=2))
    assert (await gql.ok(SEIZE, {"input": within}, t.token))["recordSeizure"]["id"]


async def test_a_fine_imposed_ahead_is_refused(dbs: Databases, gql: GraphQLClient) -> None:
    t = make_tenant(dbs, "mizoram")
    offence = await record(gql, t, "15(1)")
    err = await gql.error(
        FINE, {"id": offence["id"], "amount": "100.00", "at": ahead(days=1)}, t.token
    )
    assert err["extensions"]["code"] == "VALIDATION" and err["extensions"]["field"] == "at"

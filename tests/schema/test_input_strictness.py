"""Input strictness (issue #34): money only as ASCII digits with at most two decimals, and
instants and dates only in ISO 8601's extended forms; what Python's own parsers would also
take (signs, exponents, underscores, spaces, other scripts' digits, week dates, the basic
form) is VALIDATION, and nothing is written."""

from __future__ import annotations

import pytest

from tests.conftest import Databases, GraphQLClient
from tests.schema.impoundment_helpers import PUBLISH, SEIZE, department, seize, seizure
from tests.schema.test_input_bounds import _cases, _refused
from tests.schema.test_registration import mizoram

NOTIFICATIONS = "{ notifications(first: 100) { id } }"


def _notice(amount: str, since: str = "2026-02-01") -> dict[str, object]:
    return {
        "kind": "ANIMAL_TAX",
        "species": None,
        "amount": amount,
        "effectiveFrom": since,
        "reference": f"Mizoram Gazette {amount!r} {since}",
    }


@pytest.mark.parametrize(
    "amount",
    ["५.००", "5.", ".5", "1_000.00", " 5.00", "5.00\n", "+5.00", "1E2", "-5.00", "5,00", "٥"],
)
async def test_money_is_ascii_digits_and_a_point_nothing_else(
    dbs: Databases, gql: GraphQLClient, amount: str
) -> None:
    t = await mizoram(dbs, gql)
    before = await gql.ok(NOTIFICATIONS, token=t.token)
    await _refused(gql, PUBLISH, {"input": _notice(amount)}, t.token)
    assert await gql.ok(NOTIFICATIONS, token=t.token) == before


async def test_money_in_its_plain_form_is_taken(dbs: Databases, gql: GraphQLClient) -> None:
    t = await mizoram(dbs, gql)
    await gql.ok(PUBLISH, {"input": _notice("15")}, t.token)
    await gql.ok(PUBLISH, {"input": _notice("15.50", "2026-03-01")}, t.token)


@pytest.mark.parametrize(
    "instant",
    [
        "2026-W01-1T00:00:00+05:30",  # an ISO week date
        "2026-003T09:00:00+05:30",  # an ordinal date
        "20260103T090000+0530",  # the basic form
        "2026-01-03T09:00:00+0530",  # an offset in the basic form
        "2026-01-03 09:00:00+05:30",  # no T
        "2026-01-03T09+05:30",  # hours alone
        "２０２６-01-03T09:00:00+05:30",  # other digits
    ],
)
async def test_an_instant_is_only_iso_8601s_extended_form(
    dbs: Databases, gql: GraphQLClient, instant: str
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    await _refused(gql, SEIZE, {"input": seizure(pound, seizedAt=instant)}, t.token)
    assert await _cases(gql, t.token) == 0


@pytest.mark.parametrize("instant", ["2026-01-03T03:30:00Z", "2026-01-03T09:00+05:30"])
async def test_an_instant_in_utc_or_without_seconds_is_taken(
    dbs: Databases, gql: GraphQLClient, instant: str
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    await seize(gql, t.token, pound, seizedAt=instant)
    assert await _cases(gql, t.token) == 1


@pytest.mark.parametrize("day", ["20260201", "2026-W05-7", "2026-032", "2026-2-1"])
async def test_a_date_is_only_iso_8601s_extended_form(
    dbs: Databases, gql: GraphQLClient, day: str
) -> None:
    t = await mizoram(dbs, gql)
    before = await gql.ok(NOTIFICATIONS, token=t.token)
    await _refused(gql, PUBLISH, {"input": _notice("15.00", day)}, t.token)
    assert await gql.ok(NOTIFICATIONS, token=t.token) == before

"""Nagaland: registration of establishments, renewed every twelve months; the penalty for
carrying on business without a valid certificate (sub-section (6)) and its proviso."""

from __future__ import annotations

import base64
from typing import Any

from sqlalchemy import select

from pashu.db.establishments import EstablishmentRegistration
from tests.conftest import Databases, GraphQLClient, TenantFixture, make_tenant

RENEW = """
mutation($input: RenewEstablishmentRegistrationInput!) {
  renewEstablishmentRegistration(input: $input) {
    id kind fee penalty defaultDays validFrom validUntil certificateNo certificate certificatePdf
    citations { section act } explanation
  }
}
"""
FEE = """
mutation { publishNotification(input: {kind: REGISTRATION_FEE, amount: "300.00",
  effectiveFrom: "2026-01-01", reference: "Nagaland Gazette Estt/2026/1"}) { id } }
"""


async def nagaland(dbs: Databases, gql: GraphQLClient) -> TenantFixture:
    t = make_tenant(dbs, "nagaland")
    await gql.ok(FEE, token=t.token)
    return t


def renewal(applied: str, on_time: bool, name: str = "Kohima Dairy") -> dict[str, Any]:
    return {
        "input": {
            "establishment": name,
            "lastDate": "2026-03-31",
            "appliedAt": applied,
            "validApplicationOnTime": on_time,
        }
    }


async def test_a_valid_application_in_time_owes_no_penalty(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = await nagaland(dbs, gql)
    made = (await gql.ok(RENEW, renewal("2026-03-30T10:00:00+05:30", True), t.token))[
        "renewEstablishmentRegistration"
    ]
    assert (made["fee"], made["penalty"], made["kind"]) == ("300.00", "0.00", "REGISTRATION")
    assert (made["validFrom"], made["validUntil"]) == ("2026-03-30", "2027-03-29")  # 12 months
    assert "proviso" in made["explanation"] or "in time" in made["explanation"]
    assert made["certificateNo"] in made["certificate"]
    assert "Kohima Dairy" in made["certificate"]
    assert base64.b64decode(made["certificatePdf"]).startswith(b"%PDF")


async def test_default_costs_the_fee_plus_two_rupees_a_day_after_the_last_date(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = await nagaland(dbs, gql)
    # Applied on 10 April after a last date of 31 March: 10 days of continued default.
    made = (await gql.ok(RENEW, renewal("2026-04-10T09:00:00+05:30", False), t.token))[
        "renewEstablishmentRegistration"
    ]
    assert made["penalty"] == "320.00" and made["defaultDays"] == 10
    assert {"section": "registration(6)", "act": made["citations"][-1]["act"]} in made["citations"]
    again = (
        await gql.ok(
            RENEW,
            {
                "input": {
                    "establishment": "kohima  dairy",
                    "lastDate": "2027-03-31",
                    "appliedAt": "2026-11-01T10:00:00+05:30",
                    "validApplicationOnTime": True,
                }
            },
            t.token,
        )
    )["renewEstablishmentRegistration"]
    assert again["kind"] == "RENEWAL" and again["penalty"] == "0.00"
    listed = await gql.ok(
        "{ establishments { name validUntil registrations { kind } } }", token=t.token
    )
    assert listed["establishments"] == [
        {
            "name": "Kohima Dairy",
            "validUntil": "2028-04-09",  # an early renewal runs on from the current term
            "registrations": [{"kind": "REGISTRATION"}, {"kind": "RENEWAL"}],
        }
    ]


async def test_contradictory_timeliness_is_refused_and_changes_nothing(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = await nagaland(dbs, gql)
    late_but_on_time = await gql.error(RENEW, renewal("2026-04-02T10:00:00+05:30", True), t.token)
    assert late_but_on_time["extensions"]["code"] == "VALIDATION"
    assert late_but_on_time["extensions"]["citation"]["section"] == "registration(6)"
    with dbs.admin.transaction(t.id) as s:
        assert s.scalars(select(EstablishmentRegistration)).all() == []


async def test_without_a_notified_fee_no_registration_is_made(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "nagaland")
    err = await gql.error(RENEW, renewal("2026-03-30T10:00:00+05:30", True), t.token)
    assert err["extensions"]["code"] == "VALIDATION"
    assert err["extensions"]["citation"]["section"] == "registration(3)"


async def test_only_nagaland_registers_establishments(dbs: Databases, gql: GraphQLClient) -> None:
    t = make_tenant(dbs, "mizoram")
    err = await gql.error(RENEW, renewal("2026-03-30T10:00:00+05:30", True), t.token)
    assert err["extensions"]["code"] == "NOT_IN_JURISDICTION"


async def test_an_application_in_time_that_is_not_valid_is_penalised_not_refused(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = await nagaland(dbs, gql)
    made = (await gql.ok(RENEW, renewal("2026-03-30T10:00:00+05:30", False), t.token))[
        "renewEstablishmentRegistration"
    ]
    assert made["penalty"] == "300.00" and made["defaultDays"] == 0  # the fee, no day of default
    marks = {c["section"]: c for c in made["citations"]}
    assert "registration(6)" in marks
    assert "interpreted" in made["explanation"]


async def test_an_early_renewal_runs_from_the_end_of_the_current_term(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = await nagaland(dbs, gql)
    await gql.ok(RENEW, renewal("2026-03-30T10:00:00+05:30", True), t.token)
    early = {
        "input": {
            "establishment": "Kohima Dairy",
            "lastDate": "2027-03-31",
            "appliedAt": "2026-10-01T10:00:00+05:30",
            "validApplicationOnTime": True,
        }
    }
    again = (await gql.ok(RENEW, early, t.token))["renewEstablishmentRegistration"]
    assert (again["validFrom"], again["validUntil"]) == ("2027-03-30", "2028-03-29")

"""The service functions other domains call: `registration_status` (impoundment) and
`cancel_licence` (offences, on composition under Chhattisgarh s.10(4))."""

from __future__ import annotations

import uuid
from datetime import date, datetime

import pytest

from pashu.core.errors import Conflict, Forbidden, NotFound
from pashu.core.legaltime import IST
from pashu.jurisdictions.registration import (
    CattleActivity,
    OrderEffect,
    OwnerCategory,
    PermitKind,
)
from pashu.jurisdictions.vocabulary import RateKind
from pashu.services.rates import rates
from pashu.services.registration import registration
from pashu.services.regulated_areas import regulated_areas
from pashu.services.tenancy.tenants import Principal, authenticate
from tests.conftest import Databases, add_token, make_tenant


def principal(dbs: Databases, tenant_id: uuid.UUID, token: str) -> Principal:
    with dbs.app.transaction(tenant_id) as s:
        return authenticate(s, token)


def test_registration_status_says_whether_and_when_an_owner_registered(dbs: Databases) -> None:
    t = make_tenant(dbs, "mizoram")
    who = principal(dbs, t.id, t.token)
    with dbs.app.transaction(t.id) as s:
        rates.publish(s, who, RateKind.REGISTRATION_FEE, None, 10, date(2026, 1, 1), "G")
        registration.register_animals(
            s,
            who,
            registration.OwnerInput("Thanga", "Lunglei", OwnerCategory.PRIVATE),
            datetime(2026, 5, 2, 9, tzinfo=IST),
            date(2026, 3, 1),
            [registration.AnimalCount("mithun", 1, 1)],
        )
    with dbs.app.transaction(t.id) as s:
        status = registration.registration_status(s, "thanga", "LUNGLEI", date(2026, 5, 2))
        earlier = registration.registration_status(s, "Thanga", "Lunglei", date(2026, 5, 1))
    assert status.registered and status.late and not status.exempt
    assert status.head_counts == {"mithun": 2}
    assert [c.label for c in status.cites] == ["12(1)", "11(1)"]
    assert not earlier.registered and earlier.owner_id == status.owner_id


def test_cancel_licence_is_recorded_once_and_needs_a_right_role(dbs: Databases) -> None:
    t = make_tenant(dbs, "chhattisgarh")
    who = principal(dbs, t.id, t.token)
    viewer = principal(dbs, t.id, add_token(dbs, t, "viewer"))
    with dbs.app.transaction(t.id) as s:
        order = regulated_areas.record_order(
            s,
            who,
            regulated_areas.OrderInput(
                title="Bilaspur cattle movement",
                reference="CG 2026/9",
                area="Bilaspur",
                effect=OrderEffect.REGULATE,
                activities=[CattleActivity.MOVEMENT],
                clauses=["d", "e"],
                effective_from=date(2026, 1, 1),
                permit_fee=150,
            ),
        )
        permit = regulated_areas.grant_licence(
            s,
            who,
            order.id,
            PermitKind.PERMIT,
            "Sahu Transport",
            date(2026, 1, 1),
            None,
            datetime(2026, 1, 1, 10, tzinfo=IST),
        )
    with dbs.app.transaction(t.id) as s, pytest.raises(Forbidden):
        regulated_areas.cancel_licence(s, viewer, permit.id, "compounded")
    with dbs.app.transaction(t.id) as s:
        cancelled = regulated_areas.cancel_licence(s, who, permit.id, "offence compounded")
    assert cancelled.licence_id == permit.id
    with dbs.app.transaction(t.id) as s, pytest.raises(Conflict):
        regulated_areas.cancel_licence(s, who, permit.id, "again")
    with dbs.app.transaction(t.id) as s, pytest.raises(NotFound):
        regulated_areas.cancel_licence(s, who, uuid.uuid4(), "no such licence")

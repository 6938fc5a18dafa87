"""Animal tax money (Mizoram s.13(2)): every collection is split 50/50 between the Village
Council Fund and the Consolidated Fund exact to the paisa; no paisa is created or lost."""

from __future__ import annotations

import uuid
from datetime import date, datetime
from decimal import Decimal

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pashu.core.legaltime import IST
from pashu.core.money import split
from pashu.jurisdictions.mizoram import plugin
from pashu.jurisdictions.registration import (
    OwnerCategory,
    TaxSchedule,
)
from pashu.jurisdictions.vocabulary import MoneyKind, RateKind
from pashu.services.ledger import ledger
from pashu.services.rates import rates
from pashu.services.registration import registration, taxation
from pashu.services.tenancy.tenants import Principal, authenticate
from tests.conftest import Databases, make_tenant

AT = datetime(2026, 3, 10, 10, tzinfo=IST)
amounts = st.integers(min_value=1, max_value=10**11).map(lambda p: Decimal(p) / 100)


@given(amounts)
def test_the_act_s_shares_split_any_amount_without_creating_or_losing_a_paisa(
    amount: Decimal,
) -> None:
    routes = plugin.routing(MoneyKind.ANIMAL_TAX).value
    parts = split(amount, [r.share for r in routes])
    assert sum(parts) == amount
    assert all(p >= 0 and p == p.quantize(Decimal("0.01")) for p in parts)
    assert abs(parts[0] - parts[1]) <= Decimal("0.01")  # "fifty percent" each, to the paisa


def _principal(dbs: Databases, tenant_id: uuid.UUID, token: str) -> Principal:
    with dbs.app.transaction(tenant_id) as s:
        return authenticate(s, token)


@settings(
    max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(rate=amounts.filter(lambda a: a < 10**6), heads=st.integers(1, 500), half=st.booleans())
def test_collected_tax_reaches_the_funds_to_the_paisa(
    dbs: Databases, rate: Decimal, heads: int, half: bool
) -> None:
    t = make_tenant(dbs, "mizoram")
    who = _principal(dbs, t.id, t.token)
    with dbs.app.transaction(t.id) as s:
        for kind in (RateKind.REGISTRATION_FEE, RateKind.ANIMAL_TAX):
            rates.publish(s, who, kind, None, rate, date(2026, 1, 1), "Gazette")
        reg = registration.register_animals(
            s,
            who,
            registration.OwnerInput("Zova", "Champhai", OwnerCategory.PRIVATE),
            AT,
            date(2026, 3, 1),
            [registration.AnimalCount("goat", heads, 0)],
        )
        schedule = TaxSchedule.HALF_YEARLY if half else TaxSchedule.ANNUAL
        made = taxation.assess_animal_tax(s, who, reg.id, 2026, schedule)
        assert sum(i.amount for i in made) == rate * heads
        for i in made:
            if i.amount > 0:
                paid = taxation.pay_animal_tax(s, who, i.id, i.amount, AT)
                assert sum(paid.shares.values()) == i.amount
    with dbs.app.transaction(t.id) as s:
        books = ledger.balances(s)
    zero = Decimal("0.00")
    # Every transaction balances: what the owner paid is exactly what the funds received.
    assert sum(books.values()) == 0
    received = books.get("fund:village_council_fund", zero) + books.get(
        "fund:consolidated_fund", zero
    )
    assert received == 2 * rate * heads  # the fee (all to the Council) and the whole tax

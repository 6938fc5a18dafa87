"""The money of a case's course (services/impoundment/_course/books.py) on plain facts, no
database: the dues are `dues.compute`'s on the facts; the books place each sum received in
an account the Act names, hold a sale's surplus for the owner's claim and say when and
where it goes; facts read without their money are refused, never guessed."""

from __future__ import annotations

import uuid
from datetime import date
from decimal import Decimal

import pytest

from pashu.jurisdictions.notifications import Notification
from pashu.jurisdictions.vocabulary import Action, RateKind
from pashu.services.impoundment._course.books import NotLoaded
from pashu.services.impoundment.course import (
    AnimalFact,
    Course,
    LedgerLeg,
    SaleFact,
)
from pashu.services.ledger.accounts import Body
from tests.services.impoundment.test_course_model import A, B, t, two_cows

LA, POUND = uuid.UUID(int=10), uuid.UUID(int=11)
SALE = uuid.UUID(int=20)
SOLD = "2026-01-05T12:00"
RATES = (
    Notification(RateKind.FINE_PER_HEAD, "cow", Decimal("50.00"), date(2026, 1, 1), "G 1"),
    Notification(
        RateKind.FEEDING_PER_HEAD_PER_DAY, "cow", Decimal("10.00"), date(2026, 1, 1), "G 2"
    ),
)


def leg(account: str, amount: str) -> LedgerLeg:
    return LedgerLeg(SALE, t(SOLD), "impoundment.sale", f"sale:{SALE}", account, Decimal(amount))


def sold(code: str = "nagaland") -> Course:
    """Two cows; on the owner's refusal one sold 5 January 12:00 for Rs 900: fines 100 and
    feeding 60 (two cows, 3-5 January), expenses 40, a surplus of 700 held in deposit."""
    at = t(SOLD)
    return Course(
        two_cows(
            code,
            animals=(
                AnimalFact(A, "cow", "SOLD", at, at),
                AnimalFact(B, "cow", "IN_POUND", at, fine_settled=True),
            ),
            refused_at=t("2026-01-05T10:00"),
            refusal_sold_at=at,
            sales=(SaleFact(at, {"onRefusal": True, "proceeds": "900.00"}),),
            rates=RATES,
            body=Body(LA, POUND),
            ledger=(
                leg("payer:buyer", "-900.00"),
                leg(f"fund:local_authority_fund:{LA}", "100.00"),
                leg(f"fund:pound_keeper:{POUND}", "60.00"),
                leg("payee:sale-expenses", "40.00"),
                leg(f"deposit:surplus:{LA}", "700.00"),
            ),
        )
    )


def test_nagaland_s17_3_the_surplus_is_held_for_the_claim_then_goes_to_the_fund() -> None:
    model = sold()
    found = model.books(t("2026-01-06T09:00"))
    assert found.received == Decimal("900.00") and found.balanced
    names = {p.account.split(":")[1]: (p.name, {c.label for c in p.cites}) for p in found.accounts}
    assert names["local_authority_fund"][0] == "Local authority fund"
    assert "11(3)" in names["local_authority_fund"][1]
    assert "17(2)" in names["pound_keeper"][1]
    assert "17(3)" in names["surplus"][1]
    (held,) = found.held
    assert (held.account.account, held.account.amount) == (f"deposit:surplus:{LA}", 700)
    assert held.held_for is Action.CLAIM_SURPLUS
    assert held.window.not_before == t(SOLD) and held.ends == held.window.deadline
    assert [(p.account, p.amount) for p in held.goes_to] == [
        (f"fund:local_authority_fund:{LA}", Decimal("700.00"))
    ]
    assert "17(3)" in {c.label for c in held.cites}
    assert held.ends is not None
    assert found.due(held.ends) == [held] and not held.due(t("2026-03-01T09:00"))
    # Before the sale, nothing had moved and nothing was held.
    before = model.books(t("2026-01-05T11:00"))
    assert (before.moved, before.accounts, before.held) == ([], [], [])


def test_the_dues_are_dues_compute_on_the_facts() -> None:
    dues = sold().dues(t("2026-01-06T09:00"))
    # The cow still held: its fine was reckoned by the sale; its feeding from 6 January.
    assert [(line.kind.value, line.heads, line.amount) for line in dues.lines] == [
        ("FEEDING_CHARGE", 1, Decimal("10.00"))
    ]


def test_facts_read_without_their_money_are_refused() -> None:
    bare = Course(two_cows("nagaland"))
    with pytest.raises(NotLoaded):
        bare.dues(t("2026-01-06T09:00"))
    with pytest.raises(NotLoaded):
        bare.books(t("2026-01-06T09:00"))

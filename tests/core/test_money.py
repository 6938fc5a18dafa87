"""Money is Decimal rupees, exact to the paisa; splits create or lose nothing."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pashu.core.errors import ValidationError
from pashu.core.money import from_paise, rupees, split, to_paise


def test_amounts_keep_two_places() -> None:
    assert str(rupees("500")) == "500.00"


@pytest.mark.parametrize("bad", ["1.001", "abc", "NaN", "Infinity"])
def test_amounts_that_are_not_rupees_and_paise_are_refused(bad: str) -> None:
    with pytest.raises(ValidationError):
        rupees(bad)


def test_floats_are_refused() -> None:
    with pytest.raises(ValidationError):
        rupees(0.1)  # type: ignore[arg-type]


def test_an_odd_paisa_split_in_half_goes_to_the_first_share() -> None:
    assert split(Decimal("100.01"), [Decimal(1), Decimal(1)]) == [
        Decimal("50.01"),
        Decimal("50.00"),
    ]


paise = st.integers(min_value=0, max_value=10**12)


@given(paise)
def test_paise_round_trip(p: int) -> None:
    assert to_paise(from_paise(p)) == p


@given(paise, st.lists(st.integers(min_value=1, max_value=100), min_size=1, max_size=6))
def test_split_never_creates_or_loses_a_paisa(p: int, shares: list[int]) -> None:
    amount = from_paise(p)
    parts = split(amount, [Decimal(s) for s in shares])
    assert sum(parts, Decimal(0)) == amount
    assert all(part >= 0 for part in parts)
    exact = [amount * s / sum(shares) for s in shares]
    assert all(abs(part - e) < Decimal("0.01") for part, e in zip(parts, exact, strict=True))

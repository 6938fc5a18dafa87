"""Money: Decimal rupees with two places; integer paise at rest (DESIGN §3)."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

from pashu.core.errors import ValidationError

PAISA = Decimal("0.01")


def rupees(value: Decimal | int | str) -> Decimal:
    """An amount in rupees, exact to the paisa; refuses what is not one."""
    if isinstance(value, float):  # a float has already lost the paisa
        raise ValidationError("amounts must be decimal strings, not floating point")
    try:
        amount = Decimal(value)
    except (InvalidOperation, TypeError, ValueError):
        raise ValidationError(f"{value!r} is not an amount in rupees") from None
    if not amount.is_finite():
        raise ValidationError(f"{value!r} is not an amount in rupees")
    if amount != amount.quantize(PAISA):
        raise ValidationError(f"{value!r} has a fraction of a paisa")
    return amount.quantize(PAISA)


def to_paise(amount: Decimal) -> int:
    return int(rupees(amount) * 100)


def from_paise(paise: int) -> Decimal:
    return (Decimal(paise) / 100).quantize(PAISA)


def split(amount: Decimal, shares: Sequence[Decimal]) -> list[Decimal]:
    """Divide `amount` in the given proportions, exact to the paisa.

    Largest-remainder apportionment: each part is rounded down to the paisa and the paise
    left over go to the parts with the largest remainders, earliest first, so the parts
    always add up to the whole.
    """
    total_share = sum(shares, Decimal(0))
    if total_share <= 0:
        raise ValidationError("shares must add up to more than zero")
    paise = to_paise(amount)
    exact = [Decimal(paise) * s / total_share for s in shares]
    floors = [int(e.to_integral_value(rounding="ROUND_FLOOR")) for e in exact]
    left = paise - sum(floors)
    by_remainder = sorted(range(len(shares)), key=lambda i: (-(exact[i] - floors[i]), i))
    for i in by_remainder[:left]:
        floors[i] += 1
    return [from_paise(p) for p in floors]


def times(amount: Decimal, factor: Decimal | int) -> Decimal:
    """`amount` × `factor`, rounded half-up to the paisa."""
    return (Decimal(amount) * Decimal(factor)).quantize(PAISA, rounding=ROUND_HALF_UP)

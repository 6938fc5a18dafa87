"""One rule for every act the platform records: it cannot be dated after now.

A register records what happened; an act dated ahead (a delivery two days hence, an auction
closed next week) would show a case disposed before it is. Clocks disagree a little, so an
instant up to `CLOCK_SKEW` ahead of the server's clock is accepted as now.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from typing import overload

from pashu.core.errors import ValidationError
from pashu.core.legaltime import aware, ist, legal_date

# The most a client's clock may run ahead of the server's (README, "Time").
CLOCK_SKEW = timedelta(minutes=5)


def not_after_now(
    at: datetime, field: str, *, now: datetime | None = None, skew: timedelta = CLOCK_SKEW
) -> datetime:
    """`at`, if it is not after `now` (default: the server's clock) by more than `skew`;
    otherwise VALIDATION naming `field`, the input field the caller sent `at` in."""
    aware(at)
    current = now if now is not None else datetime.now(UTC)
    if at > current + skew:
        raise ValidationError(
            f"{field} is {ist(at)}, after now ({ist(current)}): an act cannot be recorded "
            "before it happens",
            field=field,
        )
    return at


@overload
def act_at(at: datetime, field: str) -> datetime: ...
@overload
def act_at(at: None, field: str) -> None: ...
def act_at(at: datetime | None, field: str) -> datetime | None:
    """`not_after_now` for an input that may be omitted: what a resolver passes on."""
    return None if at is None else not_after_now(at, field)


@overload
def act_on(day: date, field: str) -> date: ...
@overload
def act_on(day: None, field: str) -> None: ...
def act_on(day: date | None, field: str) -> date | None:
    """The same rule for an act dated by its day: not after today in IST (with the skew)."""
    if day is not None and day > legal_date(datetime.now(UTC) + CLOCK_SKEW):
        raise ValidationError(
            f"{field} is {day.isoformat()}, after today in IST: an act cannot be recorded "
            "before it happens",
            field=field,
        )
    return day

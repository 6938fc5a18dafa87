"""What an input may be, one place per kind: text, money, instants and dates, counts.

Each check refuses with VALIDATION naming the field (as the API spells it); none of them
silently cuts or rounds what it is given. The numbers are documented in README.md.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from pashu.core.errors import ValidationError
from pashu.core.legaltime import IST

# Text: no field of any input holds more (a column may hold less: db/bounds.py checks it).
MAX_TEXT = 10_000

# Decimals (money, degrees): decimal strings, at most this large, at most six places (a
# pound site's degrees); an amount of money has at most two (core/money.rupees).
MAX_AMOUNT = Decimal("1000000000.00")  # Rs 100 crore
MAX_PLACES = 6

# Instants and dates: the legal range. Every Act encoded was made after 1950, and a date
# past 2099 is a slip; outside it, IST's history (a local mean time before 1906, +06:30 in
# 1942-45) and the calendar's ends (years 1 and 9999) give answers no department means.
FIRST_DAY = date(1950, 1, 1)
LAST_DAY = date(2099, 12, 31)

# Counts of animals: per line of a seizure (a larger herd is several lines), per seizure,
# and per line of a registration.
MAX_HEADS_PER_LINE = 500
MAX_HEADS_PER_SEIZURE = 2_000
MAX_HEADS_REGISTERED = 10_000


def _refuse(field: str | None, problem: str) -> ValidationError:
    """VALIDATION naming the field; a scalar, which does not know its field, leaves the
    name to GraphQL's message ("Variable '$input' has invalid value at 'seizedAt': ...")."""
    if field is None:
        return ValidationError(problem[:1].upper() + problem[1:])
    return ValidationError(f"`{field}` {problem}", field=field)


def text_problem(value: str) -> str | None:
    """Why `value` is not text a register can keep, or None."""
    if "\x00" in value:
        return "holds a NUL character"
    if len(value) > MAX_TEXT:
        return f"is longer than {MAX_TEXT} characters"
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return "holds a lone surrogate (not Unicode text)"
    return None


def text(value: str, field: str | None = None) -> str:
    problem = text_problem(value)
    if problem is not None:
        raise _refuse(field, problem)
    return value


# The written forms the API reads (README, "Input bounds"), matched whole: ASCII digits only
# ([0-9], not \d, which takes any script's digits), no sign, exponent, underscore or space
# (Python's own parsers take all of these); instants and dates in ISO 8601's extended form
# (not its week dates, ordinal dates or basic form, which Python's parser also takes).
DECIMAL_FORM = re.compile(r"[0-9]+(\.[0-9]+)?")
INSTANT_FORM = re.compile(
    r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]{1,6})?)?(Z|[+-][0-9]{2}:[0-9]{2})?"
)
DATE_FORM = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def iso_instant(value: str) -> datetime:
    """`2026-01-03T09:00:00+05:30` (seconds and their fraction optional, `Z` for UTC); a
    value without an offset is read naive, for the caller to refuse (legaltime.aware)."""
    if not INSTANT_FORM.fullmatch(value):
        raise ValueError(
            "an instant is written 2026-01-03T09:00:00+05:30 (ISO 8601, extended form)"
        )
    return datetime.fromisoformat(value)


def iso_date(value: str) -> date:
    """`2026-01-03`, and no other form."""
    if not DATE_FORM.fullmatch(value):
        raise ValueError("a date is written 2026-01-03 (ISO 8601, extended form)")
    return date.fromisoformat(value)


def decimal(value: Any, field: str | None = None) -> Decimal:
    """A decimal as a client writes it: a string of ASCII digits with an optional fraction
    ("500.00"); a JSON number has already been read as a float by then, which loses the
    paisa. No amount the API takes is negative."""
    if not isinstance(value, str):
        raise _refuse(field, 'must be a decimal string ("500.00"), not a number')
    if not DECIMAL_FORM.fullmatch(value):
        raise _refuse(
            field,
            f'is not an amount: {value[:40]!r} (ASCII digits and a point: "500.00")',
        )
    try:
        parsed = Decimal(value)
    except InvalidOperation:
        raise _refuse(field, f"is not an amount: {value[:40]!r}") from None
    if not parsed.is_finite() or abs(parsed) > MAX_AMOUNT:
        raise _refuse(field, f"must be at most Rs {MAX_AMOUNT}")
    exponent = parsed.as_tuple().exponent
    if isinstance(exponent, int) and exponent < -MAX_PLACES:
        raise _refuse(field, f"has more than {MAX_PLACES} decimal places")
    return parsed


def _range() -> str:
    return f"{FIRST_DAY.isoformat()} to {LAST_DAY.isoformat()}"


def instant(value: datetime, field: str | None = None) -> datetime:
    """An instant inside the legal range (a naive one is refused later, by `aware`)."""
    try:
        day = value.astimezone(IST).date() if value.tzinfo else value.date()
    except (OverflowError, ValueError):  # years 1 and 9999 cannot be moved to IST
        day = value.date()
    if not FIRST_DAY <= day <= LAST_DAY:
        raise _refuse(field, f"must fall between {_range()} (IST)")
    return value


def day(value: date, field: str | None = None) -> date:
    if not FIRST_DAY <= value <= LAST_DAY:
        raise _refuse(field, f"must fall between {_range()}")
    return value


def year(value: int, field: str = "year") -> int:
    if not FIRST_DAY.year <= value <= LAST_DAY.year:
        raise _refuse(field, f"must be between {FIRST_DAY.year} and {LAST_DAY.year}")
    return value


def heads(value: int, field: str, maximum: int, minimum: int = 1) -> int:
    if not minimum <= value <= maximum:
        raise _refuse(field, f"must be {minimum} to {maximum}")
    return value

"""General Clauses Act s.9 day counting, calendar months, hours from the instant."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest
from dateutil.relativedelta import relativedelta
from hypothesis import given
from hypothesis import strategies as st

from pashu.core.errors import ValidationError
from pashu.core.legaltime import (
    IST,
    Window,
    add_months,
    days_after,
    hours_after,
    legal_date,
    months_after,
)


def ist(*args: int) -> datetime:
    return datetime(*args, tzinfo=IST)


def test_seven_days_from_2_june_end_with_9_june() -> None:
    assert days_after(ist(2026, 6, 2, 15, 30), 7) == ist(2026, 6, 10)


def test_days_are_counted_in_ist_not_utc() -> None:
    # 2 June 20:00 UTC is already 3 June in India.
    assert days_after(datetime(2026, 6, 2, 20, 0, tzinfo=UTC), 7) == ist(2026, 6, 11)


def test_three_months_from_5_april_end_on_5_july() -> None:
    assert months_after(ist(2026, 4, 5, 9), 3) == ist(2026, 7, 6)


def test_a_month_from_31_january_ends_with_the_last_day_of_february() -> None:
    assert months_after(ist(2026, 1, 31), 1) == ist(2026, 3, 1)


def test_twenty_four_hours_run_from_the_instant() -> None:
    assert hours_after(ist(2026, 1, 3, 9), 24) == ist(2026, 1, 4, 9)


def test_naive_instants_are_refused() -> None:
    with pytest.raises(ValidationError):
        days_after(datetime(2026, 1, 1), 7)


def test_window_is_half_open() -> None:
    w = Window(ist(2026, 1, 1), ist(2026, 1, 2))
    assert w.is_open(ist(2026, 1, 1))
    assert not w.is_open(ist(2026, 1, 2))
    assert w.is_late(ist(2026, 1, 2))


instants = st.datetimes(
    min_value=datetime(2000, 1, 1), max_value=datetime(2100, 1, 1), timezones=st.just(UTC)
)


@given(instants, st.integers(min_value=0, max_value=400))
def test_period_excludes_first_day_and_includes_last(at: datetime, n: int) -> None:
    end = days_after(at, n)
    assert end.tzinfo is not None and end.astimezone(IST).time().isoformat() == "00:00:00"
    assert legal_date(end) == legal_date(at) + timedelta(days=n + 1)
    assert end > at


@given(instants, st.integers(min_value=1, max_value=36))
def test_months_after_is_monotonic_and_calendar(at: datetime, m: int) -> None:
    end = months_after(at, m)
    assert end > at
    last = legal_date(end) - timedelta(days=1)
    start = legal_date(at)
    assert (last.year - start.year) * 12 + last.month - start.month == m
    assert last.day == start.day or last.day < start.day  # clamped at month end
    assert isinstance(last, date)


@given(st.dates(min_value=date(1900, 1, 1), max_value=date(2199, 1, 1)), st.integers(-600, 600))
def test_calendar_months_count_as_relativedelta_counts_them(day: date, m: int) -> None:
    # add_months is worked out by hand for speed (the sweep's timelines); it must be the
    # calendar month dateutil counted before, clamped at the month's end.
    assert add_months(day, m) == day + relativedelta(months=m)

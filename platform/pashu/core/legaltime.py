"""Legal time (DESIGN §3).

Instants are timezone-aware; legal days are counted in Indian Standard Time. Periods of
days follow the General Clauses Act, 1897, s.9: the day from which a period runs is
excluded and its last day included, so the next step may be taken from 00:00 IST of the
day after. Months are calendar months (s.3(35)). Periods in hours run from the instant.
"""

from __future__ import annotations

from calendar import monthrange
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, timezone
from zoneinfo import ZoneInfo

from pashu.core.errors import ValidationError

IST = ZoneInfo("Asia/Kolkata")


# Zones whose offset is never None: an instant in one is aware without asking it (asked on
# every instant the timelines make, the offset's lookup was a cost of its own).
_ZONES = (timezone, ZoneInfo)


def aware(instant: datetime) -> datetime:
    """Refuse a naive datetime: a legal instant without a zone is ambiguous."""
    if type(instant.tzinfo) in _ZONES:
        return instant
    if instant.tzinfo is None or instant.utcoffset() is None:
        raise ValidationError(f"{instant.isoformat()} has no time zone offset")
    return instant


def ist(instant: datetime) -> str:
    """An instant as messages and documents print it: ISO 8601 in IST, with its offset, as
    the API writes instants (2026-12-04T11:00:00+05:30)."""
    return aware(instant).astimezone(IST).isoformat()


def legal_date(instant: datetime) -> date:
    """The calendar day in IST on which `instant` falls."""
    return aware(instant).astimezone(IST).date()


def start_of_day(day: date) -> datetime:
    return datetime.combine(day, time.min, tzinfo=IST)


def days_after(instant: datetime, days: int) -> datetime:
    """First instant after a period of `days` days counted from the day of `instant`.

    "within seven days from" 2 June: 2 June is excluded, the period ends with 9 June,
    and this returns 10 June 00:00 IST.
    """
    return start_of_day(legal_date(instant) + timedelta(days=days + 1))


def months_after(instant: datetime, months: int) -> datetime:
    """First instant after `months` calendar months from the day of `instant`.

    Three months from 5 April end with 5 July; this returns 6 July 00:00 IST.
    """
    return start_of_day(add_months(legal_date(instant), months) + timedelta(days=1))


def add_months(day: date, months: int) -> date:
    """The same day `months` calendar months on, or the last day of that month where it
    is shorter (31 January + 1 month: 28 or 29 February), as dateutil's relativedelta counts
    them. Worked out here: building a relativedelta was most of the cost of a timeline
    with a period in months, which the sweep works out for every case it acts on."""
    year, month = divmod(day.month - 1 + months, 12)
    year += day.year
    return date(year, month + 1, min(day.day, monthrange(year, month + 1)[1]))


def hours_after(instant: datetime, hours: int) -> datetime:
    """ "Within twenty-four hours" runs from the exact instant."""
    return aware(instant) + timedelta(hours=hours)


@dataclass(frozen=True)
class Window:
    """A half-open window [not_before, deadline): when a step is allowed, when it is late.

    `deadline` None: the Act sets no time by which the step is late.
    """

    not_before: datetime
    deadline: datetime | None = None

    def __post_init__(self) -> None:
        aware(self.not_before)
        if self.deadline is not None and aware(self.deadline) < self.not_before:
            raise ValidationError("a window cannot close before it opens")

    def is_open(self, at: datetime) -> bool:
        return self.not_before <= at and (self.deadline is None or at < self.deadline)

    def is_late(self, at: datetime) -> bool:
        return self.deadline is not None and at >= self.deadline

    def days_late(self, at: datetime) -> int | None:
        """How many days (IST) a step taken at `at` is late: from the last day it was allowed
        (excluded) to the day it was taken (included), as periods are counted (General Clauses
        Act s.9); at least 1 once late (a deadline in hours may fall within a day). None:
        not late."""
        if self.deadline is None or not self.is_late(at):
            return None
        last_allowed = legal_date(self.deadline - timedelta(microseconds=1))
        return max(1, (legal_date(at) - last_allowed).days)

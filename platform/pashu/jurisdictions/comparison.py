"""Comparative answers: one topic of an Act as prose and as typed facts (DESIGN §7).

A plugin answers every `ComparisonTopic` with an `Answer`: a paragraph for a reader and
`Fact`s a program can sort and filter — durations with their unit and counting rule,
amounts with their bounds and whether they are left to notification, lists of roles or
species, flags — each citing the provisions it rests on, so each carries their confidence.
An Act with no provision on a topic answers `provided=False`, cited to what it does say.

The plugin's part for this (`Jurisdiction.comparisons`) answers the topics it knows; the
others fall back to the plugin's `compare` prose, so a plugin written before facts existed
still fills its row.
"""

from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING

from pashu.core.citations import Citation, Confidence
from pashu.core.decision import _ORDER, Decision

if TYPE_CHECKING:
    from pashu.jurisdictions.vocabulary import ComparisonTopic


class FactKind(enum.Enum):
    DURATION = "DURATION"
    AMOUNT = "AMOUNT"
    ROLES = "ROLES"
    SPECIES = "SPECIES"
    FUNDS = "FUNDS"
    FLAG = "FLAG"
    TEXT = "TEXT"


class Unit(enum.Enum):
    HOURS = "HOURS"
    DAYS = "DAYS"
    MONTHS = "MONTHS"


class Counting(enum.Enum):
    """How a period is counted (core/legaltime.py)."""

    # "within twenty-four hours": from the exact instant.
    EXACT_INSTANT = "EXACT_INSTANT"
    # General Clauses Act s.9: the first day excluded, the last included, days in IST.
    FIRST_DAY_EXCLUDED = "FIRST_DAY_EXCLUDED"
    # General Clauses Act s.3(35): calendar months, to the same date.
    CALENDAR_MONTHS = "CALENDAR_MONTHS"


@dataclass(frozen=True)
class Duration:
    count: int
    unit: Unit
    counting: Counting
    starts: str  # the event it runs from, in the Act's words: "the date of impounding"


@dataclass(frozen=True)
class Amount:
    """Rupees: fixed by the Act (`fixed`), bounded (`minimum`/`maximum`), or left to a
    notification (`notified`, by `fixed_by`, perhaps within `bound_factor` × `bound_base`).

    A bound the text hides is None with the fact marked `unknown`; never invented.
    """

    fixed: Decimal | None = None
    minimum: Decimal | None = None
    maximum: Decimal | None = None
    notified: bool = False
    fixed_by: str | None = None
    bound_factor: Decimal | None = None
    bound_base: str | None = None  # a RateKind's name: "FINE_PER_HEAD"


@dataclass(frozen=True)
class Fact:
    """One typed value of an answer; exactly one of the value fields is set for its kind
    (none when `unknown`)."""

    key: str  # stable within the topic: "report_unclaimed_after"
    label: str
    kind: FactKind
    cites: tuple[Citation, ...]
    why: str = ""
    flag: bool | None = None
    duration: Duration | None = None
    amount: Amount | None = None
    items: tuple[str, ...] = ()
    shares: tuple[Decimal, ...] = ()  # for FUNDS: each item's share of the money
    text: str | None = None
    unknown: bool = False

    @property
    def confidence(self) -> Confidence:
        return _weakest(self.cites)


@dataclass(frozen=True)
class Answer:
    summary: str
    cites: list[Citation]
    why: str
    facts: list[Fact] = field(default_factory=list)
    provided: bool = True  # False: the Act has no provision on the topic

    @property
    def confidence(self) -> Confidence:
        return _weakest([*self.cites, *(c for f in self.facts for c in f.cites)])

    @classmethod
    def of(cls, d: Decision[str], facts: Sequence[Fact] = ()) -> Answer:
        return cls(d.value, list(d.cites), d.why, list(facts))


def _weakest(cites: Sequence[Citation]) -> Confidence:
    if not cites:
        return Confidence.READ
    return max((c.confidence for c in cites), key=_ORDER.index)


# -- constructors, so an answer reads as a list of what the Act says ------------------------


def flag(key: str, label: str, value: bool | None, cites: Sequence[Citation], why: str) -> Fact:
    return Fact(key, label, FactKind.FLAG, tuple(cites), why, flag=value, unknown=value is None)


def period(
    key: str,
    label: str,
    count: int,
    unit: Unit,
    starts: str,
    cites: Sequence[Citation],
    why: str = "",
) -> Fact:
    counting = {
        Unit.HOURS: Counting.EXACT_INSTANT,
        Unit.DAYS: Counting.FIRST_DAY_EXCLUDED,
        Unit.MONTHS: Counting.CALENDAR_MONTHS,
    }[unit]
    return Fact(
        key,
        label,
        FactKind.DURATION,
        tuple(cites),
        why,
        duration=Duration(count, unit, counting, starts),
    )


def money(
    key: str,
    label: str,
    amount: Amount,
    cites: Sequence[Citation],
    why: str = "",
    unknown: bool = False,
) -> Fact:
    return Fact(key, label, FactKind.AMOUNT, tuple(cites), why, amount=amount, unknown=unknown)


def listing(
    key: str,
    label: str,
    kind: FactKind,
    items: Sequence[str],
    cites: Sequence[Citation],
    why: str = "",
) -> Fact:
    return Fact(key, label, kind, tuple(cites), why, items=tuple(items))


def words(key: str, label: str, text: str | None, cites: Sequence[Citation], why: str = "") -> Fact:
    return Fact(key, label, FactKind.TEXT, tuple(cites), why, text=text, unknown=text is None)


def rupees(value: int | str) -> Decimal:
    return Decimal(value).quantize(Decimal("0.01"))


class ComparisonLaw(ABC):
    """A plugin's comparative answers (set on the plugin as `comparisons`)."""

    @abstractmethod
    def answer(self, topic: ComparisonTopic) -> Answer | None:
        """The whole answer on `topic`, or None to use the plugin's `compare` prose."""

    def facts(self, topic: ComparisonTopic) -> list[Fact]:
        """Typed facts beside the plugin's `compare` prose, for topics `answer` leaves."""
        return []

    def provides(self, topic: ComparisonTopic) -> bool:
        """False where the Act has no provision on a topic `answer` leaves to `compare`."""
        return True

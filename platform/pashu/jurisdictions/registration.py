"""The law of registers kept by the department: animals and their tax, establishments, and
the areas where the keeping or movement of cattle is regulated by notified order.

The contract every state implements (in `<state>/registration.py`) for the chapters its Act
has; a chapter it lacks keeps the refusal below. Services ask `plugin.registration` and never
branch on a state. Every answer is a `Decision` citing its section; an amount or a time the
Act leaves to rules is None (or said to be unprescribed), never invented.
"""

from __future__ import annotations

import enum
from abc import ABC
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from pashu.core.decision import Decision
from pashu.core.errors import NotInJurisdiction
from pashu.core.legaltime import Window


class OwnerCategory(enum.Enum):
    """Who owns the animals: a private person, or a public body an Act may exempt."""

    PRIVATE = "PRIVATE"
    CENTRAL_GOVERNMENT = "CENTRAL_GOVERNMENT"
    STATE_GOVERNMENT = "STATE_GOVERNMENT"
    NORTH_EASTERN_COUNCIL = "NORTH_EASTERN_COUNCIL"
    GOVERNMENT_CORPORATION = "GOVERNMENT_CORPORATION"
    VILLAGE_COUNCIL = "VILLAGE_COUNCIL"


class TaxSchedule(enum.Enum):
    """How the owner opts to pay a year's animal tax."""

    ANNUAL = "ANNUAL"
    HALF_YEARLY = "HALF_YEARLY"


class OrderEffect(enum.Enum):
    """A notified order prohibits an activity outright or regulates it (by licence/permit)."""

    PROHIBIT = "PROHIBIT"
    REGULATE = "REGULATE"


class CattleActivity(enum.Enum):
    KEEPING = "KEEPING"  # keeping, maintaining, stalling or herding
    MOVEMENT = "MOVEMENT"


class PermitKind(enum.Enum):
    """A licence to keep cattle, a permit to move them, under a regulating order."""

    LICENCE = "LICENCE"
    PERMIT = "PERMIT"


class AppealOutcome(enum.Enum):
    ALLOWED = "ALLOWED"
    PARTLY_ALLOWED = "PARTLY_ALLOWED"
    DISMISSED = "DISMISSED"
    WITHDRAWN = "WITHDRAWN"


@dataclass(frozen=True)
class InstalmentPlan:
    """One instalment of a year's tax: its share of the year's amount and when it falls due.

    `due_on` None: the Act leaves the time to rules and none can be justified.
    """

    number: int
    share: Decimal  # of the year's tax, e.g. 1/2
    period_start: date
    period_end: date  # inclusive
    due_on: date | None


@dataclass(frozen=True)
class EstablishmentTerm:
    """A registration's validity: [valid_from, valid_until] inclusive."""

    valid_from: date
    valid_until: date


@dataclass(frozen=True)
class OrderFacts:
    """A notified order as the rules need it (the service loads it from the register)."""

    ref: str  # how to name it in an answer: "order <gazette reference> (<title>)"
    area: str
    effect: OrderEffect
    activities: frozenset[CattleActivity]
    clauses: tuple[str, ...]  # the s.4(2) clauses it rests on: ("a", "e")
    effective_from: date
    effective_until: date | None
    species: frozenset[str] | None  # None: every kind of cattle
    # What the order provides for (a fee fixed for it): a licence to keep, a permit to move.
    provides: frozenset[PermitKind] = frozenset({PermitKind.LICENCE, PermitKind.PERMIT})

    def in_force(self, on: date) -> bool:
        return self.effective_from <= on and (
            self.effective_until is None or on <= self.effective_until
        )


@dataclass(frozen=True)
class PermitFacts:
    """A licence or permit under an order, valid on the day asked about (not cancelled)."""

    ref: str
    order_ref: str
    kind: PermitKind
    holder: str


@dataclass(frozen=True)
class ActivityAnswer:
    """`allowed` None: it cannot be said (the animal's classification is unknown)."""

    allowed: bool | None
    order_ref: str | None = None  # the order that decides, if one does
    permit_ref: str | None = None  # the licence or permit that allows it, if one does
    needs_permit: bool = False


class RegistrationLaw(ABC):  # noqa: B024 - a state overrides only the chapters it has
    """Per-state rules for the registers of this domain. A state overrides what its Act has."""

    def _absent(self, what: str) -> NotInJurisdiction:
        return NotInJurisdiction(f"this jurisdiction's Acts provide no {what}")

    # -- animal registration -----------------------------------------------------
    def registration_window(self, owned_since: date) -> Decision[Window]:
        """When an owner must report and register animals he came to own on `owned_since`."""
        raise self._absent("animal registration")

    def registration_fee(self) -> Decision[str]:
        """How the fee is fixed (the `why`) and where it goes (citations)."""
        raise self._absent("animal registration")

    def exemption(self, category: OwnerCategory) -> Decision[bool]:
        """Whether the Act's registration and tax chapter applies to an owner of `category`:
        True means exempt."""
        raise self._absent("animal registration")

    # -- animal tax ---------------------------------------------------------------
    def tax_instalments(
        self, year: int, schedule: TaxSchedule, registered_on: date
    ) -> Decision[list[InstalmentPlan]]:
        """The instalments of `year`'s tax under the owner's option."""
        raise self._absent("animal tax")

    def tax_amount(self) -> Decision[str]:
        """How the tax is fixed and when it is collected."""
        raise self._absent("animal tax")

    def appeal(self) -> Decision[str]:
        """Who hears an appeal against an order under the chapter, and within what time."""
        raise self._absent("appeal under a registration or tax chapter")

    # -- establishments -------------------------------------------------------------
    def establishment_term(
        self, renewed_on: date, current_until: date | None = None
    ) -> Decision[EstablishmentTerm]:
        """The term granted on an application of `renewed_on`; `current_until`, the last day
        of the registration in force, if any."""
        raise self._absent("registration of establishments")

    def establishment_penalty(
        self, fee: Decimal, last_date: date, applied_on: date, valid_application_on_time: bool
    ) -> Decision[Decimal]:
        """The penalty for carrying on business without a valid certificate."""
        raise self._absent("registration of establishments")

    def establishment_fee(self) -> Decision[str]:
        raise self._absent("registration of establishments")

    # -- regulated areas -----------------------------------------------------------
    def order_clauses(self, clauses: Sequence[str]) -> Decision[tuple[str, ...]]:
        """The clauses an order rests on, checked against the Act's list of what an order
        may provide."""
        raise self._absent("notified orders regulating cattle")

    def activity_allowed(
        self,
        activity: CattleActivity,
        species: str,
        is_cattle: Decision[bool | None],
        on: date,
        orders: Sequence[OrderFacts],
        permits: Sequence[PermitFacts],
    ) -> Decision[ActivityAnswer]:
        """May `activity` be carried on with `species` (classified `is_cattle`) on `on`, given
        the orders of the place and the licences or permits its keeper holds?"""
        raise self._absent("notified orders regulating cattle")

    def licensing(self) -> Decision[str]:
        """The provision under which licences or permits are granted, with their fees."""
        raise self._absent("licences or permits for cattle")

    def licence_cancellation(self, on_composition: bool = False) -> Decision[str]:
        """The provision under which a licence or permit is cancelled: on the composition of
        an offence by its holder, or otherwise."""
        raise self._absent("licences or permits for cattle")

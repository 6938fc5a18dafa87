"""The law of keeping animals and of who checks it: rules for how each kind of animal must
be kept, grazing grounds, inspections, the areas pounds serve, and the returns kept from
the registers.

The contract every state implements in `<state>/keeping.py` for what its Act has; what it
lacks keeps the refusal below (NOT_IN_JURISDICTION naming the Act). Services ask
`plugin.keeping` and never branch on a state. Every answer is a `Decision` citing its
section. The Acts do not define "night time": the caller says DAY or NIGHT, no hours are
invented here.
"""

from __future__ import annotations

import enum
from abc import ABC
from dataclasses import dataclass
from datetime import date

from pashu.core.decision import Decision
from pashu.core.errors import NotInJurisdiction
from pashu.jurisdictions.acts import Act
from pashu.jurisdictions.vocabulary import PlaceKind


class KeepingMode(enum.Enum):
    """How an animal is being kept when it is looked at."""

    CONFINED = "CONFINED"  # in confinement: a pen, sty, coop or other enclosure
    IN_SHED = "IN_SHED"  # in a shed meant for the animals
    FENCED = "FENCED"  # within a fence or compound
    TETHERED = "TETHERED"  # tied with a rope or a sufficiently strong tie
    UNDER_KEEPER = "UNDER_KEEPER"  # loose, under the watch of a keeper (e.g. grazing)
    AT_LARGE = "AT_LARGE"  # loose, with no keeper


class TimeOfDay(enum.Enum):
    """Day or night as the caller finds it; the Acts give no hours for "night time"."""

    DAY = "DAY"
    NIGHT = "NIGHT"


class DesignatedBy(enum.Enum):
    """Who appointed a person to inspect."""

    GOVERNMENT = "GOVERNMENT"
    VILLAGE_COUNCIL = "VILLAGE_COUNCIL"


class PoundChoice(enum.Enum):
    """Which pound a seizure must be sent to."""

    AREA_POUND = "AREA_POUND"  # the pound established for the area where the land lies
    NEAREST_POUND = "NEAREST_POUND"


@dataclass(frozen=True)
class KeepingRule:
    """How one kind of animal must be kept: the modes allowed by day and by night, and
    whether a grazing ground in force lets it be at large there."""

    clause: str  # the label of the provision: "4(1)"
    kinds: str  # as the Act names them: "Fowls and pigs"
    species: frozenset[str] | None  # canonical species; None: every kind not named elsewhere
    by_day: frozenset[KeepingMode]
    by_night: frozenset[KeepingMode]
    free_in_grazing_ground: bool
    summary: str


@dataclass(frozen=True)
class GroundFacts:
    """A grazing ground as the rules need it (the service loads it from the register)."""

    name: str
    approved: bool  # the State Government's approval of the declaration is recorded
    effective_from: date
    effective_until: date | None

    def current(self, on: date) -> bool:
        return self.effective_from <= on and (
            self.effective_until is None or on <= self.effective_until
        )


@dataclass(frozen=True)
class KeepingAnswer:
    complies: bool
    rule: KeepingRule
    ground: str | None = None  # the grazing ground that makes it lawful, if one does


@dataclass(frozen=True)
class InspectionRule:
    """Who may be designated to inspect, and the offence a contravention found is."""

    designators: frozenset[DesignatedBy]
    offence_section: str  # the offence a contravention of the keeping rules is: "15(1)"
    # Inspection exists only where an order in force at the place provides for it, under
    # this clause of the order-making power (e.g. "b"); None: the Act provides it directly.
    order_clause: str | None = None


@dataclass(frozen=True)
class ReturnsRule:
    """Who keeps the registers a return is made from, and for what unit."""

    keeper: str  # "the pound-keeper", "the Village Council"
    per_pound: bool  # True: one return per pound; False: per local authority


class KeepingLaw(ABC):  # noqa: B024 - a state overrides only the parts its Act has
    """Per-state rules of keeping, grazing grounds, inspections, pound areas and returns."""

    def __init__(self, act: Act) -> None:
        self.act = act

    def absent(self, what: str) -> NotInJurisdiction:
        return NotInJurisdiction(f"{self.act.title} provides no {what}")

    # -- keeping rules --------------------------------------------------------------
    def rules(self) -> Decision[list[KeepingRule]]:
        """Every kind of animal's rule, in the Act's order."""
        raise self.absent("rules for keeping animals")

    def check(
        self,
        species: str,
        mode: KeepingMode,
        time: TimeOfDay,
        ground: GroundFacts | None,
        on: date,
    ) -> Decision[KeepingAnswer]:
        """Whether keeping `species` in `mode` at `time` complies; `ground` is the grazing
        ground the animal is found in, if any."""
        raise self.absent("rules for keeping animals")

    def hygiene(self) -> Decision[str]:
        """The duty to keep animals clean and sanitary (the standard, if one is prescribed)."""
        raise self.absent("duty to keep animals in hygienic condition")

    # -- grazing grounds ---------------------------------------------------------------
    def grazing_ground(self, ground: GroundFacts, on: date) -> Decision[bool]:
        """Whether a declared grazing ground is in force on `on`."""
        raise self.absent("grazing grounds")

    def grazing_order(self, approved: bool | None) -> Decision[bool]:
        """Whether an order for a grazing ground's control and management is in force, given
        the outcome of its reference for approval (None: not yet decided)."""
        raise self.absent("orders for grazing grounds")

    # -- inspections -------------------------------------------------------------------
    def inspection(self) -> Decision[InspectionRule]:
        raise self.absent("inspection of the keeping of animals")

    # -- pounds and their areas --------------------------------------------------------
    def pound_area(self) -> Decision[str]:
        """Who determines the area a pound serves."""
        raise self.absent("areas served by pounds")

    def destination(self, place: PlaceKind) -> Decision[PoundChoice]:
        """Which pound a seizure at a place of `place` kind must be sent to."""
        raise self.absent("rule on which pound a seizure is sent to")

    # -- registers and returns ---------------------------------------------------------
    def returns(self) -> Decision[ReturnsRule]:
        raise self.absent("returns from the registers")

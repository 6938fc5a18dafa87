"""The plugin contract (DESIGN §2).

A jurisdiction is an object satisfying `Jurisdiction`: it holds its Acts as data and
answers every legal question with a `Decision` citing the provisions it rests on. The
platform asks the registry for a jurisdiction by code and never names a state itself.
"""

from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import TYPE_CHECKING

from pashu.core.citations import Citation, Confidence
from pashu.core.decision import Decision
from pashu.core.errors import NotInJurisdiction
from pashu.core.legaltime import Window
from pashu.jurisdictions.acts import Act

if TYPE_CHECKING:
    from pashu.jurisdictions.clocks import ClockLaw
    from pashu.jurisdictions.demo import DemoData
    from pashu.jurisdictions.keeping import KeepingLaw
    from pashu.jurisdictions.penalties import PenaltyLaw
    from pashu.jurisdictions.registration import RegistrationLaw


class Capability(enum.Enum):
    """Chapters an Act may provide; an operation outside them is refused."""

    IMPOUNDMENT = "IMPOUNDMENT"
    AUCTION = "AUCTION"
    ANIMAL_REGISTRATION = "ANIMAL_REGISTRATION"
    ANIMAL_TAX = "ANIMAL_TAX"
    ESTABLISHMENT_REGISTRATION = "ESTABLISHMENT_REGISTRATION"
    REGULATED_AREAS = "REGULATED_AREAS"
    COMPOUNDING = "COMPOUNDING"
    ILLEGAL_SEIZURE_COMPLAINTS = "ILLEGAL_SEIZURE_COMPLAINTS"


class Action(enum.Enum):
    """Steps of an impoundment's timeline."""

    DELIVER_TO_POUND = "DELIVER_TO_POUND"
    ANNOUNCE_SEIZURE = "ANNOUNCE_SEIZURE"
    REPORT_UNCLAIMED = "REPORT_UNCLAIMED"
    PUBLISH_NOTICE = "PUBLISH_NOTICE"
    AUCTION = "AUCTION"
    COMPLAIN_ILLEGAL_SEIZURE = "COMPLAIN_ILLEGAL_SEIZURE"
    CLAIM_SALE_PROCEEDS = "CLAIM_SALE_PROCEEDS"
    CLAIM_SURPLUS = "CLAIM_SURPLUS"


class MoneyKind(enum.Enum):
    """Kinds of money an Act routes to a fund."""

    FINE = "FINE"  # fines levied on impounded animals and fines on conviction
    FEEDING_CHARGE = "FEEDING_CHARGE"
    SALE_PROCEEDS = "SALE_PROCEEDS"
    SURPLUS_PROCEEDS = "SURPLUS_PROCEEDS"  # unclaimed balance after deductions
    REGISTRATION_FEE = "REGISTRATION_FEE"
    ANIMAL_TAX = "ANIMAL_TAX"
    COMPOSITION = "COMPOSITION"
    ESTABLISHMENT_FEE = "ESTABLISHMENT_FEE"
    LICENCE_FEE = "LICENCE_FEE"


class RateKind(enum.Enum):
    """Amounts an Act leaves to notification; tenants publish them with a date."""

    FINE_PER_HEAD = "FINE_PER_HEAD"
    FEEDING_PER_HEAD_PER_DAY = "FEEDING_PER_HEAD_PER_DAY"
    HABITUAL_AREA_FINE_PER_HEAD = "HABITUAL_AREA_FINE_PER_HEAD"
    AERODROME_FINE_PER_HEAD = "AERODROME_FINE_PER_HEAD"
    REGISTRATION_FEE = "REGISTRATION_FEE"
    ANIMAL_TAX = "ANIMAL_TAX"


class PlaceKind(enum.Enum):
    PRIVATE_LAND = "PRIVATE_LAND"
    PUBLIC_PROPERTY = "PUBLIC_PROPERTY"
    HABITUAL_TRESPASS_AREA = "HABITUAL_TRESPASS_AREA"
    AERODROME = "AERODROME"


class BuyerRole(enum.Enum):
    PUBLIC = "PUBLIC"
    VILLAGE_COUNCIL_MEMBER = "VILLAGE_COUNCIL_MEMBER"
    VILLAGE_COUNCIL_SECRETARY = "VILLAGE_COUNCIL_SECRETARY"
    VILLAGE_COUNCIL_EMPLOYEE = "VILLAGE_COUNCIL_EMPLOYEE"
    VILLAGE_COUNCIL_FAMILY_MEMBER = "VILLAGE_COUNCIL_FAMILY_MEMBER"
    POLICE_OFFICER = "POLICE_OFFICER"
    POUND_KEEPER = "POUND_KEEPER"
    OFFICER_UNDER_ACT = "OFFICER_UNDER_ACT"
    LOCAL_AUTHORITY_MEMBER = "LOCAL_AUTHORITY_MEMBER"


class SaleAccounting(enum.Enum):
    """What an Act does with the proceeds of a sale of impounded animals."""

    # Fines, feeding charges and sale expenses are deducted from the proceeds; the balance
    # goes to the owner with an account, or is held in deposit as unclaimed.
    DEDUCT_CHARGES_HOLD_SURPLUS = "DEDUCT_CHARGES_HOLD_SURPLUS"
    # The proceeds go to a fund, refundable to an owner who claims within a period.
    PROCEEDS_TO_FUND_REFUNDABLE = "PROCEEDS_TO_FUND_REFUNDABLE"


class ComparisonTopic(enum.Enum):
    CATTLE_DEFINITION = "CATTLE_DEFINITION"
    CLAIM_PERIOD = "CLAIM_PERIOD"
    FINE_CAPS = "FINE_CAPS"
    COMPOUNDING = "COMPOUNDING"
    PROHIBITED_PURCHASERS = "PROHIBITED_PURCHASERS"
    MONEY_ROUTING = "MONEY_ROUTING"


@dataclass(frozen=True)
class Classification:
    """Whether a species is "cattle" and/or an "animal" under an Act.

    A value of None means the Act does not say (no such term) or its text is unknown;
    the decision's `why` and confidence say which.
    """

    species: str
    is_cattle: Decision[bool | None]
    is_animal: Decision[bool | None]


@dataclass(frozen=True)
class TimelineEvents:
    """What has happened to an impoundment so far; later events may be missing."""

    seized_at: datetime
    impounded_at: datetime | None = None
    announced_at: datetime | None = None
    noticed_at: datetime | None = None
    sold_at: datetime | None = None


@dataclass(frozen=True)
class TimelineStep:
    action: Action
    window: Window
    cites: list[Citation]
    why: str
    # True when the window was computed from an event that has not happened yet,
    # projected at the earliest instant the law allows.
    projected: bool = False


@dataclass(frozen=True)
class Offence:
    """An offence in the Act's catalogue, with its bounds exactly as the Act gives them.

    A bound the Act does not give is None. A bound the text hides (an illegible scan)
    is None too and its field name is listed in `unknown`; the citation then carries
    confidence UNKNOWN. Nothing here is ever an invented number.
    """

    code: str  # stable id, e.g. "s25"
    section: str  # as a clerk names it: "25", "15(1)"
    title: str
    citation: Citation
    fine_min: Decimal | None = None
    fine_max: Decimal | None = None
    subsequent_fine: Decimal | None = None  # a fixed fine for each subsequent offence
    imprisonment_max_months: int | None = None
    compoundable: bool = False
    composition_max: Decimal | None = None
    unknown: tuple[str, ...] = ()
    note: str | None = None
    extra_cites: tuple[Citation, ...] = ()
    # The Act lets the fine be recovered by deduction from the offender's salary.
    recoverable_from_salary: bool = False

    @property
    def cites(self) -> list[Citation]:
        return [self.citation, *self.extra_cites]


@dataclass(frozen=True)
class Route:
    """A share of a kind of money going to a fund (`fund` is a key of `funds`)."""

    fund: str
    share: Decimal


@dataclass(frozen=True)
class RateRule:
    """How an amount left to notification is fixed, and the bound the Act puts on it.

    `bound_factor` × the rate of `bound_base` in force on the same date (and for the
    same species) is the most the notification may fix; no bound when None.
    """

    kind: RateKind
    fixed_by: str  # "the Director", "the local authority", "the Government"
    cites: list[Citation]
    per_species: bool = True
    bound_base: RateKind | None = None
    bound_factor: Decimal | None = None


@dataclass
class Jurisdiction(ABC):
    """A state's Acts and rules. Subclasses live in their own package (one per state).

    Required data: `code` (lower-case, e.g. the entry point's name), `name`, `iso_code`
    (ISO 3166-2), `acts`, `capabilities`, `funds` (fund key -> display name) and
    `offences`. Everything a rule answers is a `Decision` with citations.
    """

    code: str
    name: str
    iso_code: str
    acts: list[Act]
    capabilities: frozenset[Capability]
    funds: dict[str, str]
    offences: list[Offence] = field(default_factory=list)
    # Offences, fines, compounding, vicious animals, compensation (jurisdictions/penalties.py).
    penalties: PenaltyLaw | None = None
    # Registers of animals and their tax, establishments, regulated areas
    # (jurisdictions/registration.py).
    registration: RegistrationLaw | None = None
    # Keeping rules, grazing grounds, inspections, pound areas, returns
    # (jurisdictions/keeping.py).
    keeping: KeepingLaw | None = None
    # Notices, auction notices and claim windows the sweep acts on (jurisdictions/clocks.py).
    clocks: ClockLaw | None = None
    # People, places and authorities for `pashu demo` that fit the state (jurisdictions/demo.py).
    demo: DemoData | None = None

    # -- definitions ------------------------------------------------------------
    @abstractmethod
    def classify(self, species: str) -> Classification:
        """`species` is canonical (see species.canonical)."""

    # -- impoundment ----------------------------------------------------------
    def impoundment_timeline(self, events: TimelineEvents) -> list[TimelineStep]:
        """Who must do what by when, from seizure to the last claim on the proceeds."""
        raise self.not_provided(Capability.IMPOUNDMENT)

    def fine_rate_kind(self, place: PlaceKind) -> Decision[RateKind]:
        """Which notified scale the fine per head comes from, for a place of seizure."""
        raise self.not_provided(Capability.IMPOUNDMENT)

    def prohibited_purchasers(self) -> Decision[frozenset[BuyerRole]]:
        raise self.not_provided(Capability.AUCTION)

    def register_entry(self) -> Decision[bool]:
        """What the register records when animals are brought; value: must the seizer sign?"""
        raise self.not_provided(Capability.IMPOUNDMENT)

    def delivery_on_payment(self) -> Decision[None]:
        """Delivery to the owner on payment of the dues, with a receipt in the register."""
        raise self.not_provided(Capability.IMPOUNDMENT)

    def delivery_on_deposit(self) -> Decision[None]:
        """Delivery to an owner who disputes the seizure and deposits the dues instead."""
        raise self.not_provided(Capability.ILLEGAL_SEIZURE_COMPLAINTS)

    def sale_accounting(self) -> Decision[SaleAccounting]:
        raise self.not_provided(Capability.AUCTION)

    def carcass_return(self) -> Decision[None]:
        """An animal hurt or killed while being seized: who bears it, the carcass returned."""
        raise self.not_provided(Capability.IMPOUNDMENT)

    def other_disposal(self) -> Decision[str]:
        """Disposal otherwise than by auction when no fair price is likely; value: who decides."""
        raise self.not_provided(Capability.AUCTION)

    # -- money --------------------------------------------------------------
    @abstractmethod
    def routing(self, kind: MoneyKind) -> Decision[list[Route]]:
        """Which funds receive a kind of money; NOT_IN_JURISDICTION if the Act has none."""

    def rate_rules(self) -> dict[RateKind, RateRule]:
        """The amounts this Act leaves to notification (empty when none)."""
        return {}

    # -- research -----------------------------------------------------------
    @abstractmethod
    def compare(self, topic: ComparisonTopic) -> Decision[str]:
        """A one-paragraph summary of this Act on `topic`, with citations."""

    # -- helpers shared by every plugin ----------------------------------------
    @property
    def act(self) -> Act:
        """The principal Act (the first one listed)."""
        return self.acts[0]

    def has(self, capability: Capability) -> bool:
        return capability in self.capabilities

    def require(self, capability: Capability) -> None:
        if capability not in self.capabilities:
            raise self.not_provided(capability)

    def not_provided(self, capability: Capability) -> NotInJurisdiction:
        acts = "; ".join(a.title for a in self.acts)
        return NotInJurisdiction(
            f"{acts} provides no {capability.value.lower().replace('_', ' ')}",
            jurisdiction=self.code,
            capability=capability.value,
        )

    def offence(self, section: str) -> Offence:
        """The offence a clerk names by section ("25", "15(1)")."""
        wanted = section.replace(" ", "")
        for o in self.offences:
            if o.section == wanted or o.code == wanted:
                return o
        raise NotInJurisdiction(
            f"{self.act.title} has no offence under section {section}",
            jurisdiction=self.code,
            offences=[o.section for o in self.offences],
        )

    def lowest_confidence(self) -> Confidence:
        marks = [s.confidence for a in self.acts for s in a.sections]
        order = list(Confidence)
        return max(marks, key=order.index) if marks else Confidence.READ

"""The vocabulary the plugin contract shares (DESIGN §2): the chapters an Act may provide, the
steps of a case, the kinds of money, rate, place, seizer, buyer and releasing authority, and
the value types a rule answers with (an offence, a route of money, a rate's rule, a timeline
step). `base.Jurisdiction` and the law modules (clocks, comparison, keeping, penalties,
registration) all speak it; it imports none of them, so none of them imports another in a
circle.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import TypeAlias

from pashu.core.citations import Citation
from pashu.core.decision import Decision
from pashu.core.legaltime import Window


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
    # A Village Council's grazing grounds and the orders for them (the keeping law answers
    # them: jurisdictions/keeping.py `grazing_ground`, `grazing_order`).
    GRAZING_GROUNDS = "GRAZING_GROUNDS"


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
    # After the sale on the owner's refusal: the remaining animals delivered to him (a
    # clerk's duty, no clock's; services/impoundment/course.py rest_delivery).
    DELIVER_REST = "DELIVER_REST"


class MoneyKind(enum.Enum):
    """Kinds of money an Act routes to a fund."""

    FINE = "FINE"  # fines levied on impounded animals
    OFFENCE_FINE = "OFFENCE_FINE"  # fines on conviction for an offence under the Act
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


# A kind of place, of seizer or of buyer is a code its plugin declares (`Jurisdiction.
# impoundment_kinds`), not a value of the core: a new Act with a new kind of seizer needs no core
# change (issue #35). The code is what the registers store and the GraphQL enum's value
# (schema/kinds.py builds the enums from the installed plugins).
PlaceKind: TypeAlias = str
SeizerCapacity: TypeAlias = str  # in what capacity a person seized: the Acts name the persons
BuyerRole: TypeAlias = str

# The buyer no Act bars: every sale may be to a member of the public.
PUBLIC_BUYER: BuyerRole = "PUBLIC"


@dataclass(frozen=True)
class Kind:
    """A kind of place, seizer or buyer as an Act names it: its code, a label in the Act's
    words, and the provisions that name it."""

    code: str
    label: str
    cites: tuple[Citation, ...]

    def __post_init__(self) -> None:
        # A GraphQL enum value's name, and safe as an SQL literal (services/impoundment/dues.py).
        if not _CODE.fullmatch(self.code):
            raise ValueError(f"a kind's code is upper-case letters, digits and _: {self.code!r}")


_CODE = re.compile(r"[A-Z][A-Z0-9_]*")


@dataclass(frozen=True)
class Kinds:
    """The kinds of place animals are seized at, of seizer and of (barred) buyer an Act names;
    empty for an Act without impoundment."""

    places: tuple[Kind, ...] = ()
    seizers: tuple[Kind, ...] = ()
    buyers: tuple[Kind, ...] = ()


@dataclass(frozen=True)
class SeizurePower:
    """A power of seizure the Act gives: to whom, at which kinds of place, on what condition."""

    capacity: SeizerCapacity
    places: frozenset[PlaceKind]
    damage_required: bool  # only animals found doing damage (not merely straying) may be seized
    cites: tuple[Citation, ...]
    why: str


class ReleasingAuthority(enum.Enum):
    """Who may order impounded animals released otherwise than on payment or sale."""

    DIRECTOR = "DIRECTOR"
    LOCAL_AUTHORITY = "LOCAL_AUTHORITY"
    MAGISTRATE = "MAGISTRATE"
    CIVIL_COURT = "CIVIL_COURT"


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
    # Every chapter of the Acts (issue #16); each plugin answers each one (comparison.py).
    TERRITORIAL_EXTENT = "TERRITORIAL_EXTENT"
    KEEPING_RULES = "KEEPING_RULES"
    SEIZURE_POWERS = "SEIZURE_POWERS"
    POUND_KEEPER_DUTIES = "POUND_KEEPER_DUTIES"
    PERIODS = "PERIODS"
    IMPOUNDMENT_CHARGES = "IMPOUNDMENT_CHARGES"
    SALE_PROCEDURE = "SALE_PROCEDURE"
    COMPLAINTS_AND_COMPENSATION = "COMPLAINTS_AND_COMPENSATION"
    OFFENCES = "OFFENCES"
    REGISTRATION_AND_LICENCES = "REGISTRATION_AND_LICENCES"
    RULES_AND_DELEGATION = "RULES_AND_DELEGATION"


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
    # The owner appeared and refused or omitted to pay: the sale that follows has its own
    # timing (Cattle Trespass Act 1985 s.16(1); Animal (Control & Taxation) Act 2014 s.10(2)).
    refused_at: datetime | None = None


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
    # False: the source does not show that the offence exists (e.g. only a margin note is
    # legible). It is listed so a researcher sees it, with `unknown_reason`, but no case,
    # fine or composition is ever recorded under it.
    applicable: bool = True
    unknown_reason: str | None = None

    @property
    def cites(self) -> list[Citation]:
        return [self.citation, *self.extra_cites]


class Holder(enum.Enum):
    """Who holds a fund: the books keep one account per holder."""

    STATE = "STATE"  # one account for the whole department
    LOCAL_BODY = "LOCAL_BODY"  # one per local body (Village Council, Town Committee)
    POUND_KEEPER = "POUND_KEEPER"  # one per pound, for the keeper in charge of it


@dataclass(frozen=True)
class Route:
    """A share of a kind of money going to a fund (`fund` is a key of `funds`)."""

    fund: str
    share: Decimal


@dataclass(frozen=True)
class RateRule:
    """How an amount left to notification is fixed, and the bound the Act puts on it.

    `bound_factor` × the rate of `bound_base` in force on the same date (and for the
    same species) is the most the notification may fix; no bound when None. A bounded rate
    is a special one made "notwithstanding" the base scale for some places (Cattle Trespass
    Act 1985 ss.11(2), 12): where none is notified for the place, the base scale applies.
    """

    kind: RateKind
    fixed_by: str  # "the Director", "the local authority", "the Government"
    cites: list[Citation]
    per_species: bool = True
    bound_base: RateKind | None = None
    bound_factor: Decimal | None = None
    # The Act lets the rate differ by local area: a notification may name a local
    # authority or a pound (Cattle Trespass Act 1985 ss.4, 11(1)).
    by_local_area: bool = False
    # Only by local area: the Act has each local authority fix it for its own pounds
    # (Cattle Trespass Act 1985 s.4), so a notification names the authority or a pound.
    local_only: bool = False
    # Fixed for named aerodromes (Cattle Trespass Act 1985 s.12): a notification names the
    # aerodrome, and governs seizures whose place names it.
    by_aerodrome: bool = False
    # How the days of a rate per day are counted, as the Act is read (interpreted): the
    # reasons, shown beside the charge. Empty for a rate not per day.
    counting: str = ""

"""The law of offences and their consequences: the contract each state's penalty rules meet.

The offence catalogue (offences.yaml) gives each offence's bounds; this module holds what
the catalogue cannot: who may be charged, when a court may take cognizance, where a fine
goes when it is not a fund's, compounding and its effect, forfeiture, vicious animals and
the compensation an Act orders. A state answers what its Act provides, each answer a
`Decision` citing its section; anything else is refused with NOT_IN_JURISDICTION.

`check_fine` applies an offence's bounds to an amount; it is the same for every Act,
because the bounds themselves are data.
"""

from __future__ import annotations

import enum
from abc import ABC
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from pashu.core.citations import Citation
from pashu.core.decision import Decision
from pashu.core.errors import FineAboveCap, FineBelowMinimum, NotInJurisdiction, ValidationError
from pashu.core.legaltime import Window
from pashu.core.money import rupees
from pashu.jurisdictions.acts import Act
from pashu.jurisdictions.vocabulary import Offence


class OffenderRole(enum.Enum):
    """In what capacity a person is charged."""

    OWNER = "OWNER"
    KEEPER = "KEEPER"
    SEIZER = "SEIZER"
    POUND_KEEPER = "POUND_KEEPER"
    BUYER = "BUYER"
    CORPORATION = "CORPORATION"
    OFFICER_OF_CORPORATION = "OFFICER_OF_CORPORATION"


class ViciousKind(enum.Enum):
    """What made an animal vicious."""

    BEHAVIOUR = "BEHAVIOUR"  # ferocious, vicious or aggressive behaviour
    COURT_PENALTY = "COURT_PENALTY"  # the cause of a penalty incurred by the owner in a court
    UNPROVOKED_BITE = "UNPROVOKED_BITE"  # bit or maimed an animal or a person unprovoked


class CompensationKind(enum.Enum):
    DAMAGE = "DAMAGE"  # damage done by straying animals, ordered by a local body
    ILLEGAL_SEIZURE = "ILLEGAL_SEIZURE"  # loss from an illegal seizure or detention


@dataclass(frozen=True)
class FineCheck:
    """A fine within the Act's bounds. `cap_unknown`: the text hides the cap, so none was
    applied; `warning` says so in words."""

    amount: Decimal
    subsequent: bool = False
    cap_unknown: bool = False
    warning: str | None = None


@dataclass(frozen=True)
class CompoundingRule:
    """How an offence is compounded: the cap on the composition money (None: the Act gives
    none), release of seized things on a further sum up to their estimated value, the
    effect of composition (`acquittal`: deemed an acquittal where proceedings have been
    instituted), and whether the officer may cancel the offender's licence."""

    composition_max: Decimal | None
    before_or_after_proceedings: bool
    release_up_to_estimate: bool
    acquittal: bool
    cancels_licence: bool
    cap_cite: Citation
    release_cite: Citation
    effect_cite: Citation
    licence_cite: Citation


@dataclass(frozen=True)
class AttackLiability:
    """What the owner of a vicious animal owes its victim: treatment as a doctor advises,
    a fixed sum to the victim, or both."""

    victim_sum: Decimal
    medical_treatment: bool = True


@dataclass(frozen=True)
class CompensationRule:
    """Compensation an Act orders. `cap` None: the Act sets no limit (any reasonable sum);
    `with_fines_and_expenses`: the fines and expenses the complainant paid are added;
    `orders_release`: the order releases the animals if still held."""

    kind: CompensationKind
    ordered_by: str
    payer: str
    cap: Decimal | None = None
    with_fines_and_expenses: bool = False
    orders_release: bool = False
    # The Act makes the compensation (with its fines and expenses) recoverable as a fine is
    # (Cattle Trespass Act 1985 s.23: "in the manner provided for recovery of fines").
    recoverable_as_fine: bool = False


def check_fine(offence: Offence, amount: Decimal, *, subsequent: bool) -> Decision[FineCheck]:
    """An amount within the offence's bounds, or FINE_ABOVE_CAP / FINE_BELOW_MINIMUM citing
    the offence. A fixed fine for a subsequent offence must be exactly that sum. A cap the
    text hides is never replaced by a number: the amount stands, with a warning."""
    amount = rupees(amount)
    cite = offence.citation
    if amount <= 0:
        raise ValidationError("a fine is an amount above zero", field="amount")
    if subsequent and offence.subsequent_fine is not None:
        if amount != offence.subsequent_fine:
            error = FineAboveCap if amount > offence.subsequent_fine else FineBelowMinimum
            raise error(
                f"every subsequent offence under section {offence.section} is fined "
                f"Rs {offence.subsequent_fine}, not Rs {amount}",
                citation=cite,
                fixed=str(offence.subsequent_fine),
            )
        return Decision(
            FineCheck(amount, subsequent=True),
            offence.cites,
            f"a subsequent offence under section {offence.section}: the fixed fine of "
            f"Rs {offence.subsequent_fine}",
        )
    if offence.fine_min is not None and offence.fine_min == offence.fine_max:
        if amount != offence.fine_min:  # a fixed sum ("a fine of five hundred rupees")
            error = FineAboveCap if amount > offence.fine_min else FineBelowMinimum
            raise error(
                f"the fine under section {offence.section} is the fixed sum of "
                f"Rs {offence.fine_min}, not Rs {amount}",
                citation=cite,
                fixed=str(offence.fine_min),
            )
        return Decision(
            FineCheck(amount),
            offence.cites,
            f"section {offence.section} fixes the fine at Rs {offence.fine_min}",
        )
    if offence.fine_min is not None and amount < offence.fine_min:
        raise FineBelowMinimum(
            f"the fine under section {offence.section} is not less than Rs {offence.fine_min}",
            citation=cite,
            minimum=str(offence.fine_min),
        )
    if offence.fine_max is not None and amount > offence.fine_max:
        raise FineAboveCap(
            f"the fine under section {offence.section} may not exceed Rs {offence.fine_max}",
            citation=cite,
            cap=str(offence.fine_max),
        )
    first = " (a first offence)" if offence.subsequent_fine is not None else ""
    if offence.fine_max is None and "fine_max" in offence.unknown:
        # The reason the offence gives (a bound another law sets), or an illegible scan.
        warning = offence.unknown_reason or (
            f"the fine cap of section {offence.section} is illegible in the reconstructed "
            "text: no cap was applied, and none is known"
        )
        return Decision(
            FineCheck(amount, cap_unknown=True, warning=warning), offence.cites, warning
        )
    bound = f"up to Rs {offence.fine_max}" if offence.fine_max is not None else "no cap"
    return Decision(
        FineCheck(amount), offence.cites, f"within section {offence.section}{first}: {bound}"
    )


class PenaltyLaw(ABC):  # noqa: B024 -- every rule has a default: refusal
    """A state's rules on offences beyond the catalogue. Each method answers with the
    section it rests on; what the Act does not provide stays refused (the defaults)."""

    def __init__(self, act: Act) -> None:
        self.act = act

    def cite(self, label: str) -> Citation:
        return self.act.cite_label(label)

    def absent(self, what: str, **details: Any) -> NotInJurisdiction:
        return NotInJurisdiction(f"{self.act.title} provides no {what}", **details)

    # -- who is charged, and how a case reaches a court -------------------------------
    def charge(self, offence: Offence, role: OffenderRole) -> Decision[OffenderRole]:
        """Whether a person may be charged in `role`. Liability of a corporation's officers
        for its offence exists only where an Act creates it."""
        if role is OffenderRole.OFFICER_OF_CORPORATION:
            raise self.absent("liability of a corporation's officers for its offences")
        return Decision(role, offence.cites, f"charged as {role.value.lower()}")

    def counts_as_earlier(self, offence: Offence) -> Decision[tuple[str, ...]]:
        """The offence codes an earlier conviction under which makes `offence` a subsequent
        one; by default, the same offence only."""
        return Decision(
            (offence.code,),
            offence.cites,
            f"an earlier offence under section {offence.section}",
        )

    def cognizance(self) -> Decision[bool]:
        """True: no court takes cognizance without an authorised officer's written report."""
        return Decision(False, [], "the Act puts no condition on a court's cognizance")

    def forfeiture(self) -> Decision[bool]:
        raise self.absent("forfeiture of animals by a court")

    # -- where fines go -----------------------------------------------------------
    def fine_payee(self, offence: Offence) -> Decision[str] | None:
        """A payee other than the Act's fund for fines (e.g. the victim), or None."""
        return None

    def fine_appropriation(self, offence: Offence) -> Decision[bool]:
        """Whether the convicting court may apply the fine as compensation for proved loss."""
        raise self.absent(f"appropriation of a fine under section {offence.section}")

    # -- compounding ------------------------------------------------------------
    def compounding(self, offence: Offence) -> Decision[CompoundingRule]:
        raise self.absent("compounding of offences")

    # -- vicious animals --------------------------------------------------------
    def vicious_window(self, kind: ViciousKind, at: datetime) -> Decision[Window]:
        """From when, and until when, an event makes an animal vicious."""
        raise self.absent("vicious-animal provision")

    def attack_liability(self) -> Decision[AttackLiability]:
        raise self.absent("liability for an attack by a vicious animal")

    # -- compensation -----------------------------------------------------------
    def compensation(self, kind: CompensationKind) -> Decision[CompensationRule]:
        raise self.absent(f"{kind.value.lower().replace('_', ' ')} compensation")

    def set_off(self) -> Decision[bool]:
        """Whether compensation paid under the Act is set off against a civil decree."""
        raise self.absent("set-off of compensation against a civil decree")

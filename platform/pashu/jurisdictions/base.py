"""The plugin contract (DESIGN §2).

A jurisdiction is an object satisfying `Jurisdiction`: it holds its Acts as data and
answers every legal question with a `Decision` citing the provisions it rests on. The
platform asks the registry for a jurisdiction by code and never names a state itself.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import TYPE_CHECKING

from pashu.core.citations import Citation, Confidence
from pashu.core.decision import Decision
from pashu.core.errors import NotInJurisdiction, ProhibitedPurchaser, ValidationError
from pashu.core.legaltime import Window
from pashu.jurisdictions.acts import Act
from pashu.jurisdictions.comparison import Answer, ComparisonLaw
from pashu.jurisdictions.extent import Extent, KindRule
from pashu.jurisdictions.vocabulary import (
    PUBLIC_BUYER,
    Action,
    BuyerRole,
    Capability,
    Classification,
    ComparisonTopic,
    Holder,
    Kind,
    Kinds,
    MoneyKind,
    Offence,
    PlaceKind,
    RateKind,
    RateRule,
    ReleasingAuthority,
    Route,
    SaleAccounting,
    SeizerCapacity,
    SeizurePower,
    TimelineEvents,
    TimelineStep,
)

if TYPE_CHECKING:
    from pashu.jurisdictions.clocks import ClockLaw
    from pashu.jurisdictions.demo import DemoData
    from pashu.jurisdictions.keeping import KeepingLaw
    from pashu.jurisdictions.penalties import PenaltyLaw
    from pashu.jurisdictions.registration import RegistrationLaw


class Same:
    """A plugin as a cache key: the same object, not an equal one (a plugin is a dataclass,
    compared by its fields). A rule's answer that is a fixed function of the Act's text can
    be kept under it."""

    __slots__ = ("plugin",)

    def __init__(self, plugin: Jurisdiction) -> None:
        self.plugin = plugin

    def __hash__(self) -> int:
        return id(self.plugin)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Same) and other.plugin is self.plugin


@dataclass
class Jurisdiction(ABC):
    """A state's Acts and rules. Subclasses live in their own package (one per state).

    Required data: `code` (lower-case, e.g. the entry point's name), `name`, `iso_code`
    (ISO 3166-2), `acts`, `capabilities`, `funds` (fund key -> display name) and
    `offences`. Everything a rule answers is a `Decision` with citations.

    `fund_holders` says which funds are kept per local body or per pound-keeper (the case's
    own is credited; absent: one account for the State); `deposits` names the keys of
    `funds` that are money held pending a claim (ledger `deposit:<key>`), not a fund.
    """

    code: str
    name: str
    iso_code: str
    acts: list[Act]
    capabilities: frozenset[Capability]
    funds: dict[str, str]
    offences: list[Offence] = field(default_factory=list)
    fund_holders: dict[str, Holder] = field(default_factory=dict)
    deposits: frozenset[str] = frozenset()
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
    # Comparative answers with typed facts, topic by topic (jurisdictions/comparison.py).
    comparisons: ComparisonLaw | None = None
    # People, places and authorities for `pashu demo` that fit the state (jurisdictions/demo.py).
    demo: DemoData | None = None

    # -- definitions ------------------------------------------------------------
    @abstractmethod
    def classify(self, species: str) -> Classification:
        """`species` is canonical (see species.canonical)."""

    # -- extent -----------------------------------------------------------------
    def extent(self) -> Decision[Extent]:
        """Where the Act is in force: the areas it leaves out itself, the notifications that
        take areas out (or bring them in), and an unnamed area's state. Default: the whole
        territory, with no notification provided."""
        return Decision(
            Extent(f"{self.act.title} extends to the whole of {self.name}", True, ()),
            [],
            "the plugin states no limit to the Act's extent",
        )

    def kinds(self) -> Decision[KindRule]:
        """Whether the Government may add kinds of animal to the Act by notification."""
        acts = "; ".join(a.title for a in self.acts)
        raise NotInJurisdiction(
            f"{acts} lets no kind of animal be added by notification", jurisdiction=self.code
        )

    # -- impoundment ----------------------------------------------------------
    def impoundment_timeline(self, events: TimelineEvents) -> list[TimelineStep]:
        """Who must do what by when, from seizure to the last claim on the proceeds."""
        raise self.not_provided(Capability.IMPOUNDMENT)

    def claim_on_proceeds(self, sold_at: datetime, projected: bool = False) -> TimelineStep | None:
        """The owner's claim on the proceeds of a sale held (or, `projected`, first possible)
        at `sold_at`, a sale not made on the owner's refusal: the window the Act gives from
        the sale; None where the Act gives none. It is the timeline's claim step, timed from
        the sale alone, and the one the clock closes a claim window on. This default finds
        it in the Act's timeline of a sale at that instant; a plugin that gives it directly
        (and builds its timeline's step with it) spares the clock a whole timeline for each
        window it closes."""
        at = sold_at
        steps = self.impoundment_timeline(TimelineEvents(seized_at=at, impounded_at=at, sold_at=at))
        claims = (Action.CLAIM_SURPLUS, Action.CLAIM_SALE_PROCEEDS)
        found = next((s for s in steps if s.action in claims), None)
        return replace(found, projected=projected) if found is not None else None

    def fine_rate_kind(self, place: PlaceKind) -> Decision[RateKind]:
        """Which notified scale the fine per head comes from, for a place of seizure."""
        raise self.not_provided(Capability.IMPOUNDMENT)

    def prohibited_purchasers(self) -> Decision[frozenset[BuyerRole]]:
        raise self.not_provided(Capability.AUCTION)

    def impoundment_kinds(self) -> Kinds:
        """The kinds of place, seizer and barred buyer the Acts name, each with its label and
        the provisions naming it; the schema's enums are the installed plugins' kinds
        (schema/kinds.py). Default: none (an Act without impoundment)."""
        return Kinds()

    def declared_kinds(self) -> Kinds:
        """`impoundment_kinds()`, asked once per plugin (an Act does not change while a process
        runs, and every seizure and sale checks its kinds)."""
        kept: Kinds | None = self.__dict__.get("_kinds_kept")
        if kept is None:
            kept = self.__dict__["_kinds_kept"] = self.impoundment_kinds()
        return kept

    def require_kind(self, family: str, code: str, field: str) -> Kind | None:
        """The declared kind `code` of `family` ("places", "seizers" or "buyers"); refused with
        VALIDATION, naming the Act's own kinds, when the Acts name no such kind (it is another
        Act's: the schema's enums hold every installed plugin's). A member of the public, whom
        no Act bars, is a buyer under every Act (None: no Act names it)."""
        if family == "buyers" and code == PUBLIC_BUYER:
            return None
        declared: tuple[Kind, ...] = getattr(self.declared_kinds(), family)
        kind = next((k for k in declared if k.code == code), None)
        if kind is None:
            noun = {"places": "kind of place", "seizers": "seizer capacity"}.get(
                family, "kind of buyer"
            )
            acts = " or ".join(a.title for a in self.acts)
            own = ", ".join(k.code for k in declared) or "none"
            cite = next((k.cites[0] for k in declared if k.cites), None)
            raise ValidationError(
                f"{code} is not a {noun} that {acts} names (it is another Act's); "
                f"those of {self.name} are: {own}",
                citation=cite,
                field=field,
                allowed=[k.code for k in declared],
            )
        return kind

    def require_buyer(self, role: BuyerRole) -> None:
        """A buyer this Act lets buy at a sale under it: a kind it names (or the public), and
        not one it bars (PROHIBITED_PURCHASER, with the section that bars it)."""
        self.require_kind("buyers", role, "buyer.role")
        barred = self.prohibited_purchasers()
        if role in barred.value:
            raise ProhibitedPurchaser(
                f"a {role.lower().replace('_', ' ')} may not buy at this sale: {barred.why}",
                citation=barred.cites[0],
                field="buyer.role",
            )

    def seizure_powers(self) -> list[SeizurePower]:
        """Who may seize, where, and on what condition."""
        raise self.not_provided(Capability.IMPOUNDMENT)

    def places_of_seizure(self) -> Decision[list[PlaceKind]]:
        """The kinds of place the Act lets animals be seized at: those of its powers, in the
        order the plugin declares its kinds of place."""
        powers = self.seizure_powers()
        places = [
            k.code
            for k in self.declared_kinds().places
            if any(k.code in power.places for power in powers)
        ]
        cites = list(dict.fromkeys(c for power in powers for c in power.cites))
        words = ", ".join(_words(p) for p in places)
        return Decision(places, cites, f"the Act's powers of seizure reach {words}")

    def seizure_power(
        self, capacity: SeizerCapacity, place: PlaceKind, damage: str | None
    ) -> Decision[SeizurePower]:
        """The power a seizure rests on; refused, citing the section, when the Act gives none
        to a person of that capacity, at that kind of place, or without damage found. A
        capacity or place of another Act's (not one this plugin declares) is VALIDATION."""
        powers, places = self._powers_and_places()
        self.require_kind("seizers", capacity, "seizerCapacity")
        self.require_kind("places", place, "placeKind")
        power = next((p for p in powers if p.capacity == capacity), None)
        who = _words(capacity)
        where = _words(place)
        if power is None:
            given = ", ".join(p.capacity for p in powers)
            raise NotInJurisdiction(
                f"{self.act.title} gives no power of seizure to a {who}; it gives it to: {given}",
                citation=powers[0].cites[0],
                field="seizerCapacity",
                capacities=[p.capacity for p in powers],
            )
        if place not in places:
            raise NotInJurisdiction(
                f"{self.act.title} provides no seizure at a place of the kind {where}",
                citation=power.cites[0],
                field="placeKind",
            )
        if place not in power.places:
            raise ValidationError(
                f"a {who} may seize under {self.act.title} only at "
                + ", ".join(_words(p) for p in places if p in power.places),
                citation=power.cites[0],
                field="placeKind",
            )
        if power.damage_required and not (damage or "").strip():
            raise ValidationError(
                f"a {who} may seize only an animal found doing damage: record the damage found",
                citation=power.cites[0],
                field="damage",
            )
        return Decision(power, list(power.cites), power.why)

    def _powers_and_places(self) -> tuple[list[SeizurePower], list[PlaceKind]]:
        """`seizure_powers()` and `places_of_seizure()`'s value, asked once per plugin: an
        Act does not change while a process runs, and every seizure asks for both."""
        kept: tuple[list[SeizurePower], list[PlaceKind]] | None = self.__dict__.get(
            "_powers_and_places_kept"
        )
        if kept is None:
            kept = (self.seizure_powers(), self.places_of_seizure().value)
            self.__dict__["_powers_and_places_kept"] = kept
        return kept

    def register_entry(self) -> Decision[bool]:
        """What the register records when animals are brought; value: must the seizer sign?"""
        raise self.not_provided(Capability.IMPOUNDMENT)

    def delivery_on_payment(self) -> Decision[None]:
        """Delivery to the owner on payment of the dues, with a receipt in the register."""
        raise self.not_provided(Capability.IMPOUNDMENT)

    def delivery_on_deposit(self) -> Decision[None]:
        """Delivery to an owner who disputes the seizure and deposits the dues instead."""
        raise self.not_provided(Capability.ILLEGAL_SEIZURE_COMPLAINTS)

    def deposit_unused(self) -> Decision[None]:
        """A deposit under protest that no complaint follows within the complaint window: it is
        applied to the fines and charges it was made for, when the window closes."""
        raise self.not_provided(Capability.ILLEGAL_SEIZURE_COMPLAINTS)

    def complaint_form(self) -> Decision[None]:
        """How a complaint of illegal seizure is made: in writing, or by word of mouth taken
        down in writing by the Magistrate, who is then named."""
        raise self.not_provided(Capability.ILLEGAL_SEIZURE_COMPLAINTS)

    def dues_of_illegal_seizure(self) -> Decision[None]:
        """The fines and charges of cattle released on an illegal seizure, laid on whoever made
        the seizure or detained them, and collected into the books as fines and charges are."""
        raise self.not_provided(Capability.ILLEGAL_SEIZURE_COMPLAINTS)

    def sale_accounting(self) -> Decision[SaleAccounting]:
        raise self.not_provided(Capability.AUCTION)

    def sale_account_clauses(self) -> dict[str, Citation]:
        """The clauses of the account the Act requires of a sale's proceeds, by letter ("a"
        ...), each with its citation; empty: the Act lists none, and the account's lines
        cite `sale_accounting`."""
        return {}

    def refusal_to_pay(self, events: TimelineEvents) -> Decision[Window]:
        """An owner who appears but refuses or omits to pay: when the refusal may be recorded
        (it opens a sale of as many animals as the dues need); the decision's cites are the
        sale's."""
        raise self.not_provided(Capability.AUCTION)

    def delivery_after_sale(self) -> Decision[None]:
        """After a sale on the owner's refusal: the remaining animals and the balance of the
        proceeds delivered to the owner with an account, against his receipt."""
        raise self.lacks("delivery of the remaining animals with an account of the sale")

    def delivery_refused_after_sale(self) -> Decision[None]:
        """An owner who will not receive the remaining animals and the balance: what follows."""
        raise self.lacks("rule for an owner who refuses the remaining animals after a sale")

    def release_by_order(self) -> Decision[frozenset[ReleasingAuthority]]:
        """Release of impounded animals on a written, reasoned order; value: who may order."""
        raise self.lacks("release of impounded animals by order")

    def recovery_by_sale(self) -> Decision[frozenset[str]]:
        """A fine on conviction recovered by selling the animals; value: the offences' sections."""
        raise self.lacks("recovery of a fine by the sale of the animals")

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

    def comparison(self, topic: ComparisonTopic) -> Answer:
        """This Act on `topic`: prose and typed facts (the `comparisons` part), or the
        `compare` prose alone for a plugin without one."""
        own = self.comparisons.answer(topic) if self.comparisons else None
        if own is not None:
            return own
        law = self.comparisons
        answer = Answer.of(self.compare(topic), law.facts(topic) if law else [])
        return answer if law is None or law.provides(topic) else replace(answer, provided=False)

    # -- helpers shared by every plugin ----------------------------------------
    @property
    def act(self) -> Act:
        """The principal Act (the first one listed)."""
        return self.acts[0]

    def account_kind(self, fund: str) -> str:
        """The ledger's prefix for a key of `funds`: "deposit" or "fund"."""
        return "deposit" if fund in self.deposits else "fund"

    def holder(self, fund: str) -> Holder:
        return self.fund_holders.get(fund, Holder.STATE)

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

    def clock_law(self) -> ClockLaw:
        """The clock law; NOT_IN_JURISDICTION when the Act has no impoundment chapter."""
        if self.clocks is None or not self.has(Capability.IMPOUNDMENT):
            raise self.not_provided(Capability.IMPOUNDMENT)
        return self.clocks

    def keeping_law(self) -> KeepingLaw:
        """The keeping law; NOT_IN_JURISDICTION naming the Act when none is encoded."""
        if self.keeping is None:
            acts = "; ".join(a.title for a in self.acts)
            raise NotInJurisdiction(f"{acts}: no rules of keeping animals", jurisdiction=self.code)
        return self.keeping

    def registration_law(self, capability: Capability) -> RegistrationLaw:
        """The registration law for `capability`; NOT_IN_JURISDICTION naming the Act when
        the Act has no such chapter."""
        self.require(capability)
        if self.registration is None:
            raise self.not_provided(capability)
        return self.registration

    def lacks(self, provision: str) -> NotInJurisdiction:
        """The refusal of a provision the tenant's Acts do not make."""
        acts = "; ".join(a.title for a in self.acts)
        return NotInJurisdiction(f"{acts} provides no {provision}", jurisdiction=self.code)

    def offence(self, section: str) -> Offence:
        """The offence a clerk names by section ("25", "15(1)")."""
        wanted = section.replace(" ", "")
        for o in self.offences:
            if (o.section == wanted or o.code == wanted) and not o.applicable:
                raise NotInJurisdiction(
                    f"{self.act.title}: the offence under section {o.section} is not applied: "
                    f"{o.unknown_reason}",
                    citation=o.citation,
                    jurisdiction=self.code,
                    offences=[x.section for x in self.offences if x.applicable],
                )
            if o.section == wanted or o.code == wanted:
                return o
        raise NotInJurisdiction(
            f"{self.act.title} has no offence under section {section}",
            jurisdiction=self.code,
            offences=[o.section for o in self.offences if o.applicable],
        )

    def lowest_confidence(self) -> Confidence:
        marks = [s.confidence for a in self.acts for s in a.sections]
        order = list(Confidence)
        return max(marks, key=order.index) if marks else Confidence.READ


def _words(code: str) -> str:
    """A kind's code as words in a sentence: HABITUAL_TRESPASS_AREA -> habitual trespass area."""
    return code.lower().replace("_", " ")

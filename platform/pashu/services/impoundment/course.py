"""A case's course under its Act: one model (issue #31).

`CourseFacts` is what the registers hold about one case (or what a scenario supposes): the
plugin, the seizure and impounding, the animals and their states, the notices issued, the
owner's refusal and the sale it called for, the sales, deliveries, complaints and release
orders. From the facts, as of an instant, `Course` answers each animal's state, the duties
open with their windows (from the plugin's timeline), the next action, and, for every act a
clerk or the clock may record (`Act`), whether the Act allows it then or why not: a
`Refusal` with its code, message, citation and the field to blame.

Every rule of a case's order lives here, once: the timeline's events, the claim window of
the sales held, the complaint window, the order of the report and the notice, the window
of a sale and of a refusal, "acts in their order" on animals already reckoned. The
mutations ask `check` (or `require`) before they write; `schedule` writes the model's next
action onto the case row (what `nextAction` and the sweep's `find` read). The plugins
supply the rules it applies (`impoundment_timeline`, `refusal_to_pay`, `delivery_*`,
`release_by_order`, `sale_accounting`); no number or section is written here.

Pure: nothing here reads the database (`load` in cases.py builds the facts for a case).
"""

from __future__ import annotations

import enum
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from functools import lru_cache
from typing import Any, Protocol

from pashu.core.citations import Citation, Confidence
from pashu.core.decision import Decision
from pashu.core.errors import (
    Conflict,
    NotInJurisdiction,
    PashuError,
    TooEarly,
    TooLate,
    ValidationError,
)
from pashu.core.legaltime import Window, aware, ist
from pashu.db.impoundment import AnimalStatus
from pashu.jurisdictions.base import Jurisdiction
from pashu.jurisdictions.vocabulary import (
    Action,
    Capability,
    ReleasingAuthority,
    SaleAccounting,
    TimelineEvents,
    TimelineStep,
)

# -- what the model reads: protocols the ORM rows and the sweep's narrower rows satisfy ----


class IssuedNotice(Protocol):
    """A notice as the timeline reads it: a `Notice`, or the sweep's narrower row."""

    @property
    def kind(self) -> str: ...

    @property
    def issued_at(self) -> datetime: ...


class CaseInstants(Protocol):
    """A case as its timeline's events read it: an `Impoundment`, `CourseFacts`, or the
    sweep's narrower row."""

    @property
    def seized_at(self) -> datetime: ...

    @property
    def impounded_at(self) -> datetime: ...

    @property
    def refused_at(self) -> datetime | None: ...

    @property
    def refusal_sold_at(self) -> datetime | None: ...


class HasStatus(Protocol):
    """An animal as the steps still required read it: its status."""

    @property
    def status(self) -> str: ...


class HeldAnimal(Protocol):
    """An animal as the duties and the notices read it: an `ImpoundedAnimal`, or the
    sweep's narrower row."""

    @property
    def id(self) -> uuid.UUID: ...

    @property
    def species(self) -> str: ...

    @property
    def description(self) -> str: ...

    @property
    def ear_tag(self) -> str | None: ...

    @property
    def status(self) -> str: ...


class Reckoned(Protocol):
    """An animal as "acts in their order" reads it: its id, status and the instant its
    dues were reckoned to."""

    @property
    def id(self) -> uuid.UUID: ...

    @property
    def status(self) -> str: ...

    @property
    def charges_settled_at(self) -> datetime | None: ...


class SoldAt(Protocol):
    """A sale as the owner's claim on its proceeds reads it: a `Sale`, or the sweep's row."""

    @property
    def at(self) -> datetime: ...

    @property
    def account(self) -> dict[str, Any]: ...


# -- the facts ------------------------------------------------------------------------------


@dataclass(frozen=True)
class AnimalFact:
    id: uuid.UUID
    species: str
    status: str
    charges_settled_at: datetime | None = None
    released_at: datetime | None = None
    description: str = ""
    ear_tag: str | None = None


@dataclass(frozen=True)
class NoticeFact:
    kind: str
    issued_at: datetime


@dataclass(frozen=True)
class SaleFact:
    at: datetime
    account: dict[str, Any] = field(default_factory=dict, hash=False)


@dataclass(frozen=True)
class DeliveryFact:
    at: datetime
    under_protest: bool = False


@dataclass(frozen=True)
class CourseFacts:
    """What the registers hold about one case, or what a scenario supposes. Satisfies
    `CaseInstants`, so the timeline reads it as it reads a case row."""

    plugin: Jurisdiction
    seized_at: datetime
    impounded_at: datetime
    animals: tuple[AnimalFact, ...] = ()
    notices: tuple[NoticeFact, ...] = ()
    refused_at: datetime | None = None
    refusal_sold_at: datetime | None = None
    sales: tuple[SaleFact, ...] = ()
    deliveries: tuple[DeliveryFact, ...] = ()
    complaints: tuple[datetime, ...] = ()  # when each complaint of illegal seizure was filed
    release_orders: tuple[datetime, ...] = ()  # when each ordered release took effect
    fines: tuple[uuid.UUID, ...] = ()  # fines on conviction linked to the case


def facts_of(
    plugin: Jurisdiction,
    case: CaseInstants,
    issued: Sequence[IssuedNotice] = (),
    animals: Sequence[HeldAnimal] = (),
    sales: Sequence[SoldAt] = (),
    **more: Any,
) -> CourseFacts:
    """The facts from rows already read (a service's case and animals, the sweep's batch)."""
    return CourseFacts(
        plugin=plugin,
        seized_at=case.seized_at,
        impounded_at=case.impounded_at,
        refused_at=case.refused_at,
        refusal_sold_at=case.refusal_sold_at,
        animals=tuple(
            AnimalFact(
                a.id,
                a.species,
                a.status,
                getattr(a, "charges_settled_at", None),
                getattr(a, "released_at", None),
                a.description,
                a.ear_tag,
            )
            for a in animals
        ),
        notices=tuple(NoticeFact(n.kind, n.issued_at) for n in issued),
        sales=tuple(SaleFact(s.at, dict(s.account)) for s in sales),
        **more,
    )


# -- the timeline (the plugin's, on the case's events) -------------------------------------


def events(case: CaseInstants, issued: Sequence[IssuedNotice]) -> TimelineEvents:
    """The timeline's events: the register's instants and the notices issued so far."""
    by_kind = {n.kind: n.issued_at for n in issued}
    return TimelineEvents(
        seized_at=case.seized_at,
        impounded_at=case.impounded_at,
        announced_at=by_kind.get(Action.ANNOUNCE_SEIZURE.value),
        noticed_at=by_kind.get(Action.PUBLISH_NOTICE.value),
        refused_at=case.refused_at,
        # The sale an owner's refusal calls for: once held, its step is done.
        sold_at=case.refusal_sold_at if case.refused_at is not None else None,
    )


def timeline(
    plugin: Jurisdiction, case: CaseInstants, issued: Sequence[IssuedNotice]
) -> list[TimelineStep]:
    return list(_timeline(_Same(plugin), events(case, issued)))


class _Same:
    """A plugin as a cache key: the same object, not an equal one."""

    __slots__ = ("plugin",)

    def __init__(self, plugin: Jurisdiction) -> None:
        self.plugin = plugin

    def __hash__(self) -> int:
        return id(self.plugin)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Same) and other.plugin is self.plugin


# An Act's timeline is a function of the case's events alone, and one case's is asked for
# several times as a step is taken (which step is due, is it late, what comes next): kept
# for the last few thousand events. The steps are frozen; each caller gets its own list.
@lru_cache(maxsize=4096)
def _timeline(plugin: _Same, happened: TimelineEvents) -> tuple[TimelineStep, ...]:
    return tuple(plugin.plugin.impoundment_timeline(happened))


def forget_timelines() -> None:
    """Drop the kept timelines (the benchmark times them worked out afresh)."""
    _timeline.cache_clear()


def step(steps: Sequence[TimelineStep], action: Action) -> TimelineStep | None:
    return next((s for s in steps if s.action is action), None)


def claim_window(
    plugin: Jurisdiction,
    case: CaseInstants,
    issued: Sequence[IssuedNotice],
    sales: Sequence[SoldAt],
) -> tuple[Action, TimelineStep | None]:
    """The owner's claim on the proceeds of the case's sales, as the Act times it: the one
    answer the timeline, `claimProceeds` and the clock closing the window all use. It runs
    from the latest sale a claim lies on; None when no claim lies on any (a refund of
    proceeds paid into a fund lies only after a sale of animals not claimed, not after a
    sale on the owner's refusal to pay: Animal (Control & Taxation) Act 2014 s.10(4))."""
    deducting = plugin.sale_accounting().value is SaleAccounting.DEDUCT_CHARGES_HOLD_SURPLUS
    action = Action.CLAIM_SURPLUS if deducting else Action.CLAIM_SALE_PROCEEDS
    claimable = [s.at for s in sales if deducting or not s.account.get("onRefusal")]
    if not claimable:
        return action, None
    last = max(claimable)
    # The window is the sale's: what followed it (the rest refused after a sale on refusal,
    # then reported and noticed as unclaimed) does not move it, and a sale on the owner's
    # refusal follows no notice at all.
    before = [n for n in issued if n.issued_at <= last]
    happened = replace(events(case, before), sold_at=last, refused_at=None)
    return action, step(_timeline(_Same(plugin), happened), action)


def course_timeline(
    plugin: Jurisdiction,
    case: CaseInstants,
    issued: Sequence[IssuedNotice],
    sales: Sequence[SoldAt],
) -> list[TimelineStep]:
    """The case's timeline with the owner's claim timed from the sales actually held
    (`claim_window`), not projected from the earliest auction: what claimProceeds and the
    clock closing the window answer too."""
    steps = timeline(plugin, case, issued)
    if not sales:
        return steps
    action, claim = claim_window(plugin, case, issued, sales)
    return [claim if s.action is action and claim is not None else s for s in steps]


# The department's own duties on a case that the clock does; the other steps are windows
# for others (the seizer's delivery to the pound, the owner's complaint or claim).
DUTIES = (Action.ANNOUNCE_SEIZURE, Action.REPORT_UNCLAIMED, Action.PUBLISH_NOTICE, Action.AUCTION)
# A duty no clock does: after the sale on the owner's refusal, the remaining animals are
# delivered to him (or refused by him) -- a clerk's act, at the owner's coming.
CLERK_DUTIES = (Action.DELIVER_REST,)

# Steps that exist only while animals wait in the pound, and those that need a sale.
_WHILE_IMPOUNDED = (*DUTIES, *CLERK_DUTIES, Action.DELIVER_TO_POUND)
_AFTER_A_SALE = (Action.CLAIM_SALE_PROCEEDS, Action.CLAIM_SURPLUS)


def no_longer_required(
    steps: Sequence[TimelineStep],
    issued: Sequence[IssuedNotice],
    all_animals: Sequence[HasStatus],
) -> set[Action]:
    """The steps a closed case (no animal left in the pound) no longer requires: the
    department's duties not yet done, and the claims on sale proceeds where nothing was sold.
    The owner's complaint of illegal seizure stays open within its window."""
    if not all_animals or any(a.status == AnimalStatus.IN_POUND.value for a in all_animals):
        return set()
    done = {n.kind for n in issued}
    sold = any(a.status == AnimalStatus.SOLD.value for a in all_animals)
    gone: set[Action] = set()
    for s in steps:
        if s.action in _WHILE_IMPOUNDED and s.action.value not in done:
            if s.action is Action.AUCTION and sold:
                continue
            if s.action is Action.DELIVER_TO_POUND:
                continue  # the register shows them brought to the pound: done, not dropped
            gone.add(s.action)
        elif s.action in _AFTER_A_SALE and not sold:
            gone.add(s.action)
    return gone


def rest_delivery(plugin: Jurisdiction, case: CaseInstants) -> TimelineStep | None:
    """After the sale on the owner's refusal met the dues, the remaining animals are his:
    Cattle Trespass Act 1985 s.16(3) "the remaining cattle ... shall be delivered to the
    owner" (refused, s.16(5): unclaimed, and s.14 runs again); Animal (Control & Taxation)
    Act 2014 s.10(2) sells "the animals or any of them, as may be necessary", and the
    animals not needed are delivered to the owner who claimed them (s.9(1)). Neither Act
    sets a time: the duty is open from the sale until delivered or refused (interpreted).
    None when no such sale has been held."""
    if case.refused_at is None or case.refusal_sold_at is None:
        return None
    cites: list[Citation]
    try:
        cites = plugin.delivery_after_sale().cites
    except NotInJurisdiction:  # an Act with no account of the sale: its refusal rule's
        cites = plugin.refusal_to_pay(events(case, [])).cites
    note = (
        "no time is set for delivering the remaining animals after the sale on the owner's "
        "refusal: the duty is read as open from the sale until they are delivered or refused"
    )
    first, *rest = cites
    return TimelineStep(
        Action.DELIVER_REST,
        Window(case.refusal_sold_at),
        [first.with_confidence(Confidence.INTERPRETED, note), *rest],
        "the sale on the owner's refusal met the dues: the remaining animals (and any "
        "balance) are delivered to the owner, who gives a receipt; refused, they are "
        "unclaimed (interpreted: no time is set)",
    )


@dataclass(frozen=True)
class NextAction:
    action: Action
    not_before: datetime
    deadline: datetime | None


def duties(
    plugin: Jurisdiction,
    case: CaseInstants,
    issued: Sequence[IssuedNotice],
    all_animals: Sequence[HasStatus],
) -> list[TimelineStep]:
    """The department's duties open on the case: the steps of DUTIES not yet done while
    animals remain in the pound (a sale ends them; so does the last animal leaving), and,
    after the sale on the owner's refusal, the delivery of the rest."""
    if not any(a.status == AnimalStatus.IN_POUND.value for a in all_animals):
        return []
    done = {n.kind for n in issued}
    open_ = [
        s
        for s in timeline(plugin, case, issued)
        if s.action in DUTIES and s.action.value not in done
    ]
    if not open_:
        rest = rest_delivery(plugin, case)
        open_ = [rest] if rest is not None else []
    return open_


def next_action(
    plugin: Jurisdiction,
    case: CaseInstants,
    issued: Sequence[IssuedNotice],
    all_animals: Sequence[HasStatus],
) -> NextAction | None:
    """The earliest duty open (DUTIES in their order on a tie), with the earliest deadline
    of those open; None when none is."""
    pending = duties(plugin, case, issued, all_animals)
    if not pending:
        return None
    order = (*DUTIES, *CLERK_DUTIES)
    first = min(pending, key=lambda s: (s.window.not_before, order.index(s.action)))
    deadlines = [s.window.deadline for s in pending if s.window.deadline is not None]
    return NextAction(first.action, first.window.not_before, min(deadlines) if deadlines else None)


class Scheduled(Protocol):
    """A case row the model's next action is written onto (an `Impoundment`)."""

    seized_at: datetime
    impounded_at: datetime
    refused_at: datetime | None
    refusal_sold_at: datetime | None
    next_action: str | None
    next_action_at: datetime | None
    next_deadline: datetime | None


def schedule(
    plugin: Jurisdiction,
    case: Scheduled,
    issued: Sequence[IssuedNotice],
    all_animals: Sequence[HasStatus],
) -> None:
    """Write the model's next action onto the case row: what `nextAction` shows and the
    sweep's index finds."""
    found = next_action(plugin, case, issued, all_animals)
    if found is None:
        case.next_action = case.next_action_at = case.next_deadline = None
        return
    case.next_action = found.action.value
    case.next_action_at = found.not_before
    case.next_deadline = found.deadline


# -- the acts a clerk or the clock may record ----------------------------------------------


class Act(enum.Enum):
    """The acts recorded on a case, each asked of the model before it is written."""

    DELIVER = "DELIVER"  # deliverToOwner on payment
    DELIVER_ON_DEPOSIT = "DELIVER_ON_DEPOSIT"  # deliverToOwner under protest
    REFUSAL = "REFUSAL"  # recordRefusalToPay
    SALE = "SALE"  # recordSale, and each lot of closeAuction
    DELIVER_REST = "DELIVER_REST"  # deliverRest accepted
    REFUSE_REST = "REFUSE_REST"  # deliverRest refused
    NOTICE = "NOTICE"  # recordNotice, and the clock's announcements, reports and notices
    SCHEDULE_AUCTION = "SCHEDULE_AUCTION"  # scheduleAuction, and the clock's round
    CLAIM_PROCEEDS = "CLAIM_PROCEEDS"  # claimProceeds
    RELEASE_BY_ORDER = "RELEASE_BY_ORDER"  # releaseByOrder
    COMPLAINT = "COMPLAINT"  # fileComplaint


@dataclass(frozen=True)
class Refusal:
    """Why the Act does not allow an act then: the coded error a mutation raises."""

    error: PashuError

    @property
    def code(self) -> str:
        return self.error.code

    @property
    def message(self) -> str:
        return self.error.message

    @property
    def citation(self) -> Citation | None:
        return self.error.citation

    @property
    def field(self) -> str | None:
        found = self.error.details.get("field")
        return str(found) if found is not None else None


NOTICE_ACTIONS = (Action.ANNOUNCE_SEIZURE, Action.REPORT_UNCLAIMED, Action.PUBLISH_NOTICE)


def in_pound(animals: Sequence[Reckoned]) -> list[Any]:
    return [a for a in animals if a.status == AnimalStatus.IN_POUND.value]


def chosen(everything: Sequence[Reckoned], animal_ids: Sequence[uuid.UUID] | None) -> list[Any]:
    """The animals an act is about: those named (all of this case), else all in the pound;
    CONFLICT when none of them is in the pound to act on."""
    if animal_ids is None:
        picked = in_pound(everything)
    else:
        wanted = set(animal_ids)
        picked = [a for a in everything if a.id in wanted]
        if len(picked) != len(wanted):
            raise ValidationError("some animals are not in this case", field="animalIds")
    if not picked:
        raise Conflict("no animal of this case is in the pound", field="animalIds")
    return picked


def not_before_reckoned(chosen: Sequence[Reckoned], when: datetime) -> None:
    """An act on animals follows the acts already recorded on them: none is dated before an
    act that reckoned their dues to a later instant (a sale on the owner's refusal, or of
    cattle unclaimed, takes the whole herd's feeding to its day), or the dues would be
    counted twice or not at all. VALIDATION naming `at`."""
    latest = max((a.charges_settled_at for a in chosen if a.charges_settled_at), default=None)
    if latest is not None and when < latest:
        raise ValidationError(
            f"at is {ist(when)}, before {ist(latest)}, when an act already recorded reckoned "
            "these animals' fines and charges: acts on a case are recorded in their order",
            field="at",
        )


def complaint_open(
    plugin: Jurisdiction,
    case: CaseInstants,
    issued: Sequence[IssuedNotice],
    when: datetime,
    what: str,
) -> TimelineStep:
    """The window for a complaint of illegal seizure, open at `when`: or TOO_EARLY / TOO_LATE
    with the Act's section. A complaint is filed within it, and a deposit under protest
    (Cattle Trespass Act 1985 s.15) is made within it too, as it is held for the complaint
    that may follow (s.20): one answer for both. `what` names the act in the message."""
    found = step(timeline(plugin, case, issued), Action.COMPLAIN_ILLEGAL_SEIZURE)
    assert found is not None  # the capability brings the step
    if when < found.window.not_before:
        raise TooEarly(f"{what} follows the seizure", citation=found.cites[0], field="at")
    if found.window.is_late(when):
        assert found.window.deadline is not None
        raise TooLate(
            f"{what} had to be made before {ist(found.window.deadline)}, the end of the "
            "window for a complaint of illegal seizure",
            citation=found.cites[0],
            deadline=ist(found.window.deadline),
            field="at",
        )
    return found


def refusal_open(rule: Decision[Window], when: datetime) -> None:
    """Whether an owner's refusal to pay at `when` is one the Act's sale on refusal follows
    (`plugin.refusal_to_pay`): TOO_EARLY before the animals are impounded, TOO_LATE once the
    period for his claim is over. The registers and the public scenario ask this alike."""
    if when < rule.value.not_before:
        raise TooEarly(
            "an owner can refuse to pay only for animals impounded",
            citation=rule.cites[0],
            notBefore=rule.value.not_before.isoformat(),
            field="at",
        )
    if rule.value.deadline is not None and when >= rule.value.deadline:
        raise TooLate(
            "the period for the owner's claim is over: the animals are unclaimed and sold as such",
            citation=rule.cites[0],
            deadline=rule.value.deadline.isoformat(),
            field="at",
        )


def _after_the_report(
    steps: list[TimelineStep],
    recorded: Sequence[IssuedNotice],
    kind: Action,
    issued: datetime,
    cite: Citation,
) -> None:
    """Where the Act has both, the notice follows the report of unclaimed animals ("thereupon
    affix ... a notice"): neither may be recorded out of that order."""
    if step(steps, Action.REPORT_UNCLAIMED) is None:
        return
    when = {n.kind: n.issued_at for n in recorded}
    report = when.get(Action.REPORT_UNCLAIMED.value)
    if kind is Action.PUBLISH_NOTICE and report is None:
        raise TooEarly(
            "the notice follows the report of unclaimed animals, and no report is recorded: "
            "record the report first",
            citation=cite,
            field="kind",
        )
    if kind is Action.PUBLISH_NOTICE and report is not None and issued < report:
        raise TooEarly(
            f"the notice ({ist(issued)}) cannot precede the report of unclaimed animals it "
            f"follows ({ist(report)})",
            citation=cite,
            notBefore=ist(report),
            field="issuedAt",
        )
    notice = when.get(Action.PUBLISH_NOTICE.value)
    notice_step = step(steps, Action.PUBLISH_NOTICE)
    if kind is Action.REPORT_UNCLAIMED and notice is not None and issued > notice:
        raise TooLate(
            f"the report ({ist(issued)}) cannot follow the notice recorded for "
            f"{ist(notice)}: the notice follows the report",
            citation=notice_step.cites[0] if notice_step else cite,
            field="issuedAt",
        )


def notice_step(
    plugin: Jurisdiction,
    case: CaseInstants,
    recorded: Sequence[IssuedNotice],
    kind: Action,
    issued: datetime,
) -> TimelineStep:
    """The Act's step for notice `kind` on `case` issued at `issued`, or the Act's refusal:
    no such notice, too early, out of the report's order (recordNotice and the sweep)."""
    steps = timeline(plugin, case, recorded)
    found = step(steps, kind)
    if kind not in NOTICE_ACTIONS or found is None:
        raise NotInJurisdiction(f"{plugin.act.title} requires no {kind.value}")
    if issued < found.window.not_before:
        raise TooEarly(
            f"{kind.value} may be made from {ist(found.window.not_before)}",
            citation=found.cites[0],
            notBefore=ist(found.window.not_before),
            field="issuedAt",
        )
    _after_the_report(steps, recorded, kind, issued, found.cites[0])
    return found


def auction_step(
    plugin: Jurisdiction, case: CaseInstants, recorded: Sequence[IssuedNotice], issued: datetime
) -> TimelineStep:
    """The Act's step for a round of the auction scheduled at `issued`, or its refusal: no
    sale due (the dues met by the sale on the owner's refusal), or too early."""
    plugin.require(Capability.AUCTION)
    found = step(timeline(plugin, case, recorded), Action.AUCTION)
    if found is None:  # the sale an owner's refusal called for is held: the rest are his
        raise Conflict(
            "no sale is due: the dues were met by the sale on the owner's refusal",
            citation=plugin.refusal_to_pay(events(case, [])).cites[0],
        )
    if found.projected or issued < found.window.not_before:
        raise TooEarly(
            f"the auction may be held from {ist(found.window.not_before)}"
            + (" once the notices the Act requires are issued" if found.projected else ""),
            citation=found.cites[0],
            notBefore=ist(found.window.not_before),
            field="at",
        )
    return found


def refusal_sale(plugin: Jurisdiction, case: CaseInstants) -> Decision[Window] | None:
    """The rule of the sale that follows the owner's refusal to pay, if he refused; once
    that sale is held, what remains is the owner's (s.16(3)): no second sale on it."""
    if case.refused_at is None:
        return None
    rule = plugin.refusal_to_pay(events(case, []))
    if case.refusal_sold_at is not None:
        raise Conflict(
            "as many animals as the dues needed were sold on "
            f"{case.refusal_sold_at.isoformat()}; the rest go back to the owner",
            citation=rule.cites[0],
        )
    return rule


def sale_time(
    plugin: Jurisdiction, case: CaseInstants, issued: Sequence[IssuedNotice], at: datetime
) -> None:
    """A sale of unclaimed animals (or on the owner's refusal) waits for the Act's window."""
    auction = step(timeline(plugin, case, issued), Action.AUCTION)
    assert auction is not None  # every Act with an auction has the step
    if auction.projected:
        raise TooEarly(
            "the notices the Act requires before a sale have not been issued",
            citation=auction.cites[0],
            field="at",
        )
    if at < auction.window.not_before:
        raise TooEarly(
            f"the animals may be sold from {ist(auction.window.not_before)}",
            citation=auction.cites[0],
            notBefore=ist(auction.window.not_before),
            field="at",
        )


def settled_by_sale(
    plugin: Jurisdiction, case: CaseInstants, everything: Sequence[Reckoned], sold: Sequence[Any]
) -> list[Any]:
    """The animals whose dues a sale reckons: where the Act deducts the charges from the
    proceeds, every animal in the pound; on the owner's refusal the sale pays the whole
    herd's dues (Cattle Trespass Act 1985 s.16(1), Animal (Control & Taxation) Act 2014
    s.10(2)) either way; otherwise only those sold."""
    deducting = plugin.sale_accounting().value is SaleAccounting.DEDUCT_CHARGES_HOLD_SURPLUS
    if deducting or case.refused_at is not None:
        return in_pound(everything)
    return list(sold)


class Course:
    """The model of one case's course on its facts: its answers as of an instant."""

    def __init__(self, facts: CourseFacts) -> None:
        self.facts = facts
        self.plugin = facts.plugin

    # -- what the course is ---------------------------------------------------------------

    def states(self, at: datetime | None = None) -> dict[uuid.UUID, AnimalStatus]:
        """Each animal's state (as of `at`: an animal released after it was still held)."""
        found: dict[uuid.UUID, AnimalStatus] = {}
        for a in self.facts.animals:
            gone = at is not None and a.released_at is not None and a.released_at > aware(at)
            found[a.id] = AnimalStatus.IN_POUND if gone else AnimalStatus(a.status)
        return found

    def timeline(self) -> list[TimelineStep]:
        f = self.facts
        return course_timeline(self.plugin, f, f.notices, f.sales)

    def duties(self) -> list[TimelineStep]:
        f = self.facts
        return duties(self.plugin, f, f.notices, f.animals)

    def next_action(self) -> NextAction | None:
        f = self.facts
        return next_action(self.plugin, f, f.notices, f.animals)

    def due(self, at: datetime) -> list[Action]:
        """The clock's duties that have come by `at`, in the order the clock does them (a
        notice issued may bring the next one due at the same instant: the sweep asks
        again after each)."""
        found = self.next_action()
        if found is None or found.action not in DUTIES or found.not_before > aware(at):
            return []
        return [found.action]

    # -- may an act be recorded -------------------------------------------------------------

    def check(self, act: Act, at: datetime, **given: Any) -> Refusal | None:
        """None when the Act allows `act` at `at` on this course; else why not."""
        try:
            self.require(act, at, **given)
        except PashuError as err:
            return Refusal(err)
        return None

    def require(self, act: Act, at: datetime, **given: Any) -> Any:
        """`check`, raising the refusal; returns what the rule found (a step, a rule)."""
        return _RULES[act](self, aware(at), given)

    # The rules of each act, relocated from the services that record them.

    def _deliver(self, at: datetime, given: Mapping[str, Any]) -> TimelineStep | None:
        f = self.facts
        if at < f.impounded_at:
            raise ValidationError("a delivery cannot precede the impounding", field="at")
        # A deposit under protest is held for the complaint of illegal seizure that may
        # follow (ss.15, 20): once no complaint can, there is nothing to hold it for.
        complaint = (
            complaint_open(self.plugin, f, f.notices, at, "a deposit under protest")
            if given.get("under_protest")
            else None
        )
        picked = chosen(f.animals, given.get("animal_ids"))
        not_before_reckoned(picked, at)
        return complaint

    def _deliver_on_deposit(self, at: datetime, given: Mapping[str, Any]) -> TimelineStep | None:
        self.plugin.delivery_on_deposit()  # an Act with no deposit under protest refuses
        return self._deliver(at, {**given, "under_protest": True})

    def _refusal(self, at: datetime, given: Mapping[str, Any]) -> Decision[Window]:
        f, plugin = self.facts, self.plugin
        plugin.require(Capability.AUCTION)  # no sale, no sale on refusal
        rule = plugin.refusal_to_pay(events(f, f.notices))
        if given.get("deposit"):
            plugin.delivery_on_deposit()  # an Act with no deposit under protest refuses here
        if f.refused_at is not None:
            raise Conflict(
                f"the owner's refusal was recorded on {f.refused_at.isoformat()}",
                citation=rule.cites[0],
            )
        held = in_pound(f.animals)
        if not held:
            raise Conflict("no animal of this case is in the pound")
        not_before_reckoned(held, at)
        refusal_open(rule, at)
        return rule

    def _sale(self, at: datetime, given: Mapping[str, Any]) -> Decision[Window] | None:
        """`animal_ids`: those sold; `recovers_fine`: a sale for a fine on conviction, timed
        by the fine (services/offences/recovery.py), not by the notices."""
        f, plugin = self.facts, self.plugin
        plugin.require(Capability.AUCTION)
        on_refusal = refusal_sale(plugin, f)
        if not given.get("recovers_fine"):
            sale_time(plugin, f, f.notices, at)
        sold_ids = given.get("animal_ids")
        if sold_ids is not None:
            sold = chosen(f.animals, sold_ids)
            if any(a.status != AnimalStatus.IN_POUND.value for a in sold):
                raise Conflict("some of these animals have already left the pound")
            not_before_reckoned(settled_by_sale(plugin, f, f.animals, sold), at)
        return on_refusal

    def _rest(self, at: datetime, given: Mapping[str, Any], accepted: bool) -> Decision[None]:
        f, plugin = self.facts, self.plugin
        rule = plugin.delivery_after_sale()
        if not accepted:
            plugin.delivery_refused_after_sale()
        if f.refused_at is None or f.refusal_sold_at is None:
            raise Conflict(
                "no sale on the owner's refusal to pay has been held in this case",
                citation=rule.cites[0],
            )
        if at < f.refusal_sold_at:
            raise ValidationError("the delivery cannot precede the sale", field="at")
        return rule

    def _deliver_rest(self, at: datetime, given: Mapping[str, Any]) -> Decision[None]:
        return self._rest(at, given, True)

    def _refuse_rest(self, at: datetime, given: Mapping[str, Any]) -> Decision[None]:
        return self._rest(at, given, False)

    def _notice(self, at: datetime, given: Mapping[str, Any]) -> TimelineStep:
        f = self.facts
        kind: Action = given["kind"]
        found = notice_step(self.plugin, f, f.notices, kind, at)
        if any(n.kind == kind.value for n in f.notices):
            raise Conflict(f"the {kind.value} of this case is recorded already")
        return found

    def _schedule_auction(self, at: datetime, given: Mapping[str, Any]) -> datetime:
        """`scheduled_for`: the day of the round (default: the caller's)."""
        f = self.facts
        found = auction_step(self.plugin, f, f.notices, at)
        on = given.get("scheduled_for")
        if on is not None and (on < found.window.not_before or on < at):
            raise TooEarly(
                f"the auction cannot be held before {ist(max(found.window.not_before, at))}",
                citation=found.cites[0],
                field="scheduledFor",
            )
        return found.window.not_before

    def _claim(self, at: datetime, given: Mapping[str, Any]) -> TimelineStep:
        f, plugin = self.facts, self.plugin
        plugin.require(Capability.AUCTION)
        if not f.sales:
            raise Conflict("nothing of this case has been sold")
        _, found = claim_window(plugin, f, f.notices, f.sales)
        if found is None:
            # s.10(4): a refund only "if the sale is proceeded under sub section (1)", not a
            # sale on the owner's refusal to pay (s.10(2)).
            raise Conflict(
                "the animals were sold because the owner refused or failed to pay; the refund "
                "lies only after a sale of animals not claimed",
                citation=plugin.sale_accounting().cites[0],
            )
        if at < found.window.not_before:  # a claim on proceeds follows the sale it lies on
            raise TooEarly(
                f"the claim follows the sale of {ist(found.window.not_before)}",
                citation=found.cites[0],
                notBefore=ist(found.window.not_before),
                field="at",
            )
        if found.window.deadline is not None and at >= found.window.deadline:
            raise TooLate(
                f"the claim had to be made before {ist(found.window.deadline)}",
                citation=found.cites[0],
                deadline=ist(found.window.deadline),
                field="at",
            )
        return found

    def _release(
        self, at: datetime, given: Mapping[str, Any]
    ) -> Decision[frozenset[ReleasingAuthority]]:
        """`authority`, `ordered_at`, `animal_ids`: the order and what it releases."""
        f = self.facts
        rule = self.plugin.release_by_order()
        cite = rule.cites[0]
        authority: ReleasingAuthority = given["authority"]
        if authority not in rule.value:
            raise ValidationError(
                f"a {authority.value.lower().replace('_', ' ')} may not order a release: "
                f"{rule.why}",
                citation=cite,
                field="authority",
                allowed=sorted(a.value for a in rule.value),
            )
        if authority is ReleasingAuthority.MAGISTRATE and not f.complaints:
            # "the Magistrate acting under Chapter V" (s.19(2)): on a complaint of illegal
            # seizure or detention (s.20), so one must be on record for the case.
            raise ValidationError(
                "a Magistrate orders a release acting on a complaint of illegal seizure or "
                f"detention, and none is recorded for this case: {rule.why}",
                citation=cite,
                field="authority",
            )
        ordered = aware(given.get("ordered_at", at))
        if ordered < f.seized_at:
            raise ValidationError("the order cannot precede the seizure", field="orderedAt")
        if at < ordered or at < f.impounded_at:
            raise ValidationError(
                "the release cannot precede the order or the impounding", citation=cite, field="at"
            )
        chosen(f.animals, given.get("animal_ids"))
        return rule

    def _complaint(self, at: datetime, given: Mapping[str, Any]) -> TimelineStep:
        f = self.facts
        self.plugin.require(Capability.ILLEGAL_SEIZURE_COMPLAINTS)
        return complaint_open(self.plugin, f, f.notices, at, "a complaint")


_RULES: dict[Act, Callable[[Course, datetime, Mapping[str, Any]], Any]] = {
    Act.DELIVER: Course._deliver,
    Act.DELIVER_ON_DEPOSIT: Course._deliver_on_deposit,
    Act.REFUSAL: Course._refusal,
    Act.SALE: Course._sale,
    Act.DELIVER_REST: Course._deliver_rest,
    Act.REFUSE_REST: Course._refuse_rest,
    Act.NOTICE: Course._notice,
    Act.SCHEDULE_AUCTION: Course._schedule_auction,
    Act.CLAIM_PROCEEDS: Course._claim,
    Act.RELEASE_BY_ORDER: Course._release,
    Act.COMPLAINT: Course._complaint,
}
assert set(_RULES) == set(Act)  # every act has its rule


def check(facts: CourseFacts, act: Act, at: datetime, **given: Any) -> Refusal | None:
    """Whether the Act allows `act` at `at` on the course of `facts`: None, or why not."""
    return Course(facts).check(act, at, **given)


def require(facts: CourseFacts, act: Act, at: datetime, **given: Any) -> Any:
    """`check`, raising the refusal (the mutations' form)."""
    return Course(facts).require(act, at, **given)

"""A case's timeline under its Act (the plugin's, on the case's events), the claim window
timed from the sales held, the duties open and the next action written onto the case row."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from typing import Protocol

from pashu.core.citations import Citation, Confidence
from pashu.core.errors import (
    NotInJurisdiction,
)
from pashu.core.legaltime import Window
from pashu.db.impoundment import AnimalStatus
from pashu.jurisdictions.base import Jurisdiction, Same
from pashu.jurisdictions.vocabulary import (
    Action,
    SaleAccounting,
    TimelineEvents,
    TimelineStep,
)
from pashu.services.impoundment._course.facts import (
    CaseInstants,
    HasStatus,
    IssuedNotice,
    SoldAt,
)

# -- the timeline (the plugin's, on the case's events) -------------------------------------

# The values read for every case the sweep acts on, once: in Python 3.11 each `Action.X`
# goes through the enum metaclass's `__getattr__` hook and each `.value` through a
# descriptor written in Python, which together cost more than the comparison they serve.
_ANNOUNCED = Action.ANNOUNCE_SEIZURE.value
_NOTICED = Action.PUBLISH_NOTICE.value
_IN_POUND = AnimalStatus.IN_POUND.value
_SOLD = AnimalStatus.SOLD.value


def events(case: CaseInstants, issued: Sequence[IssuedNotice]) -> TimelineEvents:
    """The timeline's events: the register's instants and the notices issued so far."""
    refused = case.refused_at
    # The sale an owner's refusal calls for: once held, its step is done.
    return _events(case, issued, refused, case.refusal_sold_at if refused is not None else None)


def _events(
    case: CaseInstants,
    issued: Sequence[IssuedNotice],
    refused_at: datetime | None,
    sold_at: datetime | None,
) -> TimelineEvents:
    by_kind = {n.kind: n.issued_at for n in issued}
    return TimelineEvents(
        seized_at=case.seized_at,
        impounded_at=case.impounded_at,
        announced_at=by_kind.get(_ANNOUNCED),
        noticed_at=by_kind.get(_NOTICED),
        refused_at=refused_at,
        sold_at=sold_at,
    )


def timeline(
    plugin: Jurisdiction, case: CaseInstants, issued: Sequence[IssuedNotice]
) -> list[TimelineStep]:
    return list(_timeline(Same(plugin), events(case, issued)))


# An Act's timeline is a function of the case's events alone, and one case's is asked for
# several times as a step is taken (which step is due, is it late, what comes next): kept
# for the last few thousand events. The steps are frozen; each caller gets its own list.
@lru_cache(maxsize=4096)
def _timeline(plugin: Same, happened: TimelineEvents) -> tuple[TimelineStep, ...]:
    return tuple(plugin.plugin.impoundment_timeline(happened))


def forget_timelines() -> None:
    """Drop the kept timelines and claims (the benchmark times them worked out afresh)."""
    _timeline.cache_clear()
    _claim.cache_clear()


def step(steps: Sequence[TimelineStep], action: Action) -> TimelineStep | None:
    return next((s for s in steps if s.action is action), None)


def claim_window(
    plugin: Jurisdiction, sales: Sequence[SoldAt]
) -> tuple[Action, TimelineStep | None]:
    """The owner's claim on the proceeds of the case's sales, as the Act times it: the one
    answer the timeline, `claimProceeds` and the clock closing the window all use. It runs
    from the latest sale a claim lies on (`claim_on_proceeds`, the timeline's own claim
    step); None when no claim lies on any (a refund of proceeds paid into a fund lies only
    after a sale of animals not claimed, not after a sale on the owner's refusal to pay:
    Animal (Control & Taxation) Act 2014 s.10(4)). The window is the sale's: what came
    before it or followed it (the notices, the rest refused after a sale on refusal, then
    reported and noticed as unclaimed) does not move it."""
    deducting = _deducting(Same(plugin))
    action = Action.CLAIM_SURPLUS if deducting else Action.CLAIM_SALE_PROCEEDS
    claimable = [s.at for s in sales if deducting or not s.account.get("onRefusal")]
    if not claimable:
        return action, None
    found = _claim(Same(plugin), max(claimable))
    return action, found if found is not None and found.action is action else None


# The claim on a sale, asked twice of each window the clock closes (whether it is due, then
# the model's check of the closing): kept for the last few thousand sales, shared as the
# timelines' steps are (frozen; no caller changes a step's citations).
@lru_cache(maxsize=4096)
def _claim(plugin: Same, sold_at: datetime) -> TimelineStep | None:
    return plugin.plugin.claim_on_proceeds(sold_at)


# Whether the Act deducts the charges from a sale's proceeds and holds the surplus: a fixed
# answer of its text, asked for every claim window the sweep closes.
@lru_cache(maxsize=16)
def _deducting(plugin: Same) -> bool:
    return plugin.plugin.sale_accounting().value is SaleAccounting.DEDUCT_CHARGES_HOLD_SURPLUS


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
    action, claim = claim_window(plugin, sales)
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
    if not all_animals or any(a.status == _IN_POUND for a in all_animals):
        return set()
    done = {n.kind for n in issued}
    sold = any(a.status == _SOLD for a in all_animals)
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
    if not any(a.status == _IN_POUND for a in all_animals):
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


def done_at(
    case: CaseInstants, issued: Sequence[IssuedNotice], auctioned_at: Sequence[datetime]
) -> dict[Action, datetime]:
    """When each step of the case's course was taken, from the events recorded: the pound's
    receipt (the delivery to the pound), each notice by its kind, the first sale by auction.
    A step absent was not taken (or is a window for someone else: the owner's claim)."""
    done = {Action.DELIVER_TO_POUND: case.impounded_at}
    for n in issued:
        action = Action(n.kind)
        if action not in done or n.issued_at < done[action]:
            done[action] = n.issued_at
    if auctioned_at:
        done[Action.AUCTION] = min(auctioned_at)
    return done

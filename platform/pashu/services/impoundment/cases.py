"""Loading a case and what the law says about it: shared by seizure, delivery and sale."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from functools import lru_cache
from typing import Any, Protocol, cast

from sqlalchemy import CursorResult, select, update
from sqlalchemy.orm import Session

from pashu.core.errors import Conflict, NotFound, TooEarly, TooLate, ValidationError
from pashu.core.legaltime import ist
from pashu.db.impoundment import (
    AnimalStatus,
    CaseStatus,
    ImpoundedAnimal,
    Impoundment,
    Notice,
)
from pashu.jurisdictions.base import Jurisdiction
from pashu.jurisdictions.notifications import Notification
from pashu.jurisdictions.vocabulary import (
    Action,
    SaleAccounting,
    TimelineEvents,
    TimelineStep,
)
from pashu.services.rates.rates import load


class IssuedNotice(Protocol):
    """A notice as the timeline reads it: a `Notice`, or the sweep's narrower row."""

    @property
    def kind(self) -> str: ...

    @property
    def issued_at(self) -> datetime: ...


class CaseInstants(Protocol):
    """A case as its timeline's events read it: an `Impoundment`, or the sweep's narrower
    row."""

    @property
    def seized_at(self) -> datetime: ...

    @property
    def impounded_at(self) -> datetime: ...

    @property
    def refused_at(self) -> datetime | None: ...

    @property
    def refusal_sold_at(self) -> datetime | None: ...


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


def get(session: Session, impoundment_id: uuid.UUID, *, lock: bool = False) -> Impoundment:
    """The case, in the caller's tenant; another tenant's looks like none at all."""
    q = select(Impoundment).where(Impoundment.id == impoundment_id)
    if lock:
        q = q.with_for_update()
    case = session.scalar(q)
    if case is None:
        raise NotFound("no such impoundment")
    return case


def animals(session: Session, case: Impoundment) -> list[ImpoundedAnimal]:
    return list(
        session.scalars(
            select(ImpoundedAnimal)
            .where(ImpoundedAnimal.impoundment_id == case.id)
            .order_by(ImpoundedAnimal.id)
        )
    )


def chosen(
    everything: list[ImpoundedAnimal], animal_ids: list[uuid.UUID] | None
) -> list[ImpoundedAnimal]:
    """The animals an act is about: those named (all of this case), else all in the pound;
    CONFLICT when none of them is in the pound to act on."""
    if animal_ids is None:
        picked = [a for a in everything if a.status == AnimalStatus.IN_POUND.value]
    else:
        wanted = set(animal_ids)
        picked = [a for a in everything if a.id in wanted]
        if len(picked) != len(wanted):
            raise ValidationError("some animals are not in this case", field="animalIds")
    if not picked:
        raise Conflict("no animal of this case is in the pound", field="animalIds")
    return picked


def notices(session: Session, case_id: uuid.UUID) -> list[Notice]:
    return list(session.scalars(select(Notice).where(Notice.impoundment_id == case_id)))


def rates(session: Session) -> list[Notification]:
    return load(session)


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
    plugin: Jurisdiction, case: Impoundment, issued: Sequence[IssuedNotice]
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


class SoldAt(Protocol):
    """A sale as the owner's claim on its proceeds reads it: a `Sale`, or the sweep's row."""

    @property
    def at(self) -> datetime: ...

    @property
    def account(self) -> dict[str, Any]: ...


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


def not_before_reckoned(chosen: Sequence[ImpoundedAnimal], when: datetime) -> None:
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
    case: Impoundment,
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
        raise TooEarly(f"{what} follows the seizure", citation=found.cites[0])
    if found.window.is_late(when):
        assert found.window.deadline is not None
        raise TooLate(
            f"{what} had to be made before {ist(found.window.deadline)}, the end of the "
            "window for a complaint of illegal seizure",
            citation=found.cites[0],
            deadline=ist(found.window.deadline),
        )
    return found


def course_timeline(
    plugin: Jurisdiction,
    case: Impoundment,
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


# The department's own duties on a case; the other steps are windows for others (the
# seizer's delivery to the pound, the owner's complaint or claim).
DUTIES = (Action.ANNOUNCE_SEIZURE, Action.REPORT_UNCLAIMED, Action.PUBLISH_NOTICE, Action.AUCTION)


def schedule(
    plugin: Jurisdiction,
    case: Impoundment,
    issued: Sequence[IssuedNotice],
    all_animals: Sequence[HeldAnimal],
) -> None:
    """Set the case's next duty: the earliest step of DUTIES not yet done, while animals
    remain in the pound (a sale ends the duties; so does the last animal leaving)."""
    done = {n.kind for n in issued}
    pending = [
        s
        for s in timeline(plugin, case, issued)
        if s.action in DUTIES and s.action.value not in done
    ]
    if not any(a.status == AnimalStatus.IN_POUND.value for a in all_animals) or not pending:
        case.next_action = case.next_action_at = case.next_deadline = None
        return
    first = min(pending, key=lambda s: (s.window.not_before, DUTIES.index(s.action)))
    case.next_action = first.action.value
    case.next_action_at = first.window.not_before
    deadlines = [s.window.deadline for s in pending if s.window.deadline is not None]
    case.next_deadline = min(deadlines) if deadlines else None


# Steps that exist only while animals wait in the pound, and those that need a sale.
_WHILE_IMPOUNDED = (*DUTIES, Action.DELIVER_TO_POUND)
_AFTER_A_SALE = (Action.CLAIM_SALE_PROCEEDS, Action.CLAIM_SURPLUS)


class HasStatus(Protocol):
    """An animal as the steps still required read it: its status."""

    @property
    def status(self) -> str: ...


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


def refresh_status(case: Impoundment, all_animals: Sequence[HeldAnimal]) -> None:
    """Keep the case's status in step with its animals (for the dashboard's filters)."""
    states = {a.status for a in all_animals}
    if states == {AnimalStatus.IN_POUND.value}:
        case.status = CaseStatus.IMPOUNDED.value
    elif AnimalStatus.IN_POUND.value in states:
        case.status = CaseStatus.PARTLY_RELEASED.value
    elif states == {AnimalStatus.DELIVERED.value}:
        case.status = CaseStatus.DELIVERED.value
    else:
        case.status = CaseStatus.DISPOSED.value


def release(
    session: Session,
    chosen: Sequence[ImpoundedAnimal],
    status: AnimalStatus,
    at: datetime,
    **link: uuid.UUID,
) -> None:
    """Take animals out of the pound, exactly once: a second clerk racing for the same
    animals finds them gone and gets CONFLICT (the caller's transaction rolls back)."""
    ids = [a.id for a in chosen]
    done = cast(
        CursorResult[Any],
        session.execute(
            update(ImpoundedAnimal)
            .where(
                ImpoundedAnimal.id.in_(ids),
                ImpoundedAnimal.status == AnimalStatus.IN_POUND.value,
            )
            .values(status=status.value, released_at=at, **link)
            .execution_options(synchronize_session="fetch")
        ),
    ).rowcount
    if done != len(ids):
        raise Conflict("some of these animals have already left the pound")


def refresh(
    session: Session,
    plugin: Jurisdiction,
    case: Impoundment,
    all_animals: Sequence[ImpoundedAnimal],
) -> None:
    """After anything happens to a case: its status and its next duty."""
    refresh_status(case, all_animals)
    schedule(plugin, case, notices(session, case.id), all_animals)

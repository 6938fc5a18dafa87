"""The sweep's cases done a batch at a time: a handful of statements per batch, not per case.

Reading is set-based: the batch's cases are locked in one statement (`FOR UPDATE SKIP
LOCKED` on PostgreSQL: a case another worker or a clerk holds is left to them, and to the
next sweep if it is still due), and their animals, notices, pounds and auction rounds are
read in one statement each. Writing is set-based too (db/bulk.py): the notices, auction
rounds, lots and audit events are inserted and the cases' next duties updated with one
statement per table; rows nothing reads back (lots, audit events, the claim windows) are
plain values, never ORM objects.

The law decides exactly as on one case (one_by_one.act_on_case): the same plugin rules
through the same functions (notices.render, course.require, auctions.auction_date and
compose, course.schedule: the model of a case's course), case by case in Python on what was
read. A case the law refuses leaves nothing behind and is reported as a failure, as in its
own savepoint before.

The batch is written in one savepoint: it is there whole or not at all. Should a unique key
meet a row written since the batch was read (a clerk's notice on SQLite, which has no row
locks), the savepoint is undone and the batch's cases are done again one by one, each in its
savepoint, through services/clocks/one_by_one.act_on_case: slower, the same result.
"""

from __future__ import annotations

import uuid
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import Any, ClassVar, NamedTuple

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from pashu.core.legaltime import aware, ist
from pashu.db import audit, bulk
from pashu.db.clocks import Auction, ClaimWindow
from pashu.db.impoundment import AnimalStatus, ImpoundedAnimal, Impoundment, Notice, Sale
from pashu.db.ledger import LedgerEntry, LedgerTransaction
from pashu.db.pounds import LocalAuthority, Pound
from pashu.db.types import new_id
from pashu.jurisdictions import registry
from pashu.jurisdictions.base import Jurisdiction
from pashu.jurisdictions.vocabulary import Action
from pashu.services.clocks._due import DueAction, skipped
from pashu.services.clocks._one_by_one import act_on_case, act_on_window
from pashu.services.impoundment import auctions, cases, course, deposits, notices
from pashu.services.impoundment.cases import IssuedNotice
from pashu.services.impoundment.seizures import NOTICE_ACTIONS
from pashu.services.ledger.accounts import Body
from pashu.services.tenancy.tenants import Principal

# Cases per batch: large enough that the statements' round trips vanish per case, small
# enough that a batch's locks are brief and its multi-row statements stay modest.
BATCH = 500


class _Animal(NamedTuple):
    """An animal of the batch as the duties and the notices read it (cases.HeldAnimal): a
    plain row, not an ORM object, as nothing writes it back."""

    id: uuid.UUID
    species: str
    description: str
    ear_tag: str | None
    status: str


class _Issued(NamedTuple):
    """A notice as the timeline reads it (IssuedNotice): its kind and instant only, not
    its text."""

    kind: str
    issued_at: datetime


_ANIMAL = tuple(getattr(ImpoundedAnimal, k) for k in _Animal._fields)


@dataclass
class _Read:
    """What the batch read, per case."""

    animals: dict[uuid.UUID, list[_Animal]] = field(default_factory=dict)
    notices: dict[uuid.UUID, list[IssuedNotice]] = field(default_factory=dict)
    places: dict[uuid.UUID, tuple[str, str]] = field(default_factory=dict)
    last_round: dict[uuid.UUID, int] = field(default_factory=dict)
    auction_open: set[uuid.UUID] = field(default_factory=set)


def batches(ids: Sequence[uuid.UUID], size: int = BATCH) -> list[list[uuid.UUID]]:
    return [list(ids[i : i + size]) for i in range(0, len(ids), size)]


@dataclass(slots=True)
class _Case:
    """A case of the batch as the duties, the notices and the model read it, and the state
    the batch gives it (`_STATE`): a plain row, written back with bulk.update_rows. Loaded
    as an ORM object, its thirty columns and the unit of work's bookkeeping cost more than
    deciding its duty."""

    KEYS: ClassVar[tuple[str, ...]] = (
        "id",
        "register_number",
        "pound_id",
        "seized_at",
        "impounded_at",
        "place",
        "place_kind",
        "owner_name",
        "owner_address",
        "refused_at",
        "refusal_sold_at",
        "status",
        "next_action",
        "next_action_at",
        "next_deadline",
    )
    id: uuid.UUID
    register_number: int
    pound_id: uuid.UUID
    seized_at: datetime
    impounded_at: datetime
    place: str
    place_kind: str
    owner_name: str | None
    owner_address: str | None
    refused_at: datetime | None
    refusal_sold_at: datetime | None
    status: str
    next_action: str | None
    next_action_at: datetime | None
    next_deadline: datetime | None


_CASE = tuple(getattr(Impoundment, k) for k in _Case.KEYS)


def _lock(session: Session, ids: Sequence[uuid.UUID], when: datetime) -> list[_Case]:
    """The batch's cases still due at `when`, locked, in the order asked."""
    found = session.execute(
        select(*_CASE)
        .where(bulk.among(session, Impoundment.id, ids), Impoundment.next_action_at <= when)
        .with_for_update(skip_locked=True)
    )
    order = {cid: i for i, cid in enumerate(ids)}
    return sorted((_Case(*row) for row in found), key=lambda c: order[c.id])


def _write_cases(session: Session, moved: Sequence[_Case]) -> None:
    """The cases' status and next duties, in one statement; an `Impoundment` of theirs the
    session holds is expired, so that it reads them afresh."""
    if not moved:
        return
    bulk.update_rows(
        session, Impoundment, [{"id": c.id, **{k: getattr(c, k) for k in _STATE}} for c in moved]
    )
    ids = {c.id for c in moved}
    for held in list(session.identity_map.values()):
        if isinstance(held, Impoundment) and held.id in ids:
            session.expire(held, list(_STATE))


def _read(session: Session, locked: Sequence[_Case]) -> _Read:
    ids = [c.id for c in locked]
    read = _Read(animals={i: [] for i in ids}, notices={i: [] for i in ids})
    for case_id, *animal in session.execute(
        select(ImpoundedAnimal.impoundment_id, *_ANIMAL)
        .where(bulk.among(session, ImpoundedAnimal.impoundment_id, ids))
        .order_by(ImpoundedAnimal.id)
    ):
        read.animals[case_id].append(_Animal(*animal))
    _read_notices(session, ids, read.notices)
    pounds = {c.pound_id for c in locked}
    for pound_id, pound, authority in session.execute(
        select(Pound.id, Pound.name, LocalAuthority.name)
        .join(
            LocalAuthority,
            (LocalAuthority.tenant_id == Pound.tenant_id)
            & (LocalAuthority.id == Pound.local_authority_id),
        )
        .where(bulk.among(session, Pound.id, pounds))
    ):
        read.places[pound_id] = (pound, authority)
    if any(c.next_action == Action.AUCTION.value or _may_reach_auction(c) for c in locked):
        for case_id, round_, closed_at in session.execute(
            select(Auction.impoundment_id, Auction.round, Auction.closed_at).where(
                bulk.among(session, Auction.impoundment_id, ids)
            )
        ):
            read.last_round[case_id] = max(read.last_round.get(case_id, 0), round_)
            if closed_at is None:
                read.auction_open.add(case_id)
    return read


def _read_notices(
    session: Session, case_ids: Sequence[uuid.UUID], into: dict[uuid.UUID, list[IssuedNotice]]
) -> None:
    """The cases' notices as the timeline reads them, into `into` by case."""
    for case_id, kind, issued_at in session.execute(
        select(Notice.impoundment_id, Notice.kind, Notice.issued_at).where(
            bulk.among(session, Notice.impoundment_id, case_ids)
        )
    ):
        into[case_id].append(_Issued(kind, issued_at))


def _may_reach_auction(case: _Case) -> bool:
    # A case whose notices are issued now may come to its auction in the same sweep.
    return case.next_action is not None and Action(case.next_action) in NOTICE_ACTIONS


@dataclass
class _Plan:
    """One case's work, decided and not yet written."""

    done: list[DueAction] = field(default_factory=list)
    rows: list[object] = field(default_factory=list)  # objects, or bulk.New


_IN_POUND = AnimalStatus.IN_POUND.value  # read once: an enum's `.value` is not free


def _in_pound(animals: Sequence[_Animal]) -> list[_Animal]:
    return [a for a in animals if a.status == _IN_POUND]


def _decide(
    plugin: Jurisdiction, who: Principal, case: _Case, read: _Read, when: datetime
) -> _Plan:
    """sweep.act_on_case on what was read: issue the notices due in order, then schedule
    the auction. Mutates `case` (its status and next duty) as the services do."""
    plan = _Plan()
    animals = read.animals[case.id]
    issued = read.notices[case.id]
    pound, authority = read.places[case.pound_id]
    in_pound = _in_pound(animals)  # no animal leaves the pound here
    # The notices' fields, once: what they read of the case is not changed by its steps.
    values: dict[str, str] | None = None
    while case.next_action is not None and case.next_action_at is not None:
        if case.next_action_at > when:
            break
        action = Action(case.next_action)
        if action in NOTICE_ACTIONS:
            plugin.clock_law().notice_template(action)  # an Act without this notice refuses first
            values = values or notices.values_of(case, in_pound, pound, authority, when)
            doc = notices.render(plugin, action, values)
            who.require("clerk")
            if any(n.kind == action.value for n in issued):
                break  # issued already: the register's key per case and kind
            # The model of the case's course, as a clerk's notice asks it (Act.NOTICE).
            step = course.require(
                course.facts_of(plugin, case, issued, animals), course.Act.NOTICE, when, kind=action
            )
            notice = _Issued(action.value, when)
            notice_id = new_id()
            issued.append(notice)
            cases.refresh_status(case, animals)
            cases.schedule(plugin, case, issued, animals)
            plan.rows += [
                bulk.New(
                    Notice,
                    {
                        "id": notice_id,
                        "impoundment_id": case.id,
                        "kind": action.value,
                        "issued_at": when,
                        "proclaimed_at": None,
                        "text": doc.text()[:4000],
                        "recorded_by": who.actor,
                    },
                ),
                audit.event(
                    who.actor,
                    "impoundment.record_notice",
                    f"Impoundment:{case.id}",
                    after={
                        "kind": action.value,
                        "issuedAt": when.isoformat(),
                        "late": step.window.is_late(when),
                    },
                ),
            ]
            late = notices.late(plugin, case, issued, notice)
            plan.done.append(DueAction(action.value, case.id, when, late=late, notice_id=notice_id))
            continue
        if action is Action.AUCTION:
            who.require("clerk")
            on = auctions.auction_date(plugin, case, issued, when, None)
            if case.id in read.auction_open:
                break  # a round is open already
            base: dict[str, str] = {}
            if in_pound:
                base = values = values or notices.values_of(case, in_pound, pound, authority, when)
            round_ = read.last_round.get(case.id, 0) + 1
            auction, lots, event = auctions.compose(
                plugin, who, case, in_pound, base, when, on, round_
            )
            read.auction_open.add(case.id)
            read.last_round[case.id] = round_
            plan.rows += [auction, *lots, event]
            detail = f"round {round_} on {ist(on)}"
            plan.done.append(
                DueAction(
                    "SCHEDULE_AUCTION",
                    case.id,
                    when,
                    auction_id=auction.values["id"],
                    detail=detail,
                )
            )
        break
    return plan


_STATE = ("status", "next_action", "next_action_at", "next_deadline")


def act_on_cases(
    session: Session,
    who: Principal,
    case_ids: Sequence[uuid.UUID],
    as_of: datetime,
) -> tuple[list[DueAction], list[tuple[uuid.UUID, Exception]]]:
    """Do the due duties of a batch of the session's tenant's cases by `as_of`: what was
    done, and the cases the clock could not do with the reason (each left as it was)."""
    when = aware(as_of)
    plugin = registry.get(who.jurisdiction)
    locked = _lock(session, case_ids, when)
    if not locked:
        return [], []
    read = _read(session, locked)
    done: list[DueAction] = []
    refused: list[tuple[uuid.UUID, Exception]] = []
    try:
        # Decided inside the savepoint, so that no change to a case is flushed outside it;
        # deciding reads nothing, so nothing autoflushes half a batch.
        with session.begin_nested():
            rows: list[object] = []
            moved: list[_Case] = []
            for case in locked:
                before = {k: getattr(case, k) for k in _STATE}
                known = list(read.notices[case.id])
                try:
                    plan = _decide(plugin, who, case, read, when)
                except Exception as err:  # refused by the law, or a fault on this case alone:
                    # this case stays as it was, the others are done
                    for k, v in before.items():
                        setattr(case, k, v)
                    read.notices[case.id] = known
                    refused.append((case.id, err))
                    continue
                rows += plan.rows
                done += plan.done
                if any(getattr(case, k) != v for k, v in before.items()):
                    moved.append(case)
            _write_cases(session, moved)
            bulk.insert_all(session, rows)
    except IntegrityError:  # a row written since the batch was read: one case at a time
        done, refused = [], []
        for case in locked:
            try:
                with session.begin_nested():
                    done += act_on_case(session, who, case.id, when)
            except Exception as err:
                if not skipped(err):
                    raise
                refused.append((case.id, err))
    return done, refused


def act_on_windows(
    session: Session, who: Principal, window_ids: Sequence[uuid.UUID], as_of: datetime
) -> tuple[list[DueAction], list[tuple[uuid.UUID, Exception]]]:
    """sweep.act_on_window for a batch of claim windows: the windows (with every open
    window of their cases, which close together) locked in one statement, their cases,
    sales, pounds and balances read in one statement each (a window is timed from its
    sale alone, `claim_on_proceeds`: no notice is read); the windows updated and the audit
    events inserted with one statement each. Money still held moves through ledger.post,
    case by case (rare: a surplus under an Act that keeps one)."""
    who.require("clerk", "finance")
    now = aware(as_of)
    plugin = registry.get(who.jurisdiction)
    asked = select(ClaimWindow.impoundment_id).where(
        bulk.among(session, ClaimWindow.id, window_ids)
    )
    # As plain rows: written back with bulk.update_rows, no object for a flush to look over.
    open_ = [
        _Window(*row)
        for row in session.execute(
            select(*(getattr(ClaimWindow, k) for k in _Window.KEYS))
            .where(
                ClaimWindow.impoundment_id.in_(asked),
                ClaimWindow.closed_at.is_(None),
            )
            .with_for_update(skip_locked=True)
        )
    ]
    if not open_:
        return [], []
    by_case: dict[uuid.UUID, list[_Window]] = defaultdict(list)
    for w in open_:
        by_case[w.impoundment_id].append(w)
    case_ids = list(by_case)
    found = {
        c.id: c
        for c in map(
            _WindowCase._make,
            session.execute(
                select(*_WINDOW_CASE).where(bulk.among(session, Impoundment.id, case_ids))
            ),
        )
    }
    last: dict[uuid.UUID, list[_Sold]] = defaultdict(list)
    for case_id, at, on_refusal in session.execute(
        select(Sale.impoundment_id, Sale.at, Sale.account["onRefusal"].as_boolean()).where(
            bulk.among(session, Sale.impoundment_id, case_ids)
        )
    ):
        last[case_id].append(_Sold(at, _ON_REFUSAL if on_refusal else _NOT_ON_REFUSAL))
    read = _Windows(by_case, found, last)
    try:
        # Changed inside the savepoint only: the batch is written whole or not at all.
        with session.begin_nested():
            return _close_windows(session, who, plugin, window_ids, now, read), []
    except Exception as err:  # one window at a time, each in its savepoint
        if not skipped(err):
            raise
        done: list[DueAction] = []
        refused: list[tuple[uuid.UUID, Exception]] = []
        for wid in window_ids:
            try:
                with session.begin_nested():
                    done += act_on_window(session, who, wid, now)
            except Exception as err:
                if not skipped(err):
                    raise
                refused.append((wid, err))
        return done, refused


@dataclass
class _Window:
    """An open claim window as read, and the state the batch gives it."""

    KEYS: ClassVar[tuple[str, ...]] = ("id", "impoundment_id", "due_at", "closed_at", "outcome")
    id: uuid.UUID
    impoundment_id: uuid.UUID
    due_at: datetime | None
    closed_at: datetime | None
    outcome: str | None

    def state(self) -> tuple[object, ...]:
        return (self.due_at, self.closed_at, self.outcome)


class _Sold(NamedTuple):
    """A sale as its claim window reads it (cases.SoldAt): of its account, only whether it
    was a sale on the owner's refusal to pay (`claim_window`), read as such; decoding each
    sale's whole account was a cost of every window closed."""

    at: datetime
    account: dict[str, Any]


_ON_REFUSAL: dict[str, Any] = {"onRefusal": True}
_NOT_ON_REFUSAL: dict[str, Any] = {"onRefusal": False}


class _WindowCase(NamedTuple):
    """A case as its claim windows read it (cases.CaseInstants, and its pound): a plain row,
    as nothing writes it back."""

    id: uuid.UUID
    pound_id: uuid.UUID
    seized_at: datetime
    impounded_at: datetime
    refused_at: datetime | None
    refusal_sold_at: datetime | None


_WINDOW_CASE = tuple(getattr(Impoundment, k) for k in _WindowCase._fields)


@dataclass
class _Windows:
    """What a batch of claim windows read: open windows by case, the cases, their sales."""

    by_case: dict[uuid.UUID, list[_Window]]
    cases: dict[uuid.UUID, _WindowCase]
    last: dict[uuid.UUID, list[_Sold]]


def _close_windows(
    session: Session,
    who: Principal,
    plugin: Jurisdiction,
    window_ids: Sequence[uuid.UUID],
    now: datetime,
    read: _Windows,
) -> list[DueAction]:
    """Time the windows not yet due and close those that are, then write every window's new
    state in one statement: a window is written once, after the money has moved (a ledger
    posting flushes, and would otherwise write the windows changed so far row by row)."""
    by_case, found, last = read.by_case, read.cases, read.last
    windows = {w.id: w for ws in by_case.values() for w in ws}
    written = {w.id: w.state() for w in windows.values()}
    timed: list[tuple[_Window, datetime]] = []
    due: list[tuple[_Window, datetime, Action]] = []
    closing: set[uuid.UUID] = set()  # cases whose windows close in this batch
    for wid in window_ids:
        w = windows.get(wid)
        if w is None or w.closed_at is not None or w.impoundment_id in closing:
            continue  # closed already, another worker's, or closing with a sibling
        case_id = w.impoundment_id
        facts = course.facts_of(plugin, found[case_id], sales=last[case_id])
        # The model of the case's course, as one window at a time asks it.
        deadline, action, due_now = deposits.closing(facts, now)
        if not due_now:
            timed.append((w, deadline))
            continue
        closing.add(w.impoundment_id)  # they close with the latest sale's
        due.append((w, deadline, action))
    closes = _close(session, who, due, found) if due else []
    for w, deadline in timed:
        w.due_at = deadline
    for closed in closes:
        for sibling in by_case[closed.impoundment_id]:
            sibling.closed_at = sibling.due_at = closed.at
            sibling.outcome = closed.outcome[:300]
    changed = [w for w in windows.values() if w.state() != written[w.id]]
    bulk.update_rows(
        session,
        ClaimWindow,
        [
            {"id": w.id, "due_at": w.due_at, "closed_at": w.closed_at, "outcome": w.outcome}
            for w in changed
        ],
    )
    bulk.insert_all(session, [closed.event for closed in closes])
    done: list[DueAction] = []
    for closed in closes:
        kind = "CREDIT_UNCLAIMED_SURPLUS" if closed.moved else "CLOSE_CLAIM_WINDOW"
        done.append(DueAction(kind, closed.impoundment_id, closed.at, detail=closed.outcome))
    return done


def _close(
    session: Session,
    who: Principal,
    due: Sequence[tuple[_Window, datetime, Action]],
    found: dict[uuid.UUID, _WindowCase],
) -> list[deposits.Closed]:
    """deposits.close for each due window, its case's pound and balances read for the batch
    in one statement each."""
    pounds = {found[w.impoundment_id].pound_id for w, _, _ in due}
    authority = dict(
        session.execute(
            select(Pound.id, Pound.local_authority_id).where(bulk.among(session, Pound.id, pounds))
        ).all()
    )
    subjects = [f"Impoundment:{w.impoundment_id}" for w, _, _ in due]
    books: dict[str, dict[str, Decimal]] = defaultdict(dict)
    for subject, acct, total in session.execute(
        select(LedgerTransaction.subject, LedgerEntry.account, func.sum(LedgerEntry.amount))
        .join(
            LedgerTransaction,
            (LedgerTransaction.tenant_id == LedgerEntry.tenant_id)
            & (LedgerTransaction.id == LedgerEntry.transaction_id),
        )
        .where(bulk.among(session, LedgerTransaction.subject, subjects))
        .group_by(LedgerTransaction.subject, LedgerEntry.account)
    ):
        books[subject][acct] = total
    closes = []
    for (w, deadline, action), subject in zip(due, subjects, strict=True):
        case = found[w.impoundment_id]
        body = Body(authority.get(case.pound_id), case.pound_id)
        closes.append(deposits.close(session, who, case.id, deadline, action, body, books[subject]))
    return closes

"""The sweep's cases a batch at a time: the same notices, auctions, refusals and next duties
as one case at a time (services/sweep.act_on_case), in a number of statements that does not
grow with the batch, and nothing done twice."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Any

import pytest
from sqlalchemy import event, func, select, update
from sqlalchemy.orm import Session

from pashu.core.errors import PashuError
from pashu.core.legaltime import ist
from pashu.db.clocks import Auction, AuctionLot
from pashu.db.impoundment import Impoundment, Notice
from pashu.db.tenancy import AuditEvent
from pashu.schema.node import from_global_id
from pashu.services import clocks as sweep
from tests.conftest import Databases, GraphQLClient, TenantFixture
from tests.schema.impoundment_helpers import department, seize

# Seized on different days, so that at one instant the cases stand at different steps.
IMPOUNDED = (
    "2026-01-03T15:00:00+05:30",
    "2026-01-04T11:00:00+05:30",
    "2026-01-09T10:00:00+05:30",
    "2026-01-12T18:00:00+05:30",
)
INSTANTS = (
    "2026-01-03T16:00:00+05:30",
    "2026-01-05T09:00:00+05:30",
    "2026-01-11T10:00:00+05:30",
    "2026-01-19T09:00:00+05:30",
    "2026-02-20T12:00:00+05:30",
)


def _id(gid: str) -> uuid.UUID:
    parsed = from_global_id(gid)
    assert parsed is not None
    return parsed[1]


async def _cases(
    dbs: Databases, gql: GraphQLClient, code: str
) -> tuple[TenantFixture, list[uuid.UUID]]:
    t, pound = await department(dbs, gql, code)
    ids = []
    for at in IMPOUNDED:
        seized = await seize(gql, t.token, pound, seizedAt=at, impoundedAt=at)
        ids.append(_id(seized["id"]))
    return t, ids


def _state(s: Session) -> dict[str, Any]:
    """What a user sees of the sweep's work, cases by register number, without minted ids."""
    number = {c.id: c.register_number for c in s.scalars(select(Impoundment))}
    by_id = {str(k): f"case {v}" for k, v in number.items()}

    def after(a: AuditEvent) -> str:
        return repr(sorted((k, v) for k, v in (a.after or {}).items() if k != "auction"))

    return {
        "notices": sorted(
            (number[n.impoundment_id], n.kind, n.issued_at, n.text, n.recorded_by)
            for n in s.scalars(select(Notice))
        ),
        "auctions": sorted(
            (number[a.impoundment_id], a.round, a.scheduled_for, a.place, a.notice_text)
            for a in s.scalars(select(Auction))
        ),
        "lots": sorted(
            (number[lot.impoundment_id], lot.number, lot.species, lot.count, lot.description)
            for lot in s.scalars(select(AuctionLot))
        ),
        "audit": sorted(
            (a.actor, a.action, by_id.get(a.subject.split(":")[-1], a.subject), after(a))
            for a in s.scalars(select(AuditEvent))
            if a.action in ("impoundment.record_notice", "auction.schedule")
        ),
        "cases": sorted(
            (c.register_number, c.status, c.next_action, c.next_action_at, c.next_deadline)
            for c in s.scalars(select(Impoundment))
        ),
    }


def _done(actions: list[sweep.DueAction]) -> list[tuple[Any, ...]]:
    return [(a.kind, a.impoundment_id, a.at, a.late, a.detail) for a in actions]


def _one_by_one(s: Session, who: Any, when: datetime) -> tuple[list, list]:
    """The per-case semantics: each case in its savepoint through act_on_case."""
    done: list[sweep.DueAction] = []
    failed = []
    for due in sweep.find(s, when):
        if due.kind != sweep.CASE:
            continue
        try:
            with s.begin_nested():
                done += sweep.act_on_case(s, who, due.id, when)
        except PashuError as err:
            failed.append((due.id, err.code, err.message))
    return _done(done), failed


def _batched(s: Session, who: Any, when: datetime) -> tuple[list, list]:
    ids = [d.id for d in sweep.find(s, when) if d.kind == sweep.CASE]
    done, failed = sweep.act_on_cases(s, who, ids, when)
    return _done(done), [(f.due.id, f.code, f.message) for f in failed]


@contextmanager
def _undone(dbs: Databases, tenant: uuid.UUID) -> Iterator[Session]:
    """A session of the tenant whose work is rolled back."""
    with dbs.app.session(tenant) as s:
        s.begin()
        try:
            yield s
        finally:
            s.rollback()


@pytest.mark.parametrize("code", ["mizoram", "nagaland"])
async def test_a_batch_does_what_one_case_at_a_time_does_at_every_step_of_the_act(
    code: str, dbs: Databases, gql: GraphQLClient
) -> None:
    # Two departments with the same register: one swept a case at a time, one in batches,
    # step by step through the Act.
    (one, one_ids), (batch, batch_ids) = [await _cases(dbs, gql, code) for _ in range(2)]
    # A case waiting on a notice its Act does not have: refused by the law, both ways.
    wrong = "PUBLISH_NOTICE" if code == "mizoram" else "ANNOUNCE_SEIZURE"
    for t, ids in ((one, one_ids), (batch, batch_ids)):
        with dbs.admin.transaction(t.id) as s:
            s.execute(update(Impoundment).where(Impoundment.id == ids[1]).values(next_action=wrong))
    kinds: set[str] = set()
    refused: set[int] = set()
    for at in INSTANTS:
        when = datetime.fromisoformat(at)
        with dbs.app.transaction(one.id) as s:
            done, failed = _one_by_one(s, sweep.clock(s, one.id), when)
        with dbs.app.transaction(batch.id) as s:
            got_done, got_failed = _batched(s, sweep.clock(s, batch.id), when)
        number = {i: n for n, i in enumerate(one_ids)} | {i: n for n, i in enumerate(batch_ids)}
        assert [(d[0], number[d[1]], *d[2:]) for d in got_done] == [
            (d[0], number[d[1]], *d[2:]) for d in done
        ], at
        assert [(number[i], *f) for i, *f in got_failed] == [(number[i], *f) for i, *f in failed]
        refused |= {number[i] for i, *_ in got_failed}
        with dbs.admin.transaction(one.id) as s:
            expected = _state(s)
        with dbs.admin.transaction(batch.id) as s:
            assert _state(s) == expected, at
        kinds |= {d[0] for d in got_done}
    # The scenario went through the Act: its notices and its auctions.
    notices = {"mizoram": {"ANNOUNCE_SEIZURE"}, "nagaland": {"REPORT_UNCLAIMED", "PUBLISH_NOTICE"}}
    assert kinds == notices[code] | {"SCHEDULE_AUCTION"}
    assert refused == {1}  # the case on the wrong Act's notice, once it was due


def _statements(dbs: Databases, tenant: uuid.UUID, at: str) -> tuple[int, int]:
    """(statements, actions) of one batch of the tenant's due cases at `at`."""
    seen: list[str] = []

    def record(*args: Any) -> None:
        seen.append(args[2])

    when = datetime.fromisoformat(at)
    with _undone(dbs, tenant) as s:
        who = sweep.clock(s, tenant)
        ids = [d.id for d in sweep.find(s, when) if d.kind == sweep.CASE]
        event.listen(dbs.app.engine, "before_cursor_execute", record)
        try:
            done, _ = sweep.act_on_cases(s, who, ids, when)
            s.flush()
        finally:
            event.remove(dbs.app.engine, "before_cursor_execute", record)
    return len(seen), len(done)


async def test_a_batch_takes_the_same_few_statements_for_one_case_or_many(
    dbs: Databases, gql: GraphQLClient
) -> None:
    few, pound = await department(dbs, gql, "nagaland")
    await seize(gql, few.token, pound)
    many, pound = await department(dbs, gql, "nagaland")
    for _ in range(6):
        await seize(gql, many.token, pound)
    at = "2026-02-20T12:00:00+05:30"  # each case: the report and the notice
    one, one_done = _statements(dbs, few.id, at)
    six, six_done = _statements(dbs, many.id, at)
    assert (one_done, six_done) == (2, 12)
    assert six == one  # per batch, not per case
    assert six <= 14  # lock, four reads, savepoint, five inserts, one update (and slack)


async def test_a_second_sweep_at_the_same_instant_does_nothing(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, _ = await _cases(dbs, gql, "nagaland")
    when = datetime.fromisoformat("2026-02-20T12:00:00+05:30")

    def counts() -> tuple[int, ...]:
        with dbs.admin.transaction(t.id) as s:
            return tuple(
                int(s.scalar(select(func.count()).select_from(m)) or 0)
                for m in (Notice, Auction, AuctionLot, AuditEvent)
            )

    with dbs.app.transaction(t.id) as s:
        done, failed = sweep.run(s, sweep.clock(s, t.id), when)
    assert len(done) == 2 * len(IMPOUNDED) and failed == []  # the report and the notice
    first = counts()
    with dbs.app.transaction(t.id) as s:
        assert sweep.run(s, sweep.clock(s, t.id), when) == ([], [])
    assert counts() == first


@pytest.mark.parametrize("code", ["mizoram", "nagaland"])
async def test_what_a_batch_reports_names_the_rows_it_wrote(
    code: str, dbs: Databases, gql: GraphQLClient
) -> None:
    # The batch keeps no ORM object of what it writes: the ids it reports are those written.
    t, _ = await _cases(dbs, gql, code)
    reported: list[sweep.DueAction] = []
    for at in INSTANTS:
        when = datetime.fromisoformat(at)
        with dbs.app.transaction(t.id) as s:
            reported += _batched_actions(s, sweep.clock(s, t.id), when)
    with dbs.admin.transaction(t.id) as s:
        notices = {n.id: (n.impoundment_id, n.kind, n.issued_at) for n in s.scalars(select(Notice))}
        auctions = {
            a.id: (a.impoundment_id, f"round {a.round} on {ist(a.scheduled_for)}")
            for a in s.scalars(select(Auction))
        }
    assert {a.notice_id: (a.impoundment_id, a.kind, a.at) for a in reported if a.notice_id} == (
        notices
    )
    assert {a.auction_id: (a.impoundment_id, a.detail) for a in reported if a.auction_id} == (
        auctions
    )
    assert auctions  # the scenario came to its auctions


def _batched_actions(s: Session, who: Any, when: datetime) -> list[sweep.DueAction]:
    ids = [d.id for d in sweep.find(s, when) if d.kind == sweep.CASE]
    done, failed = sweep.act_on_cases(s, who, ids, when)
    assert failed == []
    return done

"""The clocks on a real Celery worker on Redis: beat's sweep fans out per tenant through the
outbox, and each notice and auction is made exactly once however often the work is sent."""

from __future__ import annotations

import uuid
from collections.abc import Callable

import pytest
from celery import Celery
from sqlalchemy import func, select

from pashu.db.clocks import Auction, OutboxMessage, TaskRun
from pashu.db.impoundment import Notice
from pashu.db.types import new_id
from tests.conftest import Databases, GraphQLClient
from tests.schema.clocks_helpers import RUNS
from tests.schema.impoundment_helpers import department, seize
from tests.tasks.conftest import Worker, runs, send, wait_for

pytestmark = pytest.mark.celery


def _count(dbs: Databases, tenant: uuid.UUID, model: type, **where: object) -> int:
    with dbs.admin.transaction(tenant) as s:
        q = select(func.count()).select_from(model)
        for column, value in where.items():
            q = q.where(getattr(model, column) == value)
        return int(s.scalar(q) or 0)


def _actions(dbs: Databases, tenant: uuid.UUID, task: str) -> int:
    with dbs.admin.transaction(tenant) as s:
        return int(s.scalar(select(func.sum(TaskRun.actions)).where(TaskRun.task == task)) or 0)


# Two workers on one case collide on its locks and keys, and the loser retries with backoff
# (2, 4, 8, 16, 32 s at most): wait as long as the whole schedule may take, and more.
SCHEDULE = 240


def _finished(dbs: Databases, tenant: uuid.UUID) -> int:
    """Case tasks that have run to their end: done, or given up (a retry is not an end)."""
    task = "pashu.act_on_case"
    return runs(dbs.admin, tenant, task, "OK") + runs(dbs.admin, tenant, task, "FAILED")


def _wait_for_case_tasks(dbs: Databases, tenant: uuid.UUID, count: int, what: str) -> None:
    """Until at least the `count` case tasks known to be sent have finished. More may run: two
    sweeps relaying the same outbox row each send it, and the unique keys make the second one
    do nothing, which is what the test asserts after."""
    try:
        wait_for(lambda: _finished(dbs, tenant) >= count, what, timeout=SCHEDULE)
    except AssertionError as err:  # say what did run, so a failure explains itself
        with dbs.admin.transaction(tenant) as s:
            seen = [(r.task, r.outcome, r.attempt, r.error) for r in s.scalars(select(TaskRun))]
        raise AssertionError(f"{err}; {count} expected, runs: {seen}") from None


def _case_id(gid: str) -> uuid.UUID:
    from pashu.schema.node import from_global_id

    parsed = from_global_id(gid)
    assert parsed is not None
    return parsed[1]


async def test_beat_sweep_issues_the_mizoram_announcement_through_the_outbox(
    dbs: Databases, gql: GraphQLClient, broker: Celery, worker: Callable[..., Worker]
) -> None:
    t, pound = await department(dbs, gql, "mizoram")
    seized = await seize(gql, t.token, pound)
    worker(dbs.app)
    send(broker, "pashu.sweep", as_of="2026-01-03T16:00:00+05:30")
    wait_for(lambda: runs(dbs.admin, t.id, "pashu.act_on_case") == 1, "the case's task")
    assert _count(dbs, t.id, Notice, impoundment_id=_case_id(seized["id"])) == 1
    assert _count(dbs, t.id, OutboxMessage) == 1
    wait_for(lambda: _count(dbs, t.id, OutboxMessage, sent_at=None) == 0, "the relay")
    listed = (await gql.ok(RUNS, {"first": 10}, t.token))["taskRuns"]
    assert {(r["task"], r["outcome"], r["actions"]) for r in listed} == {
        ("pashu.sweep_tenant", "OK", 1),  # one case handed on
        ("pashu.act_on_case", "OK", 1),  # one notice issued
    }
    case_run = next(r for r in listed if r["task"] == "pashu.act_on_case")
    assert case_run["asOf"] == "2026-01-03T16:00:00+05:30"
    assert case_run["subject"] == f"Impoundment:{_case_id(seized['id'])}"


async def test_work_sent_many_times_to_concurrent_workers_is_done_exactly_once(
    dbs: Databases, gql: GraphQLClient, broker: Celery, worker: Callable[..., Worker]
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    seized = await seize(gql, t.token, pound)
    case = str(_case_id(seized["id"]))
    worker(dbs.app, concurrency=2)
    worker(dbs.app, concurrency=2)
    notice_at = "2026-01-11T10:00:00+05:30"
    for _ in range(3):
        send(broker, "pashu.sweep_tenant", tenant_id=str(t.id), as_of=notice_at)
        send(broker, "pashu.act_on_case", tenant_id=str(t.id), id=case, as_of=notice_at)
    wait_for(lambda: runs(dbs.admin, t.id, "pashu.sweep_tenant") == 3, "three sweeps", SCHEDULE)
    # Each sweep hands the case on only if it is still due when that sweep looks (the direct
    # sends may have done the work first): every task sent, directly or through the outbox,
    # runs once to its end, and the work is done once whatever the order.
    handed_on = _count(dbs, t.id, OutboxMessage)
    assert handed_on <= 1  # one key per case and as_of
    wait_for(lambda: _count(dbs, t.id, OutboxMessage, sent_at=None) == 0, "the relay")
    sent = 3 + handed_on
    _wait_for_case_tasks(dbs, t.id, sent, "every case task")
    assert _count(dbs, t.id, Notice) == 2  # the report and the notice, once each
    assert _actions(dbs, t.id, "pashu.act_on_case") == 2

    auction_at = "2026-01-19T09:00:00+05:30"
    for _ in range(4):
        send(broker, "pashu.act_on_case", tenant_id=str(t.id), id=case, as_of=auction_at)
    _wait_for_case_tasks(dbs, t.id, sent + 4, "the auction tasks")
    assert _count(dbs, t.id, Auction) == 1
    assert _actions(dbs, t.id, "pashu.act_on_case") == 3
    assert _count(dbs, t.id, TaskRun, outcome="FAILED") == 0


async def test_a_message_left_in_the_outbox_by_a_crash_is_relayed_by_the_next_sweep(
    dbs: Databases, gql: GraphQLClient, broker: Celery, worker: Callable[..., Worker]
) -> None:
    t, pound = await department(dbs, gql, "mizoram")
    seized = await seize(gql, t.token, pound)
    case = str(_case_id(seized["id"]))
    as_of = "2026-01-03T16:00:00+05:30"
    with dbs.app.transaction(t.id) as s:  # written and committed; the process died before send
        s.add(
            OutboxMessage(
                id=new_id(),
                task="pashu.act_on_case",
                kwargs={"tenant_id": str(t.id), "id": case, "as_of": as_of},
                key=f"case:{case}:{as_of}",
            )
        )
    worker(dbs.app)
    # A later sweep, at a time when nothing new is due: it only relays what was left.
    send(broker, "pashu.sweep_tenant", tenant_id=str(t.id), as_of="2026-01-03T14:00:00+05:30")
    wait_for(lambda: runs(dbs.admin, t.id, "pashu.act_on_case") >= 1, "the relayed task")
    assert runs(dbs.admin, t.id, "pashu.sweep_tenant") == 1
    assert runs(dbs.admin, t.id, "pashu.act_on_case") == 1
    assert _count(dbs, t.id, Notice) == 1
    assert _count(dbs, t.id, OutboxMessage, sent_at=None) == 0

"""The sweep fanned out to real workers by tenant and batch: every tenant's work done exactly
once however many workers share it and however often it is sent, and a worker killed in the
middle of a batch leaves none of it behind."""

from __future__ import annotations

import uuid
from collections.abc import Callable

import pytest
from celery import Celery
from sqlalchemy import func, select, text

from pashu.db.clocks import Auction, OutboxMessage, TaskRun
from pashu.db.impoundment import Notice
from pashu.db.tenancy import AuditEvent
from pashu.schema.node import from_global_id
from tests.conftest import Databases, GraphQLClient, TenantFixture
from tests.schema.impoundment_helpers import department, seize
from tests.tasks.conftest import Worker, send, wait_for

pytestmark = pytest.mark.celery
CASES = 3  # per tenant: more than one, so the tenant's cases go as one batch
SCHEDULE = 240  # seconds: as long as a retry's whole backoff may take, and more


def _count(dbs: Databases, tenant: uuid.UUID, model: type, *where: object) -> int:
    with dbs.admin.transaction(tenant) as s:
        return int(s.scalar(select(func.count()).select_from(model).where(*where)) or 0)


def _ended(dbs: Databases, tenant: uuid.UUID, task: str) -> int:
    return _count(dbs, tenant, TaskRun, TaskRun.task == task, TaskRun.outcome.in_(("OK", "FAILED")))


def _actions(dbs: Databases, tenant: uuid.UUID, task: str) -> int:
    with dbs.admin.transaction(tenant) as s:
        return int(s.scalar(select(func.sum(TaskRun.actions)).where(TaskRun.task == task)) or 0)


async def _department(
    dbs: Databases, gql: GraphQLClient, code: str
) -> tuple[TenantFixture, list[uuid.UUID]]:
    t, pound = await department(dbs, gql, code)
    ids = []
    for _ in range(CASES):
        parsed = from_global_id((await seize(gql, t.token, pound))["id"])
        assert parsed is not None
        ids.append(parsed[1])
    return t, ids


async def test_two_workers_finish_every_tenants_batches_exactly_once(
    dbs: Databases, gql: GraphQLClient, broker: Celery, worker: Callable[..., Worker]
) -> None:
    mizoram, seized = await _department(dbs, gql, "mizoram")
    nagaland, _ = await _department(dbs, gql, "nagaland")
    worker(dbs.app)
    worker(dbs.app)
    # Mizoram: the announcement (the auction a week after it); Nagaland: the report and
    # the notice (the auction a week after that).
    as_of = "2026-01-20T10:00:00+05:30"
    send(broker, "pashu.sweep", as_of=as_of)
    send(broker, "pashu.sweep", as_of=as_of)  # sent twice: the outbox's keys hand it on once
    for t in (mizoram, nagaland):
        wait_for(lambda t=t: _ended(dbs, t.id, "pashu.sweep_tenant") == 2, "both sweeps")
        wait_for(
            lambda t=t: _count(dbs, t.id, OutboxMessage, OutboxMessage.sent_at.is_(None)) == 0,
            "the relay",
        )
        handed_on = _count(dbs, t.id, OutboxMessage)
        assert handed_on >= 1
        wait_for(
            lambda t=t, n=handed_on: _ended(dbs, t.id, "pashu.act_on_cases") >= n,
            "the batches",
            SCHEDULE,
        )
        assert _count(dbs, t.id, TaskRun, TaskRun.outcome == "FAILED") == 0
    assert _count(dbs, mizoram.id, Notice) == CASES
    assert _actions(dbs, mizoram.id, "pashu.act_on_cases") == CASES
    assert _count(dbs, nagaland.id, Notice) == 2 * CASES
    assert _count(dbs, mizoram.id, Auction) + _count(dbs, nagaland.id, Auction) == 0
    assert _actions(dbs, nagaland.id, "pashu.act_on_cases") == 2 * CASES
    # The batch's runs say what happened to which case: one run per case, its own action.
    with dbs.admin.transaction(mizoram.id) as s:
        runs = s.execute(
            select(TaskRun.subject, TaskRun.actions).where(TaskRun.task == "pashu.act_on_cases")
        ).all()
    assert sorted(runs) == sorted((f"Impoundment:{i}", 1) for i in seized)


def _waiting_on_a_lock(pg: Databases) -> bool:
    with pg.admin.engine.connect() as c:
        return bool(
            c.scalar(
                text(
                    "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                    "AND usename = 'pashu_app' AND wait_event_type = 'Lock'"
                )
            )
        )


@pytest.mark.postgres
async def test_a_worker_killed_in_the_middle_of_a_batch_leaves_nothing_and_it_is_redone(
    pg: Databases, pg_gql: GraphQLClient, broker: Celery, worker: Callable[..., Worker]
) -> None:
    t, ids = await _department(pg, pg_gql, "mizoram")
    first = worker(pg.app, visibility=2)
    # Hold the batch after it has written some of its rows and before it commits: its audit
    # events wait on this lock (its notices may be written already, inside its transaction).
    blocker = pg.admin.engine.connect()
    hold = blocker.begin()
    blocker.execute(text("LOCK TABLE audit_events IN EXCLUSIVE MODE"))
    try:
        send(
            broker,
            "pashu.act_on_cases",
            tenant_id=str(t.id),
            ids=[str(i) for i in ids],
            as_of="2026-01-03T16:00:00+05:30",
        )
        wait_for(lambda: _waiting_on_a_lock(pg), "the batch to reach the lock")
        first.kill()
    finally:
        hold.rollback()
        blocker.close()
    assert _count(pg, t.id, Notice) == 0  # nothing of the killed batch is left
    assert _count(pg, t.id, AuditEvent, AuditEvent.action == "impoundment.record_notice") == 0

    worker(pg.app, visibility=2)  # the unacknowledged batch is delivered again
    # The batch records a run per case it did (the killed attempt recorded nothing).
    wait_for(lambda: _ended(pg, t.id, "pashu.act_on_cases") == CASES, "the redelivered batch", 90)
    assert _count(pg, t.id, Notice) == CASES  # every case's announcement, once
    assert _actions(pg, t.id, "pashu.act_on_cases") == CASES
    with pg.admin.transaction(t.id) as s:
        assert {n.impoundment_id for n in s.scalars(select(Notice))} == set(ids)

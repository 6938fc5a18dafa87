"""A worker killed in the middle of a task: the message was not acknowledged (acks_late), so
Redis delivers it again once its visibility timeout passes, and the work is done exactly once
whether the worker died before its transaction committed or after."""

from __future__ import annotations

import uuid
from collections.abc import Callable

import pytest
from celery import Celery
from sqlalchemy import func, select, text

from pashu.db.clocks import TaskRun
from pashu.db.impoundment import Notice
from pashu.schema.node import from_global_id
from tests.conftest import Databases, GraphQLClient
from tests.schema.impoundment_helpers import department, seize
from tests.tasks.conftest import Worker, send, wait_for

pytestmark = [pytest.mark.celery, pytest.mark.postgres]
VISIBILITY = 2  # seconds: the killed worker's message comes back quickly


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


def _notices(pg: Databases, tenant: uuid.UUID) -> int:
    with pg.admin.transaction(tenant) as s:
        return int(s.scalar(select(func.count()).select_from(Notice)) or 0)


def _runs(pg: Databases, tenant: uuid.UUID) -> list[tuple[str, int]]:
    with pg.admin.transaction(tenant) as s:
        return [
            (r.outcome, r.actions)
            for r in s.scalars(select(TaskRun).where(TaskRun.task == "pashu.act_on_case"))
        ]


@pytest.mark.parametrize("dies", ["before its commit", "after its commit, before its ack"])
async def test_a_killed_worker_task_is_redelivered_and_done_exactly_once(
    dies: str,
    pg: Databases,
    pg_gql: GraphQLClient,
    broker: Celery,
    worker: Callable[..., Worker],
) -> None:
    t, pound = await department(pg, pg_gql, "mizoram")
    seized = await seize(pg_gql, t.token, pound)
    parsed = from_global_id(seized["id"])
    assert parsed is not None
    case = parsed[1]
    first = worker(pg.app, visibility=VISIBILITY)

    # Hold the worker in the middle of its task: on the case row (it locks the case before
    # doing anything), or on the run record it writes after its work has committed.
    blocker = pg.admin.engine.connect()
    hold = blocker.begin()
    if dies == "before its commit":
        blocker.execute(text("SELECT id FROM impoundments WHERE id = :id FOR UPDATE"), {"id": case})
    else:
        blocker.execute(text("LOCK TABLE task_runs IN EXCLUSIVE MODE"))
    try:
        send(
            broker,
            "pashu.act_on_case",
            tenant_id=str(t.id),
            id=str(case),
            as_of="2026-01-03T16:00:00+05:30",
        )
        wait_for(lambda: _waiting_on_a_lock(pg), "the worker to reach the lock")
        expected_before_kill = 0 if dies == "before its commit" else 1
        assert _notices(pg, t.id) == expected_before_kill
        first.kill()
    finally:
        hold.rollback()
        blocker.close()

    worker(pg.app, visibility=VISIBILITY)  # a new worker picks up the unacknowledged message
    wait_for(lambda: len(_runs(pg, t.id)) == 1, "the redelivered task", timeout=90)
    assert _notices(pg, t.id) == 1
    # The killed run recorded nothing; the redelivered one did the work, or found it done.
    assert _runs(pg, t.id) == [("OK", 1 if dies == "before its commit" else 0)]

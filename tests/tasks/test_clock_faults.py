"""A case the clock cannot do, on real workers (issue #31): its failure is recorded with its
reason and counted, and the tenant's other work is done; nothing is retried in vain."""

from __future__ import annotations

import uuid
from collections.abc import Callable

import pytest
from celery import Celery
from sqlalchemy import func, select

from pashu.db.clocks import TaskRun
from pashu.db.impoundment import Notice
from tests.conftest import Databases, GraphQLClient
from tests.schema.impoundment_helpers import department, seize
from tests.schema.test_course_findings import broken_window
from tests.tasks.conftest import Worker, send, wait_for

pytestmark = pytest.mark.celery


def _runs(dbs: Databases, tenant: uuid.UUID, task: str) -> list[tuple[str, str | None]]:
    with dbs.admin.transaction(tenant) as s:
        found = s.execute(select(TaskRun.outcome, TaskRun.error).where(TaskRun.task == task))
        return [(o, e) for o, e in found]


def _notices(dbs: Databases, tenant: uuid.UUID) -> int:
    with dbs.admin.transaction(tenant) as s:
        return int(s.scalar(select(func.count()).select_from(Notice)) or 0)


async def test_windows_the_clock_cannot_close_fail_alone_batched_or_one_by_one(
    dbs: Databases, gql: GraphQLClient, broker: Celery, worker: Callable[..., Worker]
) -> None:
    many, pound = await department(dbs, gql, "mizoram")
    for _ in range(2):  # two windows: a batch task
        broken_window(dbs, many.id, (await seize(gql, many.token, pound))["id"])
    one, pound = await department(dbs, gql, "mizoram")
    broken_window(dbs, one.id, (await seize(gql, one.token, pound))["id"])  # a one-piece task
    worker(dbs.app)
    send(broker, "pashu.sweep", as_of="2026-01-03T16:00:00+05:30")

    def failed(tenant: uuid.UUID, task: str) -> list[str]:
        return [e or "" for o, e in _runs(dbs, tenant, task) if o == "FAILED"]

    wait_for(lambda: len(failed(many.id, "pashu.close_claim_windows")) == 2, "the batch's runs")
    wait_for(lambda: len(failed(one.id, "pashu.close_claim_window")) == 1, "the lone run")
    # Recorded with the model's reason: no sale, so no claim window to close (CONFLICT).
    assert all("CONFLICT" in e for e in failed(many.id, "pashu.close_claim_windows"))
    assert all("CONFLICT" in e for e in failed(one.id, "pashu.close_claim_window"))
    # The announcements, the tenants' other work, are done all the same.
    wait_for(lambda: _notices(dbs, many.id) == 2 and _notices(dbs, one.id) == 1, "the notices")
    assert not [o for o, _ in _runs(dbs, one.id, "pashu.close_claim_window") if o == "RETRYING"]

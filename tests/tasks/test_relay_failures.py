"""A relay to a broker that is down is recorded on its task run (RETRYING, then FAILED once
the retries are spent) and the messages stay in the outbox; the next sweep with a broker
sends them, and the work is done once."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid

from sqlalchemy import select

from pashu.db.clocks import OutboxMessage, TaskRun
from pashu.db.impoundment import Notice
from tests.conftest import Databases, GraphQLClient
from tests.schema.impoundment_helpers import department, seize
from tests.tasks.conftest import ROOT, db_url

AS_OF = "2026-01-03T16:00:00+05:30"  # the Mizoram announcement is due


def _sweep_in_a_process(dbs: Databases, tenant: uuid.UUID, broker: str) -> str:
    """The tenant's sweep task, run by a process of its own configured with `broker`; what
    it wrote to stderr."""
    code = (
        "from pashu.tasks.clocks import sweep_tenant\n"
        f"sweep_tenant.apply(kwargs={{'tenant_id': '{tenant}', 'as_of': '{AS_OF}'}})\n"
    )
    env = {
        **os.environ,
        "PASHU_DATABASE_URL": db_url(dbs.app),
        "PASHU_BROKER_URL": broker,
        "PASHU_BROKER_VISIBILITY_TIMEOUT": "4",  # retry countdowns of a second or two
        "PASHU_SWEEP_INTERVAL": "0",
    }
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, timeout=300
    )
    return done.stderr.decode() if done.returncode else ""


async def test_a_failed_relay_is_recorded_retried_and_sent_by_the_next_sweep(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "mizoram")
    await seize(gql, t.token, pound)
    # Nothing listens there: the relay fails, and so does the retry's own publish.
    failed = _sweep_in_a_process(dbs, t.id, "redis://127.0.0.1:1/0")
    assert "RelayFailed" in failed
    with dbs.admin.transaction(t.id) as s:
        sweeps = list(s.scalars(select(TaskRun).where(TaskRun.task == "pashu.sweep_tenant")))
        unsent = list(s.scalars(select(OutboxMessage).where(OutboxMessage.sent_at.is_(None))))
    outcomes = sorted(r.outcome for r in sweeps)
    assert "RETRYING" in outcomes and outcomes[-1] in ("RETRYING", "FAILED")
    assert all("relay to the broker failed" in (r.error or "") for r in sweeps)
    assert len(unsent) == 1  # the announcement's task, kept for the next sweep
    # The embedded runner: relayed and run at once.
    assert _sweep_in_a_process(dbs, t.id, "") == ""
    with dbs.admin.transaction(t.id) as s:
        left = s.scalars(select(OutboxMessage).where(OutboxMessage.sent_at.is_(None))).all()
        notices = s.scalars(select(Notice)).all()
    assert left == []
    assert [n.kind for n in notices] == ["ANNOUNCE_SEIZURE"]

"""The operators' lag gauge (`pashu_sweep_lag_seconds`) counts what the sweep has to do and
nothing else: a case whose auction the sweep has scheduled waits for its day, owes the clock
nothing, and is no lag, as the sweep's own search and the model of the course say
(`clocks.case_due`, `Course.due`)."""

from __future__ import annotations

from datetime import timedelta

from pashu.jurisdictions import registry
from pashu.services import clocks
from pashu.services.impoundment import cases, course, seizures
from tests.conftest import Databases
from tests.services.ledger.test_books_balance import DAY0, _department
from tests.services.seizing import seize_in_a_field


def test_a_case_waiting_on_its_scheduled_auction_is_no_lag_of_the_clock(dbs: Databases) -> None:
    who, pound = _department(dbs, "mizoram")
    with dbs.app.transaction(who.tenant_id) as s:
        case = seize_in_a_field(s, who, pound, DAY0, [seizures.AnimalLine("cow", 1)])
    # The sweep, day by day, until it schedules the auction of the cattle unclaimed.
    now, scheduled = DAY0, None
    while scheduled is None:
        now += timedelta(days=1)
        assert now < DAY0 + timedelta(days=60), "the sweep never scheduled the auction"
        with dbs.app.transaction(who.tenant_id) as s:
            done, failed = clocks.run(s, clocks.clock(s, who.tenant_id), now)
        assert failed == []
        scheduled = next((d for d in done if d.kind == "SCHEDULE_AUCTION"), None)
    later = now + timedelta(hours=1)  # the round is notified for a later day
    with dbs.app.transaction(who.tenant_id) as s:
        row = cases.get(s, case.id)
        assert row.next_action == "AUCTION" and row.next_action_at <= later
        assert course.Course(cases.load(s, registry.get(who.jurisdiction), row)).due(later) == []
        assert [d for d in clocks.find(s, later) if d.id == case.id] == []
        assert clocks.backlog(s, who.tenant_slug, later).oldest_due is None

"""With no broker, `pashu serve` runs the law's clocks itself (DESIGN §6): a real server
process, on its own SQLite file, announces a seizure that has fallen due without being
asked to, from its first moments (the dashboard never says the clocks have not run)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlalchemy import select

from pashu.db.engine import Database
from pashu.db.impoundment import Notice
from pashu.db.migrate import upgrade
from pashu.services.impoundment import seizures
from pashu.services.pounds import pounds
from pashu.services.tenancy.tenants import Principal, create_tenant


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _announcements_made_by_a_server(tmp_path: Path, interval: str) -> list[str]:
    """Seize goats whose announcement is due, start `pashu serve` with the sweep every
    `interval` seconds, and return the kinds of the notices it issues (within 30 s)."""
    url = f"sqlite:///{tmp_path / 'clock.db'}"
    upgrade(url)
    db = Database(url, pooled=False)
    with db.transaction() as s:
        tenant = create_tenant(s, "mz-clock", "mizoram", "Clock test department")
    who = Principal(tenant.id, "mz-clock", "C", "mizoram", tenant.id, "clerk", "admin")
    brought = datetime.now(UTC) - timedelta(hours=2)  # the announcement is due (s.7(5))
    with db.transaction(tenant.id) as s:
        pound = pounds.create_pound(s, who, "Enclosure", "VC Aizawl")
        case = seizures.record_seizure(
            s,
            who,
            pound_id=pound.id,
            seized_at=brought,
            impounded_at=brought,
            place_kind="PRIVATE_LAND",
            place="a garden",
            seizer=seizures.Person("S", "A"),
            seizer_signed=False,
            owner=None,
            animals=[seizures.AnimalLine("goat", 1)],
            capacity="LAND_OWNER",
            damage="vegetables eaten",
        )
    env = {
        **os.environ,
        "PASHU_DATABASE_URL": url,
        "PASHU_ADMIN_DATABASE_URL": url,
        "PASHU_SWEEP_INTERVAL": interval,
        "PASHU_BROKER_URL": "",
        "PASHU_ENV": "test",
    }
    server = subprocess.Popen(
        [sys.executable, "-m", "pashu.cli", "serve", "--port", str(_free_port())],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        found: list[Notice] = []
        deadline = time.monotonic() + 30
        while not found and time.monotonic() < deadline:
            time.sleep(0.5)
            with db.transaction(tenant.id) as s:
                found = list(s.scalars(select(Notice).where(Notice.impoundment_id == case.id)))
        return [n.kind for n in found]
    finally:
        server.terminate()
        server.wait(timeout=10)
        db.engine.dispose()


def test_the_embedded_server_issues_a_due_announcement_on_its_own(tmp_path: Path) -> None:
    assert _announcements_made_by_a_server(tmp_path, "1") == ["ANNOUNCE_SEIZURE"]


def test_the_first_sweep_runs_at_start_up_not_an_interval_later(tmp_path: Path) -> None:
    # An hour between sweeps: only the sweep at start-up can issue the announcement in time.
    assert _announcements_made_by_a_server(tmp_path, "3600") == ["ANNOUNCE_SEIZURE"]

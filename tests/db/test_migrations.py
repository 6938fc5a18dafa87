"""Migrations keep what is stored: pound sites recorded as floating point before 0012
come out as the same degrees, exactly, after it."""

from __future__ import annotations

import uuid
from decimal import Decimal
from pathlib import Path

import sqlalchemy as sa

from pashu.db.engine import Database
from pashu.db.keeping import PoundSite
from pashu.db.migrate import upgrade


def test_float_pound_sites_become_exact_degrees(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    upgrade(url, "0008")  # the schema as it was, with floating-point degrees
    tenant, authority, pound, site = (uuid.uuid4().hex for _ in range(4))
    engine = sa.create_engine(url)
    with engine.begin() as c:
        now = "2026-01-01 00:00:00.000000"
        c.exec_driver_sql(
            "INSERT INTO tenants VALUES (?, 'old', 'Old', 'nagaland', ?)", (tenant, now)
        )
        c.exec_driver_sql(
            "INSERT INTO local_authorities VALUES (?, ?, ?, 'LA')", (tenant, authority, now)
        )
        c.exec_driver_sql(
            "INSERT INTO pounds VALUES (?, ?, ?, 'P', ?)", (tenant, pound, now, authority)
        )
        c.exec_driver_sql(
            "INSERT INTO pound_sites (tenant_id, id, created_at, pound_id, latitude, longitude, "
            "recorded_by) VALUES (?, ?, ?, ?, 25.674, 94.11, 'clerk')",
            (tenant, site, now, pound),
        )
    engine.dispose()
    upgrade(url)
    db = Database(url, pooled=False)
    with db.transaction(uuid.UUID(tenant)) as s:
        (row,) = s.scalars(sa.select(PoundSite)).all()
    db.engine.dispose()
    assert (row.latitude, row.longitude) == (Decimal("25.674000"), Decimal("94.110000"))

"""Rate notifications are gazette records: the application may add them, never change or
remove them, and sees only its own tenant's (DESIGN §4)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
import sqlalchemy as sa
from sqlalchemy import select

from pashu.db.rates import RateNotification
from pashu.jurisdictions.vocabulary import RateKind
from pashu.services.rates import rates
from pashu.services.tenancy.tenants import authenticate
from tests.conftest import Databases, TenantFixture, make_tenant


def publish(db: Databases, t: TenantFixture, amount: str) -> None:
    with db.app.transaction(t.id) as s:
        principal = authenticate(s, t.token)
        rates.publish(
            s, principal, RateKind.FINE_PER_HEAD, "cow", Decimal(amount), date(2026, 1, 1), "G-1"
        )


def test_a_tenant_reads_only_its_own_notifications(dbs: Databases) -> None:
    a, b = make_tenant(dbs, "nagaland"), make_tenant(dbs, "nagaland")
    publish(dbs, a, "50.00")
    with dbs.app.transaction(b.id) as s:
        assert s.scalars(select(RateNotification)).all() == []
    with dbs.app.transaction(a.id) as s:
        (row,) = s.scalars(select(RateNotification)).all()
    assert row.amount == Decimal("50.00") and row.species == "cow"


@pytest.mark.postgres
@pytest.mark.parametrize(
    "sql", ["UPDATE rate_notifications SET amount = 1", "DELETE FROM rate_notifications"]
)
def test_rate_notifications_are_append_only_for_the_application(pg: Databases, sql: str) -> None:
    a = make_tenant(pg, "nagaland")
    publish(pg, a, "50.00")
    with (
        pytest.raises(sa.exc.ProgrammingError, match="permission denied"),
        pg.app.transaction(a.id) as s,
    ):
        s.connection().execute(sa.text(sql))


@pytest.mark.postgres
def test_rls_hides_other_tenants_notifications_from_raw_sql(pg: Databases) -> None:
    a, b = make_tenant(pg, "nagaland"), make_tenant(pg, "nagaland")
    publish(pg, a, "50.00")
    with pg.app.transaction(b.id) as s:
        count = s.connection().execute(sa.text("SELECT count(*) FROM rate_notifications"))
        assert count.scalar() == 0

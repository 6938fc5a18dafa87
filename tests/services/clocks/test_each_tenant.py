"""`clocks.each_tenant`: the tenants of one sweep taken two at a time on PostgreSQL (one
tenant's statements run while another's duties are decided), one after another on SQLite
(one writer); in the tenants' order, and a tenant refused does not stop the others."""

from __future__ import annotations

import threading
import uuid

from pashu.core.errors import ValidationError
from pashu.services import clocks
from tests.conftest import Databases


def test_tenants_are_swept_two_at_a_time_on_postgresql_one_by_one_on_sqlite(
    dbs: Databases,
) -> None:
    tenants = [uuid.uuid4() for _ in range(4)]
    # On PostgreSQL every pair of tenants meets at the barrier: were they taken one after
    # another, the first would wait there alone and the barrier break.
    met = threading.Barrier(clocks.AT_ONCE, timeout=60)
    callers: list[int] = []

    def work(tenant: uuid.UUID) -> str:
        callers.append(threading.get_ident())
        if dbs.dialect == "postgresql":
            met.wait()
        return str(tenant)

    assert clocks.each_tenant(dbs.app, tenants, work) == [str(t) for t in tenants]
    if dbs.dialect == "sqlite":
        assert set(callers) == {threading.get_ident()}  # in the caller's thread, in turn
    else:
        assert threading.get_ident() not in callers and len(set(callers)) == clocks.AT_ONCE


def test_a_tenant_refused_is_reported_in_its_place_and_the_others_are_swept(
    dbs: Databases,
) -> None:
    tenants = [uuid.uuid4() for _ in range(3)]
    refusal = ValidationError("asOf is after now", field="asOf")

    def work(tenant: uuid.UUID) -> int:
        if tenant == tenants[1]:
            raise refusal
        return tenants.index(tenant)

    assert clocks.each_tenant(dbs.app, tenants, work) == [0, refusal, 2]

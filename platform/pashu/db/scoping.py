"""Tenant isolation, first wall: every ORM query is scoped to the session's tenant.

A session carries its tenant in `session.info["tenant_id"]`. Every SELECT, UPDATE and
DELETE on a tenant-owned table gets `tenant_id = :tenant` added (with_loader_criteria);
a session without a tenant sees no tenant-owned rows at all. On PostgreSQL the same id is
set per transaction (`set_config(..., true)`) for the row-level security policies, the
second wall, which hold even for SQL that bypasses the ORM.
"""

from __future__ import annotations

import uuid
from functools import lru_cache
from typing import Any

from sqlalchemy import event, false, text
from sqlalchemy.engine import Connection
from sqlalchemy.orm import ORMExecuteState, Session, SessionTransaction, with_loader_criteria
from sqlalchemy.orm.util import LoaderCriteriaOption

from pashu.db.base import TenantOwned

TENANT = "tenant_id"
SETTING = "pashu.tenant_id"
# The transaction's settings in the driver's own form (db/direct.py), as `_set_rls_tenant`.
SCOPE = f"SELECT set_config('{SETTING}', %(tenant)s, true), set_config('jit', 'off', true)"


class ScopedSession(Session):
    """A Session whose queries only ever see one tenant's rows."""

    @property
    def tenant_id(self) -> uuid.UUID | None:
        return self.info.get(TENANT)


@event.listens_for(ScopedSession, "do_orm_execute")
def _add_tenant_criteria(state: ORMExecuteState) -> None:
    if not (state.is_select or state.is_update or state.is_delete):
        return
    if state.is_column_load or state.is_relationship_load:
        return  # the parent query was scoped already
    state.statement = state.statement.options(tenant_criteria(state.session.info.get(TENANT)))


@lru_cache(maxsize=1024)
def tenant_criteria(tenant: uuid.UUID | None) -> LoaderCriteriaOption:
    """`tenant_id = :tenant` on every tenant-owned table a statement reads (none: no row).

    Kept per tenant: building the option analyses its lambda's closure, which cost every
    statement of every request. The option holds only the tenant's id, so one tenant's
    option is never another's (the id is its cache key and its bound value)."""
    return with_loader_criteria(
        TenantOwned,
        (lambda cls: cls.tenant_id == tenant) if tenant is not None else (lambda cls: false()),
        include_aliases=True,
        track_closure_variables=True,
    )


def stamp(obj: object, tenant: uuid.UUID | None) -> None:
    """Give a new row the session's tenant, or refuse it if it names another."""
    if isinstance(obj, TenantOwned):
        obj.tenant_id = owner(type(obj), obj.tenant_id, tenant)


def owner(cls: type, given: uuid.UUID | None, tenant: uuid.UUID | None) -> uuid.UUID:
    """The tenant a new row of `cls` naming `given` is written for: the session's, or refused."""
    if given is None:
        if tenant is None:
            raise RuntimeError(f"cannot save {cls.__name__} outside a tenant scope")
        return tenant
    if given != tenant:
        raise RuntimeError(f"{cls.__name__} belongs to another tenant")
    return given


@event.listens_for(ScopedSession, "before_flush")
def _stamp_tenant(session: Session, flush_context: Any, instances: Any) -> None:
    tenant = session.info.get(TENANT)
    for obj in session.new:
        stamp(obj, tenant)


@event.listens_for(ScopedSession, "after_begin")
def _set_rls_tenant(session: Session, transaction: SessionTransaction, conn: Connection) -> None:
    if conn.dialect.name != "postgresql" or transaction.nested:
        return  # a savepoint is inside a transaction whose settings are made already
    tenant = session.info.get(TENANT)
    # JIT off for the transaction, in the same round trip: the planner's estimates for
    # the compiled list's correlated subqueries cross the JIT threshold, and compiling them
    # took ten times as long as running them (bench/README.md).
    conn.execute(
        text("SELECT set_config(:name, :value, true), set_config('jit', 'off', true)"),
        {"name": SETTING, "value": "" if tenant is None else str(tenant)},
    )

"""Tenant isolation, first wall: every ORM query is scoped to the session's tenant.

A session carries its tenant in `session.info["tenant_id"]`. Every SELECT, UPDATE and
DELETE on a tenant-owned table gets `tenant_id = :pashu_tenant_` added (with_loader_criteria),
the session's tenant given with the statement's parameters; a session without a tenant sees
no tenant-owned rows at all. On PostgreSQL the same id is
set per transaction (`set_config(..., true)`) for the row-level security policies, the
second wall, which hold even for SQL that bypasses the ORM.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from typing import Any
from weakref import WeakKeyDictionary

from sqlalchemy import BindParameter, bindparam, event, false
from sqlalchemy.engine import Connection
from sqlalchemy.orm import ORMExecuteState, Session, SessionTransaction, with_loader_criteria
from sqlalchemy.orm.util import LoaderCriteriaOption

from pashu.db.base import TenantOwned

TENANT = "tenant_id"
SETTING = "pashu.tenant_id"
# The transaction's settings in the driver's own form: a session's (`_set_rls_tenant`) and the
# driver's own path's (db/direct.py).
SCOPE = f"SELECT set_config('{SETTING}', %(tenant)s, true), set_config('jit', 'off', true)"


class ScopedSession(Session):
    """A Session whose queries only ever see one tenant's rows."""

    @property
    def tenant_id(self) -> uuid.UUID | None:
        return self.info.get(TENANT)


# The criteria name the tenant as one parameter, given when the statement runs: the same two
# options for every tenant and every statement. With the id in the criteria's closure (as
# until 2026-12-04), SQLAlchemy took it out again at every execution, for every table of the
# statement, comparing bound parameters by building SQL expressions: a tenth of the case
# page's instructions (bench/README.md).
TENANT_VALUE = "pashu_tenant_"
_TENANT_ID: BindParameter[uuid.UUID] = bindparam(TENANT_VALUE)
SCOPED = with_loader_criteria(
    TenantOwned, lambda cls: cls.tenant_id == _TENANT_ID, include_aliases=True
)
NO_TENANT = with_loader_criteria(TenantOwned, lambda cls: false(), include_aliases=True)


def tenant_criteria(tenant: uuid.UUID | None) -> LoaderCriteriaOption:
    """`tenant_id = :pashu_tenant_` on every tenant-owned table a statement reads, the
    tenant's id given with its parameters (`with_tenant`); no tenant: no row."""
    return SCOPED if tenant is not None else NO_TENANT


def with_tenant(params: Mapping[str, Any] | None, tenant: uuid.UUID) -> dict[str, Any]:
    """`params` with the tenant's id the criteria name: the caller's own value of that
    name, if any, never stands."""
    return {**params, TENANT_VALUE: tenant} if params else {TENANT_VALUE: tenant}


# Each statement with each option, kept while the statement is: most hot reads run one
# statement built once, and its scoped copy, kept, keeps its cache key, which SQLAlchemy
# would otherwise work out again at every execution for a new copy. The copy holds no
# reference to the statement it was made from, so the entry goes when the statement does.
_SCOPED_COPIES: dict[LoaderCriteriaOption, WeakKeyDictionary[Any, Any]] = {
    SCOPED: WeakKeyDictionary(),
    NO_TENANT: WeakKeyDictionary(),
}


def _scoped(statement: Any, criteria: LoaderCriteriaOption) -> Any:
    """`statement` with `criteria`: the same copy each time."""
    copies = _SCOPED_COPIES[criteria]
    found = copies.get(statement)
    if found is None:
        found = copies[statement] = statement.options(criteria)
    return found


@event.listens_for(ScopedSession, "do_orm_execute")
def _add_tenant_criteria(state: ORMExecuteState) -> None:
    if not (state.is_select or state.is_update or state.is_delete):
        return
    if state.is_column_load or state.is_relationship_load:
        return  # the parent query was scoped already
    tenant = state.session.info.get(TENANT)
    params = state.parameters
    if isinstance(params, Sequence):
        # Several rows by primary key: SQLAlchemy adds no criteria to such an UPDATE. Each
        # row names its tenant (in its key), which must be the session's.
        mapper = state.bind_mapper
        if mapper is not None and issubclass(mapper.class_, TenantOwned):
            for row in params:
                if row.get(TENANT) != tenant:
                    raise RuntimeError(f"{mapper.class_.__name__} belongs to another tenant")
        return
    state.statement = _scoped(state.statement, tenant_criteria(tenant))
    if tenant is not None:
        state.parameters = with_tenant(params, tenant)


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
    # took ten times as long as running them (bench/README.md). The driver's own SQL (the
    # psycopg dialect's placeholders): nothing of it to compile or look up, every session.
    conn.exec_driver_sql(SCOPE, {"tenant": "" if tenant is None else str(tenant)})

"""Per-request context: who is asking, one database session, the request's loaders."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncSession
from starlette.requests import Request
from strawberry.types import Info as _Info

from pashu.core.errors import PashuError, Unauthenticated
from pashu.db import read_end
from pashu.db.engine import Database
from pashu.observability import requests
from pashu.schema import token_check
from pashu.services.tenancy.tenants import Principal, authenticate, tenant_of_token

T = TypeVar("T")


@dataclass
class Context:
    request: Request | None
    db: Database
    principal: Principal | None = None
    auth_error: PashuError | None = None
    loaders: dict[str, Any] = field(default_factory=dict)
    _session: AsyncSession | None = None
    # Set for a query (schema/observe.py): its reads may go to the replica, if there is one.
    read_from_replica: bool = False
    _replica: AsyncSession | None = None
    # An AsyncSession admits one operation at a time; resolvers run concurrently.
    _lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    # A request sent with an Idempotency-Key (schema/idempotent.py): its key, its writes and
    # its answer commit together at the end (`commit`), so each write is a savepoint, not a
    # commit. `writes` counts those that stood.
    held: bool = False
    writes: int = 0

    def require(self, *roles: str) -> Principal:
        """The caller, who must hold one of `roles` (any role when none is named)."""
        if self.principal is None:
            raise self.auth_error or Unauthenticated("this needs an API token (Authorization)")
        if roles:
            self.principal.require(*roles)
        return self.principal

    def session(self) -> AsyncSession:
        if self._session is None:
            tenant = self.principal.tenant_id if self.principal else None
            self._session = self.db.async_session(tenant)
        return self._session

    def _reader(self) -> AsyncSession:
        """Where a read goes: the replica for a query, when there is one; else the
        request's own session (a mutation reads its own writes)."""
        if not self.read_from_replica:
            return self.session()
        if self._replica is None:
            tenant = self.principal.tenant_id if self.principal else None
            self._replica = self.db.replica_session(tenant)
        return self._replica or self.session()

    async def read(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a sync service/query function on this request's session."""
        async with self._lock:
            return await self._reader().run_sync(fn, *args)

    async def write(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a service that changes data and commit; on any error nothing is kept.
        In a held request the commit waits for its answer: the write is a savepoint."""
        async with self._lock:
            session = self.session()
            if self.held:
                nested = await session.begin_nested()
                try:
                    result = await session.run_sync(fn, *args)
                    await nested.commit()
                except BaseException:
                    if nested.is_active:
                        await nested.rollback()
                    raise
                self.writes += 1
                return result
            try:
                result = await session.run_sync(fn, *args)
                await session.commit()
            except BaseException:
                await session.rollback()
                raise
            return result

    async def hold(self, fn: Callable[..., T], *args: Any) -> T:
        """Run `fn` on the primary session and keep its transaction open: the request is
        held, and what it writes is committed by `commit` or undone by `rollback`."""
        async with self._lock:
            self.held = True
            return await self.session().run_sync(fn, *args)

    async def commit(self, fn: Callable[..., Any]) -> None:
        """Run `fn` (the key's answer) and commit it with everything the held request wrote."""
        async with self._lock:
            session = self.session()
            try:
                await session.run_sync(fn)
                await session.commit()
            except BaseException:
                await session.rollback()
                raise
            finally:
                self.held = False

    async def rollback(self) -> None:
        """Undo everything the held request wrote (its key too)."""
        async with self._lock:
            self.held = False
            if self._session is not None:
                await self._session.rollback()

    async def close(self) -> None:
        for session in (self._session, self._replica):
            if session is None:
                continue
            try:
                if not self.held:  # a held request's writes wait for `commit`, or are undone
                    await read_end.end(session)
                await session.close()
            except DBAPIError:
                # When a field fails, graphql-core cancels its siblings; one cancelled inside
                # a query leaves its connection broken. The answer stands; the connection goes.
                await session.invalidate()
        self._session = self._replica = None


async def build_context(request: Request | None, db: Database, token: str | None) -> Context:
    ctx = Context(request=request, db=db)
    if not token:
        return ctx
    try:
        if db.direct is not None:  # PostgreSQL: one round trip (schema/token_check.py)
            known = token_check.kept(request, token)  # a fast path's check, not made twice
            ctx.principal = await token_check.authenticate(db.direct, token, known)
            requests.note_tenant(ctx.principal.tenant_slug)
            return ctx
        # The request's own session, scoped to the tenant the token names, checks the token
        # too: one connection and one transaction for the whole request.
        ctx._session = db.async_session(tenant_of_token(token))
        # On the primary: a token revoked a moment ago is refused at once.
        ctx.principal = await ctx.read(lambda sync: authenticate(sync, token))
        requests.note_tenant(ctx.principal.tenant_slug)
        if ctx.principal.used:  # the token's last use, kept whatever the request does next
            await ctx._session.commit()
    except PashuError as err:
        ctx.auth_error = err
        await ctx.close()  # a public query then runs without a tenant
    return ctx


def bearer(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, value = header.partition(" ")
    return value.strip() if scheme.lower() == "bearer" and value.strip() else None


Info = _Info[Context, None]

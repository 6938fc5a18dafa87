"""Engines and sessions: sync for the CLI and tasks, async for the web."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)
from sqlalchemy.orm import sessionmaker
from sqlalchemy.pool import NullPool

from pashu.config import settings
from pashu.db import (
    bounds,  # noqa: F401  (text fits its column, on every flush)
    bulk,
    read_end,
)
from pashu.db.direct import Direct
from pashu.db.pool import CountedAsyncPool, CountedPool
from pashu.db.scoping import TENANT, ScopedSession


def sync_url(url: str) -> str:
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


def async_url(url: str) -> str:
    url = sync_url(url)
    if url.startswith("sqlite:") or url.startswith("sqlite+pysqlite:"):
        return "sqlite+aiosqlite:" + url.split(":", 1)[1]
    return url


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA journal_mode=WAL")  # readers never block the writer
    cur.execute("PRAGMA busy_timeout=10000")
    cur.close()


def _engine_args(url: str, *, asynchronous: bool = False) -> dict[str, Any]:
    if url.startswith("sqlite"):
        return {"connect_args": {"timeout": 10}}
    pool = CountedAsyncPool if asynchronous else CountedPool  # in use and waiting: metrics
    return {"pool_pre_ping": True, "pool_size": 10, "max_overflow": 10, "poolclass": pool}


class Database:
    """One database: a sync engine and an async engine on the same URL, and optionally a
    read replica (`read_url`) that the API's queries read from."""

    def __init__(self, url: str, *, pooled: bool = True, read_url: str | None = None) -> None:
        self.url = sync_url(url)
        self.dialect = "sqlite" if self.url.startswith("sqlite") else "postgresql"
        self.engine: Engine = create_engine(self.url, **self._args(self.url, pooled, False))
        # Without a pool, no connection outlives the event loop it was made on (tests).
        self.async_engine = self._async_engine(url, pooled)
        if self.dialect == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        else:
            event.listen(self.engine, "connect", bulk.binary_arrays)
        self._sessions = sessionmaker(self.engine, class_=ScopedSession, expire_on_commit=False)
        self._async_sessions = async_sessionmaker(
            self.async_engine, sync_session_class=ScopedSession, expire_on_commit=False
        )
        # The replica's sessions are the same kind: tenant scope, and the setting that its
        # row-level security reads (the replica's role is the application's, replicated).
        self.replica_engine = self._async_engine(read_url, pooled) if read_url else None
        self._replica_sessions = (
            async_sessionmaker(
                self.replica_engine, sync_session_class=ScopedSession, expire_on_commit=False
            )
            if self.replica_engine is not None
            else None
        )
        # PostgreSQL: the hot reads' pipelined path on the driver's own connections.
        self.direct = (
            Direct(self.url, self.async_engine.dialect, pooled=pooled)
            if self.dialect == "postgresql"
            else None
        )

    @staticmethod
    def _args(url: str, pooled: bool, asynchronous: bool) -> dict[str, Any]:
        args: dict[str, Any] = (
            _engine_args(url, asynchronous=asynchronous) if pooled else {"poolclass": NullPool}
        )
        if not url.startswith("sqlite"):
            # Instants arrive in UTC, the zone UtcDateTime returns them in. In a named zone (a
            # server's default Etc/UTC is one, to the driver) each instant read was converted
            # again in Python: ~100 k of them in a sweep of the 100k bench data.
            args["connect_args"] = {"options": "-c TimeZone=UTC"}
        # A failed statement's message (logged with its traceback) names no bound value: the
        # values come from requests, and may name people.
        return {**args, "hide_parameters": True}

    def _async_engine(self, url: str, pooled: bool) -> AsyncEngine:
        engine = create_async_engine(async_url(url), **self._args(url, pooled, True))
        if engine.dialect.name == "sqlite":
            event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
        read_end.watch(engine.sync_engine)
        return engine

    def replica_session(self, tenant_id: uuid.UUID | None = None) -> AsyncSession | None:
        """A session on the read replica, or None when there is none."""
        if self._replica_sessions is None:
            return None
        s = self._replica_sessions()
        s.sync_session.info[TENANT] = tenant_id
        return s

    def session(self, tenant_id: uuid.UUID | None = None) -> ScopedSession:
        s = self._sessions()
        s.info[TENANT] = tenant_id
        return s

    @contextmanager
    def transaction(self, tenant_id: uuid.UUID | None = None) -> Iterator[ScopedSession]:
        """A session that commits on success and rolls back on any error."""
        with self.session(tenant_id) as s, s.begin():
            yield s

    def async_session(self, tenant_id: uuid.UUID | None = None) -> AsyncSession:
        s = self._async_sessions()
        s.sync_session.info[TENANT] = tenant_id
        return s

    async def dispose(self) -> None:
        if self.direct is not None:
            await self.direct.close()
        await self.async_engine.dispose()
        if self.replica_engine is not None:
            await self.replica_engine.dispose()
        self.engine.dispose()


@cache
def database() -> Database:
    """The application's database (PASHU_DATABASE_URL)."""
    cfg = settings()
    return Database(cfg.database_url, read_url=cfg.read_database_url)


@cache
def admin_database() -> Database:
    """The owner's connection (PASHU_ADMIN_DATABASE_URL), for migrations and the CLI."""
    return Database(settings().admin_url)

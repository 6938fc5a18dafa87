"""Statements on the driver's own connection, pipelined: the hot read path's one round trip.

An ORM session runs a scoped read as five exchanges with the server (the pool's ping,
BEGIN, the tenant setting, the statement, the end of the transaction), each a wait and a
few hundred microseconds of Python. Here psycopg's pipeline mode sends the tenant setting
(db/scoping.py, for row-level security) and the statement together, as one transaction,
and reads the answers once. The statement is the one SQLAlchemy compiles (its compiled
cache, the ORM's tenant criteria added as a session adds them); the connections are a pool
of this path's own, in autocommit mode, so the driver keeps its prepared statements.

A pool belongs to the event loop that opened it (psycopg's pools and connections wait on
their loop), and two loops use this path (app.py): the server's, which answers the direct
paths, and the executor's, where the ordinary path checks tokens. So each loop has its own.

`observers` see every statement, as SQLAlchemy's `before_cursor_execute` does for an
engine (tests count statements with both).
"""

from __future__ import annotations

import asyncio
import re
import uuid
from collections.abc import AsyncIterator, Callable, Mapping, MutableMapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any, cast

import psycopg
from psycopg import AsyncRawCursor, pq
from psycopg.rows import TupleRow
from psycopg_pool import AsyncConnectionPool
from sqlalchemy import Dialect, make_url
from sqlalchemy.sql import Executable
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.util import LRUCache

from pashu.db.scoping import SCOPE, tenant_criteria, with_tenant

# Connections each loop's pool keeps for this path (the ORM's pool has its own).
POOL_MAX = 10
# A named parameter as SQLAlchemy writes it for psycopg, or an escaped percent sign.
_PLACEHOLDER = re.compile(r"%\((\w+)\)s|%%")
# SCOPE with its one parameter numbered, for a raw cursor (no per-call conversion of the text).
_SCOPE = SCOPE.replace("%(tenant)s", "$1")


_Pool = AsyncConnectionPool[psycopg.AsyncConnection[TupleRow]]


def driver_url(url: str) -> str:
    """libpq's form of an SQLAlchemy PostgreSQL URL."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


@dataclass(frozen=True)
class DriverStatement:
    """A statement compiled for the driver: its SQL as SQLAlchemy wrote it (`text`), with
    numbered parameters (`numbered`, their names in order), and the values it was made with."""

    tenant: uuid.UUID
    text: str
    numbered: str
    names: tuple[str, ...]
    params: dict[str, Any]
    # The column types' conversions of values, applied to values replaced per run too.
    processors: Mapping[str, Callable[[Any], Any]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # The values in the order of `names`, picked in one call (a statement of a seizure
        # has ~45): itemgetter gives one name's value bare, so a tuple is made of it.
        pick = itemgetter(*self.names) if self.names else (lambda _: ())
        one = len(self.names) == 1
        ordered = (lambda p: (pick(p),)) if one else pick
        object.__setattr__(self, "ordered", ordered)

    ordered: Callable[[Mapping[str, Any]], tuple[Any, ...]] = field(
        init=False, repr=False, compare=False
    )


class Direct:
    """Scoped reads and writes of compiled SQLAlchemy statements, one round trip each."""

    def __init__(self, url: str, dialect: Dialect, *, pooled: bool = True) -> None:
        self.conninfo = driver_url(url)
        self.dialect = dialect
        self.pooled = pooled
        self.observers: list[Callable[[str], None]] = []
        self._compiled: LRUCache[Any, Any] = LRUCache(200)
        self._numbering: LRUCache[str, tuple[str, tuple[str, ...]]] = LRUCache(200)
        self._kept: LRUCache[Any, DriverStatement] = LRUCache(1000)
        # Each event loop's pool, and the lock that opens it (an asyncio lock is a loop's too).
        self._pools: dict[asyncio.AbstractEventLoop, _Pool] = {}
        self._opening: dict[asyncio.AbstractEventLoop, asyncio.Lock] = {}

    def sql(
        self, statement: Executable, values: Mapping[str, Any]
    ) -> tuple[str, dict[str, Any], dict[str, Any]]:
        """The SQL text and parameters the driver gets for `statement`, as SQLAlchemy's own
        execution makes them: compiled once per shape (its cache key), values per call; and
        the conversions applied to them."""
        found, extracted, collected, _ = statement._compile_w_cache(
            self.dialect,
            compiled_cache=self._compiled,
            column_keys=[],
            for_executemany=False,
            schema_translate_map=None,
        )
        compiled = cast(SQLCompiler, found)
        params: MutableMapping[str, Any] = compiled.construct_params(
            dict(values),
            extracted_parameters=extracted,
            escape_names=False,
            _collected_params=collected,
        )
        processors: dict[str, Any] = dict(compiled._bind_processors)
        text = compiled.string
        if compiled.literal_execute_params or compiled.post_compile_params:
            expanded = compiled._process_parameters_for_postcompile(params)
            text, params = expanded.statement, dict(expanded.parameters)
            processors.update(expanded.processors)
        for key, process in processors.items():
            if key in params:
                params[key] = process(params[key])
        return text, dict(params), processors

    @asynccontextmanager
    async def connection(self) -> AsyncIterator[psycopg.AsyncConnection[TupleRow]]:
        """A connection of this path's pool, for the caller's several `run_all`s (`held`)."""
        if not self.pooled:  # no connection outlives the event loop it was made on (tests)
            conn = await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True)
            try:
                yield conn
            finally:
                await conn.close()
            return
        loop = asyncio.get_running_loop()
        pool = self._pools.get(loop)
        if pool is None:
            async with self._opening.setdefault(loop, asyncio.Lock()):
                pool = self._pools.get(loop)
                if pool is None:
                    pool = AsyncConnectionPool(
                        self.conninfo,
                        min_size=1,
                        max_size=POOL_MAX,
                        kwargs={"autocommit": True},
                        open=False,
                    )
                    await pool.open()
                    self._pools[loop] = pool
        async with pool.connection() as conn:
            yield conn

    def _numbered(self, text: str) -> tuple[str, tuple[str, ...]]:
        """`text` with `$1`… for its `%(name)s` (and `%` for `%%`), and the names in order:
        what psycopg would otherwise work out again per execution for a long statement."""
        kept = self._numbering.get(text)
        if kept is None:
            names: list[str] = []

            def number(m: re.Match[str]) -> str:
                if m.group(1) is None:
                    return "%"
                if m.group(1) not in names:
                    names.append(m.group(1))
                return f"${names.index(m.group(1)) + 1}"

            kept = (_PLACEHOLDER.sub(number, text), tuple(names))
            self._numbering[text] = kept
        return kept

    def compile(
        self,
        tenant: uuid.UUID,
        statement: Executable,
        values: Mapping[str, Any],
        *,
        criteria: bool = True,
    ) -> DriverStatement:
        """`statement` for the driver, with the ORM's tenant criteria for `tenant` (not for
        a textual statement, `criteria=False`, which names its tenant itself)."""
        if criteria:
            statement, values = (
                statement.options(tenant_criteria(tenant)),
                with_tenant(values, tenant),
            )
        text, params, processors = self.sql(statement, values)
        numbered, names = self._numbered(text)
        return DriverStatement(tenant, text, numbered, names, params, processors)

    def kept(self, key: Any, build: Callable[[], DriverStatement]) -> DriverStatement:
        """The statement kept under `key`, built the first time (bounded, least recent
        dropped); the caller replaces its per-request values when it runs it."""
        found = self._kept.get(key)
        if found is None:
            found = self._kept[key] = build()
        return found

    async def run(
        self, statement: DriverStatement, values: Mapping[str, Any] | None = None
    ) -> tuple[Any, ...] | None:
        """`statement` (some of its values replaced by `values`) in one transaction scoped
        to its tenant, committed; its first row."""
        rows = (await self.run_all([(statement, values)]))[0]
        return rows[0] if rows else None

    async def run_all(
        self,
        statements: Sequence[tuple[DriverStatement, Mapping[str, Any] | None]],
        held: psycopg.AsyncConnection[TupleRow] | None = None,
    ) -> list[list[tuple[Any, ...]]]:
        """The statements (each with some values replaced), in order, in one transaction
        scoped to their tenant, committed, in one round trip; the rows of each. Any error
        rolls all of them back. On `held` (from `connection`), or a connection of the pool."""
        tenant = statements[0][0].tenant
        if any(st.tenant != tenant for st, _ in statements):
            raise ValueError("statements of one transaction are scoped to one tenant")
        sent = [(st, self._params(st, values)) for st, values in statements]
        for observe in self.observers:
            observe(SCOPE)
            for st, _ in sent:
                observe(st.text)
        if held is not None:
            return await self._send(held, tenant, sent)
        async with self.connection() as conn:
            return await self._send(conn, tenant, sent)

    @staticmethod
    async def _send(
        conn: psycopg.AsyncConnection[TupleRow],
        tenant: uuid.UUID,
        sent: list[tuple[DriverStatement, tuple[Any, ...]]],
    ) -> list[list[tuple[Any, ...]]]:
        scope, *cursors = _cursors(conn, len(sent) + 1)
        # One transaction: what a pipeline sends before its Sync runs as one implicit
        # transaction (committed at the Sync, rolled back on an error), so the setting
        # holds for the statements and ends with them.
        async with conn.pipeline():
            await scope.execute(_SCOPE, (str(tenant),))
            for cursor, (st, params) in zip(cursors, sent, strict=True):
                await cursor.execute(st.numbered, params)
        # Rows where a statement returned some (`description` would build its columns).
        return [await c.fetchall() if _rows(c) else [] for c in cursors]

    @staticmethod
    def _params(statement: DriverStatement, values: Mapping[str, Any] | None) -> tuple[Any, ...]:
        params = statement.params
        if values:
            if not values.keys() <= params.keys():  # a value not replaced would be stale
                raise KeyError(f"not parameters of the statement: {values.keys() - params.keys()}")
            conversions = statement.processors
            params = {
                **params,
                **{k: conversions[k](v) if k in conversions else v for k, v in values.items()},
            }
        return statement.ordered(params)

    def in_use(self) -> int:
        """Connections checked out of this path's pool (for the metrics)."""
        stats = [pool.get_stats() for pool in list(self._pools.values())]
        return sum(int(s.get("pool_size", 0) - s.get("pool_available", 0)) for s in stats)

    def waiting(self) -> int:
        """Requests waiting for one of its connections."""
        pools = list(self._pools.values())
        return sum(int(pool.get_stats().get("requests_waiting", 0)) for pool in pools)

    async def close(self) -> None:
        """Every loop's pool closed, each on its own loop; a loop no longer running has none
        to close with, and its connections go with it."""
        here = asyncio.get_running_loop()
        pools, self._pools, self._opening = self._pools, {}, {}
        for loop, pool in pools.items():
            if loop is here:
                await pool.close()
            elif loop.is_running():
                await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(pool.close(), loop))


def _cursors(conn: psycopg.AsyncConnection[TupleRow], n: int) -> list[AsyncRawCursor[TupleRow]]:
    """`n` cursors of `conn`, kept on it for its next requests: a cursor keeps the dumpers
    it found for its parameters' types, which a new one would look up again per statement.
    A connection serves one request at a time, so its cursors do too; they go with it."""
    kept: list[AsyncRawCursor[TupleRow]] = conn.__dict__.setdefault("_pashu_cursors", [])
    kept.extend(AsyncRawCursor(conn) for _ in range(n - len(kept)))
    return kept[:n]


def _rows(cursor: AsyncRawCursor[TupleRow]) -> bool:
    result = cursor.pgresult
    return result is not None and result.status == pq.ExecStatus.TUPLES_OK

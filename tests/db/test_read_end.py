"""How a request's transaction ends (db/read_end.py): one that only read in COMMIT, so the
driver keeps the statements it prepared and PostgreSQL stops parsing and planning them on
every request; one that wrote, or may have, as before: undone unless committed on purpose.

The writes here revoke the tenant's token: a table the application's role may change."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime
from typing import Any

import pytest
import sqlalchemy as sa
from sqlalchemy import func, select, update
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session

from pashu.db.engine import Database
from pashu.db.tenancy import ApiToken
from pashu.schema.context import Context
from pashu.services.tenancy.tenants import Principal, authenticate
from tests.conftest import Databases, make_tenant

REVOKE = update(ApiToken).values(revoked_at=datetime(2026, 1, 1, tzinfo=UTC))
TOKENS = select(ApiToken.revoked_at).order_by(ApiToken.id)


def _department(dbs: Databases) -> Principal:
    t = make_tenant(dbs, "mizoram")
    with dbs.app.transaction(t.id) as s:
        return authenticate(s, t.token)


def _revoked(dbs: Databases, who: Principal) -> bool:
    with dbs.app.transaction(who.tenant_id) as s:
        return any(s.scalars(TOKENS))


async def _read_then_close(db: Database, who: Principal, read: Callable[[Session], Any]) -> None:
    ctx = Context(None, db, principal=who)
    try:
        await ctx.read(read)
    finally:
        await ctx.close()


def _revoke(s: Session) -> None:
    s.execute(REVOKE)


def _revoke_in_text(s: Session) -> None:
    s.execute(sa.text("UPDATE api_tokens SET revoked_at = CURRENT_TIMESTAMP"))


def _revoke_by_flush(s: Session) -> None:
    for token in s.scalars(select(ApiToken)):
        token.revoked_at = datetime(2026, 1, 1, tzinfo=UTC)
    s.flush()


@pytest.mark.parametrize("write", [_revoke, _revoke_in_text, _revoke_by_flush])
async def test_a_write_made_in_a_read_is_undone_at_the_end(
    dbs: Databases, write: Callable[[Session], None]
) -> None:
    who = _department(dbs)
    await _read_then_close(dbs.app, who, write)
    assert not _revoked(dbs, who)


@pytest.mark.postgres
async def test_a_select_whose_cte_writes_is_undone_at_the_end(pg: Databases) -> None:
    who = _department(pg)
    revoked = REVOKE.returning(ApiToken.id).cte("revoked")
    await _read_then_close(pg.app, who, lambda s: s.execute(select(revoked.c.id)).all())
    assert not _revoked(pg, who)


async def test_a_held_requests_writes_are_undone_when_it_ends_uncommitted(
    dbs: Databases,
) -> None:
    who = _department(dbs)
    ctx = Context(None, dbs.app, principal=who)
    await ctx.hold(_revoke)
    await ctx.read(lambda s: s.scalars(TOKENS).all())  # only reads since
    await ctx.close()
    assert not _revoked(dbs, who)


async def test_a_failed_read_ends_its_transaction(dbs: Databases) -> None:
    who = _department(dbs)
    missing = sa.table("no_such_table", sa.column("x"))
    with pytest.raises(DBAPIError):
        await _read_then_close(dbs.app, who, lambda s: s.execute(select(missing.c.x)))
    await _read_then_close(dbs.app, who, lambda s: s.scalars(TOKENS).all())
    assert not _revoked(dbs, who)


def _sleeping(pg: Databases) -> bool:
    with pg.admin.engine.connect() as c:
        found = c.exec_driver_sql(
            "SELECT count(*) FROM pg_stat_activity"
            " WHERE state = 'active' AND query LIKE '%%pg_sleep%%' AND pid <> pg_backend_pid()"
        )
        return bool(found.scalar())


@pytest.mark.postgres
async def test_a_read_cancelled_in_the_middle_of_its_statement_ends_without_an_error(
    pg: Databases,
) -> None:
    """As graphql-core cancels a failed field's siblings: the statement never comes back,
    the connection is in no state to commit, and the request's end must not fail for it
    (nor hide the error the request answers with)."""
    who = _department(pg)
    ctx = Context(None, pg.app, principal=who)
    read = asyncio.ensure_future(ctx.read(lambda s: s.execute(select(func.pg_sleep(5)))))
    deadline = time.monotonic() + 10
    while not _sleeping(pg):  # the statement is running on the server
        assert time.monotonic() < deadline, "the statement never started"
        await asyncio.sleep(0.01)
    read.cancel()
    with pytest.raises(asyncio.CancelledError):
        await read
    await ctx.close()
    await _read_then_close(pg.app, who, lambda s: s.scalars(TOKENS).all())
    assert not _revoked(pg, who)


async def test_a_write_committed_on_purpose_stands_and_the_reads_after_it_end(
    dbs: Databases,
) -> None:
    who = _department(dbs)
    ctx = Context(None, dbs.app, principal=who)
    await ctx.write(_revoke)
    assert all(await ctx.read(lambda s: s.scalars(TOKENS).all()))
    await ctx.close()
    assert _revoked(dbs, who)


@pytest.fixture
async def pooled(pg: Databases) -> AsyncIterator[Database]:
    """The application's database with its pool, as a server runs it: connections outlive
    a request, and with them the statements the driver prepared."""
    db = Database(pg.app.url, pooled=True)
    yield db
    await db.dispose()


async def _prepared(db: Database) -> list[str]:
    async with db.async_engine.connect() as c:
        found = await c.exec_driver_sql("SELECT statement FROM pg_prepared_statements")
        return list(found.scalars())


def _read_tokens(s: Session) -> None:
    s.scalars(TOKENS).all()


def _is_tokens(sql: str) -> bool:
    return "FROM api_tokens" in sql and "ORDER BY api_tokens.id" in sql


@pytest.mark.postgres
async def test_a_read_asked_again_is_prepared_and_stays_prepared(
    pg: Databases, pooled: Database
) -> None:
    who = _department(pg)
    # psycopg prepares a statement on its sixth execution on a connection; the requests
    # come one after another, so the pool's one connection serves them all.
    for _ in range(7):
        await _read_then_close(pooled, who, _read_tokens)
    assert any(_is_tokens(s) for s in await _prepared(pooled))


@pytest.mark.postgres
async def test_after_a_request_that_wrote_nothing_stays_prepared(
    pg: Databases, pooled: Database
) -> None:
    """The other side, as psycopg has it: a ROLLBACK forgets every prepared statement (what
    the transaction dropped may be what one names), so only reads keep them."""
    who = _department(pg)
    for _ in range(7):
        await _read_then_close(pooled, who, _read_tokens)
    await _read_then_close(pooled, who, _revoke)
    await _read_then_close(pooled, who, _read_tokens)  # the driver deallocates them first
    assert not any(_is_tokens(s) for s in await _prepared(pooled))
    assert not _revoked(pg, who)

"""A request's transaction that only read ends in COMMIT, so the driver keeps the statements
it prepared; any other ends as before, in ROLLBACK.

psycopg prepares a statement on its sixth execution on a connection, then sends only its
name and parameters, and PostgreSQL neither parses nor plans it again. A ROLLBACK makes
psycopg forget every statement the connection prepared (it cannot know whether the
transaction dropped what they refer to), and a session closed after a query ends its
transaction so: the case page's statements were parsed and planned afresh on every request
and never prepared (issue #36). A transaction that wrote nothing ends the same in COMMIT as
in ROLLBACK; which one only read is decided here from the statements the connection ran in
it, never from what the caller meant: a SELECT compiled by SQLAlchemy (its CTEs SELECTs too),
or the tenant setting (db/scoping.py, local to the transaction). A SELECT's functions leave
nothing that COMMIT keeps and ROLLBACK would undo: the platform's set only settings and
locks local to the transaction, and a sequence's `nextval` is undone by neither. Anything
else (DML, text SQL, a failed statement) makes the transaction one that may have written,
ended as before; a connection invalidated under it (a statement cancelled in flight, as
graphql-core cancels a failed field's siblings) is left to the session's close, which
discards it.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import CompoundSelect, Engine, Select, event
from sqlalchemy.engine import Connection, ExceptionContext
from sqlalchemy.ext.asyncio import AsyncSession

from pashu.db.scoping import SCOPE

# In the connection's `info` (kept by the pool with the driver's connection) from the
# transaction's BEGIN: set when a statement was run that is not known to only read.
_MAY_HAVE_WRITTEN = "pashu_may_have_written"
_READS = (Select, CompoundSelect)


def _begun(conn: Connection) -> None:
    conn.info[_MAY_HAVE_WRITTEN] = False


def _reads_only(context: Any, statement: str) -> bool:
    compiled = getattr(context, "compiled", None)
    if compiled is None:
        return statement == SCOPE
    if context.isinsert or context.isupdate or context.isdelete:
        return False
    if not isinstance(compiled.statement, _READS):
        return False
    return all(isinstance(cte.element, _READS) for cte in compiled.ctes or ())


def _executing(
    conn: Connection, _cursor: Any, statement: str, _params: Any, context: Any, _many: bool
) -> None:
    if not _reads_only(context, statement):
        conn.info[_MAY_HAVE_WRITTEN] = True


def _failed(context: ExceptionContext) -> None:
    conn = context.connection
    # An invalidated connection is never committed (`end`), and its `info` is out of reach:
    # asking for it would raise in place of the error being handled.
    if conn is not None and not conn.invalidated:
        conn.info[_MAY_HAVE_WRITTEN] = True


def watch(engine: Engine) -> None:
    """Note, on each of `engine`'s connections, whether its transaction ran only reads."""
    event.listen(engine, "begin", _begun)
    event.listen(engine, "before_cursor_execute", _executing)
    event.listen(engine, "handle_error", _failed)


async def end(session: AsyncSession) -> None:
    """Commit `session`'s transaction if it only read (on an engine `watch`ed); else leave
    it to the session's close, which rolls it back."""
    if not session.in_transaction():
        return
    transaction = session.sync_session.get_transaction()
    if transaction is None or not transaction.is_active:
        return
    connection = await session.connection()
    if connection.invalidated:
        return
    if connection.info.get(_MAY_HAVE_WRITTEN, True) is False:
        await session.commit()

"""The token check in one round trip (PostgreSQL): the tenant setting and the check pipelined
on the driver's own connections (db/direct.py), as the compiled queries check it.

Through an ORM session the check took the pool's ping, BEGIN, the setting and the query,
each a wait and a few hundred microseconds of Python, before the operation's own work. The
query is `authenticate`'s (`services/tenancy/tenants.principal_check`), scoped to the tenant
the token names by both walls (the ORM's criteria compiled into it, row-level security by the
setting); a revoked or expired token is refused on the very next request. Its use is
recorded as `authenticate` records it (at most once a minute, a second short pipeline).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from psycopg import AsyncConnection
from psycopg.rows import TupleRow
from sqlalchemy import select
from starlette.requests import Request

from pashu.core.errors import Unauthenticated
from pashu.db.direct import Direct, DriverStatement
from pashu.services.tenancy.tenants import (
    Principal,
    check_params,
    principal_check,
    principal_of,
    record_use,
    tenant_of_token,
    use_recorded,
)

_CHECK = select(principal_check("principal"))


@dataclass(frozen=True)
class Checked:
    """The caller, the rows of the reads sent with the check, and the statement recording
    the token's use when it is due (for the caller to send with its next statements)."""

    who: Principal
    rows: list[list[tuple[Any, ...]]]
    use: DriverStatement | None
    # When the token's use stands recorded once `use` (if any) is committed.
    last_used: datetime


# A check a fast path made of a request's token before it stepped aside (the check's
# outcome: the caller, or the refusal), kept in the request's state for the ordinary path.
_KEPT = "pashu_token_checked"


def keep(request: Request, token: str, outcome: Checked | Unauthenticated) -> None:
    """Leave the check of `token` a fast path made (and then answered nothing) to the
    ordinary path's `authenticate`, so a request's token is checked once (issue #36: the
    direct seizure that fell back had it checked twice). Its use, if due, is recorded then."""
    setattr(request.state, _KEPT, (token, outcome))


def kept(request: Request | None, token: str) -> Checked | Unauthenticated | None:
    """The check `keep` left for this request's `token`, once: None if there is none."""
    if request is None:
        return None
    found = getattr(request.state, _KEPT, None)
    if found is None or found[0] != token:
        return None
    delattr(request.state, _KEPT)
    outcome: Checked | Unauthenticated = found[1]
    return outcome


async def authenticate(
    direct: Direct, token: str, known: Checked | Unauthenticated | None = None
) -> Principal:
    """The caller `token` names, or Unauthenticated (as `tenants.authenticate`); `known`, the
    check this request made already (`kept`), is not made again."""
    if isinstance(known, Unauthenticated):
        raise known
    checked = known if known is not None else await authenticate_with(direct, token, [])
    if checked.use is not None:
        await direct.run(checked.use)
    return checked.who


async def authenticate_with(
    direct: Direct,
    token: str,
    reads: Sequence[tuple[DriverStatement, Mapping[str, Any] | None]],
    held: AsyncConnection[TupleRow] | None = None,
) -> Checked:
    """The token check with `reads` (statements of the tenant the token names) in the same
    round trip (on `held`, if given: Direct.run_all); their rows are the caller's only once
    the token is found good."""
    tenant = tenant_of_token(token)
    now = datetime.now(UTC)
    values = check_params(token, now)
    # Compiled once per tenant (the criteria's value is the tenant's id); the token's hash
    # and the instant are each request's own.
    made = direct.kept(("token check", tenant), lambda: direct.compile(tenant, _CHECK, values))
    found, *rows = await direct.run_all([(made, values), *reads], held)
    if not found:
        raise Unauthenticated("the token is unknown, revoked or expired")
    who, used = principal_of(found[0], now)
    use = direct.compile(tenant, record_use(used, now), {}) if used is not None else None
    return Checked(who, rows, use, use_recorded(found[0], now))

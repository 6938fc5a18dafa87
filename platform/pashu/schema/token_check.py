"""The token check in one round trip (PostgreSQL): the tenant setting and the check pipelined
on the driver's own connections (db/direct.py), as the compiled queries check it.

Through an ORM session the check took the pool's ping, BEGIN, the setting and the query,
each a wait and a few hundred microseconds of Python, before the operation's own work. The
query is `authenticate`'s (`services/tenants.principal_check`), scoped to the tenant the
token names by both walls (the ORM's criteria compiled into it, row-level security by the
setting); a revoked or expired token is refused on the very next request. Its use is
recorded as `authenticate` records it (at most once a minute, a second short pipeline).
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import select

from pashu.core.errors import Unauthenticated
from pashu.db.direct import Direct
from pashu.services.tenants import (
    Principal,
    check_params,
    principal_check,
    principal_of,
    record_use,
    tenant_of_token,
)

_CHECK = select(principal_check("principal"))


async def authenticate(direct: Direct, token: str) -> Principal:
    """The caller `token` names, or Unauthenticated (as `tenants.authenticate`)."""
    tenant = tenant_of_token(token)
    now = datetime.now(UTC)
    values = check_params(token, now)
    # Compiled once per tenant (the criteria's value is the tenant's id); the token's hash
    # and the instant are each request's own.
    made = direct.kept(("token check", tenant), lambda: direct.compile(tenant, _CHECK, values))
    row = await direct.run(made, values)
    if row is None:
        raise Unauthenticated("the token is unknown, revoked or expired")
    who, used = principal_of(row, now)
    if used is not None:
        await direct.run(direct.compile(tenant, record_use(used, now), {}))
    return who

"""`Idempotency-Key` on a POST to /graphql: the first answer is kept, and a retry with the
same key (same user, same body) gets it again without running anything (services/
idempotency.py). Without the header a request runs as always. A key claimed by a request
that never answered (its process died) is taken over by a retry once `PASHU_IDEMPOTENCY_CLAIM_
SECONDS` have passed; answered keys are kept `PASHU_IDEMPOTENCY_RETENTION_HOURS`."""

from __future__ import annotations

import uuid
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy.orm import Session
from starlette.requests import Request
from starlette.responses import Response

from pashu.body_limit import error_body
from pashu.core.errors import PashuError
from pashu.db.engine import Database
from pashu.schema.context import bearer, build_context
from pashu.services.tenancy import idempotency

HEADER = "idempotency-key"


async def _commit(db: Database, tenant: uuid.UUID, fn: Callable[[Session], Any]) -> None:
    session = db.async_session(tenant)
    try:
        await session.run_sync(fn)
        await session.commit()
    finally:
        await session.close()


async def idempotent(
    request: Request,
    db: Database,
    lifetimes: idempotency.Lifetimes,
    run: Callable[[], Awaitable[Any]],
) -> Any:
    key = request.headers.get(HEADER)
    token = bearer(request)
    if key is None or request.method != "POST" or token is None:
        return await run()
    body = await request.body()
    ctx = await build_context(request, db, token)
    try:
        who = ctx.principal
        if who is None:
            return await run()  # the ordinary path refuses the token, with its code
        idempotency.check_key(key)
        digest = idempotency.fingerprint(body)
        kept = await ctx.write(lambda s: idempotency.claim(s, who, key, digest, lifetimes))
    except PashuError as err:
        status = 409 if err.code == "CONFLICT" else 400
        return Response(error_body(err.message, err.code), status, media_type="application/json")
    finally:
        await ctx.close()
    if kept is not None:
        return Response(
            kept.answer,
            kept.status,
            media_type="application/json",
            headers={"Idempotent-Replayed": "true"},
        )
    try:
        response = await run()
    except BaseException:
        await _commit(db, who.tenant_id, lambda s: idempotency.release(s, key))
        raise
    answer = bytes(getattr(response, "body", b""))
    if getattr(response, "status_code", 0) == 200 and answer:
        text = answer.decode()
        await _commit(db, who.tenant_id, lambda s: idempotency.keep(s, key, 200, text))
    else:
        await _commit(db, who.tenant_id, lambda s: idempotency.release(s, key))
    return response

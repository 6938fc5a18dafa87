"""`Idempotency-Key` on a POST to /graphql: the first answer is kept, and a retry with the
same key (same user, same body) gets it again without running anything (services/
idempotency.py). Without the header a request runs as always.

The key, the request's fingerprint, what the request writes and its answer are committed in
one transaction, at the end: the key is claimed first (a row the transaction holds, so a second
request with the key waits for the first and then gets its answer), each write is a savepoint
(schema/context.py), and the answer is written beside them. A process that dies at any point
leaves either all of it or none: a retry then replays the answer or runs afresh, and the work is
never done twice. A request refused before it ran (an invalid document, a refusal that wrote
nothing) keeps nothing, so a corrected request may use the same key.

A key answered by an earlier version of this module may stand claimed without an answer; a
retry takes it over once `PASHU_IDEMPOTENCY_CLAIM_SECONDS` have passed. Answered keys are kept
`PASHU_IDEMPOTENCY_RETENTION_HOURS`."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy.exc import DBAPIError
from starlette.requests import Request
from starlette.responses import Response

from pashu.body_limit import error_body
from pashu.core.errors import PashuError
from pashu.db.engine import Database
from pashu.schema.context import Context, bearer, build_context
from pashu.services.tenancy import idempotency

HEADER = "idempotency-key"


def _refused_before_it_ran(ctx: Context, status: int, answer: bytes) -> bool:
    """Not kept: an answer other than 200, or errors with nothing written."""
    if status != 200 or not answer:
        return True
    if ctx.writes or b'"errors"' not in answer:
        return False
    try:
        return bool(json.loads(answer).get("errors"))
    except ValueError:
        return True


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
    # The request runs on this context (GraphQLApp.get_context): its session holds the key.
    request.state.pashu_context = ctx
    who = ctx.principal
    if who is None:
        return await run()  # the ordinary path refuses the token, with its code
    try:
        idempotency.check_key(key)
        digest = idempotency.fingerprint(body)
        kept = await ctx.hold(lambda s: idempotency.claim(s, who, key, digest, lifetimes))
    except PashuError as err:
        await ctx.rollback()
        status = 409 if err.code == "CONFLICT" else 400
        return Response(error_body(err.message, err.code), status, media_type="application/json")
    if kept is not None:
        await ctx.rollback()
        return Response(
            kept.answer,
            kept.status,
            media_type="application/json",
            headers={"Idempotent-Replayed": "true"},
        )
    try:
        response = await run()
    except BaseException:
        await ctx.rollback()
        raise
    answer = bytes(getattr(response, "body", b""))
    status = getattr(response, "status_code", 0)
    if _refused_before_it_ran(ctx, status, answer):
        await ctx.rollback()  # nothing was done: the key stays free for a corrected request
        return response
    text = answer.decode()
    try:
        await ctx.commit(lambda s: idempotency.keep(s, key, status, text))
    except DBAPIError:
        # Not committed, so nothing of it stands: the client may retry with the same key.
        return Response(
            error_body("the request could not be committed; nothing was done: retry", "CONFLICT"),
            409,
            media_type="application/json",
        )
    return response

"""Idempotency keys that expire: a key claimed by a request whose process died before it
answered is taken over by a retry once the claim is stale (and by one retry only); a fresh
claim still refuses the retry; answered keys older than the retention are purged."""

from __future__ import annotations

import json
import threading
import time
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import select, text

from pashu.config import Settings
from pashu.core.errors import Conflict
from pashu.db.tenancy import IdempotentRequest
from pashu.services.tenancy import idempotency
from pashu.services.tenancy.tenants import authenticate
from tests.conftest import Databases, GraphQLClient, TenantFixture, make_tenant
from tests.schema.impoundment_helpers import SEIZE, department, seizure
from tests.schema.test_idempotency import _cases, _post

DEFAULTS = Settings(env="test")
CLAIM = timedelta(seconds=DEFAULTS.idempotency_claim_seconds)
RETENTION = timedelta(hours=DEFAULTS.idempotency_retention_hours)
LIFETIMES = idempotency.Lifetimes(claim=CLAIM, retention=RETENTION)


def _claimed(
    dbs: Databases,
    t: TenantFixture,
    key: str,
    body: bytes,
    ago: timedelta,
    answer: str | None = None,
) -> None:
    """A key claimed `ago` (by the tenant's token's user), answered or not."""
    with dbs.admin.transaction(t.id) as s:
        who = authenticate(s, t.token)
        s.add(
            IdempotentRequest(
                tenant_id=t.id,
                key=key,
                user_id=who.user_id,
                request_hash=idempotency.fingerprint(body),
                status=None if answer is None else 200,
                answer=answer,
                created_at=datetime.now(UTC) - ago,
            )
        )


def _keys(dbs: Databases, t: TenantFixture) -> set[str]:
    with dbs.admin.transaction(t.id) as s:
        return set(s.scalars(select(IdempotentRequest.key)))


def _body(pound: str) -> dict[str, Any]:
    return {"query": SEIZE, "variables": {"input": seizure(pound)}}


async def test_a_claim_left_unanswered_past_its_lifetime_is_taken_over_by_a_retry(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    body = _body(pound)
    _claimed(dbs, t, "died-1", json.dumps(body).encode(), CLAIM + timedelta(seconds=5))
    retry = await _post(gql.http, t.token, "died-1", body)
    assert retry.status_code == 200 and "errors" not in retry.json()
    assert "idempotent-replayed" not in retry.headers
    assert await _cases(gql, t.token) == 1
    # Its answer is now the key's: a further retry is replayed, not run.
    again = await _post(gql.http, t.token, "died-1", body)
    assert again.headers["idempotent-replayed"] == "true" and again.json() == retry.json()
    assert await _cases(gql, t.token) == 1


async def test_a_fresh_claim_still_refuses_a_retry(dbs: Databases, gql: GraphQLClient) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    body = _body(pound)
    _claimed(dbs, t, "running-1", json.dumps(body).encode(), CLAIM - timedelta(seconds=30))
    r = await _post(gql.http, t.token, "running-1", body)
    assert r.status_code == 409
    assert r.json()["errors"][0]["extensions"]["code"] == "CONFLICT"
    assert await _cases(gql, t.token) == 0


async def test_a_stale_claim_of_another_request_is_not_taken_over(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    other = json.dumps(_body(pound) | {"operationName": None}).encode()
    _claimed(dbs, t, "died-2", other, CLAIM + timedelta(minutes=1))
    r = await _post(gql.http, t.token, "died-2", _body(pound))
    assert r.status_code == 409
    assert await _cases(gql, t.token) == 0


async def test_answered_keys_past_their_retention_are_purged(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    _claimed(dbs, t, "old", b"{}", RETENTION + timedelta(minutes=1), answer='{"data": {}}')
    _claimed(dbs, t, "recent", b"{}", RETENTION - timedelta(hours=1), answer='{"data": {}}')
    other = make_tenant(dbs, "nagaland")
    _claimed(dbs, other, "theirs", b"{}", RETENTION + timedelta(minutes=1), answer="{}")
    r = await _post(gql.http, t.token, "new", _body(pound))
    assert r.status_code == 200
    assert _keys(dbs, t) == {"recent", "new"}
    assert _keys(dbs, other) == {"theirs"}  # purged when that tenant next claims a key


def _waiting_for_a_lock(dbs: Databases) -> bool:
    with dbs.admin.engine.connect() as c:
        return bool(c.scalar(text("SELECT count(*) FROM pg_locks WHERE NOT granted")))


@pytest.mark.postgres
def test_of_two_retries_at_once_only_one_takes_a_stale_claim_over(pg: Databases) -> None:
    t = make_tenant(pg, "nagaland")
    body = b'{"query": "mutation { x }"}'
    digest = idempotency.fingerprint(body)
    _claimed(pg, t, "died-3", body, CLAIM + timedelta(minutes=1))
    with pg.app.transaction(t.id) as s:
        who = authenticate(s, t.token)  # before: the claims below are all that can wait
    second: list[object] = []

    def retry() -> None:
        try:
            with pg.app.transaction(t.id) as s:
                second.append(idempotency.claim(s, who, "died-3", digest, LIFETIMES))
        except Conflict as err:
            second.append(err)

    with pg.app.transaction(t.id) as s:
        # The first retry takes the claim over and, until it commits, holds it.
        assert idempotency.claim(s, who, "died-3", digest, LIFETIMES) is None
        other = threading.Thread(target=retry)
        other.start()
        deadline = time.monotonic() + 30
        while not _waiting_for_a_lock(pg):
            assert time.monotonic() < deadline, "the second retry never reached the claim"
            time.sleep(0.05)
    other.join(30)
    assert len(second) == 1 and isinstance(second[0], Conflict)

"""Idempotency that survives a crash (issue #34, item 2): the API process is killed (`kill -9`)
in the middle of a burst of keyed recordSeizure calls, restarted with a claim window of zero
(so every retry comes after it), and every key is retried. Each key made exactly one case;
a key whose answer the client had before the crash replays it; every retry of a retry
replays the first answer to come back."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import text

from tests.conftest import Databases, GraphQLClient
from tests.live_server import LiveServer
from tests.schema.impoundment_helpers import SEIZE, department, seizure

KEYS = 64  # the burst; about a quarter answered before the kill
KILL_AFTER = 16
AT_ONCE = 8


def _body(pound: str, key: str) -> bytes:
    # The place names the key, so the cases each key made can be counted in the register.
    return json.dumps(
        {"query": SEIZE, "variables": {"input": seizure(pound, place=f"burst {key}")}}
    ).encode()


async def _send(http: httpx.AsyncClient, token: str, key: str, body: bytes) -> httpx.Response:
    headers = {
        "authorization": f"Bearer {token}",
        "content-type": "application/json",
        "idempotency-key": key,
    }
    return await http.post("/graphql", content=body, headers=headers)


async def _burst(
    server: LiveServer, token: str, bodies: dict[str, bytes]
) -> dict[str, dict[str, Any]]:
    """Send every key, AT_ONCE at a time; once KILL_AFTER answers are in, kill the server.
    The answers the client got before it died, by key."""
    answered: dict[str, dict[str, Any]] = {}
    enough = asyncio.Event()
    gate = asyncio.Semaphore(AT_ONCE)

    async def one(http: httpx.AsyncClient, key: str) -> None:
        async with gate:
            if enough.is_set():
                return
            try:
                r = await _send(http, token, key, bodies[key])
            except httpx.HTTPError:
                return  # the server died under it: the client never learnt the answer
            assert r.status_code == 200, r.text
            answered[key] = r.json()
            if len(answered) >= KILL_AFTER:
                enough.set()

    async with httpx.AsyncClient(base_url=server.url, timeout=60) as http:
        tasks = [asyncio.create_task(one(http, key)) for key in bodies]
        await enough.wait()
        server.kill()  # mid-burst: AT_ONCE requests are in flight
        await asyncio.gather(*tasks)
    return answered


async def _retry_all(
    server: LiveServer, token: str, bodies: dict[str, bytes]
) -> dict[str, httpx.Response]:
    gate = asyncio.Semaphore(AT_ONCE)
    async with httpx.AsyncClient(base_url=server.url, timeout=60) as http:

        async def one(key: str) -> tuple[str, httpx.Response]:
            async with gate:
                return key, await _send(http, token, key, bodies[key])

        return dict(await asyncio.gather(*(one(k) for k in bodies)))


def _cases_by_key(dbs: Databases, tenant: Any) -> dict[str, int]:
    with dbs.admin.transaction(tenant) as s:
        rows = s.execute(
            text(
                "SELECT place, count(*) FROM impoundments "
                "WHERE tenant_id = :t AND place LIKE 'burst %' GROUP BY place"
            ),
            {"t": tenant if dbs.dialect == "postgresql" else tenant.hex},
        )
        return {place.removeprefix("burst "): n for place, n in rows}


async def test_a_crash_mid_burst_leaves_each_key_one_case_and_its_first_answer(
    dbs: Databases, gql: GraphQLClient, tmp_path: Path
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    bodies = {f"crash-{i:03d}": _body(pound, f"crash-{i:03d}") for i in range(KEYS)}
    log = tmp_path / "server.log"
    first = LiveServer(dbs, log).start()
    try:
        before = await _burst(first, t.token, bodies)
    finally:
        first.stop()
    assert KILL_AFTER <= len(before) < KEYS, "the kill did not land mid-burst"

    again = LiveServer(dbs, log, PASHU_IDEMPOTENCY_CLAIM_SECONDS="0").start()
    try:
        retried = await _retry_all(again, t.token, bodies)
        replayed = await _retry_all(again, t.token, bodies)
    finally:
        again.stop()

    for key, r in retried.items():
        assert r.status_code == 200 and "errors" not in r.json(), (key, r.text)
        if key in before:  # the client had the answer: the retry is that answer, not a rerun
            assert r.headers.get("idempotent-replayed") == "true", key
            assert r.json() == before[key], key
        # Every retry of a retry replays the first answer that came back.
        assert replayed[key].headers.get("idempotent-replayed") == "true", key
        assert replayed[key].json() == r.json(), key
    cases = _cases_by_key(dbs, t.id)
    assert cases == dict.fromkeys(bodies, 1), {k: n for k, n in cases.items() if n != 1}
    # Each case is the one its key's answer names.
    assert len({r.json()["data"]["recordSeizure"]["id"] for r in retried.values()}) == KEYS

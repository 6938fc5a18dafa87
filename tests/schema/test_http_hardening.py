"""The HTTP surface under abuse: no body or variables answer 500, a body past the limit is
refused with 413, memory stays flat under ever new documents, and a `prod` server does
not start on the development secret key (the probes of issue #19)."""

from __future__ import annotations

import gc
import os
import uuid
from collections.abc import AsyncIterator

import httpx
import pytest

from pashu.app import create_app
from pashu.config import InsecureSettings, Settings
from tests.conftest import Databases, client


def _rss() -> int:
    """The test process's resident memory in bytes (the app runs in it)."""
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


@pytest.mark.parametrize(
    ("body", "kind"),
    [
        (b'{"query": "{ jurisdictions { code } }"\xff\xfe}', "application/json"),
        (b"\xc3\x28", "application/json"),
        (b"not json", "application/json"),
        (b'{"query": "{ jurisdictions { code } }", "variables": [1, 2]}', "application/json"),
        (b'{"query": 12}', "application/json"),
        (b"[]", "application/json"),
        (b"null", "application/json"),
        (b"[" * 100_000 + b"]" * 100_000, "application/json"),
        (b"12", "application/json"),
        (b"query=x", "text/plain"),
    ],
)
async def test_a_malformed_body_answers_400_with_a_code(
    dbs: Databases, body: bytes, kind: str
) -> None:
    async with client(dbs.app) as http:
        r = await http.post("/graphql", content=body, headers={"content-type": kind})
    assert r.status_code == 400, r.text
    assert r.json()["errors"][0]["extensions"]["code"] == "BAD_REQUEST"


async def _chunks(body: bytes) -> AsyncIterator[bytes]:
    for i in range(0, len(body), 4000):
        yield body[i : i + 4000]


async def test_a_body_past_the_limit_is_refused_with_413(dbs: Databases) -> None:
    cfg = Settings(env="test", max_body_bytes=10_000)
    big = b'{"query": "{ jurisdictions { code } }", "pad": "' + b"x" * 20_000 + b'"}'
    async with client(dbs.app, cfg) as http:
        declared = await http.post("/graphql", content=big)
        streamed = await http.post("/graphql", content=_chunks(big))  # no Content-Length
        small = await http.post("/graphql", json={"query": "{ jurisdictions { code } }"})
    for r in (declared, streamed):
        assert r.status_code == 413
        assert r.json()["errors"][0]["extensions"]["code"] == "TOO_LARGE"
    assert small.status_code == 200 and small.json()["data"]["jurisdictions"]


async def test_memory_stays_flat_under_ever_new_large_documents(dbs: Databases) -> None:
    """Each document is new (the caches cannot answer it) and near the body limit; the
    caches keep a bounded number of bytes (here 8 MB, filled by the first documents), so
    the process does not grow with the 72 MB sent after (kept, they would take twice that)."""

    async def send(http: httpx.AsyncClient, n: int) -> None:
        for _ in range(n):
            pad = uuid.uuid4().hex * 28_000  # 900 kB of text in one literal
            q = '{ classifyAnimal(species: "' + pad + '") { isCattle } }'
            r = await http.post("/graphql", json={"query": q})
            assert r.status_code == 200
            assert r.json()["errors"][0]["extensions"]["code"] == "VALIDATION"

    # As a served process does once started (allocator.frozen_after_startup): what the
    # process held before is out of the collector's view, so each large request's full
    # collection walks what requests made, not the whole suite's heap.
    gc.collect()
    gc.freeze()
    try:
        async with client(dbs.app, Settings(env="test", cache_bytes=8_000_000)) as http:
            await send(http, 20)  # the caches fill up to their bounds
            before = _rss()
            await send(http, 80)
            grown = _rss() - before
    finally:
        gc.unfreeze()
    assert grown < 50_000_000, f"grew {grown / 1e6:.0f} MB over 80 documents of 900 kB"


def test_a_prod_server_refuses_the_development_secret_key(dbs: Databases) -> None:
    with pytest.raises(InsecureSettings, match="PASHU_SECRET_KEY"):
        create_app(dbs.app, Settings(env="prod"))
    create_app(dbs.app, Settings(env="prod", secret_key="a-real-secret-" + "k" * 32))


async def test_readyz_reports_the_broker_when_one_is_configured(dbs: Databases) -> None:
    up = Settings(env="test", broker_url="redis://127.0.0.1:6379/13")
    down = Settings(env="test", broker_url="redis://127.0.0.1:1/0")  # nothing listens there
    async with client(dbs.app, up) as http:
        ok = await http.get("/readyz")
    async with client(dbs.app, down) as http:
        gone = await http.get("/readyz")
    assert ok.status_code == 200 and ok.json() == {"ready": True, "database": "ok", "broker": "ok"}
    assert gone.status_code == 503
    assert gone.json()["ready"] is False and gone.json()["database"] == "ok"
    assert gone.json()["broker"] != "ok"


@pytest.mark.parametrize(
    "query",
    [
        "{ viewer { ...F } }",  # a fragment never defined
        "{ jurisdictions { ...F } }",
        "query { ...A } fragment A on Query { ...B } fragment B on Query { ...A }",  # a cycle
        "{ jurisdictions { code ...on Nope { x } } }",  # a type that does not exist
    ],
)
async def test_an_invalid_document_is_refused_with_the_specifications_reason_and_a_code(
    dbs: Databases, query: str
) -> None:
    """The specification's rules judge a document before the depth and cost limits, which
    assume a valid one (strawberry's depth limiter raised KeyError on an unknown fragment:
    a bare message, no code)."""
    async with client(dbs.app) as http:
        r = await http.post("/graphql", json={"query": query})
    assert r.status_code == 200
    errors = r.json()["errors"]
    assert errors and all(e["extensions"]["code"] == "VALIDATION" for e in errors), errors
    assert all("'" in e["message"] for e in errors), errors  # the fragment or type named

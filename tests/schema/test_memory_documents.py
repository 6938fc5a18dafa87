"""Memory flat under distinct documents (issue #34, item 7): a real server sent 1,000 distinct
large documents keeps its resident memory on a plateau once its caches are full, rather than
growing with each (what a request's reference cycles held until a rare full collection,
pashu/allocator.py)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import httpx

from tests.conftest import Databases
from tests.live_server import LiveServer

DOCUMENTS = 1_000
SIZE = 40_000  # characters a document: twenty times the frontend's largest
AT_ONCE = 4
CACHE_BYTES = 2_000_000  # each cache of documents full within the first tenth


def _document(i: int) -> bytes:
    # Distinct text, so nothing is answered from a cache: a public query padded by a comment.
    pad = f"{i:08d}" * (SIZE // 8)
    return json.dumps({"query": "{ jurisdictions { code } }\n#" + pad}).encode()


async def test_resident_memory_plateaus_under_a_thousand_distinct_large_documents(
    dbs: Databases, tmp_path: Path
) -> None:
    server = LiveServer(dbs, tmp_path / "server.log", PASHU_CACHE_BYTES=str(CACHE_BYTES))
    server.start()
    samples: list[int] = []  # KiB, after each hundred documents
    try:
        gate = asyncio.Semaphore(AT_ONCE)
        async with httpx.AsyncClient(base_url=server.url, timeout=60) as http:

            async def one(i: int) -> None:
                async with gate:
                    r = await http.post(
                        "/graphql",
                        content=_document(i),
                        headers={"content-type": "application/json"},
                    )
                assert r.status_code == 200 and "errors" not in r.json(), r.text[:300]

            for hundred in range(DOCUMENTS // 100):
                await asyncio.gather(*(one(hundred * 100 + i) for i in range(100)))
                samples.append(server.rss_kib())
    finally:
        server.stop()
    half = samples[len(samples) // 2 - 1]
    grown = max(samples[len(samples) // 2 :]) - half
    # 500 documents of 40 KB are 20 MB of text; kept at all, they would show.
    assert grown < 4 * 1024, f"grew {grown} KiB over the second half: {samples}"

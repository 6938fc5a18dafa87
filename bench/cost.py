"""`python -m bench.cost`: the most expensive queries the default budget allows, on the law's
maximum data (full seizures of 2,000 animals, descriptions as long as their column), against
a real server on SQLite: how long each takes, how large its answer is, how long `/healthz`
waits meanwhile, and the server's resident memory before and after. A measurement for
README's budget (schema/cost.py), not a test: timings depend on the machine.
"""

from __future__ import annotations

import json
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx
from tests.conftest import Databases
from tests.live_server import LiveServer, live_server
from tests.schema.impoundment_helpers import POUND, PUBLISH, SEIZE, seizure

from pashu.config import Settings
from pashu.core.bounds import MAX_HEADS_PER_SEIZURE
from pashu.db.engine import Database
from pashu.db.migrate import upgrade
from pashu.services.tenancy.tenants import create_tenant, create_token

ANIMALS = "animals { id species description earTag status releasedAt injury }"
HERD = [{"species": "cow", "count": 500, "description": "d" * 300}] * (MAX_HEADS_PER_SEIZURE // 500)


def _gql(http: httpx.Client, token: str, query: str, variables: dict[str, Any]) -> Any:
    r = http.post(
        "/graphql",
        json={"query": query, "variables": variables},
        headers={"authorization": f"Bearer {token}"},
    )
    body = r.json()
    assert not body.get("errors"), body["errors"]
    return body["data"]


def _measured(server: LiveServer, http: httpx.Client, token: str, query: str) -> dict[str, Any]:
    waits: list[float] = []
    done = threading.Event()

    def probe() -> None:
        with httpx.Client(base_url=server.url, timeout=60) as side:
            while not done.is_set():
                t0 = time.monotonic()
                side.get("/healthz")
                waits.append(time.monotonic() - t0)
                time.sleep(0.01)

    before = server.rss_kib()
    thread = threading.Thread(target=probe)
    thread.start()
    t0 = time.monotonic()
    r = http.post("/graphql", json={"query": query}, headers={"authorization": f"Bearer {token}"})
    seconds = time.monotonic() - t0
    done.set()
    thread.join()
    assert "errors" not in r.json(), r.text[:500]
    return {
        "seconds": round(seconds, 3),
        "bytes": len(r.content),
        "healthz_max_ms": round(max(waits, default=0) * 1000, 1),
        "rss_before_mb": before // 1024,
        "rss_after_mb": server.rss_kib() // 1024,
    }


def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="pashu-cost-"))
    url = f"sqlite:///{folder / 'pashu.db'}"
    upgrade(url)
    db = Database(url, pooled=False)
    with db.transaction() as s:
        tenant = create_tenant(s, "cost", "nagaland", "Cost bench")
    with db.transaction(tenant.id) as s:
        token = create_token(s, tenant, "admin")
    budget = Settings().max_query_cost
    per_case = 1 + MAX_HEADS_PER_SEIZURE * 8
    most = (budget - 10) // per_case
    with (
        live_server(Databases(db, db, "sqlite"), folder / "server.log") as server,
        httpx.Client(base_url=server.url, timeout=300) as http,
    ):
        for kind, amount in (("FINE_PER_HEAD", "50.00"), ("FEEDING_PER_HEAD_PER_DAY", "10.00")):
            given = {"kind": kind, "species": "cow", "amount": amount}
            given |= {"effectiveFrom": "2026-01-01", "reference": f"Gazette {kind}"}
            _gql(http, token, PUBLISH, {"input": given})
        pound = _gql(http, token, POUND, {"name": "Main pound"})["createPound"]["id"]
        for _ in range(most + 1):
            _gql(http, token, SEIZE, {"input": seizure(pound, animals=HERD)})
        page = f"{{ impoundments(first: {most}) {{ edges {{ node {{ {ANIMALS} }} }} }} }}"
        copy = "{ impoundments(first: 1) { edges { node { registerCopy { pdfBase64 } } } } }"
        results = {
            f"animals of {most} full cases": _measured(server, http, token, page),
            "one full case's register copy": _measured(server, http, token, copy),
        }
    print(json.dumps({"budget": budget, **results}, indent=2))


if __name__ == "__main__":
    main()

"""The workloads' requests, and the check that the three W1 answers are the same."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

import httpx

from bench.generate import BenchTenant
from bench.settings import AS_OF_ISO

PAGE = 50

# W1: the dashboard — one tenant's first page of open cases, newest seizure first.
W1_PASHU = """query W1($asOf: DateTime!, $first: Int!) {
  impoundments(first: $first, status: [IMPOUNDED, PARTLY_RELEASED]) {
    edges { node {
      id registerNumber status seizedAt
      owner { name address }
      pound { name }
      animals { species status }
      nextAction { action deadline }
      dues(asOf: $asOf) { total }
    } }
    pageInfo { hasNextPage endCursor }
  }
}"""

# The same selection in PostGraphile's generated schema (open cases: a setof function).
W1_POSTGRAPHILE = """query W1($asOf: Datetime!, $first: Int!) {
  openImpoundments(first: $first) {
    nodes {
      id registerNumber status seizedAt ownerName ownerAddress
      poundByTenantIdAndPoundId { name }
      impoundedAnimalsByTenantIdAndImpoundmentId(orderBy: ID_ASC) { nodes { species status } }
      nextAction nextActionAt nextDeadline
      duesTotal(asOf: $asOf)
    }
    pageInfo { hasNextPage }
  }
}"""

# W2: a clerk records a seizure (two species, an owner) — the write path end to end.
W2_PASHU = """mutation W2($input: RecordSeizureInput!) {
  recordSeizure(input: $input) { id registerNumber status nextAction { action deadline } }
}"""


def w2_input(pound_id: str) -> dict[str, Any]:
    return {
        "poundId": pound_id,
        "seizedAt": "2026-05-31T09:00:00+05:30",
        "impoundedAt": "2026-05-31T10:00:00+05:30",
        "placeKind": "PRIVATE_LAND",
        "place": "Paddy field, Jotsoma village",
        "seizer": {"name": "K. Angami", "address": "Jotsoma"},
        "seizerSigned": True,
        "seizerCapacity": "CULTIVATOR",
        "damage": "paddy trampled",
        "owner": {"name": "T. Sema", "address": "Kohima"},
        "animals": [{"species": "cow", "count": 2}, {"species": "goat", "count": 1}],
    }


# W4: the public law API — no token, no database.
W4_COMPARE = """{ compare(topic: CLAIM_PERIOD) {
  topic rows { jurisdiction summary citations { uri section } } } }"""
W4_TIMELINE = """query { impoundmentTimeline(jurisdiction: "nagaland",
  events: {seizedAt: "2026-06-02T09:00:00+05:30", impoundedAt: "2026-06-02T15:00:00+05:30"}) {
  action notBefore deadline citation { uri section } explanation } }"""


@dataclass(frozen=True)
class Request:
    """One HTTP request as the load generator sends it."""

    url: str
    body: str
    headers: dict[str, str]


def w1_tenant(tenants: list[BenchTenant]) -> BenchTenant:
    """W1's tenant (W5's too): the one with the most cases (a tenant whose Act does not
    impound has none)."""
    return max((t for t in tenants if t.cases), key=lambda t: (t.cases, -t.index))


def w1_requests(urls: dict[str, str], tenant: BenchTenant) -> dict[str, Request]:
    variables = {"asOf": AS_OF_ISO, "first": PAGE}
    pashu = json.dumps({"query": W1_PASHU, "variables": variables})
    peer = json.dumps({"query": W1_POSTGRAPHILE, "variables": variables})
    tenant_header = {
        "Content-Type": "application/json",
        "X-Tenant": str(tenant.id),
        "X-Jurisdiction": tenant.jurisdiction,
    }
    return {
        "pashu": Request(
            urls["pashu"],
            pashu,
            {"Content-Type": "application/json", "Authorization": f"Bearer {tenant.token}"},
        ),
        "floor": Request(urls["floor"], pashu, tenant_header),
        "postgraphile": Request(urls["postgraphile"], peer, tenant_header),
    }


def send(req: Request) -> dict[str, Any]:
    r = httpx.post(req.url, content=req.body, headers=req.headers, timeout=60)
    r.raise_for_status()
    data: dict[str, Any] = r.json()
    if data.get("errors"):
        raise RuntimeError(f"{req.url}: {data['errors']}")
    return data


def _at(value: str | None) -> datetime | None:
    return datetime.fromisoformat(value) if value else None


def _money(value: str | None) -> Decimal | None:
    return Decimal(value) if value is not None else None


def normal_pashu(data: dict[str, Any]) -> tuple[list[tuple[Any, ...]], bool]:
    conn = data["data"]["impoundments"]
    rows = []
    for edge in conn["edges"]:
        n = edge["node"]
        owner = n["owner"]
        nxt = n["nextAction"]
        rows.append(
            (
                n["registerNumber"],
                n["status"],
                _at(n["seizedAt"]),
                (owner["name"], owner["address"]) if owner else None,
                n["pound"]["name"] if n["pound"] else None,
                tuple((a["species"], a["status"]) for a in n["animals"]),
                (nxt["action"], _at(nxt["deadline"])) if nxt else None,
                _money(n["dues"]["total"]),
            )
        )
    return rows, conn["pageInfo"]["hasNextPage"]


def normal_postgraphile(data: dict[str, Any]) -> tuple[list[tuple[Any, ...]], bool]:
    conn = data["data"]["openImpoundments"]
    rows = []
    for n in conn["nodes"]:
        animals = n["impoundedAnimalsByTenantIdAndImpoundmentId"]["nodes"]
        pound = n["poundByTenantIdAndPoundId"]
        nxt = n["nextAction"] if n["nextAction"] and n["nextActionAt"] else None
        rows.append(
            (
                n["registerNumber"],
                n["status"],
                _at(n["seizedAt"]),
                (n["ownerName"], n["ownerAddress"] or "") if n["ownerName"] else None,
                pound["name"] if pound else None,
                tuple((a["species"], a["status"]) for a in animals),
                (nxt, _at(n["nextDeadline"])) if nxt else None,
                _money(n["duesTotal"]),
            )
        )
    return rows, conn["pageInfo"]["hasNextPage"]


def check_w1(requests: dict[str, Request]) -> int:
    """The floor returns Pashu's JSON exactly; PostGraphile the same facts in its own shape.

    Returns the number of cases on the page; raises if any answer differs.
    """
    pashu = send(requests["pashu"])
    floor = send(requests["floor"])
    if floor != pashu:
        raise AssertionError(f"floor differs from pashu:\n{_diff(pashu, floor)}")
    peer = normal_postgraphile(send(requests["postgraphile"]))
    mine = normal_pashu(pashu)
    if peer != mine:
        raise AssertionError(f"postgraphile differs from pashu:\n{_diff(mine, peer)}")
    if not mine[0] or not any(r[7] for r in mine[0]):
        raise AssertionError("W1 answered an empty page or no dues: the data is not realistic")
    return len(mine[0])


def _diff(a: Any, b: Any) -> str:
    import difflib

    left = json.dumps(a, indent=1, default=str).splitlines()
    right = json.dumps(b, indent=1, default=str).splitlines()
    return "\n".join(list(difflib.unified_diff(left, right, lineterm=""))[:60])

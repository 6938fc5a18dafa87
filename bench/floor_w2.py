"""W2's floor: the rows `recordSeizure` writes, inserted by hand-written SQL behind a bare endpoint.

No GraphQL, no ORM, no token check and no law checks: parse the variables, then one
statement whose data-modifying CTEs bump the register counter and insert the case, its
animals and the audit event, sent the fastest way known — the app's own driver path
(db/direct.py): as the application's role under row-level security, the tenant setting (and
no JIT, as Pashu's sessions) and the statement pipelined in one round trip and committed at
its Sync, on kept cursors, prepared by the server after its first uses. (Until 2026-12-07
it was sent as BEGIN, the setting, the statement and COMMIT: four round trips, and ~1.5 ms
more p50 at 4 connections.)
What the law decides for the input (the next duty, the sections cited, the power seized
under) is taken as given: computed once per distinct input with the platform's own plugin,
so the rows are the same rows Pashu writes (bench/w2.py checks that before timing).
Run: `uvicorn bench.floor_w2:app` with BENCH_FLOOR_DATABASE set; headers X-Tenant,
X-Jurisdiction and X-Actor stand for what Pashu reads from the token.
"""

from __future__ import annotations

import base64
import os
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import datetime
from functools import cache
from typing import Any

import orjson
from sqlalchemy import text
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from pashu.db.direct import DriverStatement
from pashu.db.engine import Database
from pashu.db.types import new_id

STATEMENT = text("""
WITH n AS (
  UPDATE counters SET value = value + 1
  WHERE tenant_id = :tenant AND name = 'register'
  RETURNING value
), c AS (
  INSERT INTO impoundments (
    tenant_id, id, created_at, register_number, pound_id, seized_at, impounded_at,
    impounded_at_recorded, place_kind, place, seizer_name, seizer_address, seizer_signed,
    seizer_capacity, damage, area, owner_name, owner_address, status,
    next_action, next_action_at, next_deadline, recorded_by)
  SELECT :tenant, :id, now(), n.value, p.id, :seized_at, :impounded_at,
    true, :place_kind, :place, :seizer_name, :seizer_address, :signed,
    :capacity, :damage, la.name, :owner_name, :owner_address, 'IMPOUNDED',
    :next_action, :next_action_at, :next_deadline, :actor
  FROM n, pounds p
  JOIN local_authorities la ON la.tenant_id = p.tenant_id AND la.id = p.local_authority_id
  WHERE p.tenant_id = :tenant AND p.id = :pound
  RETURNING register_number, area
), a AS (
  INSERT INTO impounded_animals (
    tenant_id, id, created_at, impoundment_id, species, description, ear_tag, status,
    fine_settled)
  SELECT :tenant, x.id, now(), :id, x.species, '', NULL, 'IN_POUND', false
  FROM c, unnest(CAST(:animal_ids AS uuid[]), CAST(:species AS text[])) AS x(id, species)
), e AS (
  INSERT INTO audit_events (tenant_id, id, created_at, actor, action, subject, before, after)
  SELECT :tenant, :audit_id, now(), :actor, 'impoundment.record_seizure',
    :subject, 'null',
    CAST(jsonb_build_object('registerNumber', c.register_number, 'area', c.area)
      || CAST(:after AS jsonb) AS json)
  FROM c
)
SELECT register_number FROM c
""")
# The app's own driver path (db/direct.py), as W1's floor (bench/floor.py) sends its statement.
db = Database(
    os.environ.get("BENCH_FLOOR_DATABASE", "postgresql://pashu_app@127.0.0.1/pashu_bench")
)
assert db.direct is not None  # PostgreSQL
direct = db.direct
# By tenant: the statement compiled for the driver; each request replaces every value.
kept: dict[str, DriverStatement] = {}


@cache
def _law(
    jurisdiction: str, seized: datetime, impounded: datetime, capacity: str, place: str, damage: str
) -> tuple[dict[str, Any], dict[str, Any]]:
    """What the Act decides for this input: the next duty, and the audit's citations."""
    from pashu.db.impoundment import AnimalStatus, ImpoundedAnimal, Impoundment
    from pashu.jurisdictions import registry
    from pashu.jurisdictions.vocabulary import PlaceKind, SeizerCapacity
    from pashu.services.impoundment.cases import schedule

    plugin = registry.get(jurisdiction)
    case = Impoundment(seized_at=seized, impounded_at=impounded, impounded_at_recorded=True)
    schedule(plugin, case, [], [ImpoundedAnimal(status=AnimalStatus.IN_POUND.value)])
    power = plugin.seizure_power(SeizerCapacity(capacity), PlaceKind(place), damage or None)
    nxt = {
        "next_action": case.next_action,
        "next_action_at": case.next_action_at,
        "next_deadline": case.next_deadline,
    }
    cites = {
        "cites": [c.label for c in plugin.register_entry().cites],
        "capacity": capacity,
        "power": [c.label for c in power.cites],
    }
    return nxt, cites


def _species(name: str) -> str:
    from pashu.jurisdictions.species import canonical

    return canonical(name)


def _answer(case_id: uuid.UUID, number: int, nxt: dict[str, Any]) -> bytes:
    gid = base64.b64encode(f"Impoundment:{case_id}".encode()).decode()
    action = None
    if nxt["next_action"] is not None:
        deadline = nxt["next_deadline"]
        action = {"action": nxt["next_action"], "deadline": _ist(deadline) if deadline else None}
    node = {"id": gid, "registerNumber": number, "status": "IMPOUNDED", "nextAction": action}
    return orjson.dumps({"data": {"recordSeizure": node}})


def _ist(value: datetime) -> str:
    from pashu.core.legaltime import IST

    return value.astimezone(IST).isoformat()


async def w2(request: Request) -> Response:
    body = orjson.loads(await request.body())
    i = body["variables"]["input"]
    seized = datetime.fromisoformat(i["seizedAt"])
    impounded = datetime.fromisoformat(i["impoundedAt"])
    nxt, cites = _law(
        request.headers["x-jurisdiction"],
        seized,
        impounded,
        i["seizerCapacity"],
        i["placeKind"],
        i.get("damage") or "",
    )
    species = [_species(a["species"]) for a in i["animals"] for _ in range(a["count"])]
    case_id = new_id()
    owner = i.get("owner") or {}
    params = {
        "tenant": request.headers["x-tenant"],
        "actor": request.headers["x-actor"],
        "id": case_id,
        "pound": uuid.UUID(base64.b64decode(i["poundId"]).decode().split(":", 1)[1]),
        "seized_at": seized,
        "impounded_at": impounded,
        "place_kind": i["placeKind"],
        "place": i["place"],
        "seizer_name": i["seizer"]["name"],
        "seizer_address": i["seizer"]["address"],
        "signed": i["seizerSigned"],
        "capacity": i["seizerCapacity"],
        "damage": i.get("damage"),
        "owner_name": owner.get("name"),
        "owner_address": owner.get("address"),
        "animal_ids": [new_id() for _ in species],
        "species": species,
        "audit_id": new_id(),
        "subject": f"Impoundment:{case_id}",
        "after": orjson.dumps(
            {
                "animals": [
                    {"species": _species(a["species"]), "count": a["count"]} for a in i["animals"]
                ],
                **cites,
            }
        ).decode(),
        **nxt,
    }
    tenant = params["tenant"]
    statement = kept.get(tenant)
    if statement is None:
        statement = kept[tenant] = direct.compile(
            uuid.UUID(tenant), STATEMENT, params, criteria=False
        )
    row = await direct.run(statement, params)
    assert row is not None
    return Response(_answer(case_id, row[0], nxt), media_type="application/json")


@asynccontextmanager
async def lifespan(_: Starlette) -> AsyncIterator[None]:
    yield
    await db.dispose()  # the direct path's pool and the engines


app = Starlette(routes=[Route("/graphql", w2, methods=["POST"])], lifespan=lifespan)

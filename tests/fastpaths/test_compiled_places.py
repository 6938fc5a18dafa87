"""The compiled dues answer as the resolver does at every place of seizure, under every Act.

A case's place of seizure may be one another Act names: before the Acts declared their kinds
(issue #35) every Act's cases took any of the four places, and the registers keep them (the
benchmark's generated registers hold such cases too). The resolver asks the case's Act for the
fine scale of whatever place the case holds (`dues.compute`); the compiled statement must
answer the same, not null. tests/fastpaths/test_compiled.py covers one Act's own places only.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from sqlalchemy import update

from pashu.config import Settings
from pashu.db.impoundment import Impoundment
from pashu.jurisdictions import registry
from pashu.jurisdictions.vocabulary import Capability
from tests.conftest import ROOMY, Databases, GraphQLClient, client, roomy_gql
from tests.fastpaths.test_compiled import W1, same
from tests.schema.impoundment_helpers import department, seize

AS_OF = "2026-01-20T10:00:00+05:30"
IMPOUNDING = [p.code for p in registry.installed() if p.has(Capability.IMPOUNDMENT)]
PLACES = sorted(registry.kinds("places"))


@pytest.fixture
async def gql(dbs: Databases) -> AsyncIterator[GraphQLClient]:
    async for c in roomy_gql(dbs.app):
        yield c


@pytest.fixture
async def ordinary(dbs: Databases) -> AsyncIterator[GraphQLClient]:
    cfg: Settings = ROOMY.model_copy(update={"compiled_queries": False})
    async with client(dbs.app, cfg) as http:
        yield GraphQLClient(http)


@pytest.mark.parametrize("code", IMPOUNDING)
async def test_the_dues_at_every_installed_place_are_the_resolvers(
    code: str, dbs: Databases, gql: GraphQLClient, ordinary: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, code)
    cases = [await seize(gql, t.token, pound) for _ in PLACES]
    # Each case at one of the places any installed Act names, as a register kept from
    # before issue #35 may hold it.
    for case, place in zip(cases, PLACES, strict=True):
        with dbs.admin.transaction(t.id) as s:
            s.execute(
                update(Impoundment)
                .where(Impoundment.register_number == case["registerNumber"])
                .values(place_kind=place)
            )
    body = await same(dbs, gql, ordinary, W1, {"asOf": AS_OF, "first": 50}, t.token)
    totals = [e["node"]["dues"]["total"] for e in body["data"]["impoundments"]["edges"]]
    # The department's rates are notified for cows and goats from 1 January: every Act
    # levies some scale wherever the animals were seized, or falls back to its base scale.
    assert len(totals) == len(PLACES) and None not in totals, totals

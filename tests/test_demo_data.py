"""Each demo tenant's register reads like its own state's: the people, places and the
authorities in charge of its pounds come from its plugin's demo data, and no two states'
demos share a person, a place or a pound."""

from __future__ import annotations

from typing import Any

from pashu.demo import seed
from pashu.jurisdictions import registry
from pashu.services.tenancy.tenants import authenticate
from tests.conftest import Databases, GraphQLClient, make_tenant

REGISTER = """{ impoundments(first: 20) { edges { node {
  place seizer { name } owner { name } pound { name localAuthority { name } }
  receipts { claimant { name } } sales { buyer { name } } } } } }"""


async def _demo_register(dbs: Databases, gql: GraphQLClient, code: str) -> list[dict[str, Any]]:
    t = make_tenant(dbs, code)
    with dbs.admin.transaction(t.id) as s:
        seed(s, authenticate(s, t.token))
    data = await gql.ok(REGISTER, token=t.token)
    return [e["node"] for e in data["impoundments"]["edges"]]


def _words(cases: list[dict[str, Any]]) -> set[str]:
    out: set[str] = set()
    for c in cases:
        out |= {c["place"], c["seizer"]["name"], c["pound"]["name"]}
        out.add(c["pound"]["localAuthority"]["name"])
        out |= {r["claimant"]["name"] for r in c["receipts"]}
        out |= {s["buyer"]["name"] for s in c["sales"]}
        if c["owner"]:
            out.add(c["owner"]["name"])
    return out


async def test_each_demo_tenant_has_its_own_states_people_places_and_authorities(
    dbs: Databases, gql: GraphQLClient
) -> None:
    seen: dict[str, set[str]] = {}
    for code in ("mizoram", "nagaland"):
        demo = registry.get(code).demo
        assert demo is not None
        cases = await _demo_register(dbs, gql, code)
        assert len(cases) == 5
        assert {c["pound"]["name"] for c in cases} == {p.name for p in demo.pounds}
        assert {c["pound"]["localAuthority"]["name"] for c in cases} == {
            p.authority for p in demo.pounds
        }
        assert {c["seizer"]["name"] for c in cases} == {demo.seizer.name}
        assert {c["place"] for c in cases} == set(demo.places)
        words = _words(cases)
        assert {demo.owner.name, demo.claimant.name, demo.buyer.name} <= words
        seen[code] = words
    assert seen["mizoram"].isdisjoint(seen["nagaland"])


def test_the_demo_pounds_are_in_the_charge_of_the_authorities_each_act_names() -> None:
    # Mizoram s.7(1): a Village Council sets apart the enclosure; Nagaland ss.2(3), 4: a
    # Town Committee, or a Village Council where there is none, controls the pound.
    mz, nl = registry.get("mizoram").demo, registry.get("nagaland").demo
    assert mz is not None and nl is not None
    assert all(p.authority.endswith("Village Council") for p in mz.pounds)
    assert all(p.authority.endswith(("Town Committee", "Village Council")) for p in nl.pounds)

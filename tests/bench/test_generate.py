"""The benchmark's generated registers hold only seizures their own Act allows: each case is
at a kind of place its tenant's Act reaches (its plugin's `places_of_seizure`), so no Mizoram
case sits at a place only Nagaland's Act names (issue #36), while each Act's every kind of place
is still seized at, the rarer ones included."""

from __future__ import annotations

import os
from collections.abc import Iterator

import psycopg
import pytest
from psycopg import sql

from pashu.jurisdictions import registry
from pashu.jurisdictions.vocabulary import Capability

pytestmark = pytest.mark.postgres

CASES = 400  # across the tenants whose Act impounds: enough for each Act's rarer places


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, dict[str, int]]]:
    """Cases per (Act, kind of place) in a database the generator filled."""
    # bench.settings' secret key is kept from the rest of the suite (conftest.py).
    from bench.generate import generate
    from bench.settings import Target

    target = Target(f"pashu_bench_test_{os.getpid()}")
    try:
        generate(target, CASES, progress=False)
        with psycopg.connect(target.owner_url) as conn:
            rows = conn.execute(
                "SELECT t.jurisdiction, i.place_kind, count(*) FROM impoundments i "
                "JOIN tenants t ON t.id = i.tenant_id GROUP BY 1, 2"
            ).fetchall()
    finally:
        with psycopg.connect(target.server_url, autocommit=True) as conn:
            conn.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(
                    sql.Identifier(target.dbname)
                )
            )
    found: dict[str, dict[str, int]] = {}
    for code, place, n in rows:
        found.setdefault(code, {})[place] = n
    yield found


def test_every_case_is_at_a_place_its_act_reaches(generated: dict[str, dict[str, int]]) -> None:
    impounding = [p for p in registry.installed() if Capability.IMPOUNDMENT in p.capabilities]
    assert sorted(generated) == sorted(p.code for p in impounding)
    for plugin in impounding:
        reaches = set(plugin.places_of_seizure().value)
        assert set(generated[plugin.code]) <= reaches, plugin.code


def test_each_act_is_seized_at_every_place_it_reaches(
    generated: dict[str, dict[str, int]],
) -> None:
    for code, places in generated.items():
        assert set(places) == set(registry.get(code).places_of_seizure().value), code
    # The Act with more kinds of place than private land and public property has its rarer
    # ones seized at too (the compiled path's other fine scales are on the page).
    assert max(len(places) for places in generated.values()) > 2

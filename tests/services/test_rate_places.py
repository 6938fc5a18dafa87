"""A tenant's places as the rates and a case's money name them (services/rates/rates.places):
each local authority with each of its pounds, and one without a pound once with none — the
pairs an outer join of the two registers gives. The case page reads the same two registers
beside its other rows and pairs them with the same function (schema/impoundment/loaders.py);
a pairing that dropped an authority without a pound would leave a notification limited to it
refused as naming no area, and its name missing from the books."""

from __future__ import annotations

import uuid

import sqlalchemy as sa

from pashu.db.pounds import LocalAuthority, Pound
from pashu.services.rates import rates
from tests.conftest import Databases, make_tenant

# The reference: the outer join the places were read with until 2026-12-06.
OUTER_JOIN = sa.select(LocalAuthority.id, Pound.id).outerjoin(
    Pound,
    (Pound.tenant_id == LocalAuthority.tenant_id) & (Pound.local_authority_id == LocalAuthority.id),
)


def test_every_authority_comes_with_each_of_its_pounds_or_once_without(dbs: Databases) -> None:
    t = make_tenant(dbs, "nagaland")
    other = make_tenant(dbs, "nagaland")
    ids = {name: uuid.uuid4() for name in ("kohima", "dimapur", "wokha", "theirs")}
    with dbs.admin.transaction(t.id) as s:
        s.add_all(LocalAuthority(id=ids[n], name=n.title()) for n in ("kohima", "dimapur", "wokha"))
        s.flush()
        s.add_all(
            [
                Pound(name="Kohima pound", local_authority_id=ids["kohima"]),
                Pound(name="Kohima north pound", local_authority_id=ids["kohima"]),
                Pound(name="Dimapur pound", local_authority_id=ids["dimapur"]),
            ]
        )
    with dbs.admin.transaction(other.id) as s:  # another tenant's: never among the places
        s.add(LocalAuthority(id=ids["theirs"], name="Theirs"))
    with dbs.app.transaction(t.id) as s:
        pairs = [(a.id, p.id if p else None) for a, p in rates.places(s)]
        reference = [tuple(row) for row in s.execute(OUTER_JOIN)]
        names = {a.name: [p.name for p in ps] for a, ps in _grouped(rates.places(s)).items()}
    assert sorted(pairs, key=str) == sorted(reference, key=str)
    assert names == {
        "Kohima": ["Kohima north pound", "Kohima pound"],
        "Dimapur": ["Dimapur pound"],
        "Wokha": [],  # no pound: listed once, with None
    }
    assert ids["theirs"] not in {a for a, _ in pairs}


def _grouped(found: rates.Places) -> dict[LocalAuthority, list[Pound]]:
    out: dict[LocalAuthority, list[Pound]] = {}
    for authority, pound in found:
        out.setdefault(authority, [])
        if pound is not None:
            out[authority].append(pound)
    return {a: sorted(ps, key=lambda p: p.name) for a, ps in out.items()}

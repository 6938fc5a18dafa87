"""The token check on PostgreSQL's pipelined path (schema/token_check.py) and the tenant
criteria (db/scoping.py): a kept statement binds its own tenant, never another's, and a token
is checked afresh on every request."""

from __future__ import annotations

import uuid

import pytest
from sqlalchemy import select
from sqlalchemy.dialects import postgresql

from pashu.db.direct import Direct
from pashu.db.pounds import Pound
from pashu.db.scoping import SCOPE, tenant_criteria
from tests.conftest import Databases, GraphQLClient, statements
from tests.schema.impoundment_helpers import department, seize

ME = "{ viewer { tenant { slug } } }"


def _bound(tenant: uuid.UUID | None) -> list[str]:
    """The values a statement of the driver's own path is kept with, for `tenant`."""
    direct = Direct("postgresql://bench@127.0.0.1/none", postgresql.dialect(), pooled=False)  # type: ignore[no-untyped-call]
    if tenant is None:
        q = select(Pound.id).options(tenant_criteria(None))
        compiled = q.compile(dialect=postgresql.dialect())  # type: ignore[no-untyped-call]
        return [str(v) for v in compiled.params.values()]
    return [str(v) for v in direct.compile(tenant, select(Pound.id), {}).params.values()]


def test_the_tenant_criteria_bind_the_tenant_each_statement_is_kept_for() -> None:
    a, b = uuid.uuid4(), uuid.uuid4()
    assert tenant_criteria(a) is tenant_criteria(b)  # one option: the id is a parameter
    assert tenant_criteria(None) is not tenant_criteria(a)
    # Alternating tenants: each statement binds its own tenant's id, whatever came before.
    assert str(a) in _bound(a) and str(b) not in _bound(a)
    assert str(b) in _bound(b) and str(a) not in _bound(b)
    assert str(a) in _bound(a)
    assert _bound(None) == []  # no tenant: no row (false()), no value


async def test_each_tenants_token_is_its_own_whatever_was_checked_before(
    dbs: Databases, gql: GraphQLClient
) -> None:
    a, pound_a = await department(dbs, gql, "nagaland")
    b, pound_b = await department(dbs, gql, "mizoram")
    for _ in range(2):  # kept per tenant after the first check: alternate between them
        assert (await gql.ok(ME, token=a.token))["viewer"]["tenant"]["slug"] == a.slug
        assert (await gql.ok(ME, token=b.token))["viewer"]["tenant"]["slug"] == b.slug
    assert (await seize(gql, a.token, pound_a))["registerNumber"] == 1
    assert (await seize(gql, b.token, pound_b))["registerNumber"] == 1
    # B's secret under A's name: checked in A's scope, where it is no token at all.
    forged = f"pashu_{a.id.hex}_{b.token.split('_', 2)[2]}"
    err = await gql.error(ME, token=forged)
    assert err["extensions"]["code"] == "UNAUTHENTICATED"
    err = await gql.error(ME, token=f"pashu_{uuid.uuid4().hex}_nothing")
    assert err["extensions"]["code"] == "UNAUTHENTICATED"


@pytest.mark.postgres
async def test_the_token_is_checked_in_one_pipelined_round_trip(
    pg: Databases, pg_gql: GraphQLClient
) -> None:
    t, pound = await department(pg, pg_gql, "nagaland")
    await seize(pg_gql, t.token, pound)
    assert pg.app.direct is not None
    pipelined: list[str] = []
    pg.app.direct.observers.append(pipelined.append)
    try:
        with statements(pg) as seen:
            await seize(pg_gql, t.token, pound)
    finally:
        pg.app.direct.observers.remove(pipelined.append)
    # The tenant's setting and the check, together; nothing of it through the ORM's engine.
    assert pipelined[:2] == seen[:2]
    assert pipelined[0] == SCOPE and "api_tokens.token_hash" in pipelined[1]
    assert "api_tokens.tenant_id = " in pipelined[1]  # the ORM's criteria, besides RLS
    assert not any("api_tokens" in s for s in seen[2:])

"""The dashboard's page in one round trip (fastpaths/compiled.py, db/direct.py): the token check
and the page are one statement, sent with its transaction and the tenant's setting through
the driver's pipeline. A token revoked or expired is refused on the very next request, and
its use is still recorded.

The page's sizes are written into its statement, not given as values: the driver prepares a
statement run again and again, and PostgreSQL keeps one plan for it (a generic plan) only
when it prices that plan no dearer than planning with each request's values. A LIMIT given
as a value was priced for a tenth of the table, so every request was planned anew, some 5 ms
of W1's 10 ms (bench/README.md, "One plan for every request"). Which plan PostgreSQL keeps
depends on its statistics (on a test's few rows, the generic one either way), so what is held
here is the statement's text; the figure is the benchmark's."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select, update

from pashu.db.scoping import SCOPE
from pashu.db.tenancy import ApiToken
from tests.conftest import ROOMY, Databases, GraphQLClient, add_token, client, statements
from tests.fastpaths.test_compiled import AS_OF, W1
from tests.schema.impoundment_helpers import department, seize

pytestmark = pytest.mark.postgres

PAGE = {"asOf": AS_OF, "first": 50}
REVOKE = "mutation($id: ID!) { revokeToken(input: {id: $id}) { id } }"
TOKENS = "{ tokens { id label lastUsedAt } }"
LIMIT = re.compile(r"\bLIMIT\s+([^\s),]+)")


@pytest.fixture
async def pg_app(pg: Databases) -> AsyncIterator[GraphQLClient]:
    async with client(pg.app, ROOMY) as http:  # W1: a page of cases with their dues
        yield GraphQLClient(http)
    await pg.app.dispose()


async def test_the_page_is_one_statement_with_the_token_check_in_one_round_trip(
    pg: Databases, pg_app: GraphQLClient
) -> None:
    t, pound = await department(pg, pg_app, "nagaland")
    await seize(pg_app, t.token, pound)
    first = await pg_app.ok(W1, PAGE, t.token)  # resolved; the document is proven
    await pg_app.ok(W1, PAGE, t.token)  # planned; the tenant's Act is known
    assert pg.app.direct is not None
    pipelined: list[str] = []
    pg.app.direct.observers.append(pipelined.append)
    try:
        with statements(pg) as seen:
            await pg_app.ok(W1, PAGE, t.token)
    finally:
        pg.app.direct.observers.remove(pipelined.append)
    # Nothing through the ORM's engine: no separate token lookup, no second statement.
    assert [s for s in seen if s not in pipelined] == []
    # Through the pipeline: the tenant's setting (row-level security), then one statement
    # that checks the token and builds the page.
    assert pipelined[0] == SCOPE
    assert len(pipelined) == 2
    (page,) = pipelined[1:]
    assert "api_tokens.token_hash" in page and "json_build_object" in page
    assert "impoundments.tenant_id = " in page  # the ORM's tenant criteria, besides RLS
    assert await pg_app.ok(W1, PAGE, t.token) == first


async def test_a_revoked_token_is_refused_on_the_next_request(
    pg: Databases, pg_app: GraphQLClient
) -> None:
    t, pound = await department(pg, pg_app, "mizoram")
    await seize(pg_app, t.token, pound)
    for _ in range(3):  # proven, planned, and answered on the pipelined path
        await pg_app.ok(W1, PAGE, t.token)
    tokens = (await pg_app.ok(TOKENS, token=t.token))["tokens"]
    await pg_app.ok(REVOKE, {"id": tokens[0]["id"]}, t.token)
    err = await pg_app.error(W1, PAGE, t.token)
    assert err["extensions"]["code"] == "UNAUTHENTICATED"


async def test_an_expired_token_is_refused_on_the_next_request(
    pg: Databases, pg_app: GraphQLClient
) -> None:
    t, pound = await department(pg, pg_app, "nagaland")
    await seize(pg_app, t.token, pound)
    for _ in range(3):
        await pg_app.ok(W1, PAGE, t.token)
    with pg.admin.transaction(t.id) as s:
        s.execute(update(ApiToken).values(expires_at=datetime.now(UTC) - timedelta(seconds=1)))
    err = await pg_app.error(W1, PAGE, t.token)
    assert err["extensions"]["code"] == "UNAUTHENTICATED"


async def test_the_pipelined_path_records_the_tokens_use(
    pg: Databases, pg_app: GraphQLClient
) -> None:
    t, pound = await department(pg, pg_app, "nagaland")
    await seize(pg_app, t.token, pound)
    for _ in range(2):
        await pg_app.ok(W1, PAGE, t.token)
    long_ago = datetime(2026, 1, 1, tzinfo=UTC)
    with pg.admin.transaction(t.id) as s:
        s.execute(update(ApiToken).values(last_used_at=long_ago))
    await pg_app.ok(W1, PAGE, t.token)
    with pg.admin.transaction(t.id) as s:
        used = s.scalars(select(ApiToken.last_used_at)).all()
    assert len(used) == 1 and used[0] is not None
    assert datetime.now(UTC) - used[0] < timedelta(minutes=5)


async def test_a_kept_statement_checks_each_requests_own_token(
    pg: Databases, pg_app: GraphQLClient
) -> None:
    """The statement for a page is kept per tenant and variables; the token it checks is
    always the request's own: another token of the tenant, revoked, is refused."""
    t, pound = await department(pg, pg_app, "nagaland")
    await seize(pg_app, t.token, pound)
    other = add_token(pg, t, "viewer")
    for _ in range(3):  # the page's statement is kept after these
        await pg_app.ok(W1, PAGE, t.token)
    assert await pg_app.ok(W1, PAGE, other) == await pg_app.ok(W1, PAGE, t.token)
    with pg.admin.transaction(t.id) as s:  # the viewer's token (create_token's label)
        s.execute(
            update(ApiToken)
            .where(ApiToken.label == f"{t.slug} viewer")
            .values(revoked_at=datetime.now(UTC))
        )
    err = await pg_app.error(W1, PAGE, other)
    assert err["extensions"]["code"] == "UNAUTHENTICATED"
    assert (await pg_app.ok(W1, PAGE, t.token))["impoundments"]["edges"]


async def test_the_pages_sizes_are_written_into_the_statement(
    pg: Databases, pg_app: GraphQLClient
) -> None:
    t, pound = await department(pg, pg_app, "nagaland")
    await seize(pg_app, t.token, pound)
    for first in (20, 50):
        with statements(pg) as sent:
            for _ in range(3):  # proven, planned, then on the pipelined path
                await pg_app.ok(W1, {"asOf": AS_OF, "first": first}, t.token)
        pages = [s for s in sent if "json_build_object" in s]
        assert pages
        for page in pages:
            # One more than the page to tell whether another follows; the page; a cursor.
            assert set(LIMIT.findall(page)) == {"1", str(first), str(first + 1)}

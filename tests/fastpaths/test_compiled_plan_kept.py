"""PostgreSQL plans the compiled page once for all its executions (fastpaths/compiled.py).

The driver prepares a statement run again and again; PostgreSQL then keeps one plan for it
(a generic plan) when it judges that plan no dearer than planning anew with each request's
values. A page's size given as a parameter hid the LIMIT from that judgement: the kept plan
was priced for a tenth of the table, and every request paid the planning again, some 5 ms of
W1's 10 ms (bench/README.md). The sizes are written into the statement's text instead
(`CaseFilter.page`, `Compiler.literals`): a statement per page size, each planned once.

Which plan PostgreSQL keeps depends on its statistics: on a test's few rows it keeps the
generic plan either way, so what is held here is the statement's text; the figure is the
benchmark's (bench/README.md, W1 at 10k: the bind step's planning 4.9 ms, then 0.8 ms).
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator

import pytest

from tests.conftest import ROOMY, Databases, GraphQLClient, client
from tests.fastpaths.test_compiled import AS_OF, W1
from tests.schema.impoundment_helpers import department, seize

pytestmark = pytest.mark.postgres

LIMIT = re.compile(r"\bLIMIT\s+([^\s),]+)")


@pytest.fixture
async def pg_app(pg: Databases) -> AsyncIterator[GraphQLClient]:
    async with client(pg.app, ROOMY) as http:  # W1: a page of cases with their dues
        yield GraphQLClient(http)
    await pg.app.dispose()


async def test_the_pages_sizes_are_written_into_the_statement(
    pg: Databases, pg_app: GraphQLClient
) -> None:
    t, pound = await department(pg, pg_app, "nagaland")
    await seize(pg_app, t.token, pound)
    assert pg.app.direct is not None
    for first in (20, 50):
        sent: list[str] = []
        pg.app.direct.observers.append(sent.append)
        try:
            for _ in range(3):  # proven, planned, then on the pipelined path
                await pg_app.ok(W1, {"asOf": AS_OF, "first": first}, t.token)
        finally:
            pg.app.direct.observers.remove(sent.append)
        pages = [s for s in sent if "json_build_object" in s]
        assert pages
        for page in pages:
            # One more than the page to tell whether another follows; the page; a cursor.
            assert set(LIMIT.findall(page)) == {"1", str(first), str(first + 1)}

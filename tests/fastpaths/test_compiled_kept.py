"""A compiled document that reads the clock is built once (fastpaths/compiled.py, `Kept`).

The frontend's case lists (`LatestCases`, `OverdueCases`, `CasesDueBy`) ask `overdue`
without `asOf`, and `OverdueCases` filters on it: both are judged at the request's now.
The statement is built for the first request of a document, Act, tenant and variables and
kept; each later request gives it only its own instant and token check as values. The
answers stay the ordinary path's, at each request's own instant.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from typing import Any, ClassVar

import pytest
from bench.documents import documents
from sqlalchemy import update

from pashu.db.impoundment import Impoundment
from pashu.fastpaths import compiled
from tests.conftest import ROOMY, Databases, GraphQLClient, client, roomy_gql
from tests.schema.impoundment_helpers import department, seize

pytestmark = pytest.mark.postgres

DOCUMENTS = documents()
# The frontend's case lists that read the clock, with their variables.
LISTS = {"LatestCases": {}, "OverdueCases": {}, "CasesDueBy": {"d": "2027-01-01T00:00:00Z"}}

# `OverdueCases` asked at a given instant: what it must answer when the clock reads `at`.
OVERDUE_AT = """query OverdueAt($at: DateTime) {
  impoundments(overdue: true, asOf: $at, status: [IMPOUNDED, PARTLY_RELEASED], first: 50) {
    edges { node {
      id registerNumber status seizedAt place
      pound { id name }
      animalCounts { species count inPound }
      nextAction { action notBefore deadline overdue(asOf: $at) }
    } }
  }
}"""


class Clock(datetime):
    """The compiled path's clock, set by the test."""

    at: ClassVar[datetime]

    @classmethod
    def now(cls, tz: Any = None) -> Any:
        return cls.at.astimezone(tz)


@pytest.fixture
async def gql(pg: Databases) -> AsyncIterator[GraphQLClient]:
    async for c in roomy_gql(pg.app):
        yield c


@pytest.fixture
async def ordinary(pg: Databases) -> AsyncIterator[GraphQLClient]:
    cfg = ROOMY.model_copy(update={"compiled_queries": False})
    async with client(pg.app, cfg) as http:
        yield GraphQLClient(http)


@pytest.fixture
def builds(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Each build of a compiled statement, by operation name."""
    seen: list[str] = []
    build = compiled.Plan.statement

    def counted(plan: compiled.Plan, *args: Any, **kwargs: Any) -> Any:
        seen.append(plan.operation.name.value if plan.operation.name else "")
        return build(plan, *args, **kwargs)

    monkeypatch.setattr(compiled.Plan, "statement", counted)
    return seen


async def test_a_list_read_at_now_is_built_once(
    pg: Databases, gql: GraphQLClient, ordinary: GraphQLClient, builds: list[str]
) -> None:
    t, pound = await department(pg, gql, "nagaland")
    await seize(gql, t.token, pound)
    for name, variables in LISTS.items():
        body = DOCUMENTS[name].body
        for _ in range(3):  # proven, the tenant's Act learnt, then the statement kept
            await gql.raw(body, variables, t.token)
        builds.clear()
        for _ in range(3):
            assert await gql.raw(body, variables, t.token) == await ordinary.raw(
                body, variables, t.token
            )
        assert builds == [], name


async def test_a_kept_statement_answers_at_each_requests_instant(
    pg: Databases,
    gql: GraphQLClient,
    ordinary: GraphQLClient,
    builds: list[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    t, pound = await department(pg, gql, "nagaland")
    await seize(gql, t.token, pound)
    # The case's next duty given a deadline (which one the Act sets is not the point here:
    # only that `overdue` turns at it, at the instant each request is made).
    deadline = datetime(2026, 2, 1, 10, tzinfo=UTC)
    with pg.admin.transaction(t.id) as s:
        s.execute(update(Impoundment).values(next_deadline=deadline))
    monkeypatch.setattr(compiled, "datetime", Clock)
    overdue = DOCUMENTS["OverdueCases"].body
    Clock.at = deadline - timedelta(hours=1)
    for _ in range(3):  # proven, the tenant's Act learnt, then the statement kept
        await gql.raw(overdue, {}, t.token)
    builds.clear()
    for at, shown in ((deadline - timedelta(minutes=1), 0), (deadline + timedelta(hours=1), 1)):
        Clock.at = at.astimezone(UTC)
        answer = await gql.ok(overdue, {}, t.token)
        assert len(answer["impoundments"]["edges"]) == shown
        assert answer == await ordinary.ok(OVERDUE_AT, {"at": at.isoformat()}, t.token)
    assert builds == []

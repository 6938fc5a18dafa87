"""Every plain list of a department's rows is answered a page at a time (issue #19): without
`first` a list longer than its maximum is refused with a code naming it, never cut; `first`
and `after` walk through every row exactly once, in the list's order, within the tenant."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from pashu.config import Settings
from pashu.db.clocks import RunOutcome, TaskRun
from pashu.db.pounds import LocalAuthority, Pound
from pashu.schema.paging import MAX_ROWS
from tests.conftest import Databases, GraphQLClient, TenantFixture, client, make_tenant

POUNDS = "query($first: Int, $after: String) { pounds(first: $first, after: $after) { id name } }"
RUNS = """query($first: Int, $after: String) {
  taskRuns(first: $first, after: $after) { cursor task startedAt }
}"""


def _pounds(dbs: Databases, t: TenantFixture, names: list[str]) -> None:
    with dbs.admin.transaction(t.id) as s:
        council = LocalAuthority(tenant_id=t.id, name=f"Council {t.slug}")
        s.add(council)
        s.flush()
        s.add_all(Pound(tenant_id=t.id, name=n, local_authority_id=council.id) for n in names)


def _runs(dbs: Databases, t: TenantFixture, starts: list[datetime]) -> None:
    with dbs.admin.transaction(t.id) as s:
        s.add_all(
            TaskRun(
                tenant_id=t.id,
                task=f"run-{i}",
                as_of=at,
                outcome=RunOutcome.OK.value,
                started_at=at,
                duration_ms=1,
            )
            for i, at in enumerate(starts)
        )


async def _walk(
    gql: GraphQLClient, query: str, field: str, cursor: str, token: str, first: int
) -> list[list[dict[str, Any]]]:
    pages: list[list[dict[str, Any]]] = []
    after = None
    while True:
        rows = (await gql.ok(query, {"first": first, "after": after}, token))[field]
        if not rows:
            return pages
        pages.append(rows)
        after = rows[-1][cursor]


async def test_a_list_longer_than_its_maximum_is_refused_without_first_not_cut(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "nagaland")
    _pounds(dbs, t, [f"Pound {i:03}" for i in range(MAX_ROWS + 1)])
    err = await gql.error("{ pounds { id } }", token=t.token)
    assert err["extensions"]["code"] == "LIMIT_EXCEEDED"
    assert err["extensions"]["field"] == "pounds"
    assert err["extensions"]["maximum"] == MAX_ROWS
    assert "`first`" in err["message"] and "`after`" in err["message"]
    # Asked with `first`, the same list answers a page, and the rest follows.
    page = (await gql.ok(POUNDS, {"first": MAX_ROWS}, t.token))["pounds"]
    assert len(page) == MAX_ROWS
    rest = await gql.ok(POUNDS, {"first": MAX_ROWS, "after": page[-1]["id"]}, t.token)
    assert [p["name"] for p in rest["pounds"]] == [f"Pound {MAX_ROWS:03}"]


async def test_a_list_within_its_maximum_is_answered_whole_without_first(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "nagaland")
    _pounds(dbs, t, ["Chumukedima", "Kohima", "Dimapur"])
    listed = (await gql.ok("{ pounds { name } }", token=t.token))["pounds"]
    assert [p["name"] for p in listed] == ["Chumukedima", "Dimapur", "Kohima"]


async def test_paging_gives_every_row_once_in_the_lists_order(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "nagaland")
    names = [f"Pound {c}" for c in "QWERTYUIOPAS"]
    _pounds(dbs, t, names)
    pages = await _walk(gql, POUNDS, "pounds", "id", t.token, first=5)
    assert [len(p) for p in pages] == [5, 5, 2]
    assert [p["name"] for page in pages for p in page] == sorted(names)


async def test_paging_a_newest_first_list_keeps_rows_of_the_same_instant(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "nagaland")
    start = datetime(2026, 3, 1, 4, 30, tzinfo=UTC)
    # Four runs started at the same instant: the id orders them, so no page repeats or drops one.
    starts = [start + timedelta(minutes=m) for m in (0, 5, 5, 5, 5, 9, 2)]
    _runs(dbs, t, starts)
    whole = (await gql.ok("{ taskRuns { task startedAt } }", token=t.token))["taskRuns"]
    pages = await _walk(gql, RUNS, "taskRuns", "cursor", t.token, first=2)
    walked = [(r["task"], r["startedAt"]) for page in pages for r in page]
    assert walked == [(r["task"], r["startedAt"]) for r in whole]
    assert sorted(task for task, _ in walked) == sorted(f"run-{i}" for i in range(7))
    instants = [datetime.fromisoformat(at) for _, at in walked]
    assert instants == sorted(instants, reverse=True)


async def test_a_bad_cursor_or_page_size_is_refused_with_a_code(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "nagaland")
    _pounds(dbs, t, ["Kohima"])
    _runs(dbs, t, [datetime(2026, 3, 1, tzinfo=UTC)])
    pound = (await gql.ok("{ pounds { id } }", token=t.token))["pounds"][0]["id"]
    for after in ("not a cursor", pound):  # garbage, and a cursor of another list
        err = await gql.error(RUNS, {"first": 5, "after": after}, t.token)
        assert err["extensions"] == {"code": "VALIDATION", "field": "after"}
    for first in (0, MAX_ROWS + 1):
        err = await gql.error(POUNDS, {"first": first}, t.token)
        assert err["extensions"]["code"] == "LIMIT_EXCEEDED"
    err = await gql.error('{ funds(after: "x") { account } }', token=t.token)
    assert err["extensions"] == {"code": "VALIDATION", "field": "after"}


async def test_a_cursor_of_another_tenant_pages_nothing_of_it(
    dbs: Databases, gql: GraphQLClient
) -> None:
    a, b = make_tenant(dbs, "nagaland"), make_tenant(dbs, "nagaland")
    _pounds(dbs, a, ["A1", "A2", "A3"])
    _pounds(dbs, b, ["B1", "B2"])
    theirs = (await gql.ok(POUNDS, {"first": 1}, a.token))["pounds"][0]["id"]
    err = await gql.error(POUNDS, {"first": 1, "after": theirs}, b.token)
    assert err["extensions"] == {"code": "VALIDATION", "field": "after"}
    pages = await _walk(gql, POUNDS, "pounds", "id", b.token, first=1)
    assert [p["name"] for page in pages for p in page] == ["B1", "B2"]


async def test_a_list_without_first_costs_its_maximum_rows(dbs: Databases) -> None:
    t = make_tenant(dbs, "nagaland")
    query = "{ pounds%s { id localAuthority { name } } }"
    async with client(dbs.app, Settings(env="test", max_query_cost=100)) as http:
        gql = GraphQLClient(http)
        err = await gql.error(query % "", token=t.token)
        assert err["extensions"]["code"] == "LIMIT_EXCEEDED"
        assert err["extensions"]["cost"] > 100
        assert (await gql.ok(query % "(first: 10)", token=t.token))["pounds"] == []
    await dbs.app.async_engine.dispose()

"""The cost model counts what a query can make the server do on the data the law allows: a
case's animals up to a seizure's cap, every field, a PDF by what it renders. The probes that
stalled a server (issue #34) are refused before anything runs, with their cost and the
budget; what the frontend sends still runs; and the most expensive allowed query, on the
documented maximum data, answers in at most 20 MB. An answer larger than its limit is refused,
not sent."""

from __future__ import annotations

from graphql import FragmentDefinitionNode, OperationDefinitionNode, parse

from pashu.config import Settings
from pashu.core.bounds import MAX_HEADS_PER_SEIZURE
from pashu.schema.cost import cost
from pashu.schema.schema import schema
from pashu.schema.trusted import compose
from tests.conftest import Databases, GraphQLClient, add_token, client, make_tenant, statements
from tests.schema.impoundment_helpers import department, seize
from tests.web.test_frontend_queries import NAMES, OPERATIONS

BUDGET = Settings().max_query_cost
ANIMALS = "animals { id species description earTag status releasedAt injury }"


def animals(first: int, fields: str = ANIMALS) -> str:
    return f"{{ impoundments(first: {first}) {{ edges {{ node {{ {fields} }} }} }} }}"


def pdfs(first: int) -> str:
    node = "registerNumber registerCopy { pdfBase64 }"
    return f"{{ impoundments(first: {first}) {{ edges {{ node {{ {node} }} }} }} }}"


PROBES = {
    "a page of 100 cases' animals": "{ a0: " + animals(100)[1:],
    "three aliases of it": "{ " + " ".join(f"a{i}: {animals(100)[1:-1]}" for i in range(3)) + " }",
    "ten register copies": pdfs(10),
    "95 register copies": pdfs(95),
}
# A full case: a seizure of as many animals as the law allows, each line's description as long
# as its column (300 characters).
FULL_HERD = [{"species": "cow", "count": 500, "description": "d" * 300}] * (
    MAX_HEADS_PER_SEIZURE // 500
)


def _cost(query: str, variables: dict[str, object] | None = None) -> int:
    doc = parse(query)
    fragments = {d.name.value: d for d in doc.definitions if isinstance(d, FragmentDefinitionNode)}
    return max(
        cost(schema()._schema, o, fragments, variables or {})
        for o in doc.definitions
        if isinstance(o, OperationDefinitionNode)
    )


async def test_the_probes_are_refused_before_anything_runs_with_cost_and_budget(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    await seize(gql, t.token, pound)
    viewer = add_token(dbs, t, "viewer")
    for name, probe in PROBES.items():
        with statements(dbs) as seen:
            err = await gql.error(probe, token=viewer)
        assert err["extensions"]["code"] == "LIMIT_EXCEEDED", name
        assert err["extensions"]["budget"] == BUDGET, name
        assert err["extensions"]["cost"] > BUDGET, name
        assert str(err["extensions"]["cost"]) in err["message"], name
        # Nothing of the query ran: no case, animal or document was read.
        assert not [s for s in seen if "impound" in s.lower()], (name, seen)


def test_a_cases_animals_cost_as_many_rows_as_a_seizure_may_hold() -> None:
    one = _cost(animals(1))
    # Each animal's seven fields, and the page, its edge, node and list.
    assert one >= MAX_HEADS_PER_SEIZURE * 7
    assert _cost(animals(2)) > 2 * one - 10  # per case, less the root
    # Scalars weigh something: a field more is 2,000 units more on a full case.
    fewer = ANIMALS.replace(" injury", "")
    assert one - _cost(animals(1, fewer)) == 2_000


def test_every_document_the_frontend_sends_is_within_the_budget() -> None:
    for name in NAMES:
        where, document = f"{name}.graphql", compose(OPERATIONS, name)
        spent = _cost(document, {"id": "x", "d": "2026-01-01T00:00:00Z"})
        assert spent <= BUDGET, f"{where} costs {spent} of {BUDGET}"


async def test_the_most_expensive_allowed_query_on_the_maximum_data_answers_in_20_mb(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    per_case = _cost(animals(2)) - _cost(animals(1))
    most = (BUDGET - 10) // per_case  # the most full cases one allowed query can reach
    assert most >= 1
    for _ in range(most + 1):  # one more than it may ask: the page is full
        await seize(gql, t.token, pound, animals=FULL_HERD)
    viewer = add_token(dbs, t, "viewer")
    heaviest = animals(most)
    assert _cost(heaviest) <= BUDGET < _cost(animals(most + 1))
    r = await gql.http.post(
        "/graphql", json={"query": heaviest}, headers={"authorization": f"Bearer {viewer}"}
    )
    body = r.json()
    assert not body.get("errors"), body.get("errors")
    cases = body["data"]["impoundments"]["edges"]
    assert len(cases) == most
    assert all(len(c["node"]["animals"]) == MAX_HEADS_PER_SEIZURE for c in cases)
    assert len(r.content) <= 20_000_000, f"{len(r.content)} bytes"


async def test_an_answer_over_the_size_limit_is_refused_not_sent(dbs: Databases) -> None:
    t = make_tenant(dbs, "nagaland", role="viewer")
    query = "{ jurisdictions { code name } }"
    async with client(dbs.app, Settings(env="test", max_response_bytes=50)) as http:
        r = await http.post(
            "/graphql", json={"query": query}, headers={"authorization": f"Bearer {t.token}"}
        )
    err = r.json()["errors"][0]
    assert r.json()["data"] is None
    assert err["extensions"]["code"] == "LIMIT_EXCEEDED"
    assert err["extensions"]["maximum"] == 50 < err["extensions"]["size"]


async def test_a_document_once_answered_costs_again_with_each_requests_variables(
    dbs: Databases, gql: GraphQLClient
) -> None:
    """On PostgreSQL a document answered once is then answered by one SQL statement
    (schema/compiled.py); a larger `first` in its variables is still weighed, and refused."""
    t, pound = await department(dbs, gql, "nagaland")
    await seize(gql, t.token, pound)
    page = """query($first: Int!) { impoundments(first: $first) {
      edges { node { registerNumber animals { species status } } } } }"""
    for _ in range(2):  # proven, then planned
        with statements(dbs) as seen:
            await gql.ok(page, {"first": 1}, t.token)
    if dbs.dialect == "postgresql":
        assert [s for s in seen if "json_build_object" in s], "the compiled path did not answer"
    err = await gql.error(page, {"first": 100}, t.token)
    assert err["extensions"]["code"] == "LIMIT_EXCEEDED"
    assert err["extensions"]["cost"] > err["extensions"]["budget"]

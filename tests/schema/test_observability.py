"""What an operator sees: Prometheus metrics, a request id on every response and every log
line, and logs that never hold a token or an owner's name.

Metrics are served on a port of their own (tests/schema/test_metrics_port.py); here the app
answers them on its own port too (PASHU_METRICS_ON_API_PORT, refused in prod), with tenants'
slugs as labels (PASHU_METRICS_TENANT_LABELS), so that one client sees both."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime

import pytest
from prometheus_client.parser import text_string_to_metric_families

from pashu.config import Settings
from pashu.observability import logs
from pashu.services.tenancy.tenants import tenant_by_slug
from pashu.tasks import outbox
from tests.conftest import Databases, GraphQLClient, client, make_tenant, statements
from tests.schema.impoundment_helpers import SEIZE, department, seize, seizure

NEXT = "query($id: ID!) { impoundment(id: $id) { nextAction { notBefore } } }"
WITH_METRICS = Settings(env="test", metrics_on_api_port=True, metrics_tenant_labels=True)


@pytest.fixture
async def gql(dbs: Databases) -> AsyncIterator[GraphQLClient]:
    async with client(dbs.app, WITH_METRICS) as http:
        yield GraphQLClient(http)
    await dbs.app.async_engine.dispose()


@pytest.fixture
async def pg_gql(pg: Databases) -> AsyncIterator[GraphQLClient]:
    async with client(pg.app, WITH_METRICS) as http:
        yield GraphQLClient(http)
    await pg.app.async_engine.dispose()


Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]


async def scrape(gql: GraphQLClient) -> Samples:
    r = await gql.http.get("/metrics")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
    return {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for family in text_string_to_metric_families(r.text)
        for s in family.samples
    }


def sample(samples: Samples, name: str, **labels: str) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


async def test_requests_are_counted_and_timed_by_operation_name_and_outcome(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "nagaland")
    before = await scrape(gql)
    await gql.ok("query Funds { funds { account balance } }", token=t.token)
    err = await gql.error('query Classify { classifyAnimal(species: "unicorn") { species } }')
    assert err["extensions"]["code"] == "UNKNOWN_SPECIES"
    after = await scrape(gql)

    def grew(name: str, **labels: str) -> float:
        return sample(after, name, **labels) - sample(before, name, **labels)

    assert grew("pashu_graphql_requests_total", operation="Funds", outcome="ok") == 1
    assert grew("pashu_graphql_requests_total", operation="Classify", outcome="refused") == 1
    assert grew("pashu_graphql_request_seconds_count", operation="Funds", outcome="ok") == 1
    assert grew("pashu_graphql_errors_total", code="UNKNOWN_SPECIES") == 1


async def test_a_document_that_is_not_graphql_is_counted_as_the_callers_fault(
    gql: GraphQLClient,
) -> None:
    before = await scrape(gql)
    body = await gql.raw("query Broken { funds { ")
    assert body["errors"]
    after = await scrape(gql)
    assert body["errors"][0]["extensions"]["code"] == "GRAPHQL_PARSE_FAILED"
    code = "GRAPHQL_PARSE_FAILED"  # counted as the client received it
    grown = sample(after, "pashu_graphql_errors_total", code=code) - sample(
        before, "pashu_graphql_errors_total", code=code
    )
    assert grown == 1


async def test_an_operation_name_past_the_label_rules_is_not_a_label(gql: GraphQLClient) -> None:
    name = "Q" * 80
    await gql.ok(f'query {name} {{ classifyAnimal(species: "cow") {{ species }} }}')
    after = await scrape(gql)
    assert not any(name in dict(labels).get("operation", "") for _, labels in after)
    assert sample(after, "pashu_graphql_requests_total", operation="invalid", outcome="ok") >= 1


async def test_sweep_lag_is_the_age_of_the_tenants_oldest_due_duty(
    dbs: Databases, gql: GraphQLClient
) -> None:
    late, pound = await department(dbs, gql, "nagaland")
    case = await seize(gql, late.token, pound)  # January 2026: its duties fell due long ago
    step = await gql.ok(NEXT, {"id": case["id"]}, late.token)
    due = datetime.fromisoformat(step["impoundment"]["nextAction"]["notBefore"])
    idle = make_tenant(dbs, "mizoram")
    samples = await scrape(gql)
    lag = sample(samples, "pashu_sweep_lag_seconds", tenant=late.slug)
    assert abs(lag - (datetime.now(UTC) - due).total_seconds()) < 60
    assert (("pashu_sweep_lag_seconds", (("tenant", idle.slug),))) in samples
    assert sample(samples, "pashu_sweep_lag_seconds", tenant=idle.slug) == 0


async def test_outbox_rows_waiting_are_counted_per_tenant(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t, other = make_tenant(dbs, "nagaland"), make_tenant(dbs, "nagaland")
    with dbs.admin.transaction(t.id) as s:
        outbox.write(s, [("pashu.act_on_case", {"id": "1"}, "k1"), ("pashu.sweep", {}, "k2")])
    samples = await scrape(gql)
    assert sample(samples, "pashu_outbox_waiting", tenant=t.slug) == 2
    assert sample(samples, "pashu_outbox_waiting", tenant=other.slug) == 0


async def test_the_database_pool_is_reported(gql: GraphQLClient) -> None:
    samples = await scrape(gql)
    assert ("pashu_db_pool_in_use", (("database", "primary"),)) in samples
    assert ("pashu_db_pool_waiting", (("database", "primary"),)) in samples


async def test_a_request_id_is_taken_from_the_caller_or_made(gql: GraphQLClient) -> None:
    query = {"query": '{ classifyAnimal(species: "cow") { species } }'}
    given = await gql.http.post("/graphql", json=query, headers={"X-Request-ID": "req-42.a"})
    assert given.headers["x-request-id"] == "req-42.a"
    made = await gql.http.post("/graphql", json=query)
    assert len(made.headers["x-request-id"]) == 32
    bad = await gql.http.post("/graphql", json=query, headers={"X-Request-ID": "a b\tc"})
    assert bad.headers["x-request-id"] != "a b\tc"


@pytest.fixture
def json_logs() -> Iterator[io.StringIO]:
    """Logs as production writes them (JSON), into a buffer; restored afterwards."""
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    logs.configure("prod", "INFO")
    written = io.StringIO()
    (ours,) = root.handlers
    assert isinstance(ours, logging.StreamHandler)
    ours.setStream(written)
    try:
        yield written
    finally:
        root.handlers, root.level = handlers, level
        logs.route_to_stdlib()


async def test_log_lines_are_json_with_request_tenant_and_operation_and_no_people_or_tokens(
    dbs: Databases, gql: GraphQLClient, json_logs: io.StringIO
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    owner = {"name": "Vilhoulie Secretname", "address": "House 9, Hidden Lane"}
    r = await gql.http.post(
        "/graphql",
        json={
            "query": SEIZE.replace("mutation(", "mutation Seize("),
            "variables": {"input": seizure(pound, owner=owner)},
        },
        headers={"Authorization": f"Bearer {t.token}", "X-Request-ID": "trace-me-1"},
    )
    assert r.status_code == 200 and not r.json().get("errors")
    logging.getLogger("pashu.test").info("a token %s in a message", t.token)
    out = json_logs.getvalue()
    lines = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    request = [x for x in lines if x.get("event") == "request" and x.get("path") == "/graphql"]
    assert request, out
    assert request[-1]["request_id"] == "trace-me-1"
    assert (request[-1]["tenant"], request[-1]["operation"]) == (t.slug, "Seize")
    assert request[-1]["outcome"] == "ok" and request[-1]["level"] == "info"
    for secret in ("Secretname", "Hidden Lane", t.token, t.token.split("_", 2)[2]):
        assert secret not in out
    with dbs.admin.transaction() as s:
        assert tenant_by_slug(s, t.slug).id == t.id


def _request_lines(out: str) -> list[dict[str, object]]:
    lines = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    return [x for x in lines if x.get("event") == "request"]


async def test_a_probe_is_logged_only_at_debug_and_a_query_at_info(
    gql: GraphQLClient, json_logs: io.StringIO
) -> None:
    # The line is built only when its level is on (requests.Observe._done): the probe's at
    # DEBUG, any other request's at INFO.
    query = {"query": '{ classifyAnimal(species: "cow") { species } }'}
    assert (await gql.http.get("/healthz")).status_code == 200
    assert (await gql.http.post("/graphql", json=query)).status_code == 200
    at_info = _request_lines(json_logs.getvalue())
    assert [(x["path"], x["level"]) for x in at_info] == [("/graphql", "info")]
    assert at_info[0]["outcome"] == "ok" and at_info[0]["status"] == 200

    logging.getLogger().setLevel("DEBUG")
    assert (await gql.http.get("/healthz")).status_code == 200
    at_debug = _request_lines(json_logs.getvalue())[1:]
    assert [(x["path"], x["level"]) for x in at_debug] == [("/healthz", "debug")]

    logging.getLogger().setLevel("WARNING")
    assert (await gql.http.post("/graphql", json=query)).status_code == 200
    assert len(_request_lines(json_logs.getvalue())) == 2  # nothing more written


@pytest.mark.postgres
async def test_a_list_answered_by_one_compiled_statement_is_counted_under_its_operation(
    pg: Databases, pg_gql: GraphQLClient
) -> None:
    t, pound = await department(pg, pg_gql, "nagaland")
    await seize(pg_gql, t.token, pound)
    query = "query Cases { impoundments(first: 5) { edges { node { id status } } } }"
    before = await scrape(pg_gql)
    with statements(pg) as seen:
        first = await pg_gql.ok(query, token=t.token)  # the ordinary path proves the plan
        seen.clear()
        second = await pg_gql.ok(query, token=t.token)  # then one statement answers it
        # and, the tenant's Act known, on the server's loop (app.py's `_direct`)
        third = await pg_gql.ok(query, token=t.token)
    assert first == second == third
    assert len([s for s in seen if "json_build_object" in s]) == 2
    after = await scrape(pg_gql)
    grown = sample(after, "pashu_graphql_requests_total", operation="Cases", outcome="ok")
    assert (
        grown - sample(before, "pashu_graphql_requests_total", operation="Cases", outcome="ok") == 3
    )

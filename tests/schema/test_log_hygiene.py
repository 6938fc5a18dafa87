"""Logs never quote a document or its variables (they name the operation and the document's
hash); a refusal the client caused is logged below ERROR without a traceback; the logs and the
metrics count the code the client received."""

from __future__ import annotations

import hashlib
import io
import json
from typing import Any

from tests.conftest import Databases, GraphQLClient, add_token
from tests.schema.impoundment_helpers import SEIZE, department, seizure
from tests.schema.test_observability import gql, json_logs, sample, scrape

# The fixtures: production's JSON log lines, into a buffer; a client whose app answers its
# metrics on its own port (as development may).
__all__ = ["gql", "json_logs"]

# A clerk's form typed into the document itself, over several lines, as the probe sent it.
INLINE = """mutation Seize {
  recordSeizure(input: {
    poundId: "%s"
    seizedAt: "2026-01-03T09:00:00+05:30"
    impoundedAt: "2026-01-03T15:00:00+05:30"
    placeKind: PRIVATE_LAND
    place: "Field of Zothanpuii Hiddenname"
    seizer: {name: "Lalremruata Hiddenname", address: "Quarter 7, Secretlane"}
    seizerSigned: true
    seizerCapacity: CULTIVATOR
    damage: "paddy"
    owner: {name: "Vanlalruata Hiddenname", address: "House 12, Secretlane"}
    animals: [{species: "cow", count: 1}]
  }) { id }
}"""


def _lines(out: io.StringIO) -> list[dict[str, Any]]:
    return [json.loads(line) for line in out.getvalue().splitlines() if line.startswith("{")]


async def test_a_refused_document_with_peoples_names_is_logged_by_hash_below_error(
    dbs: Databases, gql: GraphQLClient, json_logs: io.StringIO
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    viewer = add_token(dbs, t, "viewer")
    document = INLINE % pound
    err = await gql.error(document, token=viewer)
    assert err["extensions"]["code"] == "FORBIDDEN"
    out = json_logs.getvalue()
    for quoted in ("Hiddenname", "Secretlane", "recordSeizure(input", "PRIVATE_LAND"):
        assert quoted not in out
    assert "Traceback" not in out
    lines = _lines(json_logs)
    assert [x for x in lines if x["level"] in ("error", "critical")] == []
    (refusal,) = [x for x in lines if x.get("event") == "graphql refusal"]
    assert refusal["level"] == "info" and refusal["code"] == "FORBIDDEN"
    assert refusal["graphql_operation"] == "Seize"
    assert refusal["document"] == hashlib.sha256(document.encode()).hexdigest()[:16]


async def test_a_bad_enum_in_the_variables_is_counted_and_logged_as_validation_not_internal(
    dbs: Databases, gql: GraphQLClient, json_logs: io.StringIO
) -> None:
    t, pound = await department(dbs, gql, "nagaland")
    before = await scrape(gql)
    bad = seizure(pound, placeKind="MOON_Hiddenname")
    body = await gql.raw(SEIZE.replace("mutation(", "mutation Seize("), {"input": bad}, t.token)
    assert [e["extensions"]["code"] for e in body["errors"]] == ["VALIDATION"]
    after = await scrape(gql)

    def grew(name: str, **labels: str) -> float:
        return sample(after, name, **labels) - sample(before, name, **labels)

    assert grew("pashu_graphql_errors_total", code="VALIDATION") == 1
    assert grew("pashu_graphql_errors_total", code="INTERNAL") == 0
    assert grew("pashu_graphql_requests_total", operation="Seize", outcome="refused") == 1
    assert grew("pashu_graphql_requests_total", operation="Seize", outcome="failed") == 0
    out = json_logs.getvalue()
    assert "Hiddenname" not in out and "T. Sema" not in out and "Traceback" not in out
    lines = _lines(json_logs)
    request = [x for x in lines if x.get("event") == "request" and x.get("path") == "/graphql"]
    assert request[-1]["errors"] == ["VALIDATION"] and request[-1]["outcome"] == "refused"
    (refusal,) = [x for x in lines if x.get("event") == "graphql refusal"]
    assert (refusal["level"], refusal["code"]) == ("info", "VALIDATION")


async def test_a_server_failure_is_logged_at_error_with_its_traceback_and_no_document(
    gql: GraphQLClient, json_logs: io.StringIO
) -> None:
    from pashu.schema.errors import log_error

    try:
        raise RuntimeError("the disk is on fire")
    except RuntimeError as failure:
        from graphql import GraphQLError

        log_error(GraphQLError("boom", original_error=failure), "Q", '{ a(b: "Secret") }')
    (line,) = [x for x in _lines(json_logs) if x.get("event") == "graphql server failure"]
    assert line["level"] == "error" and "RuntimeError: the disk is on fire" in line["exception"]
    assert "Secret" not in json_logs.getvalue()

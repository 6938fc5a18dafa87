"""Fuzzing the API: documents drawn from the schema (valid and not), and arbitrary bodies
and variables. Whatever is sent, the answer is never a 5xx, and every error carries a code.
Bounded in time: a fixed number of examples, each a request to the real app."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from graphql import StringValueNode
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_graphql import Mode, from_schema

from pashu.app import create_app
from pashu.config import Settings
from pashu.schema.schema import schema
from tests.conftest import Databases, make_tenant
from tests.schema.impoundment_helpers import SEIZE

SDL = schema().as_str()
FUZZ = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
# Decimals and instants are strings (DateTime and Date within the legal range or not).
SCALARS = {
    "DateTime": st.sampled_from(
        ["2026-01-03T09:00:00+05:30", "0001-01-01T00:00:00+00:00", "2026-02-30T10:00:00Z", "x"]
    ).map(lambda v: StringValueNode(value=v)),
    "Date": st.sampled_from(["2026-01-03", "9999-12-31", "2026-13-01"]).map(
        lambda v: StringValueNode(value=v)
    ),
    "Decimal": st.sampled_from(["10.00", "1e30", "12.345", "-1", "NaN"]).map(
        lambda v: StringValueNode(value=v)
    ),
}
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12,
)


class Poster:
    """The real app on the suite's database, driven from synchronous hypothesis tests."""

    def __init__(self, dbs: Databases, token: str) -> None:
        self.loop = asyncio.new_event_loop()
        app = create_app(dbs.app, Settings(env="test"))
        self.http = httpx.AsyncClient(
            transport=httpx.ASGITransport(app=app), base_url="http://pashu"
        )
        self.token = token

    def post(self, body: bytes, kind: str = "application/json") -> httpx.Response:
        headers = {"content-type": kind, "authorization": f"Bearer {self.token}"}
        return self.loop.run_until_complete(
            self.http.post("/graphql", content=body, headers=headers)
        )

    def close(self) -> None:
        self.loop.run_until_complete(self.http.aclose())
        self.loop.close()


@pytest.fixture
def poster(dbs: Databases) -> Iterator[Poster]:
    p = Poster(dbs, make_tenant(dbs, "nagaland").token)
    yield p
    p.close()


def _coded(r: httpx.Response) -> None:
    assert r.status_code < 500, r.text[:2000]
    body: Any = r.json()
    for error in body.get("errors") or []:
        assert (error.get("extensions") or {}).get("code"), error


@FUZZ
@given(
    query=from_schema(SDL, custom_scalars=SCALARS, mode=Mode.NEGATIVE)
    | from_schema(SDL, custom_scalars=SCALARS)
)
def test_any_document_drawn_from_the_schema_answers_with_codes_never_5xx(
    poster: Poster, query: str
) -> None:
    _coded(poster.post(json.dumps({"query": query}).encode()))


@FUZZ
@given(variables=JSON)
def test_any_variables_answer_with_codes_never_5xx(poster: Poster, variables: Any) -> None:
    body = json.dumps({"query": SEIZE, "variables": {"input": variables}}, allow_nan=True)
    _coded(poster.post(body.encode()))


@FUZZ
@given(body=st.binary(max_size=300) | JSON.map(lambda v: json.dumps(v).encode()))
def test_any_body_answers_with_codes_never_5xx(poster: Poster, body: bytes) -> None:
    _coded(poster.post(body))

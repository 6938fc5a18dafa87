"""A query's cost is worked out once per document and kept (schema/cost.py's Price, in a
cache bounded like the parsed documents', schema/caches.py): a repeated document pays only
for putting its variables to it. What is kept never lets a query through that the walk
would refuse: the same document over the budget is refused again, and a document answered
with a small `first` is refused with a large one. A document of fragments spread twice in
each of many fragments is priced by its fragments, not by the fields they expand to."""

from __future__ import annotations

import time
from typing import Any

import pytest
from graphql import parse

from pashu.schema import cost as cost_module
from pashu.schema.caches import priced_documents
from pashu.schema.cost import prices
from pashu.schema.schema import schema
from tests.conftest import Databases, GraphQLClient
from tests.schema.impoundment_helpers import department, seize

PAGE = """query Page($n: Int) { impoundments(first: $n) {
  edges { node { registerNumber animals { id species description earTag status } } } } }"""


def _counted(monkeypatch: pytest.MonkeyPatch) -> list[str | None]:
    """The operation names each document was priced for, as the requests price them."""
    priced: list[str | None] = []
    real = cost_module.prices

    def counting(s: Any, document: Any, name: str | None) -> Any:
        priced.append(name)
        return real(s, document, name)

    monkeypatch.setattr(cost_module, "prices", counting)
    return priced


async def test_a_document_over_the_budget_is_refused_again_once_kept(
    dbs: Databases, gql: GraphQLClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    priced = _counted(monkeypatch)
    t, pound = await department(dbs, gql, "nagaland")
    await seize(gql, t.token, pound)
    priced.clear()
    for _ in range(3):
        err = await gql.error(PAGE, {"n": 100}, t.token)
        assert err["extensions"]["code"] == "LIMIT_EXCEEDED"
        assert err["extensions"]["cost"] > err["extensions"]["budget"]
    assert len(priced) == 1, "the document was priced on every request"


async def test_a_kept_document_is_weighed_with_each_requests_variables(
    dbs: Databases, gql: GraphQLClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    priced = _counted(monkeypatch)
    t, pound = await department(dbs, gql, "nagaland")
    await seize(gql, t.token, pound)
    priced.clear()
    small = await gql.ok(PAGE, {"n": 1}, t.token)
    assert len(small["impoundments"]["edges"]) == 1
    refused = await gql.error(PAGE, {"n": 100}, t.token)
    assert refused["extensions"]["code"] == "LIMIT_EXCEEDED"
    # Without `n` the list's default (50 cases) is counted: over the budget too.
    default = await gql.error(PAGE, None, t.token)
    assert default["extensions"]["cost"] > default["extensions"]["budget"]
    assert default["extensions"]["cost"] != refused["extensions"]["cost"]
    assert (await gql.ok(PAGE, {"n": 1}, t.token)) == small
    assert priced == ["Page"], "the document was priced again"


def test_the_kept_prices_stay_within_their_entries_and_bytes() -> None:
    kept = priced_documents(entries=8, budget=20_000)
    s = schema()._schema
    for i in range(100):  # each document new, as an attacker would send them
        query = f"query Q{i}($n: Int) {{ impoundments(first: $n) {{ edges {{ node {{ id }} }} }} }}"
        kept.put((query, None), prices(s, parse(query), None))
        assert len(kept) <= 8
        assert kept.bytes <= 20_000
    huge = "query Big($n: Int) { " + " ".join(
        f"a{i}: impoundments(first: $n) {{ edges {{ node {{ id }} }} }}" for i in range(100)
    )
    kept.put((huge + " }", None), prices(s, parse(huge + " }"), None))
    assert kept.get((huge + " }", None)) is None, "a document over a tenth of the bytes was kept"


def test_fragments_spread_twice_are_priced_by_the_fragment_not_the_fields() -> None:
    """Forty fragments each spreading the next twice: 2^40 fields, which a walk of the
    fields would take days over; priced once per fragment, it takes milliseconds."""
    n = 40
    chain = "".join(f"fragment F{i} on Query {{ ...F{i + 1} ...F{i + 1} }}\n" for i in range(n))
    query = (
        "query Q($n: Int) { ...F0 }\n"
        + chain
        + f"fragment F{n} on Query {{ impoundments(first: $n) {{ edges {{ node {{ id }} }} }} }}"
    )
    s = schema()._schema
    started = time.monotonic()
    (price,), _ = prices(s, parse(query), "Q")
    one = (price.of({"n": 1}), price.of({"n": 2}))
    assert time.monotonic() - started < 1
    leaf = "query Q($n: Int) { impoundments(first: $n) { edges { node { id } } } }"
    (single,), _ = prices(s, parse(leaf), "Q")
    assert one == (2**n * single.of({"n": 1}), 2**n * single.of({"n": 2}))

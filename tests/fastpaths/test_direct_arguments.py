"""A direct mutation's arguments (fastpaths/direct_mutations.Plan.arguments) are the ordinary
path's: for any variables a client may send, the same coerced arguments as graphql-core's
`get_variable_values` and `get_argument_values` give, or a refusal where they refuse. The
planned way (every argument a variable of a non-null type nesting within a bound) is held
to them; anything else is coerced by them."""

from __future__ import annotations

import copy
import uuid
from typing import Any

from graphql import GraphQLError, build_schema
from graphql.execution.values import get_argument_values, get_variable_values
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pashu.fastpaths import direct_mutations
from pashu.fastpaths.direct_mutations import Plan, _depth, plan
from pashu.schema.node import to_global_id
from pashu.schema.schema import schema
from tests.fastpaths.test_direct_mutations import DIRECT
from tests.schema.impoundment_helpers import seizure

MADE = schema()
ROOTS = {"recordSeizure": direct_mutations(MADE)._roots["recordSeizure"]}
POUND = to_global_id("Pound", uuid.UUID(int=7))
# The same field with an argument given otherwise than by a non-null variable.
WHOLE = [
    DIRECT.replace("RecordSeizureInput!", "RecordSeizureInput"),
    DIRECT.replace(
        "RecordSeizureInput!)", f"RecordSeizureInput! = {{poundId: {POUND!r}}})"
    ).replace("'", '"'),
]


def _planned(query: str) -> Plan:
    found = plan(MADE, ROOTS, query, None)
    assert found is not None
    return found


def graphql_cores(found: Plan, variables: Any) -> dict[str, Any] | None:
    """The arguments as the ordinary path coerces them, or None where it refuses."""
    core = MADE._schema
    coerced = get_variable_values(core, found.operation.variable_definitions or (), variables)
    if isinstance(coerced, list):
        return None
    try:
        return get_argument_values(found.field, found.node, coerced)
    except GraphQLError:
        return None


_json = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**40), 2**40)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
    | st.sampled_from(["cow", "goat", "PRIVATE_LAND", "CULTIVATOR", "2026-01-03T09:00:00+05:30"]),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=6,
)


def _paths(value: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place inside a JSON value."""
    found = [at]
    if isinstance(value, dict):
        for k, v in value.items():
            found += _paths(v, (*at, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found += _paths(v, (*at, i))
    return found


@st.composite
def variables(draw: st.DrawFn) -> Any:
    """A seizure's variables with a few places changed: a value replaced by any JSON, a key
    removed or added, a value wrapped in or taken out of a list; or not an object at all."""
    if draw(st.integers(0, 20)) == 0:
        return draw(st.one_of(st.none(), _json))
    value: Any = {"input": seizure(POUND)}
    for _ in range(draw(st.integers(0, 3))):
        at = draw(st.sampled_from(_paths(value)))
        if not at:
            continue
        parent = value
        for k in at[:-1]:
            parent = parent[k]
        last = at[-1]
        how = draw(st.sampled_from(["replace", "remove", "add", "wrap", "unwrap"]))
        if how == "replace":
            parent[last] = draw(_json)
        elif how == "remove":
            del parent[last]
        elif how == "add" and isinstance(parent, dict):
            parent[draw(st.text(min_size=1, max_size=8))] = draw(_json)
        elif how == "wrap":
            parent[last] = [parent[last]]
        elif isinstance(parent[last], list) and parent[last]:
            parent[last] = parent[last][0]
    return value


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variables())
def test_planned_arguments_are_graphql_cores(given_: Any) -> None:
    found = _planned(DIRECT)
    assert found.bound is not None
    if not isinstance(given_, dict):  # the direct path answers only an object of variables
        return
    assert found.arguments(MADE, copy.deepcopy(given_)) == graphql_cores(found, given_)


def test_a_variable_nullable_or_with_a_default_is_coerced_the_whole_way() -> None:
    for query in WHOLE:
        found = _planned(query)
        assert found.bound is None  # graphql-core's whole way, which is the ordinary path's
        given = {"input": seizure(POUND)}
        assert found.arguments(MADE, given) is not None


def test_a_seizure_as_sent_is_coerced_and_a_missing_one_refused() -> None:
    found = _planned(DIRECT)
    coerced = found.arguments(MADE, {"input": seizure(POUND)})
    assert coerced is not None and coerced == graphql_cores(found, {"input": seizure(POUND)})
    assert coerced["input"]["animals"][0]["count"] == 2
    assert found.arguments(MADE, {}) is None
    assert found.arguments(MADE, {"input": None}) is None
    assert found.arguments(MADE, {"input": seizure(POUND, seizerSigned="yes")}) is None


def test_a_type_nesting_within_itself_is_not_planned() -> None:
    core = build_schema(
        """
        input Tree { leaf: String, kids: [Tree!] }
        input Flat { a: [[String!]!], b: Pair }
        input Pair { x: Int, y: [Int] }
        type Query { x: Int }
        """
    )
    assert _depth(core.type_map["Tree"], ()) is None
    assert _depth(core.type_map["Flat"], ()) == 3  # Flat, its list, the list within

"""The variables' texts are checked without naming where each is (schema/inputs._kept), and
named only for a refusal (`_values`): the two walks agree on every JSON value."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from pashu.core import bounds
from pashu.schema import inputs

_text = st.text(max_size=6) | st.sampled_from(["a\x00b", "\ud800", "x" * (bounds.MAX_TEXT + 1)])
_json = st.recursive(
    st.none() | st.booleans() | st.integers() | _text,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_text, inner, max_size=3),
    max_leaves=8,
)


@settings(max_examples=300, deadline=None)
@given(_json)
def test_the_quick_walk_finds_what_the_named_walk_finds(value: Any) -> None:
    named = all(bounds.text_problem(text) is None for _, _, text in inputs._values(value, "$"))
    assert inputs._kept(value) == named
    assert (inputs.problem({"v": value}, None) is None) == named

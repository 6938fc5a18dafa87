"""Text coming in, checked once for every field of every operation (core/bounds.py): the
request's variables and the string literals of its document, before anything runs.

GraphQL's String cannot be replaced by a scalar of our own, so this is where text is
checked: no NUL, no lone surrogate, no more than bounds.MAX_TEXT characters. A column that
holds less is checked when the row is written (db/bounds.py).
"""

from __future__ import annotations

import weakref
from collections.abc import Iterator
from typing import Any

from graphql import (
    ArgumentNode,
    ExecutionResult,
    FieldNode,
    GraphQLError,
    ListValueNode,
    ObjectValueNode,
    StringValueNode,
    ValueNode,
    visit,
)
from graphql.language import Visitor
from strawberry.extensions import SchemaExtension

from pashu.core import bounds
from pashu.core.errors import ValidationError
from pashu.schema.errors import where

Keys = tuple[str | int, ...]


def _values(value: Any, path: str, keys: Keys = ()) -> Iterator[tuple[str, Keys, str]]:
    """Every string inside a JSON value, with where it is: as the message says it, and
    its keys inside the variable (errors.where names it from them)."""
    if isinstance(value, str):
        yield path, keys, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _values(item, f"{path}.{key}", (*keys, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _values(item, f"{path}[{i}]", (*keys, i))


def _kept(value: Any) -> bool:
    """Whether every string inside a JSON value may be kept: `_values`'s walk without the
    paths it makes for each string, which only a refusal needs (most requests have none)."""
    if isinstance(value, str):
        return bounds.text_problem(value) is None
    if isinstance(value, dict):
        value = value.values()
    elif not isinstance(value, list):
        return True
    for item in value:  # noqa: SIM110 (not all(...): a frame a level, as `_values` nests)
        if not _kept(item):
            return False
    return True


def _literals(node: ValueNode, path: str, keys: Keys) -> Iterator[tuple[str, Keys, str]]:
    if isinstance(node, StringValueNode):
        yield path, keys, node.value
    elif isinstance(node, ObjectValueNode):
        for f in node.fields:
            yield from _literals(f.value, f"{path}.{f.name.value}", (*keys, f.name.value))
    elif isinstance(node, ListValueNode):
        for i, item in enumerate(node.values):
            yield from _literals(item, f"{path}[{i}]", (*keys, i))


class _Arguments(Visitor):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, Keys, str]] = []
        self._field = ""

    def enter_field(self, node: FieldNode, *_: Any) -> None:
        self._field = node.name.value

    def enter_argument(self, node: ArgumentNode, *_: Any) -> None:
        arg = node.name.value
        self.found += _literals(node.value, f"{self._field}({arg})", (arg,))


# The string literals of each parsed document, found once: a document is parsed once and kept
# (schema/caches.py), and walking a large one (the case page's) on every request was a tenth
# of the request's work (issue #36). By the document's identity, while it lives.
_LITERALS: dict[int, tuple[weakref.ref[Any], list[tuple[str, Keys, str]]]] = {}


def _document_literals(document: Any) -> list[tuple[str, Keys, str]]:
    key = id(document)
    kept = _LITERALS.get(key)
    if kept is not None and kept[0]() is document:
        return kept[1]
    args = _Arguments()
    visit(document, args)

    def forget(ref: weakref.ref[Any]) -> None:
        if _LITERALS.get(key, (None,))[0] is ref:
            del _LITERALS[key]

    _LITERALS[key] = (weakref.ref(document, forget), args.found)
    return args.found


def problem(variables: dict[str, Any] | None, document: Any) -> ValidationError | None:
    """The first text that may not be kept, as the error that refuses it."""
    try:
        texts = (
            list(_values(variables, "$"))
            if isinstance(variables, dict) and not _kept(variables)
            else []
        )
    except RecursionError:
        return ValidationError("the variables are nested too deeply", field="variables")
    if document is not None:
        texts += _document_literals(document)
    for at, keys, value in texts:
        wrong = bounds.text_problem(value)
        if wrong is not None:
            # Named as a value GraphQL cannot coerce is (errors.where): inside the argument or
            # variable (`animals`, index 0, for `input.animals[0].species`); one that is
            # itself the text by its own name.
            named = where(keys[1:]) or {"field": str(keys[0])}
            return ValidationError(f"`{at.removeprefix('$.')}` {wrong}", **named)
    return None


class TextBounds(SchemaExtension):
    """Refuses an operation whose text input may not be kept, before it runs."""

    def on_execute(self) -> Iterator[None]:
        ctx = self.execution_context
        refused = problem(ctx.variables, ctx.graphql_document)
        if refused is not None:
            ctx.result = ExecutionResult(
                data=None, errors=[GraphQLError(refused.message, original_error=refused)]
            )
        yield

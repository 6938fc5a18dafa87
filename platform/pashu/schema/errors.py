"""Which errors reach a client: only the platform's own, each with its code (DESIGN §5).

Every error leaves with `extensions.code`: the platform's own carry theirs; GraphQL's own
refusals of a document or of a value (a syntax error, an unknown field, an Int over 32 bits,
a bad enum) get one here; anything else is masked as INTERNAL. A variable's value GraphQL
cannot coerce names where it is as the platform's own errors do (`core/errors.py`):
`extensions.field` and, inside a list, `extensions.index`.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable, Sequence
from typing import Any

import strawberry
from graphql import (
    GraphQLError,
    GraphQLSyntaxError,
    VariableDefinitionNode,
    is_input_type,
    type_from_ast,
)
from graphql.utilities import validate_input_value
from strawberry.extensions import MaskErrors
from strawberry.types import ExecutionContext

from pashu.core.errors import PashuError

log = logging.getLogger("pashu.graphql")

# GraphQL's own refusals, by what their messages say (graphql-core and strawberry's limiters
# raise plain GraphQLErrors).
PARSE_FAILED = "GRAPHQL_PARSE_FAILED"
LIMITS = ("maximum operation depth", "aliases", "tokens")


def should_mask(error: GraphQLError) -> bool:
    """Mask what is not ours to say: an exception from inside the server. GraphQL's own
    refusals (a variable of the wrong type wraps the coercion error) are the client's."""
    original = error.original_error
    if isinstance(original, (PashuError, GraphQLError)):
        return False
    return original is not None


def code_of(error: GraphQLError) -> str:
    """The code of an error that is not masked."""
    cause: BaseException | None = error
    while cause is not None:  # a coercion error wraps the scalar's own, which may be ours
        ext = getattr(cause, "extensions", None)
        if isinstance(ext, dict) and isinstance(ext.get("code"), str):
            return ext["code"]
        cause = getattr(cause, "original_error", None)
    if any(limit in error.message for limit in LIMITS):
        return "LIMIT_EXCEEDED"
    if isinstance(error, GraphQLSyntaxError) or error.message.startswith("Syntax Error"):
        return PARSE_FAILED
    return "VALIDATION"


def received_code(error: GraphQLError) -> str:
    """The code the client receives for this error (CodedErrors below): what the metrics
    count and the logs say."""
    return "INTERNAL" if should_mask(error) else code_of(error)


def where(path: Sequence[str | int]) -> dict[str, Any]:
    """`field` and `index` for a value at `path` inside an input (the argument's or the
    variable's own name not in it), as `PashuError.of_row` names a row's: a row's field is
    the list's and the field's names (`sales.price`), a row inside a row the innermost list's
    (`earTags`), a value in no list its names (`buyer.role`)."""
    rows = [i for i, key in enumerate(path) if isinstance(key, int)]
    if not rows:
        names = [str(key) for key in path]
        return {"field": ".".join(names)} if names else {}
    last = rows[-1]
    names = [str(key) for key in path[max(last - 1, 0) : last]]
    names += [str(key) for key in path[last + 1 :] if not isinstance(key, int)]
    named: dict[str, Any] = {"field": ".".join(names)} if names else {}
    return {**named, "index": path[last]}


def _into(paths: list[Sequence[str | int]]) -> Callable[[GraphQLError, list[str | int]], None]:
    return lambda _error, path: paths.append(path)


def coercion_paths(errors: list[GraphQLError], ctx: ExecutionContext | None) -> list[Any]:
    """Where in its variable each error GraphQL's coercion of the variables raised is (None
    for any other error). graphql-core hands the path to a callback and keeps it only in the
    message's text; it is found again by validating the variable's value as graphql-core
    did, the same value against the same type, whose errors come in the same order."""
    paths: list[Any] = [None] * len(errors)
    found: dict[str, list[Sequence[str | int]]] = {}
    for n, error in enumerate(errors):
        node = error.nodes[0] if error.nodes else None
        if ctx is None or not isinstance(node, VariableDefinitionNode):
            continue
        if not isinstance(error.original_error, GraphQLError):
            continue  # a variable of an unknown type, or one not given
        name = node.variable.name.value
        if name not in found:
            type_ = type_from_ast(ctx.schema._schema, node.type)
            value = (ctx.variables or {}).get(name)
            got: list[Sequence[str | int]] = []
            found[name] = got
            if type_ is not None and is_input_type(type_):
                validate_input_value(value, type_, _into(got))
        if found[name]:
            paths[n] = found[name].pop(0)
    return paths


def document_hash(query: str | None) -> str | None:
    """A document's name in the logs: its text never is (its literals may name people)."""
    if query is None:
        return None
    return hashlib.sha256(query.encode()).hexdigest()[:16]


def log_error(error: GraphQLError, operation: str | None, query: str | None) -> None:
    """One line per error, naming the operation and the document's hash, never quoting the
    document (a GraphQLError's text prints the lines it points at) nor its variables.

    A refusal the client caused (a coded error, a faulty document) is theirs, not the
    server's: it is logged at INFO without a traceback. A server failure (INTERNAL) is
    logged at ERROR with its traceback."""
    code = received_code(error)
    fields = {
        "code": code,
        "graphql_operation": operation or "anonymous",
        "document": document_hash(query),
        "at": ".".join(str(p) for p in error.path) if error.path else None,
    }
    if code == "INTERNAL":
        failure = error.original_error
        log.error("graphql server failure", exc_info=failure, extra={**fields})
    else:
        log.info("graphql refusal", extra={**fields})


class Schema(strawberry.Schema):
    """strawberry's Schema, its errors logged as log_error says (strawberry's own logger
    writes every error at ERROR with the document's text and a traceback)."""

    def process_errors(
        self, errors: list[GraphQLError], execution_context: ExecutionContext | None = None
    ) -> None:
        ec = execution_context
        for error in errors:
            log_error(error, ec.operation_name if ec else None, ec.query if ec else None)


class CodedErrors(MaskErrors):
    """MaskErrors that leaves every error, masked or not, with a code."""

    def __init__(self) -> None:
        super().__init__(should_mask_error=should_mask)

    def anonymise_error(self, error: GraphQLError) -> GraphQLError:
        masked = super().anonymise_error(error)
        masked.extensions = {"code": "INTERNAL"}
        return masked

    def _process_errors(self, errors: list[GraphQLError]) -> list[GraphQLError]:
        processed = super()._process_errors(errors)
        paths = coercion_paths(processed, getattr(self, "execution_context", None))
        for error, path in zip(processed, paths, strict=True):
            ext = error.extensions or {}
            if not ext.get("code"):
                ext = error.extensions = {**ext, "code": code_of(error)}
            if path is not None and "field" not in ext:
                error.extensions = {**ext, **where(path)}
        return processed

"""Which errors reach a client: only the platform's own, each with its code (DESIGN §5).

Every error leaves with `extensions.code`: the platform's own carry theirs; GraphQL's own
refusals of a document or of a value (a syntax error, an unknown field, an Int over 32 bits,
a bad enum) get one here; anything else is masked as INTERNAL.
"""

from __future__ import annotations

import hashlib
import logging

import strawberry
from graphql import GraphQLError, GraphQLSyntaxError
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
        for error in processed:
            if not (error.extensions or {}).get("code"):
                error.extensions = {**(error.extensions or {}), "code": code_of(error)}
        return processed

"""Which errors reach a client: only the platform's own, each with its code (DESIGN §5).

Every error leaves with `extensions.code`: the platform's own carry theirs; GraphQL's own
refusals of a document or of a value (a syntax error, an unknown field, an Int over 32 bits,
a bad enum) get one here; anything else is masked as INTERNAL.
"""

from __future__ import annotations

from graphql import GraphQLError, GraphQLSyntaxError
from strawberry.extensions import MaskErrors

from pashu.core.errors import PashuError

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

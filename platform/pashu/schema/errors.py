"""Which errors reach a client: only the platform's own, each with its code (DESIGN §5)."""

from __future__ import annotations

from graphql import GraphQLError

from pashu.core.errors import PashuError

# graphql-core's own messages about the query itself (syntax, validation) are safe.
_QUERY_ERRORS = ("Syntax Error", "Cannot query field", "Unknown argument", "Variable")


def should_mask(error: GraphQLError) -> bool:
    original = error.original_error
    if isinstance(original, PashuError):
        return False
    return original is not None


def is_query_error(error: GraphQLError) -> bool:
    return error.original_error is None and error.message.startswith(_QUERY_ERRORS)

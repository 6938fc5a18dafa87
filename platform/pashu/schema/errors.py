"""Which errors reach a client: only the platform's own, each with its code (DESIGN §5)."""

from __future__ import annotations

from graphql import GraphQLError

from pashu.core.errors import PashuError


def should_mask(error: GraphQLError) -> bool:
    """Mask what is not ours to say: an exception from inside the server. GraphQL's own
    refusals (a variable of the wrong type wraps the coercion error) are the client's."""
    original = error.original_error
    if isinstance(original, (PashuError, GraphQLError)):
        return False
    return original is not None

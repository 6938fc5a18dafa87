"""Which errors reach a client: only the platform's own, each with its code (DESIGN §5)."""

from __future__ import annotations

from graphql import GraphQLError

from pashu.core.errors import PashuError


def should_mask(error: GraphQLError) -> bool:
    original = error.original_error
    if isinstance(original, PashuError):
        return False
    return original is not None

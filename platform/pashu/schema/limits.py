"""Bounds on what one request may ask (DESIGN §4): depth, aliases, tokens, page sizes."""

from __future__ import annotations

from collections.abc import Callable

from graphql import NoSchemaIntrospectionCustomRule
from strawberry.extensions import (
    AddValidationRules,
    MaxAliasesLimiter,
    MaxTokensLimiter,
    QueryDepthLimiter,
    SchemaExtension,
)

from pashu.config import Settings
from pashu.core.errors import LimitExceeded
from pashu.schema.caches import (
    CachedParse,
    CachedValidation,
    ParsedDocuments,
    priced_documents,
    validated_documents,
)
from pashu.schema.cost import CostLimit
from pashu.schema.errors import CodedErrors
from pashu.schema.inputs import TextBounds


def page_size(first: int | None, maximum: int, default: int = 50) -> int:
    if first is None:
        return default
    if first < 1 or first > maximum:
        raise LimitExceeded(
            f"`first` must be between 1 and {maximum}", maximum=maximum, field="first"
        )
    return first


def parsed_documents(cfg: Settings) -> ParsedDocuments:
    """A cache of parsed documents for the schema (`extensions`), parsing as it does."""
    return ParsedDocuments(cfg.cache_entries, cfg.cache_bytes, {"max_tokens": cfg.max_tokens})


def extensions(
    cfg: Settings, parsed: ParsedDocuments | None = None
) -> list[Callable[[], SchemaExtension] | type[SchemaExtension]]:
    """The schema's extensions; `parsed` its cache of parsed documents, which app.py shares
    with the public answers' check (made here when not given)."""
    # Factories, so each request gets fresh extension instances; the caches are the schema's.
    parsed = parsed_documents(cfg) if parsed is None else parsed
    checked = validated_documents(cfg.cache_entries, cfg.cache_bytes)
    priced = priced_documents(cfg.cache_entries, cfg.cache_bytes)
    # The depth and alias limits' rules, made once: each limiter makes a class of its own
    # when it is made, and made per request the two took about 170 µs of every request (the
    # bench host), for rules that run only when a document is first validated
    # (CachedValidation).
    rules = [
        *QueryDepthLimiter(max_depth=cfg.max_depth).validation_rules,
        *MaxAliasesLimiter(max_alias_count=cfg.max_aliases).validation_rules,
    ]
    if cfg.env == "prod":
        rules.append(NoSchemaIntrospectionCustomRule)
    return [
        lambda: MaxTokensLimiter(max_token_count=cfg.max_tokens),
        lambda: CachedParse(parsed),
        lambda: CachedValidation(checked),
        lambda: AddValidationRules(rules),
        CodedErrors,
        TextBounds,
        lambda: CostLimit(cfg.max_query_cost, priced),
    ]

"""Bounds on what one request may ask (DESIGN §4): depth, aliases, tokens, page sizes."""

from __future__ import annotations

from collections.abc import Callable

from graphql import NoSchemaIntrospectionCustomRule
from strawberry.extensions import (
    AddValidationRules,
    MaskErrors,
    MaxAliasesLimiter,
    MaxTokensLimiter,
    ParserCache,
    QueryDepthLimiter,
    SchemaExtension,
    ValidationCache,
)

from pashu.config import Settings
from pashu.core.errors import LimitExceeded
from pashu.schema.errors import should_mask


def page_size(first: int | None, maximum: int, default: int = 50) -> int:
    if first is None:
        return default
    if first < 1 or first > maximum:
        raise LimitExceeded(f"`first` must be between 1 and {maximum}", maximum=maximum)
    return first


def extensions(cfg: Settings) -> list[Callable[[], SchemaExtension] | type[SchemaExtension]]:
    # Factories, so each request gets fresh extension instances.
    exts: list[Callable[[], SchemaExtension] | type[SchemaExtension]] = [
        lambda: MaxTokensLimiter(max_token_count=cfg.max_tokens),
        lambda: ParserCache(maxsize=256),
        lambda: ValidationCache(maxsize=256),
        lambda: QueryDepthLimiter(max_depth=cfg.max_depth),
        lambda: MaxAliasesLimiter(max_alias_count=cfg.max_aliases),
        lambda: MaskErrors(should_mask_error=should_mask),
    ]
    if cfg.env == "prod":
        exts.append(lambda: AddValidationRules([NoSchemaIntrospectionCustomRule]))
    return exts

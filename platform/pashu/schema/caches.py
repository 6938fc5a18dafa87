"""Caches of parsed and validated documents, bounded in bytes as well as in entries.

strawberry's ParserCache and ValidationCache are bounded by entries only, keyed by the whole
query text: 256 documents of 10 MB each were kept for good. Here each cache holds at most
`entries` documents and `budget` bytes (a parsed document counted at PARSED_PER_CHAR bytes
per character of its text), and a document larger than a tenth of the budget is not kept.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from cachetools import LRUCache
from graphql import DocumentNode, GraphQLError, parse, specified_rules
from strawberry.extensions import SchemaExtension

# A parsed document takes roughly this many bytes per character of its text (measured on
# the dashboard's queries: AST nodes, tokens and locations).
PARSED_PER_CHAR = 40


class BoundedCache:
    """A least-recently-used map bounded by entries and by the bytes `size` says each
    value takes."""

    def __init__(self, entries: int, budget: int, size: Callable[[Any, Any], int]) -> None:
        self.entries = entries
        self._size = size
        self._lru: LRUCache[Any, Any] = LRUCache(
            maxsize=budget, getsizeof=lambda item: max(1, item[1])
        )
        # The server's loop and the executor's (app.py) both use some caches: a lookup
        # reorders the map, so each use is whole before the next.
        self._lock = threading.Lock()

    def get(self, key: Any) -> Any:
        with self._lock:
            item = self._lru.get(key)
        return None if item is None else item[0]

    def put(self, key: Any, value: Any) -> None:
        size = self._size(key, value)
        if size > self._lru.maxsize // 10:
            return  # too large to be worth a tenth of the cache
        with self._lock:
            while len(self._lru) >= self.entries:
                self._lru.popitem()
            self._lru[key] = (value, size)

    def __len__(self) -> int:
        return len(self._lru)

    def clear(self) -> None:
        with self._lock:
            self._lru.clear()

    @property
    def bytes(self) -> float:
        return self._lru.currsize


class ParsedDocuments(BoundedCache):
    """Parsed documents by (text, parse options): one parse of a text serves the executor
    (CachedParse) and the check of whether an anonymous query reads only the public law
    (fastpaths/public_answers.py), whichever asks first."""

    def __init__(self, entries: int, budget: int, options: Mapping[str, Any]) -> None:
        super().__init__(entries, budget, lambda key, _doc: len(key[0]) * PARSED_PER_CHAR)
        self.options = dict(options)  # what the executor parses with (MaxTokensLimiter's)

    def document(self, query: str, options: Mapping[str, Any] | None = None) -> DocumentNode:
        """`query` parsed (with the executor's options unless others are given), kept;
        a document that does not parse raises its GraphQLError, and is not kept."""
        given = self.options if options is None else options
        key = (query, tuple(sorted(given.items())))
        document: DocumentNode | None = self.get(key)
        if document is None:
            document = parse(query, **given)
            self.put(key, document)
        return document


def validated_documents(entries: int, budget: int) -> BoundedCache:
    """Validation errors, keyed by the query text."""
    return BoundedCache(entries, budget, lambda query, _errors: len(query))


# What a kept query cost's node with terms takes (schema/cost.py's Price: a tuple of terms,
# a few objects each), beyond the text of its key.
PRICE_NODE_BYTES = 200


def priced_documents(entries: int, budget: int) -> BoundedCache:
    """Query costs as functions of the variables (schema/cost.py's prices), keyed by the
    query text and operation name."""
    return BoundedCache(entries, budget, lambda key, kept: len(key[0]) + PRICE_NODE_BYTES * kept[1])


class CachedParse(SchemaExtension):
    def __init__(self, cache: ParsedDocuments) -> None:
        self.cache = cache

    def on_parse(self) -> Iterator[None]:
        ctx = self.execution_context
        if ctx.query:
            try:
                ctx.graphql_document = self.cache.document(ctx.query, ctx.parse_options)
            except GraphQLError:
                ctx.graphql_document = None  # strawberry parses it again, reports the error
        yield


class CachedValidation(SchemaExtension):
    def __init__(self, cache: BoundedCache) -> None:
        self.cache = cache

    def on_validate(self) -> Iterator[None]:
        from strawberry.schema.schema import validate_document

        ctx = self.execution_context
        if ctx.query and ctx.graphql_document is not None:
            errors: list[GraphQLError] | None = self.cache.get(ctx.query)
            if errors is None:
                # The specification's rules first: the extensions' rules (strawberry's depth
                # limiter among them) assume a valid document, and raised KeyError on an
                # unknown fragment, answered as a bare message with no code.
                rules = list(ctx.validation_rules)
                standard = tuple(r for r in rules if r in specified_rules)
                errors = validate_document(ctx.schema._schema, ctx.graphql_document, standard)
                if not errors:
                    more = tuple(r for r in rules if r not in specified_rules)
                    errors = validate_document(ctx.schema._schema, ctx.graphql_document, more)
                self.cache.put(ctx.query, errors)
            ctx.pre_execution_errors = errors
        yield

"""Whole answers to the public law, kept per (document, operation, variables).

The law does not change while a process runs (the Acts are the plugins' data), so a query
that reads only the public law roots (`LawQuery`: jurisdictions, compare, timelines,
search, ...) answers the same bytes every time it is asked the same way. Such an answer is
kept, encoded, after the ordinary path has produced it once without errors (so it passed
parsing, validation and every limit: depth, aliases, tokens, cost); a second asking gets
those bytes without parsing, validating, executing or encoding anything.

Never kept or served from here: a request with an `Authorization` header (its token is
checked and its last use recorded by the ordinary path, and its answer is `private`), an
operation that names any other root field, a mutation, an answer with errors, anything but
a JSON 200. Public answers carry an ETag and `Cache-Control: public, max-age=...`; a GET with
a matching `If-None-Match` is answered 304. Everything else from /graphql is
`private, no-store`.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

import orjson
from graphql import (
    DocumentNode,
    FieldNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    GraphQLError,
    InlineFragmentNode,
    OperationDefinitionNode,
    OperationType,
    SelectionSetNode,
    parse,
)
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

from pashu.body_limit import replay
from pashu.jurisdictions import registry
from pashu.observability import metrics, requests
from pashu.schema.caches import BoundedCache

PRIVATE = "private, no-store"
# Both: a shared cache must not give a token-bearing request a public answer, nor one
# encoding's bytes to a client that asked for another.
VARY = "Authorization, Accept-Encoding"
_HIT, _MADE = metrics.PUBLIC_ANSWERS.labels("hit"), metrics.PUBLIC_ANSWERS.labels("made")


@dataclass(frozen=True)
class Answer:
    body: bytes
    etag: str
    operation: str  # the metrics' label of the operation that produced it


Key = tuple[str, str | None, bytes]


def root_fields(document: DocumentNode, operation_name: str | None) -> set[str] | None:
    """The root field names the chosen operation may select (through fragments too), or
    None when it is not a query or cannot be chosen."""
    operations = [d for d in document.definitions if isinstance(d, OperationDefinitionNode)]
    fragments = {
        d.name.value: d for d in document.definitions if isinstance(d, FragmentDefinitionNode)
    }
    if operation_name is None:
        chosen = operations[0] if len(operations) == 1 else None
    else:
        chosen = next((o for o in operations if o.name and o.name.value == operation_name), None)
    if chosen is None or chosen.operation is not OperationType.QUERY:
        return None
    names: set[str] = set()
    seen: set[str] = set()

    def walk(selections: SelectionSetNode) -> None:
        for node in selections.selections:
            if isinstance(node, FieldNode):
                names.add(node.name.value)
            elif isinstance(node, InlineFragmentNode):
                walk(node.selection_set)
            elif isinstance(node, FragmentSpreadNode) and node.name.value not in seen:
                seen.add(node.name.value)
                fragment = fragments.get(node.name.value)
                if fragment is None:
                    raise KeyError(node.name.value)
                walk(fragment.selection_set)

    walk(chosen.selection_set)
    return names


class PublicAnswers:
    """The kept answers, bounded in entries and bytes, and the HTTP caching around them."""

    def __init__(
        self,
        public_roots: Collection[str],
        entries: int,
        budget: int,
        max_age: int,
        keep: bool = True,
        parse: Callable[[str], DocumentNode] = parse,
    ) -> None:
        # The schema's own parse and its cache (schema/caches.py), so a document is parsed
        # once for this check and for its execution, whichever comes first.
        self.parse = parse
        self.public_roots = frozenset(public_roots) | {"__typename"}
        self.max_age = max_age
        self.keep = keep  # off (PASHU_PUBLIC_ANSWERS=false): the HTTP headers only
        self._answers = BoundedCache(
            entries, budget, lambda key, answer: len(key[0]) + len(key[2]) + len(answer.body)
        )
        # The same answers by the request exactly as sent (a POST's body, a GET's query
        # string), for ServeKept: a hit there parses nothing at all.
        self._raw = BoundedCache(
            entries, budget, lambda key, answer: len(key[1]) + len(answer.body)
        )
        # Whether a document reads only the public law, decided once per (text, operation).
        self._public = BoundedCache(entries, budget, lambda key, _: len(key[0]))
        self.hits = 0
        self._law = registry.loaded()  # the plugins the kept answers were made from

    def __len__(self) -> int:
        return len(self._answers)

    @property
    def kept_bytes(self) -> float:
        return self._answers.bytes

    def clear(self) -> None:
        self._answers.clear()
        self._raw.clear()

    def _current(self) -> bool:
        """Whether anything may be served kept: on, and the law the answers were made
        from still the one installed (tests install a plugin at run time)."""
        if not self.keep:
            return False
        law = registry.loaded()
        if law is not self._law:
            self._law = law
            self.clear()
        return True

    def _served(self, answer: Answer) -> None:
        self.hits += 1
        _HIT.inc()
        requests.note_operation(answer.operation)  # a hit counts as its operation's request

    @staticmethod
    def _raw_key(request: Request) -> tuple[str, bytes]:
        if request.method == "GET":
            return ("GET", request.scope.get("query_string", b""))
        return ("POST", request._body)  # read by `key` before any answer is kept

    async def key(self, request: Request) -> Key | None:
        """What an anonymous request asks, as the cache's key; None: not for the cache."""
        if "authorization" in request.headers:
            return None
        if request.method == "GET":
            params = request.query_params
            query, name = params.get("query"), params.get("operationName")
            try:
                variables = orjson.loads(params["variables"]) if "variables" in params else None
            except orjson.JSONDecodeError:
                return None
            extensions = params.get("extensions")
        elif request.method == "POST":
            kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
            if kind != "application/json":
                return None
            try:
                body = orjson.loads(await request.body())
            except orjson.JSONDecodeError:
                return None
            if not isinstance(body, dict):
                return None
            query, name = body.get("query"), body.get("operationName")
            variables, extensions = body.get("variables"), body.get("extensions")
        else:
            return None
        if not isinstance(query, str) or not (name is None or isinstance(name, str)):
            return None
        if extensions or not (variables is None or isinstance(variables, dict)):
            return None
        try:
            # Sorted: the same variables in another order are the same question.
            encoded = orjson.dumps(variables or {}, option=orjson.OPT_SORT_KEYS)
        except TypeError:
            return None
        return (query, name, encoded)

    def lookup(self, request: Request, key: Key) -> Response | None:
        if not self._current():
            return None
        answer: Answer | None = self._answers.get(key)
        if answer is None:
            return None
        self._raw.put(self._raw_key(request), answer)
        self._served(answer)
        return self._respond(request, answer)

    def exact(self, scope: Scope, body: bytes) -> Answer | None:
        """The answer kept for this request exactly as sent, if any (ServeKept)."""
        if not self._current():
            return None
        raw = scope.get("query_string", b"") if scope["method"] == "GET" else body
        answer: Answer | None = self._raw.get((scope["method"], raw))
        if answer is not None:
            self._served(answer)
        return answer

    def finish(self, request: Request, key: Key | None, response: Any) -> Any:
        """Headers for an answer the ordinary path made; kept when it is public."""
        if not isinstance(response, Response) or "cache-control" in response.headers:
            return response
        answer = self._keep(request, key, response) if key is not None else None
        if answer is None:
            response.headers["Cache-Control"] = PRIVATE
            response.headers["Vary"] = VARY
            return response
        if self.keep:
            _MADE.inc()
        return self._respond(request, answer, response)

    def _keep(self, request: Request, key: Key, response: Response) -> Answer | None:
        if response.status_code != 200 or response.media_type != "application/json":
            return None
        body = bytes(response.body)
        if b'"errors"' in body and "errors" in orjson.loads(body):
            return None  # errors are answered afresh each time, never kept
        if not self.is_public(key[0], key[1]):
            return None
        info = requests.current()
        operation = info.operation if info and info.operation else "anonymous"
        answer = Answer(body, f'"{hashlib.blake2b(body, digest_size=16).hexdigest()}"', operation)
        if self.keep:
            self._answers.put(key, answer)
            self._raw.put(self._raw_key(request), answer)
        return answer

    def is_public(self, query: str, operation_name: str | None) -> bool:
        """Does this operation select only root fields of the public law?"""
        kept: tuple[bool] | None = self._public.get((query, operation_name))
        if kept is None:
            try:
                roots = root_fields(self.parse(query), operation_name)
            except (GraphQLError, KeyError):
                roots = None
            kept = (roots is not None and bool(roots) and roots <= self.public_roots,)
            self._public.put((query, operation_name), kept)
        return kept[0]

    def headers(self, answer: Answer) -> dict[str, str]:
        return {
            "ETag": answer.etag,
            "Cache-Control": f"public, max-age={self.max_age}",
            "Vary": VARY,
        }

    def _respond(
        self, request: Request, answer: Answer, response: Response | None = None
    ) -> Response:
        headers = self.headers(answer)
        if request.method == "GET" and _matches(request.headers.get("if-none-match"), answer.etag):
            return Response(status_code=304, headers=headers)
        if response is None:
            return Response(answer.body, media_type="application/json", headers=headers)
        response.headers.update(headers)
        return response


def _matches(header: str | None, etag: str) -> bool:
    """If-None-Match's weak comparison (RFC 9110 13.1.2): any listed tag, or `*`."""
    if not header:
        return False
    tags = {t.strip().removeprefix("W/") for t in header.split(",")}
    return "*" in tags or etag in tags


class ServeKept:
    """ASGI middleware, inside the body limit and the request's observer (so a hit is
    bounded, logged and counted like any request): an anonymous request to /graphql that
    is byte for byte one whose public answer is kept gets those bytes, before routing,
    parsing or anything else. Anything else goes on to the application as sent."""

    def __init__(self, app: ASGIApp, answers: PublicAnswers, path: str = "/graphql") -> None:
        self.app = app
        self.answers = answers
        self.path = path

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"] != self.path:
            await self.app(scope, receive, send)
            return
        headers = dict(scope["headers"])
        method = scope["method"]
        if b"authorization" in headers or method not in ("GET", "POST"):
            await self.app(scope, receive, send)
            return
        body = b""
        if method == "POST":
            kind = headers.get(b"content-type", b"").split(b";")[0].strip().lower()
            if kind != b"application/json":
                await self.app(scope, receive, send)
                return
            message = await receive()  # the body limit hands the body on in one message
            body = message.get("body", b"")
            if message.get("more_body", False):  # not from the body limit: no shortcut
                await self.app(scope, replay(message, receive), send)
                return
            receive = replay(message, receive)
        answer = self.answers.exact(scope, body)
        if answer is None:
            await self.app(scope, receive, send)
            return
        fields = [(k.lower().encode(), v.encode()) for k, v in self.answers.headers(answer).items()]
        condition = headers.get(b"if-none-match")
        if method == "GET" and _matches(
            condition.decode("latin-1") if condition else None, answer.etag
        ):
            await send({"type": "http.response.start", "status": 304, "headers": fields})
            await send({"type": "http.response.body", "body": b""})
            return
        fields += [
            (b"content-length", str(len(answer.body)).encode()),
            (b"content-type", b"application/json"),
        ]
        await send({"type": "http.response.start", "status": 200, "headers": fields})
        await send({"type": "http.response.body", "body": answer.body})

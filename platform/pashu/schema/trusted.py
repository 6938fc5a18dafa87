"""Trusted documents: the reference frontend's operations registered by their sha256, asked
for by hash as Apollo's persisted-query protocol has it, and (PASHU_TRUSTED_DOCUMENTS) a
server that runs nothing else but the public law asked anonymously.

A registered document is an operation's file, `web/operations/<Name>.graphql`, followed by
the files of the fragments it spreads (`web/operations/fragments/<Name>.graphql`, followed
transitively), in name order, joined by a blank line, ending in a newline: lib.js composes
exactly this in the browser, so the hash it sends is the hash here. `pashu schema documents`
writes the manifest (`web/operations/manifest.json`, Apollo's persisted-query manifest
format); a test holds it fresh.

The gate is ASGI middleware in front of everything that reads a request's body (the kept
public answers, the idempotency keys, the fast paths, the executor): a request that names a
known hash is rewritten there into the ordinary `{"query": ..., "operationName": ...}` with
the registered text, so nothing behind it needs to know the protocol.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode

import orjson
from graphql import OperationDefinitionNode, parse
from starlette.types import ASGIApp, Receive, Scope, Send

from pashu.body_limit import replay
from pashu.observability import requests

FORMAT = "apollo-persisted-query-manifest"
SPREAD = re.compile(r"\.\.\.\s*([_A-Za-z][_0-9A-Za-z]*)")
COMMENT = re.compile(r"#[^\n]*")
# Apollo's codes: the client resends with the text on NOT_FOUND; NOT_IN_LIST is final.
NOT_FOUND = "PERSISTED_QUERY_NOT_FOUND"
NOT_IN_LIST = "PERSISTED_QUERY_NOT_IN_LIST"


def _spreads(text: str) -> list[str]:
    return [n for n in SPREAD.findall(COMMENT.sub("", text)) if n != "on"]


def compose(operations: Path, name: str) -> str:
    """The document of operation `name`: its file, then its fragments' files (as lib.js)."""
    text = (operations / f"{name}.graphql").read_text(encoding="utf-8").strip()
    fragments: dict[str, str] = {}
    pending = _spreads(text)
    while pending:
        fresh = sorted({n for n in pending if n not in fragments})
        found = {
            n: (operations / "fragments" / f"{n}.graphql").read_text(encoding="utf-8").strip()
            for n in fresh
        }
        fragments.update(found)
        pending = [n for t in found.values() for n in _spreads(t)]
    return "\n\n".join([text, *(fragments[n] for n in sorted(fragments))]) + "\n"


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def manifest(operations: Path) -> dict[str, Any]:
    """Every operation of the directory, in Apollo's persisted-query manifest format."""
    entries = []
    for path in sorted(operations.glob("*.graphql")):
        body = compose(operations, path.stem)
        ops = [d for d in parse(body).definitions if isinstance(d, OperationDefinitionNode)]
        kind = ops[0].operation.value if len(ops) == 1 else "unknown"
        entries.append({"id": sha256(body), "name": path.stem, "type": kind, "body": body})
    return {"format": FORMAT, "version": 1, "operations": entries}


def manifest_text(operations: Path) -> str:
    return json.dumps(manifest(operations), indent=2, ensure_ascii=False) + "\n"


@dataclass(frozen=True)
class Document:
    name: str
    body: str


class Registry:
    """The registered documents, by their sha256."""

    def __init__(self, by_hash: Mapping[str, Document]) -> None:
        self.by_hash = dict(by_hash)

    @classmethod
    def load(cls, path: Path) -> Registry:
        """The manifest at `path`; none there registers nothing."""
        if not path.exists():
            return cls({})
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("format") != FORMAT or data.get("version") != 1:
            raise ValueError(f"{path} is not an Apollo persisted-query manifest, version 1")
        return cls({op["id"]: Document(op["name"], op["body"]) for op in data["operations"]})

    def by_text(self, text: str) -> Document | None:
        return self.by_hash.get(sha256(text))


class Refused(Exception):
    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


class PersistedQueries:
    """ASGI middleware, inside the body limit (which bounds the body it reads whole): a
    request to /graphql naming a registered hash gets the registered text; with `trusted`,
    only registered documents run, and free text only when it is anonymous (no
    Authorization header) and reads only the public law (`is_public`)."""

    def __init__(
        self,
        app: ASGIApp,
        registry: Registry,
        trusted: bool,
        is_public: Callable[[str, str | None], bool],
        path: str = "/graphql",
    ) -> None:
        self.app = app
        self.registry = registry
        self.trusted = trusted
        self.is_public = is_public
        self.path = path

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"] != self.path:
            await self.app(scope, receive, send)
            return
        headers = dict(scope["headers"])
        anonymous = b"authorization" not in headers
        try:
            if scope["method"] == "GET":
                params = dict(parse_qsl(scope.get("query_string", b"").decode("latin-1")))
                asked = self._asked(params, params.get("extensions"), anonymous)
                if asked is not None:
                    rewritten = urlencode(asked).encode("latin-1")
                    scope = {**scope, "query_string": rewritten}
                await self.app(scope, receive, send)
                return
            if scope["method"] != "POST":
                await self.app(scope, receive, send)
                return
            kind = headers.get(b"content-type", b"").split(b";")[0].strip().lower()
            if kind != b"application/json":
                if self.trusted:
                    raise Refused(400, NOT_IN_LIST, "Only JSON requests are taken here")
                await self.app(scope, receive, send)
                return
            message = await receive()
            body: bytes = message.get("body", b"")
            while message.get("more_body", False):  # not from the body limit: read it all
                message = await receive()
                body += message.get("body", b"")
            message = {"type": "http.request", "body": body, "more_body": False}
            if not (self.trusted or b"persistedQuery" in body):
                await self.app(scope, replay(message, receive), send)
                return
            try:
                request = orjson.loads(body)
            except orjson.JSONDecodeError:
                request = None
            if not isinstance(request, dict):  # the ordinary path refuses it, coded
                await self.app(scope, replay(message, receive), send)
                return
            asked = self._asked(request, request.get("extensions"), anonymous)
            if asked is not None:
                body = orjson.dumps(asked)
                fields = [(k, v) for k, v in scope["headers"] if k != b"content-length"]
                fields.append((b"content-length", str(len(body)).encode()))
                scope = {**scope, "headers": fields}
            await self.app(scope, replay({**message, "body": body}, receive), send)
        except Refused as refused:
            requests.note_errors([refused.code])
            payload = orjson.dumps(
                {"errors": [{"message": refused.message, "extensions": {"code": refused.code}}]}
            )
            await send(
                {
                    "type": "http.response.start",
                    "status": refused.status,
                    "headers": [
                        (b"content-type", b"application/json"),
                        (b"content-length", str(len(payload)).encode()),
                        (b"cache-control", b"private, no-store"),
                    ],
                }
            )
            await send({"type": "http.response.body", "body": payload})

    def _asked(
        self, request: dict[str, Any], extensions: Any, anonymous: bool
    ) -> dict[str, Any] | None:
        """The request rewritten with its registered text, None to pass it on as sent; or
        Refused."""
        if isinstance(extensions, str):  # a GET's extensions are JSON in the query string
            try:
                extensions = orjson.loads(extensions)
            except orjson.JSONDecodeError:
                raise Refused(400, "BAD_REQUEST", "extensions is not JSON") from None
        persisted = extensions.get("persistedQuery") if isinstance(extensions, dict) else None
        query = request.get("query")
        if persisted is not None:
            digest = persisted.get("sha256Hash") if isinstance(persisted, dict) else None
            if not isinstance(persisted, dict) or persisted.get("version") != 1:
                raise Refused(400, "BAD_REQUEST", "Only persistedQuery version 1 is taken")
            if not isinstance(digest, str):
                raise Refused(400, "BAD_REQUEST", "persistedQuery has no sha256Hash")
            if isinstance(query, str) and sha256(query) != digest:
                raise Refused(400, "BAD_REQUEST", "The sha256Hash is not that of the query")
            known = self.registry.by_hash.get(digest)
            if known is None and not isinstance(query, str):
                raise Refused(200, NOT_FOUND, "PersistedQueryNotFound")
            rest = {k: v for k, v in extensions.items() if k != "persistedQuery"}
            asked = {k: v for k, v in request.items() if k != "extensions"}
            if rest:
                asked["extensions"] = (
                    rest
                    if isinstance(request.get("extensions"), dict)
                    else (orjson.dumps(rest).decode())
                )
            if known is not None:
                requests.note_operation(known.name)
                asked["query"] = known.body
                asked.setdefault("operationName", known.name)
                return asked
            assert isinstance(query, str)  # an unknown hash without its text: NOT_FOUND
            self._free_text(query, asked.get("operationName"), anonymous)
            return asked
        if isinstance(query, str):
            self._free_text(query, request.get("operationName"), anonymous)
        return None

    def _free_text(self, query: str, operation_name: Any, anonymous: bool) -> None:
        """A document given as text: with `trusted`, run only when registered, or asked
        anonymously of the public law."""
        if not self.trusted or self.registry.by_text(query) is not None:
            return
        name = operation_name if isinstance(operation_name, str) else None
        if anonymous and self.is_public(query, name):
            return
        raise Refused(
            400,
            NOT_IN_LIST,
            "This server runs only the registered documents of its frontend; without a "
            "token, any query of the public law",
        )

"""Give the memory a large request used back once it is answered.

A GraphQL document of a megabyte is a megabyte of body, of JSON text, of query text (graphql-
core's `Source`) and of the tokens and nodes its parse makes. The caches that keep documents
are bounded in bytes (schema/caches.py); the rest should go when the request is answered, but
it did not: the validation's context, rules and visitors, the request and the parsed document
form reference cycles, which only the cyclic collector frees, and by then they had been
promoted to its oldest generation, collected only once it has grown by a quarter of a heap of
some 200,000 long-lived objects (the schema, the Acts, the modules). Meanwhile the documents
stayed: a server sent 1,250 distinct documents of 0.9 MB grew by about 0.2 MB each (issue
#34). And a full collection of that heap takes 0.2-0.3 s, on the event loop.

So, once the app has started (`frozen_after_startup`), what it holds for its whole life is
moved out of the collector's view (`gc.freeze`): a full collection then walks only what
requests made, in about a millisecond. After a request whose body was large (LARGE), one is
run. glibc's threshold for mapping a block on its own is fixed where it starts (128 KiB), so a
large buffer freed is unmapped rather than left in the heap for small objects to pin
(`malloc_trim` would also do, but takes some 30 ms of the loop). Elsewhere than glibc only the
collector's part is done.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import gc
from collections.abc import AsyncIterator, Callable
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

M_MMAP_THRESHOLD = -3  # mallopt's parameter (malloc.h)
MMAP_THRESHOLD = 128 * 1024  # glibc's own starting value; set, it no longer moves
LARGE = 32 * 1024  # a request body at least this large is followed by a collection and a trim
LARGE_ANSWER = 1024 * 1024  # and an answer at least this large


def _glibc() -> Any:
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    try:
        libc = ctypes.CDLL(name)
        libc.gnu_get_libc_version  # noqa: B018  (glibc only: musl and others lack it)
    except (OSError, AttributeError):
        return None
    return libc


_LIBC = _glibc()
_fixed = False


def fix_threshold() -> None:
    """Once per process: large blocks are mapped on their own, whatever was freed before."""
    global _fixed
    if _LIBC is not None and not _fixed:
        _LIBC.mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD)
        _fixed = True


def trim() -> None:
    """Give the heap's free pages back to the system (glibc; every thread's arena): after an
    answer of megabytes, what its rows and lists left free between the heap's live blocks.
    Some 30 ms, so only then."""
    if _LIBC is not None:
        _LIBC.malloc_trim(0)


def release() -> None:
    """Free what requests left in reference cycles: a full collection. A served app has
    frozen its own objects, so it walks only what requests made; an app run without its
    lifespan (embedded in a test) walks everything, and still frees the documents. Only the
    younger generations would not do: their survivors, the answered request's cycles among
    them, would be promoted to the oldest and kept until its rare collection."""
    gc.collect()


def frozen_after_startup(
    lifespan: Callable[[Any], contextlib.AbstractAsyncContextManager[None]],
) -> Callable[[Any], contextlib.AbstractAsyncContextManager[None]]:
    """`lifespan`, and once it has started, the app's objects frozen (`gc.freeze`): what
    a served process holds for its whole life is no longer walked by each full collection.
    Only a served app runs its lifespan (an app made for a test does not)."""

    @contextlib.asynccontextmanager
    async def frozen(app: Any) -> AsyncIterator[None]:
        async with lifespan(app):
            gc.collect()  # nothing unreachable is frozen with it
            gc.freeze()
            try:
                yield
            finally:
                gc.unfreeze()

    return frozen


class ReleaseAfterLarge:
    """ASGI middleware: after answering a request with a body of LARGE bytes or more, or
    with an answer of LARGE_ANSWER bytes or more, `release` its memory."""

    def __init__(self, app: ASGIApp, large: int = LARGE, large_answer: int = LARGE_ANSWER) -> None:
        self.app = app
        self.large = large
        self.large_answer = large_answer
        fix_threshold()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        received = 0

        async def counted() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
            return message

        sent = 0

        async def measured(message: Message) -> None:
            nonlocal sent
            if message["type"] == "http.response.body":
                sent += len(message.get("body", b""))
            await send(message)

        try:
            await self.app(scope, counted, measured)
        finally:
            if received >= self.large or sent >= self.large_answer:
                release()
            if sent >= self.large_answer:
                trim()

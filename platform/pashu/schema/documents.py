"""A printable document as the API gives it: text to show, PDF to print.

A PDF takes tens to hundreds of milliseconds of pure Python to render: on the event loop, a
query asking for many of them stalled every other request (health probes included). They
are rendered by a small pool of processes instead, at most RENDERERS at a time: threads
would still hold the interpreter's lock against the loop. The loop goes on serving while
they run.

A rendered PDF is kept, by its document's content: a case's papers (its receipts, notices,
sale accounts) are asked again each time its papers are opened or printed, and are the same
document each time; rendered again, each took a renderer tens of milliseconds. The same
document asked again is so the same file, byte for byte.
"""

from __future__ import annotations

import asyncio
import base64
import ctypes
import hashlib
import multiprocessing
import os
import pickle
import signal
import sys
import threading
from concurrent.futures import ProcessPoolExecutor

import strawberry

from pashu.core.documents import Document as Doc
from pashu.core.documents import pdf
from pashu.schema.caches import BoundedCache
from pashu.schema.law.types import Citation, cites

RENDERERS = 2
# The PDFs kept: at most this many, and this many bytes (one larger than a tenth of them, a
# register copy of a seizure of thousands of animals, is rendered each time).
KEPT_PDFS = 1024
KEPT_PDF_BYTES = 32_000_000
PR_SET_PDEATHSIG = 1  # prctl(2)

_pool: ProcessPoolExecutor | None = None
_pool_lock = threading.Lock()


def _renderer() -> None:
    """A renderer's start: below the server's priority (requests first, then printing), and,
    on Linux, told to end when the server does, however the server ends (even SIGKILL):
    a renderer busy with a long PDF would otherwise outlive it."""
    os.nice(10)
    if sys.platform == "linux":
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def _renderers() -> ProcessPoolExecutor:
    # Made on first use, not on import: its queues start multiprocessing's resource-tracker
    # process, which a process that never prints (the CLI, most tests) should not have.
    global _pool
    with _pool_lock:
        if _pool is None:
            _pool = ProcessPoolExecutor(
                max_workers=RENDERERS,
                # "spawn": a fork of a process with an event loop, threads and open
                # connections would inherit them.
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_renderer,
            )
        return _pool


_rendered = BoundedCache(KEPT_PDFS, KEPT_PDF_BYTES, lambda _key, made: len(made))


def _content(doc: Doc) -> bytes:
    """A key of what the document says: its content as the renderer is handed it. Two
    equal documents pickled differently (a string shared or not) are only kept twice."""
    return hashlib.blake2b(pickle.dumps(doc, protocol=pickle.HIGHEST_PROTOCOL)).digest()


async def render(doc: Doc) -> bytes:
    """The document's PDF, made off the event loop, or as made for the same content before."""
    key = _content(doc)
    made: bytes | None = _rendered.get(key)
    if made is None:
        made = await asyncio.get_running_loop().run_in_executor(_renderers(), pdf, doc)
        _rendered.put(key, made)
    return made


def forget_rendered() -> None:
    """Drop the kept PDFs (a test that means the renderers to print)."""
    _rendered.clear()


def stop_renderers() -> None:
    """End the renderers now (the server is stopping): a PDF half made is abandoned, not
    waited for, and no renderer outlives the server. A later render (a server started again
    in this process) starts a new pool."""
    global _pool
    with _pool_lock:
        pool, _pool = _pool, None
    if pool is None:
        return
    processes = list((getattr(pool, "_processes", None) or {}).values())
    # The executor's own shutdown closes its queues, so no semaphore is left for
    # multiprocessing's resource tracker to report as leaked; idle renderers end at once.
    closing = threading.Thread(target=pool.shutdown, kwargs={"cancel_futures": True})
    closing.start()
    closing.join(timeout=2)
    if closing.is_alive():  # a renderer busy with a long PDF: ended, not waited for
        for process in processes:
            process.terminate()
        for process in processes:
            process.join(timeout=5)
        closing.join(timeout=5)


@strawberry.type(description="A printable document: plain text, and PDF as base64")
class Document:
    title: str = strawberry.field(description="The document's title")
    text: str = strawberry.field(description="Its text")
    citations: list[Citation] = strawberry.field(description="The provisions it rests on")
    _doc: strawberry.Private[Doc]

    @strawberry.field(description="The PDF, base64-encoded")
    async def pdf_base64(self) -> str:
        return base64.b64encode(await render(self._doc)).decode()

    @classmethod
    def of(cls, doc: Doc) -> Document:
        return cls(title=doc.title, text=doc.text(), citations=cites(doc.cites), _doc=doc)

"""The cyclic garbage collector held off while a batch is decided and written.

A batch builds tens of thousands of small objects (rows read, facts, timelines, values to
write) and frees nearly all of them by reference counting when it ends; few form cycles.
Yet each allocation counts toward the collector's next pass, and a pass of the oldest
generation walks every object the process holds (the Acts, the modules, SQLAlchemy's
caches: hundreds of thousands), to find next to nothing. Measured on the bench's sweep
(bench/README.md, W3): about 6 % of its instructions and 15 % of its time went to those
passes. Held off for a batch (at most `BATCH` cases), the collector runs as usual between
batches, so what a batch leaves in cycles is collected then.

The collector is the process's: a thread pausing it pauses it for all threads. A count of
the batches in hand makes it come back only when the last one ends, and only if it was
running when the first began.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_holding = 0
_was_enabled = False


@contextmanager
def paused() -> Iterator[None]:
    global _holding, _was_enabled
    with _lock:
        if _holding == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _holding += 1
    try:
        yield
    finally:
        with _lock:
            _holding -= 1
            if _holding == 0 and _was_enabled:
                gc.enable()

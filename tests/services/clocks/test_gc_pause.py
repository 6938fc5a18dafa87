"""The collector held off for a batch comes back as it was, once the last batch ends."""

from __future__ import annotations

import gc
import threading

import pytest

from pashu.services.clocks._gc import paused


def test_paused_and_restored_even_when_the_batch_raises() -> None:
    assert gc.isenabled()
    with pytest.raises(RuntimeError), paused():
        assert not gc.isenabled()
        raise RuntimeError("a fault in the batch")
    assert gc.isenabled()


def test_nested_and_concurrent_batches_restore_it_only_at_the_last() -> None:
    inside, leave = threading.Event(), threading.Event()

    def other() -> None:
        with paused():
            inside.set()
            leave.wait(5)

    t = threading.Thread(target=other)
    with paused():
        t.start()
        inside.wait(5)
    assert not gc.isenabled()  # the other thread's batch is still in hand
    leave.set()
    t.join()
    assert gc.isenabled()


def test_left_off_when_it_was_off() -> None:
    gc.disable()
    try:
        with paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()

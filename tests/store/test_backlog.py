"""A stream's Backlog: bounded in bytes, and counting what its stream has handled so
that ``settle`` (what the live tests wait on) returns exactly when the stream caught
up — from another thread, through an overflow, and not before."""

from __future__ import annotations

import threading
import time

from companion.live_message import OVERFLOW, Backlog, Message


def message(version: int, size: int = 10) -> Message:
    return Message("version", version, b"x" * size)


def test_settle_waits_for_every_message_given_to_be_handled():
    q = Backlog(1 << 20)
    for v in range(1, 4):
        q.put_nowait(message(v))
    assert (q.given, q.done) == (3, 0)
    assert not q.settle(0.05)  # nothing handled yet: not settled, after the timeout
    for _ in range(2):
        q.get_nowait()
        q.handled()
    assert not q.settle(0.05)  # one still owed
    q.get_nowait()
    q.handled()
    assert q.settle(0)


def test_a_stream_in_another_thread_wakes_the_caller_of_settle():
    q = Backlog(1 << 20)
    for v in range(1, 201):
        q.put_nowait(message(v))
    started = threading.Event()

    def stream() -> None:
        started.wait()
        for _ in range(200):
            q.get(timeout=5)
            q.handled()

    reader = threading.Thread(target=stream)
    reader.start()
    started.set()
    t0 = time.monotonic()
    assert q.settle(30)
    assert time.monotonic() - t0 < 10  # woken by the stream's last handled(), not its timeout
    reader.join(5)
    assert (q.given, q.done) == (200, 200)


def test_an_overflow_is_owed_once_and_what_it_dropped_not_at_all():
    q = Backlog(100)
    q.put_nowait(message(1, 40))
    got = q.get_nowait()  # the stream holds version 1, not yet handled
    q.put_nowait(message(2, 40))
    q.put_nowait(message(3, 40))  # past 100 bytes with version 2: both dropped
    q.put_nowait(message(4, 40))  # after the overflow: dropped, not counted
    assert got.version == 1
    assert q.overflowed and list(q.queue) == [OVERFLOW] and q.bytes == 0
    assert q.given == 2  # version 1 and the overflow
    q.handled()
    assert not q.settle(0.05)
    assert q.get_nowait() is OVERFLOW
    q.handled()
    assert q.settle(0)

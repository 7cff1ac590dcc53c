"""A worker's live streams held against their caps (:class:`Slots`), and its catch-ups
taking turns at the stored log (:class:`Turns`)."""

from __future__ import annotations

import contextlib
import ctypes
import functools
import threading
from collections.abc import Callable, Iterator
from typing import cast


class Slots:
    """Open live streams of this process: per holder (a seat token, a session, a
    client address) and in all.

    An open stream holds one of the worker's connections for as long as the client
    likes; without a cap, one client opening thousands would leave none for the
    requests everybody else makes (``worker_connections`` is the whole budget).
    A stream is counted against what it belongs to, not where it comes from: a
    seat's stream against its seat token (``per_seat``), a public stream or
    long-poll against its session (``per_session``) and, carrying no token, its
    client address (``per_client``) — so the phones of a café's tables behind one
    address are never counted together. ``reserve`` of the ``total`` are kept for
    seat streams: anonymous public streams and long-polls may fill the rest only, so
    strangers cannot keep the phones of a table in play off the air.
    """

    def __init__(self, per_client: int, total: int, reserve: int = 0, per_seat: int = 4,
                 per_session: int = 16) -> None:
        self.per_client = per_client
        self.per_seat = per_seat
        self.per_session = per_session
        self.total = total
        self.reserve = min(reserve, total)
        self._lock = threading.Lock()
        self._open: dict[str, int] = {}
        self._count = 0

    def holders(self, who: str, session: str, seat: str | None) -> list[tuple[str, str, int]]:
        """(kind, key, cap) of every count a stream is held against: a seat stream's
        seat token (``seat``, a digest of it), else the session and the address."""
        if seat is not None:
            return [("seat", f"seat:{seat}", self.per_seat)]
        return [("session", f"session:{session}", self.per_session),
                ("client", f"client:{who}", self.per_client)]

    def take(self, who: str, session: str = "", seat: str | None = None) -> str | None:
        """Hold a slot (a seat stream's when ``seat``); None when granted, else which
        cap refused it (``"seat"``, ``"session"``, ``"client"`` or ``"total"``)."""
        held = self.holders(who, session, seat)
        with self._lock:
            for kind, key, cap in held:
                if self._open.get(key, 0) >= cap:
                    return kind
            if self._count >= (self.total if seat is not None
                               else self.total - self.reserve):
                return "total"
            for _, key, _ in held:
                self._open[key] = self._open.get(key, 0) + 1
            self._count += 1
            return None

    def give_back(self, who: str, session: str = "", seat: str | None = None) -> None:
        held = self.holders(who, session, seat)
        with self._lock:
            if any(self._open.get(key, 0) < 1 for _, key, _ in held):
                return
            self._count -= 1
            for _, key, _ in held:
                left = self._open[key] - 1
                if left:
                    self._open[key] = left
                else:
                    del self._open[key]


class Turns:
    """At most ``size`` holders at once (a worker's catch-ups reading the log); the
    others wait their turn, each up to a deadline. Counts the most held at once."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._free = threading.BoundedSemaphore(size)
        self._lock = threading.Lock()
        self.held = 0
        self.most = 0
        self.since_trim = 0  # turns taken since memory was last given back

    @contextlib.contextmanager
    def turn(self, wait: float) -> Iterator[bool]:
        """Hold a turn for the block (True), or False if none came within ``wait``."""
        if not self._free.acquire(timeout=wait):
            yield False
            return
        with self._lock:
            self.held += 1
            self.most = max(self.most, self.held)
        try:
            yield True
        finally:
            with self._lock:
                self.held -= 1
                self.since_trim += 1
                calm = self.held == 0 and self.since_trim >= TRIM_AFTER_PAGES
                if calm:
                    self.since_trim = 0
            self._free.release()
            if calm:
                give_back_memory()


#: turns (pages read) after which the first moment with none held gives memory back
TRIM_AFTER_PAGES = 100


def give_back_memory() -> None:
    """Hand the C allocator's free pages back to the system (glibc's ``malloc_trim``).
    A storm of catch-ups frees what it used, but glibc keeps the freed memory in its
    heaps for reuse, so the worker's RSS stayed up long after (+13 MB of 69 three
    seconds after 300 replays); trimmed, it comes back. Elsewhere (musl, macOS) nothing
    happens."""
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


@functools.cache
def _malloc_trim() -> Callable[[int], int] | None:
    try:
        libc = ctypes.CDLL("libc.so.6")
        return cast(Callable[[int], int], libc.malloc_trim)
    except (OSError, AttributeError):
        return None

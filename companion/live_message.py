"""What the pub/sub hub hands a stream: one frozen :class:`Message` per published version
(or per resync, overflow, shutdown), unpacked from the commit's publish in one place
(:func:`unpack`), and the per-stream :class:`Backlog` that holds the messages not yet sent.

A message is shared by every stream of its session in this worker, so whatever is derived
from it is made once: the public SSE frame when it is unpacked, its parsed body and the
seat streams' read of the session on first use (each kept in a :class:`Once`)."""

from __future__ import annotations

import queue
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple, cast

import orjson


class Once:
    """A value made by its first caller and shared by every later one (a failure is
    not kept: the next caller tries again). ``Once(value)``: already made."""

    def __init__(self, *known: Any) -> None:
        self._lock = threading.Lock()
        self._made = bool(known)
        self._value: Any = known[0] if known else None

    def get(self, make: Callable[[], Any]) -> Any:
        with self._lock:
            if not self._made:
                self._value = make()
                self._made = True
            return self._value


class Committed(NamedTuple):
    """The document a commit stored, as its publish carries it."""
    version: int
    revision: int
    doc: bytes  # its JSON


class View(NamedTuple):
    """The acting seat's own view, built by its POST for the same version."""
    seat: int
    me: bytes  # its JSON


Kind = Literal["version", "resync", "overflow", "shutdown"]


@dataclass(frozen=True, slots=True, eq=False)
class Message:
    """One item of a stream's backlog.

    ``version``: a published version (``data`` its {version, events, state} JSON,
    ``frame`` the public SSE event made of it, ``committed`` and ``view`` what the
    commit sent with it); ``resync``: messages may have been missed, re-read the store;
    ``overflow``: the backlog fell past its budget (the stream ends, its client resumes
    from the log); ``shutdown``: the worker stops."""
    kind: Kind
    version: int = 0
    data: bytes = b""
    frame: bytes = b""
    committed: Committed | None = None
    view: View | None = None
    #: the seat streams' read of the session for this message: the first makes it
    read: Once = field(default_factory=Once)
    parsed: Once = field(default_factory=Once)

    def body(self) -> dict[str, Any]:
        """{version, events, state}, parsed once for every stream of this worker that
        needs it (a long-poll; a seat stream without the document)."""
        return cast(dict[str, Any], self.parsed.get(lambda: orjson.loads(self.data)))


#: what a stream finds in its backlog once it fell too far behind: its end (the client
#: reconnects with Last-Event-ID and catches up from the stored log)
OVERFLOW = Message("overflow")
#: put in every stream's queue when the worker stops (``Hub.close_streams``)
SHUTDOWN = Message("shutdown")

#: how the commit's message starts (``sessions.core._public`` dumps ``version`` first)
_VERSION = re.compile(rb'\{"version":(\d{1,15}),')


def unpack(published: bytes, framed: bool = True) -> Message:
    """The one reader of a commit's publish (``store.scripts.COMMIT``): the JSON of
    {version, events, state}, then, each on a line of its own, the revision, the
    document and ``seat:its view`` (the last two may be empty).

    The version is read from the first bytes: the events and the state are parsed only
    if a stream asks (:meth:`Message.body`), not once per message per worker. Another
    layout is parsed whole. ``framed``: build the public SSE frame (a worker without
    streams of the session only keeps the document)."""
    data, _, stored = published.partition(b"\n")
    revision, _, rest = stored.partition(b"\n")
    doc, _, mover = rest.partition(b"\n")
    seat, _, me = mover.partition(b":")
    found = _VERSION.match(data)
    if found is None:  # not the commit's own layout: parse it all
        whole = orjson.loads(data)
        version, parsed = int(whole["version"]), Once(whole)
    else:
        version, parsed = int(found[1]), Once()
    # the SSE frame is built once per message, not once per stream: the published
    # bytes are already the event's data
    frame = b"id: %d\nevent: version\ndata: %s\n\n" % (version, data) if framed else b""
    return Message("version", version, data, frame,
                   Committed(version, int(revision), doc) if doc else None,
                   View(int(seat), me) if me else None, parsed=parsed)


class Backlog(queue.Queue[Message]):
    """One stream's messages not yet sent, bounded in bytes (the published JSON): a
    client that stops reading holds at most ``budget`` bytes of the worker's memory,
    however big the session's states are; past it the backlog is dropped for
    :data:`OVERFLOW`. The messages themselves are shared by every stream of a session.

    It also counts the messages given and handled, for :meth:`settle` (what a test
    waits on). Each count has one writer — ``given`` the queue's own put, under its
    lock; ``done`` the one stream that reads this backlog — so counting takes no lock
    of its own: only a caller of :meth:`settle` waits on a condition, and a stream
    wakes it only while somebody waits (a condition per message was a third
    of a frame's cost in the queue, ``python -m bench.backlog``)."""

    def __init__(self, budget: int) -> None:
        super().__init__()  # bounded in bytes below, never by a count that drops silently
        self.budget = budget
        self.bytes = 0
        self.overflowed = False
        self.given = 0
        self.done = 0
        self._waiting = 0  # callers of ``settle`` now
        self._settled = threading.Condition(threading.Lock())

    def _put(self, item: Message) -> None:  # under the queue's own lock
        if self.overflowed:
            return
        size = len(item.data)
        if self.bytes + size > self.budget:
            self.given -= len(self.queue)  # cleared: no longer owed
            self.queue.clear()
            self.bytes, self.overflowed = 0, True
            self.queue.append(OVERFLOW)
            self.given += 1
            return
        self.bytes += size
        self.queue.append(item)
        self.given += 1

    def _get(self) -> Message:
        item: Message = self.queue.popleft()
        self.bytes -= len(item.data)
        return item

    def handled(self) -> None:
        """The stream has handled the message it got last (its reads made, its frame
        written). Kept apart from ``task_done``: this class is the standard library's
        queue in tests and gevent's when served, whose task counts differ."""
        self.done += 1
        if self._waiting and self.done >= self.given:
            with self._settled:
                self._settled.notify_all()

    def settle(self, timeout: float) -> bool:
        """Wait until the stream has handled every message given so far (False: not
        within ``timeout``)."""
        with self._settled:
            self._waiting += 1  # before the check: a stream then wakes us, or we saw it
            try:
                return self._settled.wait_for(lambda: self.done >= self.given, timeout)
            finally:
                self._waiting -= 1

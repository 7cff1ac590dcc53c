"""One open live stream as an object: what it catches up when it opens or falls behind,
the frame it owes for the next message of its backlog, and its close.

:class:`PublicFeed` is the table screen's ``/events``: every version, in order; a gap
in the versions it is handed (one lost on its way) or a resync of the listener sends it
back to the stored log, from the last version it sent. :class:`SeatFeed` is a phone's
``/me/events``: each frame carries the whole state and the seat's own view, so a gap
needs no catch-up, only the latest read; its token is resolved to a seat once, and
again only when the seats of the document change or the listener resyncs."""

from __future__ import annotations

import queue
import random
import time
from collections.abc import Generator, Iterator
from typing import Any, NamedTuple, cast

import orjson
from flask import current_app

from companion.api.http import sessions
from companion.errors import NotFound, StoreDown, Unauthorized
from companion.live import Hub
from companion.live_message import Backlog, Message
from companion.observability import CATCH_UP_PAGES, CATCH_UPS_MOST, SSE_CLIENTS
from companion.sessions import public_state, reads
from companion.store import Loaded

RETRY = b"retry: 2000\n\n"
HEARTBEAT = b": heartbeat\n\n"
STORE_DOWN = b": store unavailable, retrying\n\n"
BUSY = b": busy, reconnect to go on\n\n"
#: ends a per-seat stream whose token stopped working (re-issued, taken over)
LOST = b'event: lost\ndata: {"status": 401}\n\n'


def reconnect() -> bytes:
    """A stream's last frame when this worker stops: reconnect after a pause drawn
    between 1 and 4 s (so a room of screens does not come back in one burst), with
    ``Last-Event-ID`` as after any cut; ``event: reconnect`` says it was on purpose."""
    return b'retry: %d\nevent: reconnect\ndata: {"reason": "shutdown"}\n\n' % (
        random.randint(1000, 4000))


def sse(version: int, payload: dict[str, Any]) -> bytes:
    return b"id: %d\nevent: version\ndata: %s\n\n" % (version, orjson.dumps(payload))


class Feed:
    """A stream of ``sid`` fed by its ``backlog`` in ``hub``, past version ``seen``.
    :meth:`frames` is the response's body; ``first`` is sent right after the retry."""

    def __init__(self, hub: Hub, sid: str, backlog: Backlog, seen: int,
                 heartbeat: float, first: bytes | None = None, behind: bool = False
                 ) -> None:
        self.hub, self.sid, self.backlog = hub, sid, backlog
        self.seen = seen  # the last version sent (or owed none: already the client's)
        self.heartbeat = heartbeat
        self.first = first
        self.behind = behind  # owes a catch-up from the stored log
        self.ended = False
        self._holding = False  # a message got and not yet marked handled (Hub.settled)
        self._counted = self._closed = False

    def frames(self) -> Iterator[bytes]:
        SSE_CLIENTS.inc()
        self._counted = True
        try:
            yield RETRY
            if self.first is not None:
                yield self.first
            while not self.ended:
                if self.behind:
                    yield from self.catch_up()
                    if self.ended:
                        return
                self._handled()  # its frame written, or its catch-up made
                frame = self.next_frame()
                if frame:
                    yield frame
        finally:
            self.close()

    def catch_up(self) -> Iterator[bytes]:
        """What the client missed, from the stored log."""
        self.behind = False
        return iter(())

    def next_frame(self) -> bytes:
        """Wait for the next message and answer what it owes the client: its frame, a
        heartbeat when none came in time, nothing (already sent, or a catch-up is owed
        now: ``behind``). Sets ``ended`` when the stream is over."""
        try:
            message = self.backlog.get(timeout=self.heartbeat)
        except queue.Empty:
            return HEARTBEAT
        self._holding = True
        if message.kind == "shutdown":
            self.ended = True
            return reconnect()
        if message.kind == "overflow":  # fell behind its budget: reconnects, catches up
            self.ended = True
            return b""
        return self.frame_of(message)

    def frame_of(self, message: Message) -> bytes:
        raise NotImplementedError

    def close(self) -> None:
        """Give the backlog back to the hub (once; the slot is the response's)."""
        if self._closed:
            return
        self._closed = True
        self._handled()
        if self._counted:
            SSE_CLIENTS.dec()
        self.hub.unsubscribe(self.sid, self.backlog)

    def _handled(self) -> None:
        if self._holding:
            self._holding = False
            self.backlog.handled()


class PublicFeed(Feed):
    """The table screen's stream: one frame per version, the Hub's own bytes."""

    def frame_of(self, message: Message) -> bytes:
        if message.kind == "resync" or message.version > self.seen + 1:
            self.behind = True  # something was missed: the stored log has it
        elif message.version > self.seen:
            self.seen = message.version
            return message.frame  # encoded once for every stream (Hub)
        return b""

    def catch_up(self) -> Iterator[bytes]:
        try:
            self.seen = yield from _catch_up(self.sid, self.seen)
            self.behind = False
        except (StoreDown, NotFound):
            yield STORE_DOWN  # still behind: tried again at the next message or beat
        except CatchUpBusy:
            yield BUSY
            self.ended = True


#: how long a catch-up waits for its next page's turn before its stream ends (the
#: client reconnects from the last version it got, its progress kept)
CATCH_UP_WAIT = 20.0


class CatchUpBusy(Exception):
    """No catch-up turn came in time: the stream ends, the client reconnects."""


def _catch_up(sid: str, seen: int) -> Generator[bytes, None, int]:
    """Send every version after ``seen``, a page of the stored log at a time (range
    reads, never a replay); the last one carries the state. Returns the last sent.

    A page is read in one of the worker's catch-up turns (``SSE_CATCH_UPS``) and sent
    after it: hundreds of reconnecting streams (a replay storm) take turns page by page
    instead of reading and encoding the log all at once, so another table's moves wait
    behind a few pages, and a stream holds only the frames of its page (never the
    session's document) while its client reads them."""
    turns = current_app.extensions["companion"].catch_ups
    while True:
        with turns.turn(CATCH_UP_WAIT) as mine:
            if not mine:
                raise CatchUpBusy
            frames, seen, done = _catch_up_page(sid, seen)
            CATCH_UP_PAGES.inc()
            CATCH_UPS_MOST.set(turns.most)
        yield b"".join(frames)  # one write a page, not one a version
        del frames
        if done:
            return seen
        time.sleep(0)  # let the others' turns and the tables' moves through


def _catch_up_page(sid: str, seen: int) -> tuple[list[bytes], int, bool]:
    """The frames of the page after ``seen``, the last version they carry, and whether
    it is the last page (the session's state then rides on its last frame)."""
    entries, loaded = sessions().history(sid, since=seen)
    version = loaded.version
    frames = []
    for item in entries:
        payload: dict[str, Any] = {"version": item["version"], "events": item["events"]}
        if item["version"] == version:
            payload["state"] = public_state(loaded.doc, version, sessions().now())
        frames.append(sse(item["version"], payload))
        seen = max(seen, item["version"])
    done = not entries or seen >= version
    return frames, (max(seen, version) if done else seen), done


class Read(NamedTuple):
    """The session as one message's seat streams share it: the document, the JSON of
    {version, events, state} without its closing brace, and the document's seats as
    :func:`reads.seats_of` names them."""
    loaded: Loaded
    head: bytes
    seats: tuple[Any, ...]


class SeatFeed(Feed):
    """A phone's stream: each frame the state and the seat's own view (legal moves
    included). Opened by :meth:`open`, which refuses a bad token before the response
    starts and makes the frame a (re)connecting seat is owed."""

    def __init__(self, hub: Hub, sid: str, backlog: Backlog, heartbeat: float,
                 token: str | None, since: int | None) -> None:
        loaded, events = _latest(sid, since)
        self.token = token
        self.seat = reads.own_seat(loaded.doc, token)  # refused (401, 403) as /me is
        self.seats = reads.seats_of(loaded.doc)  # what ``seat`` was resolved against
        first = None
        if since is None or loaded.version != since:  # else: nothing new to send
            me = reads.seat_view(loaded.doc, self.seat, loaded.version, False)
            first = _seat_frame(_head(loaded, events), loaded.version, me)
        super().__init__(hub, sid, backlog, loaded.version, heartbeat, first)

    def frame_of(self, message: Message) -> bytes:
        if message.kind != "resync" and message.version <= self.seen:
            return b""
        try:
            read = _shared(self.sid, message)
            if read.loaded.version <= self.seen:
                return b""
            me = self._own(read, message)
        except Unauthorized:
            self.ended = True
            return LOST
        except (StoreDown, NotFound):
            return STORE_DOWN
        self.seen = read.loaded.version
        return _seat_frame(read.head, self.seen, me)

    def _own(self, read: Read, message: Message) -> dict[str, Any] | bytes:
        """The seat's view for its frame: the mover's seat gets the one its POST built
        for the same version (sent with the message), every other seat its own. The
        token is resolved again only when the seats differ from those it was resolved
        against (a seat taken, freed, its token re-issued) or after a resync: the same
        seats give the same answer."""
        if message.kind == "resync" or read.seats != self.seats:
            self.seat = reads.own_seat(read.loaded.doc, self.token)  # refused: 401
            self.seats = read.seats
        view = message.view
        if (view is not None and view.seat == self.seat and message.kind != "resync"
                and message.version == read.loaded.version):
            return view.me
        return reads.seat_view(read.loaded.doc, self.seat, read.loaded.version, False)


def _seat_frame(head: bytes, version: int, me: dict[str, Any] | bytes) -> bytes:
    """``head``: the JSON of {version, events, state} without its closing brace; ``me``
    the seat's view (or its JSON)."""
    raw = me if isinstance(me, bytes) else orjson.dumps(me)
    return b"id: %d\nevent: version\ndata: %s,\"me\":%s}\n\n" % (version, head, raw)


def _head(loaded: Loaded, events: list[Any]) -> bytes:
    """The JSON of {version, events, state} for ``loaded``, without its closing brace."""
    return orjson.dumps({"version": loaded.version, "events": events,
                         "state": public_state(loaded.doc, loaded.version,
                                               sessions().now())})[:-1]


def _read(loaded: Loaded, head: bytes) -> Read:
    return Read(loaded, head, reads.seats_of(loaded.doc))


def _shared(sid: str, message: Message) -> Read:
    """One read of the session per message per worker, shared by its per-seat streams;
    the published bytes are the frame's head when they carry the state read. A resync
    (the listener reconnected: anything may have been missed) is shared the same way."""
    def make() -> Read:
        if message.kind == "resync":  # messages may have been missed: the log's last events
            return _last_move(sid)
        if message.committed is not None:  # the message carried the document it committed
            version, revision, raw = message.committed
            return _read(Loaded(version, revision, orjson.loads(raw)), message.data[:-1])
        loaded = sessions().load(sid)
        same = loaded.version == message.version
        published = message.body()
        if same and published.get("state"):
            return _read(loaded, message.data[:-1])
        return _read(loaded, _head(loaded, published.get("events", []) if same else []))
    return cast(Read, message.read.get(make))


def _last_move(sid: str) -> Read:
    """The session now, with the events of its last version (from the log's tail)."""
    version = sessions().load(sid).version
    entries, loaded = sessions().history(sid, since=max(0, version - 1))
    last = entries[-1] if entries and entries[-1]["version"] == loaded.version else None
    return _read(loaded, _head(loaded, last["events"] if last else []))


def _latest(sid: str, since: int | None) -> tuple[Loaded, list[Any]]:
    """The session a (re)connecting seat is owed, with the last move's events when it
    reconnects (the log's tail, same snapshot)."""
    if since is None:
        return sessions().load(sid), []
    entries, loaded = sessions().history(sid, since=max(0, since))
    last = entries[-1] if entries and entries[-1]["version"] == loaded.version else None
    return loaded, last["events"] if last else []

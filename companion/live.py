"""Live updates: one Redis pub/sub listener per process, fanned out to its clients.

Every SSE stream and long-poll of this process registers a queue for its
session; a single background listener (one Redis connection, a pattern
subscription; sharded subscriptions per session on a Redis >= 7 cluster, see
``companion/shards.py``) hands each published version to the queues of that session.
Pub/sub drops messages while disconnected, so streams catch up from the
stored log using their last seen version (``Last-Event-ID``). Each message (and each
resync, per session) is one frozen :class:`~companion.live_message.Message` shared by
the session's streams in this worker: its seat streams share one read of the session
through it. A worker's stream caps and catch-up turns are in ``companion.stream_slots``.
"""

from __future__ import annotations

import contextlib
import logging
import queue
import threading
import time
from collections.abc import Callable
from typing import Any

import hiredis
import redis

from companion.live_message import OVERFLOW, SHUTDOWN, Backlog, Message, Once, unpack
from companion.shards import Shards
from companion.store import keys
from companion.store.docs import Docs

log = logging.getLogger(__name__)


#: how long a session's streams may go without a subscription behind them (a Redis
#: restarting, a cluster node failing over) before they are ended: a stream left open
#: would send heartbeats and nothing else, and its client would never reconnect; ended,
#: it reconnects with Last-Event-ID and catches up from the stored log
SILENT_SECONDS = 2.0


class Hub:
    def __init__(self, client: Any, docs: Docs | None = None,
                 backlog: int = 1024 * 1024,
                 sharded: Callable[[], bool] = lambda: False,
                 on_state: Callable[[bool, int], None] = lambda up, down: None) -> None:
        self.client = client
        #: told (listener up, sessions whose subscription is down) when either changes
        self.on_state = on_state
        self._reported: tuple[bool, int] = (True, 0)
        #: since when (monotonic) the listener is down while streams want it; None: up
        self._down_since: float | None = None
        self._last_end = 0.0  # when the streams were last ended for a lost listener
        #: since when the oldest lost sharded subscription is down (None: none is)
        self._shard_down_since: float | None = None
        self._ended_at: dict[str, float] = {}  # session -> its streams last ended
        with contextlib.suppress(Exception):
            on_state(True, 0)  # up until it fails: the gauge exists from the start
        #: asked by the listener (each time it connects): SSUBSCRIBE per session or not
        self.sharded = sharded
        self._shards: Shards | None = None
        #: fed with each message's document (a change on this worker then needs no read)
        self.docs = docs
        self.backlog = backlog
        self._lock = threading.Lock()
        self._subscribers: dict[str, set[queue.Queue[Message]]] = {}
        self._thread: threading.Thread | None = None
        self.connected = threading.Event()
        #: set once the listener's start-up resync (``_wake_all``) is in the streams'
        #: queues; cleared with ``connected`` (plain pub/sub: sharded ones resync per
        #: session as its subscription is confirmed)
        self.synced = threading.Event()
        self.stopped = threading.Event()
        #: set at shutdown: every stream is told to reconnect, new ones at once
        self.closing = False

    def close_streams(self) -> None:
        """At shutdown: every stream of this worker is told to reconnect and ends, so
        the process can stop at once instead of waiting out its graceful timeout (and
        then cutting them). A stream opened after this is ended the same way."""
        with self._lock:
            self.closing = True
            targets = [q for group in self._subscribers.values() for q in group]
        for q in targets:
            with contextlib.suppress(queue.Full):
                q.put_nowait(SHUTDOWN)

    def stop(self, timeout: float = 3.0) -> None:
        """End the listener (at shutdown); open streams end with their clients."""
        self.stopped.set()
        thread = self._thread
        if thread is not None:
            thread.join(timeout)

    def subscribe(self, sid: str) -> Backlog:
        q = Backlog(self.backlog)
        with self._lock:
            group = self._subscribers.setdefault(sid, set())
            group.add(q)
            if self.closing:
                q.put_nowait(SHUTDOWN)
            if len(group) == 1 and self._shards is not None:
                self._shards.poke()  # a new session: its listener SSUBSCRIBEs it
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="companion-hub",
                                                daemon=True)
                self._thread.start()
        return q

    def unsubscribe(self, sid: str, q: queue.Queue[Message]) -> None:
        with self._lock:
            group = self._subscribers.get(sid)
            if group is not None:
                group.discard(q)
                if not group:
                    del self._subscribers[sid]
                    if self._shards is not None:
                        self._shards.poke()  # its last stream: SUNSUBSCRIBE

    def settled(self, sid: str, timeout: float) -> bool:
        """Whether every stream of ``sid`` here has handled every message it was given
        (each stream marks its messages, ``Backlog.handled``), waiting up to
        ``timeout`` seconds: what a test waits on, instead of sleeping, before it
        counts what the next move alone causes."""
        with self._lock:
            group = list(self._subscribers.get(sid, ()))
        return all(q.settle(timeout) for q in group if isinstance(q, Backlog))

    def down_for(self) -> float:
        """Seconds this worker's listener (or one of its sharded subscriptions) has been
        down while streams want it; 0 when it is up or nobody streams here."""
        with self._lock:
            if not self._subscribers:
                return 0.0
        since = [t for t in (self._down_since, self._shard_down_since) if t is not None]
        return time.monotonic() - min(since) if since else 0.0

    def _report(self, down_sessions: int = 0) -> None:
        state = (self._down_since is None, down_sessions)
        if state != self._reported:
            self._reported = state
            with contextlib.suppress(Exception):  # metrics never stop the listener
                self.on_state(*state)

    @property
    def clients(self) -> int:
        with self._lock:
            return sum(len(g) for g in self._subscribers.values())

    def _dispatch(self, channel: bytes, data: bytes) -> None:
        self._dispatch_sid(keys.sid_of_channel(channel.decode()), data)

    def _dispatch_sid(self, sid: str, data: bytes) -> None:
        with self._lock:
            targets = list(self._subscribers.get(sid, ()))
        if not targets and not (self.docs is not None and self.docs.knows(sid)):
            return
        message = unpack(data, framed=bool(targets))
        if message.committed is not None and self.docs is not None:
            self.docs.put(sid, *message.committed)
        for q in targets:
            with contextlib.suppress(queue.Full):  # a stuck client catches up from the log
                q.put_nowait(message)

    def _run(self) -> None:
        backoff = 0.2
        while not self.stopped.is_set():
            with self._lock:
                if not self._subscribers:
                    # a failure is remembered (``down_for``) until a subscription works
                    self._thread = None
                    return
            try:
                if self.sharded():
                    self._listen_sharded()
                else:
                    self._listen()
                backoff = 0.2
            except Exception as err:  # the listener must outlive any one failure
                self.connected.clear()
                self.synced.clear()
                if self.stopped.is_set():
                    break
                log.warning("live updates: Redis pub/sub lost (%s); retrying", err)
                now = time.monotonic()
                if self._down_since is None:
                    self._down_since = self._last_end = now
                    self._report()
                elif now - self._last_end >= SILENT_SECONDS:
                    self._last_end = now
                    self._end_all()  # silent too long: the clients resume from the log
                self.stopped.wait(backoff)
                # short: a restarted Redis is heard again within a second of its return
                backoff = min(backoff * 2, 1.0)

    def _listen(self) -> None:
        """Plain pub/sub: one pattern subscription hears every session's changes. The
        resync runs once the subscription is confirmed: from then on nothing published
        is missed, and whatever came before is caught up from the stored log."""
        pattern = Pattern(self.client, keys.CHANNEL_PATTERN)
        try:
            pattern.confirmed(timeout=CONFIRM_SECONDS)
            self.connected.set()
            self._down_since = None
            self._report()
            self._wake_all()  # anything published while we were away: catch up
            self.synced.set()
            while not self.stopped.is_set():
                for channel, data in pattern.messages(timeout=1.0):
                    self._dispatch(channel, data)
                with self._lock:
                    if not self._subscribers:
                        return
        finally:
            pattern.close()

    def _listen_sharded(self) -> None:
        """Sharded pub/sub: the sessions streamed here, each SSUBSCRIBEd on its shard.
        A session resyncs once its subscription is in effect (confirmed by its node):
        whatever was published before — while its stream read the store, or while the
        listener was away — is caught up from the stored log, as ``_wake_all`` does.

        A node that fails costs only its own sessions' subscriptions: they are made
        again on the slots' new owner (``Shards`` refreshes the slot map), and while
        they stay down past :data:`SILENT_SECONDS` their streams are ended."""
        shards = Shards(self.client)
        with self._lock:
            self._shards = shards
        try:
            self.connected.set()
            self._down_since = None
            self._report()
            while not self.stopped.is_set():
                with self._lock:
                    wanted = set(self._subscribers)
                if not wanted:
                    return
                shards.sync(wanted)
                for kind, sid, data in shards.messages(timeout=1.0):
                    if kind == "message":
                        self._dispatch_sid(sid, data)
                    else:
                        self._wake(sid)
                self._end_silent(shards)
        finally:
            with self._lock:
                self._shards = None
            self._shard_down_since = None
            self._ended_at.clear()
            shards.close()

    def _end_silent(self, shards: Shards) -> None:
        """End the streams of each session whose subscription is down for longer than
        :data:`SILENT_SECONDS` (again every that long, while it stays down)."""
        now, down = time.monotonic(), shards.down
        for sid in self._ended_at.keys() - down.keys():
            del self._ended_at[sid]
        for sid, since in down.items():
            if now - max(since, self._ended_at.get(sid, 0.0)) >= SILENT_SECONDS:
                self._ended_at[sid] = now
                self._end(sid)
        # a failed node counts until it is back or replaced, even once its sessions'
        # streams were ended (their screens come back to it)
        self._shard_down_since = min([*down.values(), *shards.unreachable.values()],
                                     default=None)
        self._report(len(down))

    def _end_all(self) -> None:
        with self._lock:
            sids = list(self._subscribers)
        for sid in sids:
            self._end(sid)

    def _end(self, sid: str) -> None:
        """End the session's streams here (a long-poll reads the store instead)."""
        with self._lock:
            group = list(self._subscribers.get(sid, ()))
        for q in group:
            with contextlib.suppress(queue.Full):
                q.put_nowait(OVERFLOW)

    def _wake_all(self) -> None:
        """Tell every client to re-check the store (messages may have been missed)."""
        with self._lock:
            sids = list(self._subscribers)
        for sid in sids:
            self._wake(sid)

    def _wake(self, sid: str) -> None:
        with self._lock:
            group = list(self._subscribers.get(sid, ()))
        wake = Message("resync", read=Once())  # one read per session, as a message
        for q in group:
            with contextlib.suppress(queue.Full):
                q.put_nowait(wake)


#: how long a new pattern subscription may take to be confirmed before it is tried again
CONFIRM_SECONDS = 5.0


class Pattern:
    """The plain listener's pattern subscription, its replies read straight off the
    socket. redis-py opens it (address, TLS, AUTH, HELLO as configured), then
    this reads it with its own hiredis reader: redis-py's ``get_message`` asks a
    cooperative poll and walks its retry and handler layers for every message, paid by
    every worker for every move; a blocking read with a timeout costs about a third of
    that (``python -m bench.listener``). Only this listener's thread uses it."""

    def __init__(self, client: Any, pattern: str) -> None:
        self._pubsub = client.pubsub()
        self._pubsub.psubscribe(pattern)  # connects, and sends PSUBSCRIBE
        self._sock = self._pubsub.connection._sock
        self._reader = hiredis.Reader()
        self._buffer = bytearray(64 * 1024)

    def confirmed(self, timeout: float) -> None:
        """Wait for the server to confirm the subscription (it is in effect from then)."""
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            for reply in self._replies(left):
                if reply[0] == b"psubscribe":
                    return
        raise redis.TimeoutError("pub/sub: PSUBSCRIBE not confirmed")

    def messages(self, timeout: float) -> list[tuple[bytes, bytes]]:
        """(channel, data) of each message buffered or arriving within ``timeout``."""
        return [(reply[2], reply[3]) for reply in self._replies(timeout)
                if reply[0] == b"pmessage"]

    def _replies(self, timeout: float) -> list[Any]:
        found = self._buffered()
        if found:
            return found
        self._sock.settimeout(timeout)
        try:
            size = self._sock.recv_into(self._buffer)
        except TimeoutError:
            return []
        if not size:
            raise redis.ConnectionError("pub/sub: the server closed the connection")
        self._reader.feed(self._buffer, 0, size)  # type: ignore[arg-type]  # a buffer: stub too narrow
        return self._buffered()

    def _buffered(self) -> list[Any]:
        out = []
        while (reply := self._reader.gets()) is not False:
            if isinstance(reply, hiredis.ReplyError):
                raise redis.ResponseError(str(reply))
            out.append(reply)
        return out

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._pubsub.close()

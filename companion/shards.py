"""Sharded subscriptions of one Hub listener: on a Redis >= 7 cluster each
session's channel is SSUBSCRIBEd on the node that owns its slot, only while this worker
streams the session, so a change reaches only its shard and the workers that stream it.

redis-py's pub/sub objects are not thread-safe: everything here runs on the listener's
thread. Other threads only :meth:`Shards.poke` it (a byte on a socket pair) when the set
of streamed sessions changed; the listener then calls :meth:`Shards.sync`. One plain
pub/sub connection per node is kept (rather than redis-py's ``ClusterPubSub``), so the
listener can wait on all of them and on the poke at once with one ``select``.

A node that fails (a master killed, its replica promoted) takes down only its own
pub/sub connection: its sessions are marked :attr:`Shards.down`, the slot map is asked
again (every :data:`REFRESH_SECONDS` until a node answers with the new owner), and they
are subscribed on whichever node owns their slots by then. The other nodes'
subscriptions never notice.
"""

from __future__ import annotations

import contextlib
import logging
import select
import socket
import time
from collections.abc import Iterator
from typing import Any

import redis

from companion.store import keys

log = logging.getLogger(__name__)

#: how often, at most, the slot map is asked again while a session waits for its shard
REFRESH_SECONDS = 0.5
#: how long a failed node no streamed session needs counts as down
FORGET_SECONDS = 30.0


class Shards:
    def __init__(self, client: Any, refresh_every: float = REFRESH_SECONDS) -> None:
        self.client = client
        self.refresh_every = refresh_every
        self._pubsubs: dict[str, Any] = {}  # node name -> that node's pub/sub
        self._node_of: dict[str, str] = {}  # session id -> node name it is subscribed on
        self._leaving: set[str] = set()  # unsubscribed, confirmation not yet read
        #: session id -> when (monotonic) its subscription was lost or first refused;
        #: cleared once a node confirms it again. Read by the hub (its streams' silence)
        self.down: dict[str, float] = {}
        #: node name -> since when it failed. Kept after its sessions' streams were
        #: ended (they come back): cleared once the node confirms a subscription again,
        #: once the slot map shows it owns nothing (replaced by its replica), or after
        #: FORGET_SECONDS in which no streamed session needed it
        self.unreachable: dict[str, float] = {}
        self._needed: dict[str, float] = {}  # node name -> when a session last wanted it
        self._stale = False  # the slot map may be out of date: refresh before subscribing
        self._refreshed = 0.0
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)

    def poke(self) -> None:
        """From any thread: have the listener look at the wanted sessions again."""
        with contextlib.suppress(OSError):  # closed meanwhile: the listener is gone
            self._wake_w.send(b"\0")

    def sync(self, wanted: set[str]) -> None:
        """SSUBSCRIBE the sessions newly wanted (or lost), SUNSUBSCRIBE those no longer
        wanted. A node that cannot be reached costs only its own sessions: they wait,
        marked :attr:`down`, for the next try on a refreshed slot map, while the other
        nodes' subscriptions go on."""
        if self._stale or self.unreachable:
            self._refresh()
        for sid in wanted - self._node_of.keys():
            self._subscribe(sid)
        for sid in self._node_of.keys() - wanted:
            name = self._node_of.pop(sid)
            try:
                self._pubsubs[name].sunsubscribe(keys.channel(sid))
                self._leaving.add(sid)
            except (redis.ConnectionError, redis.TimeoutError, OSError):
                self._lost(name)
        for sid in self.down.keys() - wanted:
            del self.down[sid]  # nobody streams it here any more

    def _subscribe(self, sid: str) -> None:
        name = None
        try:
            node = self.client.get_node_from_key(keys.channel(sid))
            name = node.name
            pubsub = self._pubsubs.get(name)
            if pubsub is None:
                # a client of its own, not the node's pooled one: a slot map refresh
                # (ours, or one a failing request makes) marks the pool's connections
                # for reconnection, which would drop a healthy node's subscriptions
                manager = self.client.nodes_manager
                own = manager.create_redis_node(host=node.host, port=node.port,
                                                **manager.connection_kwargs)
                pubsub = own.pubsub()
                self._pubsubs[name] = pubsub
            pubsub.ssubscribe(keys.channel(sid))
            self._node_of[sid] = name
            self._needed[name] = time.monotonic()
        except (redis.ConnectionError, redis.TimeoutError, OSError,
                redis.exceptions.SlotNotCoveredError) as err:
            log.warning("live updates: session %s's shard (%s) unreachable: %s",
                        sid, name or "no owner", err)
            self.down.setdefault(sid, time.monotonic())
            if name is not None:
                self._lost(name)
            self._stale = True

    def _lost(self, name: str) -> None:
        """A node's connection failed: close it, and mark its sessions down (they are
        subscribed again, wherever their slots live by then, at the next sync)."""
        pubsub = self._pubsubs.pop(name, None)
        if pubsub is not None:
            _close(pubsub)
        now = time.monotonic()
        self.unreachable.setdefault(name, now)
        self._needed[name] = now
        for sid in [s for s, n in self._node_of.items() if n == name]:
            del self._node_of[sid]
            self.down.setdefault(sid, now)
        self._stale = True

    def _refresh(self) -> None:
        """Ask the cluster who owns which slot now (a replica promoted after its master
        failed), at most every ``refresh_every`` seconds: redis-py's slot map is only
        refreshed by a command that fails, and this listener sends none to a new owner."""
        now = time.monotonic()
        if now - self._refreshed < self.refresh_every:
            return
        self._refreshed = now
        try:
            self.client.nodes_manager.initialize()
            self._stale = False
        except (redis.RedisError, OSError) as err:  # no node answered: tried again later
            log.warning("live updates: cluster topology not refreshed: %s", err)
            return
        owners = {node.name for node in self.client.get_primaries()}
        for name in list(self.unreachable):
            if name not in owners or now - self._needed.get(name, 0.0) > FORGET_SECONDS:
                del self.unreachable[name]  # replaced by its replica, or nobody needs it

    @property
    def waiting(self) -> bool:
        """Whether some session or node waits for its subscription (the listener then
        wakes up soon to try again instead of waiting for a poke)."""
        return bool(self.down) or self._stale or bool(self.unreachable)

    def messages(self, timeout: float) -> Iterator[tuple[str, str, bytes]]:
        """(kind, session id, data) of what arrived — ``"message"`` for a change,
        ``"subscribed"`` once a session's SSUBSCRIBE is in effect — waiting up to
        ``timeout`` for anything (a poke included) when nothing is buffered."""
        found = False
        for item in self._drain():
            found = True
            yield item
        if found:
            return
        socks = [p.connection._sock for p in self._pubsubs.values()
                 if p.connection is not None and p.connection._sock is not None]
        if self.waiting:
            timeout = min(timeout, self.refresh_every)
        ready, _, _ = select.select([self._wake_r, *socks], [], [], timeout)
        if self._wake_r in ready:
            with contextlib.suppress(BlockingIOError):
                self._wake_r.recv(4096)
        yield from self._drain()

    def _drain(self) -> Iterator[tuple[str, str, bytes]]:
        """Everything already readable, node by node; the parser's buffer included
        (``get_message(timeout=0)`` looks there before the socket). A node whose
        connection fails is dropped alone (:meth:`_lost`)."""
        for name, pubsub in list(self._pubsubs.items()):
            while True:
                try:
                    message = pubsub.get_message(timeout=0.0)
                except (redis.ConnectionError, redis.TimeoutError, OSError,
                        redis.ResponseError) as err:  # a refused SSUBSCRIBE too
                    log.warning("live updates: shard %s lost (%s); resubscribing", name, err)
                    self._lost(name)
                    break
                if message is None:
                    break
                item = self._read(message)
                if item is not None:
                    yield item

    def _read(self, message: dict[str, Any]) -> tuple[str, str, bytes] | None:
        kind, sid = message["type"], keys.sid_of_channel(message["channel"].decode())
        if kind == "smessage":
            return "message", sid, message["data"]
        if kind == "ssubscribe" and sid in self._node_of:
            self.down.pop(sid, None)
            self.unreachable.pop(self._node_of[sid], None)
            return "subscribed", sid, b""
        if kind == "sunsubscribe":
            if sid in self._leaving:
                self._leaving.discard(sid)
            elif sid in self._node_of:
                # dropped by its node (its slot moved away): subscribed again where
                # the slot lives now, and resynced once that is confirmed
                del self._node_of[sid]
                self.down.setdefault(sid, time.monotonic())
                self._stale = True
        return None

    def close(self) -> None:
        for pubsub in self._pubsubs.values():
            _close(pubsub)
        self._pubsubs.clear()
        self._wake_r.close()
        self._wake_w.close()


def _close(pubsub: Any) -> None:
    """Close a node's pub/sub and the pool of the client made for it alone."""
    with contextlib.suppress(Exception):
        pubsub.close()
    with contextlib.suppress(Exception):
        pubsub.connection_pool.disconnect()

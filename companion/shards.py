"""Sharded subscriptions of one Hub listener (issue 20): on a Redis >= 7 cluster each
session's channel is SSUBSCRIBEd on the node that owns its slot, only while this worker
streams the session, so a change reaches only its shard and the workers that stream it.

redis-py's pub/sub objects are not thread-safe: everything here runs on the listener's
thread. Other threads only :meth:`Shards.poke` it (a byte on a socket pair) when the set
of streamed sessions changed; the listener then calls :meth:`Shards.sync`. One plain
pub/sub connection per node is kept (rather than redis-py's ``ClusterPubSub``), so the
listener can wait on all of them and on the poke at once with one ``select``.
"""

from __future__ import annotations

import contextlib
import select
import socket
from collections.abc import Iterator
from typing import Any

import redis

from companion.store import keys


class SlotMoved(redis.ConnectionError):
    """A node dropped a subscription nobody asked to drop (its slot moved away): the
    listener starts over, from a fresh slot map, and every stream resyncs."""


class Shards:
    def __init__(self, client: Any) -> None:
        self.client = client
        self._pubsubs: dict[str, Any] = {}  # node name -> that node's pub/sub
        self._node_of: dict[str, str] = {}  # session id -> node name it is subscribed on
        self._leaving: set[str] = set()  # unsubscribed, confirmation not yet read
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)

    def poke(self) -> None:
        """From any thread: have the listener look at the wanted sessions again."""
        with contextlib.suppress(OSError):  # closed meanwhile: the listener is gone
            self._wake_w.send(b"\0")

    def sync(self, wanted: set[str]) -> None:
        """SSUBSCRIBE the sessions newly wanted, SUNSUBSCRIBE those no longer wanted."""
        for sid in wanted - self._node_of.keys():
            node = self.client.get_node_from_key(keys.channel(sid))
            pubsub = self._pubsubs.get(node.name)
            if pubsub is None:
                pubsub = self.client.get_redis_connection(node).pubsub()
                self._pubsubs[node.name] = pubsub
            pubsub.ssubscribe(keys.channel(sid))
            self._node_of[sid] = node.name
        for sid in self._node_of.keys() - wanted:
            self._pubsubs[self._node_of.pop(sid)].sunsubscribe(keys.channel(sid))
            self._leaving.add(sid)

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
        ready, _, _ = select.select([self._wake_r, *socks], [], [], timeout)
        if self._wake_r in ready:
            with contextlib.suppress(BlockingIOError):
                self._wake_r.recv(4096)
        yield from self._drain()

    def _drain(self) -> Iterator[tuple[str, str, bytes]]:
        """Everything already readable, node by node; the parser's buffer included
        (``get_message(timeout=0)`` looks there before the socket)."""
        for pubsub in list(self._pubsubs.values()):
            while (message := pubsub.get_message(timeout=0.0)) is not None:
                item = self._read(message)
                if item is not None:
                    yield item

    def _read(self, message: dict[str, Any]) -> tuple[str, str, bytes] | None:
        kind, sid = message["type"], keys.sid_of_channel(message["channel"].decode())
        if kind == "smessage":
            return "message", sid, message["data"]
        if kind == "ssubscribe" and sid in self._node_of:
            return "subscribed", sid, b""
        if kind == "sunsubscribe":
            if sid in self._leaving:
                self._leaving.discard(sid)
            elif sid in self._node_of:
                raise SlotMoved(f"the shard of session {sid} moved")
        return None

    def close(self) -> None:
        for pubsub in self._pubsubs.values():
            with contextlib.suppress(Exception):
                pubsub.close()
        self._pubsubs.clear()
        self._wake_r.close()
        self._wake_w.close()

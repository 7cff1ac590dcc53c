"""A per-worker cache of session documents, as stored.

A hot table's document is known to this worker without a read: it committed the last
change itself, or the change's published message carried the document (the Hub puts it
here). The cache only ever *guesses* what a change starts from — the commit script's
revision check (compare-and-set) decides, and a wrong guess is retried against a fresh
read (``sessions.core.change``). Plain reads never use it: a phone reading right after
its move, on another worker, must see that move. Nothing is ever written behind: a move
is in Redis before its answer.

Entries keep the stored bytes, not the parsed document: every caller gets its own
dict to change (a decision changes the document it is given in place).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

import orjson

#: sessions kept per worker; the least recently used leaves first
LIMIT = 4096


class Docs:
    def __init__(self, limit: int = LIMIT) -> None:
        self.limit = limit
        self._lock = threading.Lock()
        self._entries: OrderedDict[str, tuple[int, int, bytes]] = OrderedDict()

    def put(self, sid: str, version: int, revision: int, raw: bytes) -> None:
        """Keep ``raw`` (the document's JSON at ``revision``) unless a later revision
        is already kept (a read that finished after a newer message arrived)."""
        with self._lock:
            held = self._entries.get(sid)
            if held is not None and held[1] >= revision:
                return
            self._entries[sid] = (version, revision, raw)
            self._entries.move_to_end(sid)
            while len(self._entries) > self.limit:
                self._entries.popitem(last=False)

    def get(self, sid: str) -> tuple[int, int, dict[str, Any]] | None:
        """(version, revision, a fresh copy of the document), or None."""
        with self._lock:
            held = self._entries.get(sid)
            if held is not None:
                self._entries.move_to_end(sid)
        if held is None:
            return None
        version, revision, raw = held
        return version, revision, orjson.loads(raw)

    def knows(self, sid: str) -> bool:
        with self._lock:
            return sid in self._entries

    def drop(self, sid: str) -> None:
        with self._lock:
            self._entries.pop(sid, None)

    def __len__(self) -> int:
        with self._lock:
            return len(self._entries)

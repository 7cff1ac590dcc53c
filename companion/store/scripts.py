"""Lua scripts run atomically by Redis. Each one is a module constant."""

# Commit a change to a session: revision check, document, log entry, idempotency
# record, expiry and the live-update publish, all in one round trip.
# The hash holds ``r`` (revision: every write, for optimistic concurrency),
# ``v`` (the public version: +1 per public change) and ``doc``.
# KEYS[1] = session hash, KEYS[2] = log list, KEYS[3] = idempotency key (used when
# ARGV[9] == "1"; always a key of the session's slot, as Redis Cluster requires)
# ARGV[1] = expected revision, ARGV[2] = new document (JSON),
# ARGV[3] = log entry (JSON) or "", ARGV[4] = idempotency record or "",
# ARGV[5] = idempotency TTL (s), ARGV[6] = session TTL (s),
# ARGV[7] = channel, ARGV[8] = published message, ARGV[9] = "1" to use KEYS[3],
# ARGV[10] = "1" for a public change (version bump, publish), "0" for a private one
# ARGV[11] = the most bytes the session may hold (its log ``b`` + its document; 0: any)
# ARGV[12] = "1" to SPUBLISH (a Redis >= 7 cluster: only the session's shard hears it)
# ARGV[13] = "<seat>:<JSON>" the acting seat's own view, or "" (optional)
# The published message is ARGV[8], then the new revision and the document, each after a
# newline (JSON never holds a raw one), then ARGV[13] after another when given: every
# worker's Hub learns the document it would otherwise read (companion/store/docs.py) and
# the mover's seat stream its view; only ARGV[8] leaves the server.
# Returns {1, version} on success, {0, revision} on a conflict, {2, record} when the
# idempotency key was committed meanwhile, {3, bytes} when the change does not fit.
COMMIT = """
if ARGV[9] == "1" then
  local seen = redis.call("GET", KEYS[3])
  if seen then return {2, seen} end
end
local rev = tonumber(redis.call("HGET", KEYS[1], "r") or "-1")
if rev ~= tonumber(ARGV[1]) then return {0, rev} end
local size = tonumber(redis.call("HGET", KEYS[1], "b") or "0") + #ARGV[3]
local most = tonumber(ARGV[11] or "0")
if most > 0 and size + #ARGV[2] > most then return {3, size} end
local version = tonumber(redis.call("HGET", KEYS[1], "v") or "-1")
if ARGV[10] == "1" then version = version + 1 end
redis.call("HSET", KEYS[1], "r", rev + 1, "v", version, "doc", ARGV[2], "b", size)
redis.call("EXPIRE", KEYS[1], ARGV[6])
if ARGV[3] ~= "" then
  redis.call("RPUSH", KEYS[2], ARGV[3])
  redis.call("EXPIRE", KEYS[2], ARGV[6])
end
if ARGV[9] == "1" then
  redis.call("SET", KEYS[3], ARGV[4], "EX", ARGV[5])
end
if ARGV[10] == "1" then
  local publish = ARGV[12] == "1" and "SPUBLISH" or "PUBLISH"
  local tail = (ARGV[13] or "") ~= "" and ("\\n" .. ARGV[13]) or ""
  redis.call(publish, ARGV[7], ARGV[8] .. "\\n" .. (rev + 1) .. "\\n" .. ARGV[2] .. tail)
end
return {1, version}
"""

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

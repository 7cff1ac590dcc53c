"""Session storage in Redis: one hash per session, an append-only log, and
idempotency records, all under the session's hash tag.

An accepted change costs two round trips: :meth:`Store.load` (one pipeline)
and :meth:`Store.commit` (one Lua script that checks the version, writes the
document and the log entry, records the idempotency key and publishes).
"""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass
from typing import Any

import orjson
import redis
from redis.cluster import RedisCluster

from companion.store import disk, keys, readiness, scripts
from companion.store.docs import Docs
from companion.store.scripts import Commit as Commit

Doc = dict[str, Any]


class StoreUnavailable(Exception):
    """Redis cannot be reached; the request may be retried later."""


class StoreFull(Exception):
    """Redis has reached its ``maxmemory``: writes are refused (never evicted)."""


#: replies of a Redis that is up but refuses writes for a while: a replica after a
#: failover (READONLY), a failed background save (MISCONF), a replica still loading
#: or cut off from its master (LOADING, MASTERDOWN). Inside a script they come back
#: as the script's error, so they are recognized by their code, not their class.
UNAVAILABLE = re.compile(r"\b(READONLY|MISCONF|LOADING|MASTERDOWN|NOREPLICAS)\b")
#: a write refused because the store's disk is full (Redis quotes the system's reason)
NO_SPACE = re.compile(r"No space left on device|ENOSPC|Disk quota exceeded")


class SessionOversize(Exception):
    """The change would make the session hold more bytes than it may."""


class VersionConflict(Exception):
    """Somebody committed first; reload and try again."""


@dataclass
class Loaded:
    version: int
    revision: int
    doc: Doc
    idem: dict[str, Any] | None = None


def connect(url: str, max_connections: int = 64) -> redis.Redis | RedisCluster:
    """A client for ``url``; ``redis+cluster://`` (or ``?cluster=1``) means a Redis Cluster.

    The pool is bounded and blocking: a burst of requests (a thousand phones
    reconnecting) waits briefly for a free connection instead of opening
    hundreds at once, which a Redis unix socket refuses once its backlog is full.
    """
    readiness.install()
    common: dict[str, Any] = {"socket_timeout": 5, "socket_connect_timeout": 3,
                              "health_check_interval": 30}
    if url.startswith("redis+cluster://") or "cluster=1" in url:
        clean = url.replace("redis+cluster://", "redis://").replace("?cluster=1", "")
        return RedisCluster.from_url(clean, max_connections=max_connections, **common)
    pool = redis.BlockingConnectionPool.from_url(url, max_connections=max_connections,
                                                 timeout=5, **common)
    return redis.Redis(connection_pool=pool)


def sharded_pubsub(client: redis.Redis | RedisCluster) -> bool:
    """Whether changes go out by sharded pub/sub (SPUBLISH/SSUBSCRIBE): on a Redis Cluster
    whose every node is Redis >= 7, where a plain PUBLISH would reach every node. A
    standalone Redis (any version) and a 6.x cluster keep plain pub/sub."""
    if not isinstance(client, RedisCluster):
        return False
    # node by node: asked of all nodes at once, a one-node cluster answers unkeyed
    versions = [str(client.info("server", target_nodes=node).get("redis_version", "0"))
                for node in client.get_nodes()]  # type: ignore[no-untyped-call]
    return bool(versions) and all(int(v.split(".")[0]) >= 7 for v in versions)


dumps = scripts.dumps


def loads(raw: bytes | str) -> Any:
    return orjson.loads(raw)


class Store:
    def __init__(self, client: redis.Redis | RedisCluster, session_ttl: int,
                 idempotency_ttl: int, disk_folder: str | None = None,
                 disk_reserve: int = 0, wait_replicas: int = 0, wait_ms: int = 1000) -> None:
        self.redis = client
        #: where Redis keeps its files (``disk``): None asks Redis once, "" not measured
        self._disk_folder = "" if isinstance(client, RedisCluster) else disk_folder
        #: free bytes kept on that disk beyond what a rewrite of the append-only file needs
        self.disk_reserve = disk_reserve
        #: replicas a commit waits for (WAIT) before it is answered; 0: none
        self.wait_replicas = wait_replicas
        self.wait_ms = wait_ms
        #: told the replicas that acknowledged a commit in time when fewer than asked
        self.on_unreplicated: Any = lambda acked: None
        self.session_ttl = session_ttl
        self.idempotency_ttl = idempotency_ttl
        self._commit = client.register_script(scripts.COMMIT)
        self._create_with_log = client.register_script(scripts.CREATE_WITH_LOG)
        #: documents this worker last wrote, read or was sent (a change's first guess)
        self.docs = Docs()
        self._sharded: bool | None = None

    @property
    def sharded(self) -> bool:
        """:func:`sharded_pubsub`, asked once per process (the first commit or stream)."""
        if self._sharded is None:
            self._sharded = bool(self._read(sharded_pubsub, self.redis))
        return self._sharded

    # -- reads ---------------------------------------------------------------------------
    def load(self, sid: str, idem_key: str | None = None) -> Loaded | None:
        """The session (and the idempotency record, if asked) in one round trip."""

        def read() -> Any:
            pipe = self.redis.pipeline(transaction=False)
            pipe.hmget(keys.session(sid), "v", "r", "doc")
            if idem_key:
                pipe.get(idem_key)
            return pipe.execute()

        replies = self._read(read)
        version, revision, doc = replies[0]
        if doc is None:
            self.docs.drop(sid)
            return None
        idem = loads(replies[1]) if idem_key and replies[1] else None
        self.docs.put(sid, int(version), int(revision), doc)
        return Loaded(int(version), int(revision), loads(doc), idem)

    def cached(self, sid: str) -> Loaded | None:
        """The session as this worker last knew it, without a read: only a guess for a
        change, which its commit's revision check confirms (companion/store/docs.py)."""
        held = self.docs.get(sid)
        return Loaded(*held) if held is not None else None

    def load_range(self, sid: str, since: int, count: int
                   ) -> tuple[Loaded | None, list[dict[str, Any]]]:
        """The session and the log entries of versions ``since + 1`` to ``since + count``
        as one consistent snapshot (MULTI/EXEC): entry ``i`` of the list is version
        ``i + 1``, so a page of the log is one LRANGE, whatever the game's length."""

        def read() -> Any:
            pipe = self.redis.pipeline(transaction=True)
            pipe.hmget(keys.session(sid), "v", "r", "doc")
            pipe.lrange(keys.log(sid), since, since + count - 1)
            return pipe.execute()

        (version, revision, doc), entries = self._read(read)
        if doc is None:
            return None, []
        return Loaded(int(version), int(revision), loads(doc)), [loads(e) for e in entries]

    def log(self, sid: str) -> list[dict[str, Any]]:
        return [loads(e) for e in self._read(self.redis.lrange, keys.log(sid), 0, -1)]

    def resolve_code(self, code: str) -> str | None:
        sid = self._read(self.redis.get, keys.join_code(code))
        return sid.decode() if sid else None

    def get_json(self, key: str) -> Any:
        raw = self._read(self.redis.get, key)
        return loads(raw) if raw else None

    # -- writes --------------------------------------------------------------------------
    def reserve_code(self, code: str, sid: str) -> bool:
        return bool(self._call(self.redis.set, keys.join_code(code), sid, nx=True,
                               ex=self.session_ttl))

    def renew_code(self, code: str) -> None:
        """The join code lives as long as its session: renewed a quarter of the session's
        life at a time (see ``sessions.core``), so it is given that quarter on top."""
        self._call(self.redis.expire, keys.join_code(code), self.session_ttl * 5 // 4)

    def drop_code(self, code: str) -> None:
        self._call(self.redis.delete, keys.join_code(code))

    def put_json(self, key: str, value: Any, ttl: int, only_new: bool = False) -> bool:
        return bool(self._call(self.redis.set, key, dumps(value), ex=ttl, nx=only_new))

    def create(self, sid: str, doc: Doc, entries: list[dict[str, Any]]) -> bool:
        """A new session at version ``len(entries)`` with that log; False if it exists."""
        args = [len(entries), dumps(doc), self.session_ttl, *(dumps(e) for e in entries)]
        return bool(self._call(self._create_with_log, keys=[keys.session(sid), keys.log(sid)],
                               args=args))

    def commit(self, commit: Commit) -> int | dict[str, Any]:
        """Write a change atomically (``commit.expected`` is the revision loaded); returns
        the version the session now holds, or the idempotency record that was committed
        meanwhile. A ``message`` makes it a public change: version +1 and a publish;
        ``view``, a seat's own view, goes with the document after it (never to a client
        as is: the seat's stream sends it to that seat alone).
        Raises :class:`VersionConflict` when somebody wrote first, and
        :class:`SessionOversize` when the log and document would pass ``max_bytes``."""
        call = scripts.commit_call(commit, self.session_ttl, self.idempotency_ttl,
                                   self.sharded)
        if self.wait_replicas > 0:
            status, value = self._call(self._commit_and_wait, call.keys, call.args)
        else:
            status, value = self._call(self._commit, keys=call.keys, args=call.args)
        if status == 0:
            self.docs.drop(commit.sid)
            raise VersionConflict(commit.sid)
        if status == 2:
            return loads(value)  # type: ignore[no-any-return]
        if status == 3:
            raise SessionOversize(commit.sid)
        self.docs.put(commit.sid, int(value), commit.expected + 1, call.doc)
        return int(value)

    def _commit_and_wait(self, names: list[str], args: list[Any]) -> Any:
        """The commit script, then ``WAIT`` for ``wait_replicas`` replicas (at most
        ``wait_ms``), in one pipeline: WAIT counts the writes of its own connection only,
        so both go down the same one — on a cluster, the session's master's. A change
        already committed stays committed when fewer replicas answer in time: it is
        answered as usual, and counted (``on_unreplicated``)."""
        client: Any = self.redis
        if isinstance(self.redis, RedisCluster):  # ``client`` stays Any: untyped calls
            node = client.get_node_from_key(names[0])
            client = client.get_redis_connection(node)
        pipe = client.pipeline(transaction=False)
        self._commit(keys=names, args=args, client=pipe)
        pipe.execute_command("WAIT", self.wait_replicas, self.wait_ms)
        try:
            result, acked = pipe.execute()
        except redis.ResponseError as err:
            if isinstance(err, redis.exceptions.MovedError | redis.exceptions.AskError
                          | redis.exceptions.TryAgainError):
                # the slot moved (a failover): nothing was written; the next try goes to
                # the new owner
                if isinstance(self.redis, RedisCluster):
                    self.redis.nodes_manager.initialize()
                raise StoreUnavailable(str(err)) from err
            raise
        if int(acked) < self.wait_replicas:
            self.on_unreplicated(int(acked))
        return result

    def memory(self) -> tuple[int, int]:
        """Redis's used memory and its ``maxmemory`` (0: no ceiling), in bytes, read
        afresh for every new session: a reading kept for a second let a burst of imports
        pass the high-water mark on a stale figure and fill the room kept for the tables
        in play, whose moves Redis then refused. One ``INFO memory`` round trip is small
        beside the session's own writes."""
        info = self._read(self.redis.info, "memory")
        return int(info.get("used_memory", 0)), int(info.get("maxmemory", 0))

    def disk(self) -> tuple[int, int] | None:
        """Free bytes on the store's disk and the append-only file's size (what its
        rewrite needs again), or None where the disk cannot be measured from here."""
        if self._disk_folder is None:
            self._disk_folder = self._read(disk.folder_of, self.redis) or ""
        if not self._disk_folder:
            return None
        free = disk.free_bytes(self._disk_folder)
        if free is None:
            return None
        return free, int(self._read(disk.aof_bytes, self.redis))

    def disk_low(self) -> bool:
        """Whether the store's disk holds less than the reserve beyond the room a rewrite
        of the append-only file needs (never, where it is not measured or no reserve)."""
        if self.disk_reserve <= 0:
            return False
        room = self.disk()
        return room is not None and room[0] < self.disk_reserve + room[1]

    def ping(self) -> bool:
        return bool(self._read(self.redis.ping))

    def writable(self) -> bool:
        """Whether a write goes through now: a tiny key with a short life, refused as
        every write would be (unreachable, read-only, failed save, full)."""
        return bool(self._call(self.redis.set, keys.ready_probe(), "1", ex=10))

    def _read(self, fn: Any, *args: Any) -> Any:
        """Reads are safe to repeat: after a dropped connection (a Redis restart,
        say) try once more on a fresh one. Writes are never repeated blindly."""
        try:
            return fn(*args)
        except (redis.ConnectionError, redis.TimeoutError, OSError,
                redis.exceptions.ClusterDownError):  # a cluster failing over, too
            return self._call(fn, *args)

    def _call(self, fn: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except (redis.ConnectionError, redis.TimeoutError, OSError) as err:
            raise StoreUnavailable(str(err)) from err
        except redis.exceptions.ClusterDownError as err:
            raise StoreUnavailable(str(err)) from err
        except redis.ResponseError as err:
            refusal = refusal_of(err)
            # a failed save's refusal does not say why: on a disk past its reserve, the
            # reason is the disk (an operator frees space, not waits for a restart)
            if isinstance(refusal, StoreUnavailable) and "MISCONF" in str(err):
                with contextlib.suppress(Exception):
                    if self.disk_low():
                        refusal = StoreFull(str(err))
            raise refusal from err


def refusal_of(err: redis.ResponseError) -> Exception:
    """What a Redis error reply means for the caller: full (a write refused at
    maxmemory, noeviction), unavailable for a while, or a bug (the reply itself)."""
    text = str(err)
    if isinstance(err, redis.exceptions.OutOfMemoryError) or "OOM " in text:
        return StoreFull(text)
    if NO_SPACE.search(text):  # an append-only file Redis could not write (MISCONF)
        return StoreFull(text)
    if isinstance(err, redis.exceptions.ReadOnlyError) or UNAVAILABLE.search(text):
        return StoreUnavailable(text)
    return err

"""The whole service on a real 3-master Redis Cluster."""

from __future__ import annotations

import contextlib
import threading
import time
import uuid
from collections.abc import Iterator

import pytest
import redis
import requests
from redis.cluster import RedisCluster

from companion.store import Store, connect, keys, sharded_pubsub
from tests.api.client import Api
from tests.api.sse import Stream
from tests.api.test_lifecycle import play_through_api
from tests.conftest import LiveServer, make_app

from .cluster import LocalCluster
from .screens import Screen


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalCluster]:
    cluster = LocalCluster(tmp_path_factory.mktemp("cluster"))
    yield cluster
    cluster.stop()


@pytest.fixture
def on_cluster(cluster, tmp_path) -> Iterator[LiveServer]:
    server = LiveServer(make_app(cluster.url, tmp_path))
    yield server
    server.stop()


def test_a_whole_game_with_live_updates_on_the_cluster(on_cluster):
    api = Api(on_cluster.url)
    t = api.table(2)
    stream = Stream(f"{api.base}/sessions/{t['sid']}/events")
    try:
        version = int(stream.next()["id"])
        r = api.post(f"/sessions/{t['sid']}/moves", t["tokens"][0],
                     json={"type": "play_nature", "terrain": "forest", "at": [0, 0]})
        assert r.status_code == 201
        assert int(stream.next()["id"]) == version + 1  # pub/sub across the cluster
    finally:
        stream.close()
    assert api.post(f"/sessions/{t['sid']}/undo", t["tokens"][0], json={}).status_code == 201
    played, table = play_through_api(api, 3, 17)
    state = api.get(f"/sessions/{played['sid']}").json()
    assert state["status"] == "finished" and state["result"] == table.state["result"]
    record = api.get(f"/sessions/{played['sid']}/export").json()
    assert api.post("/sessions/import", json=record).status_code == 201


def test_concurrent_idempotent_posts_on_the_cluster(on_cluster):
    api = Api(on_cluster.url)
    t = api.table(2, auto_end_turn=False)
    sid, host = t["sid"], t["host"]
    results: list[int] = []
    lock = threading.Lock()
    key = str(uuid.uuid4())

    def worker() -> None:
        r = Api(on_cluster.url).post(f"/sessions/{sid}/moves", host,
                                     json={"type": "draw", "pile": "nature", "from": "deck",
                                           "seat": 0}, headers={"Idempotency-Key": key})
        with lock:
            results.append(r.json().get("version", -1) if r.status_code == 201 else -1)

    threads = [threading.Thread(target=worker) for _ in range(8)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert len(set(results)) == 1 and results[0] > 0  # one application, one answer
    log = api.get(f"/sessions/{sid}/moves").json()["entries"]
    assert sum(1 for e in log if e["kind"] == "move") == 1
    assert [e["version"] for e in log] == list(range(1, len(log) + 1))


def test_a_session_stays_on_one_slot_and_sessions_spread(cluster, on_cluster):
    api = Api(on_cluster.url)
    sids = [api.table(2)["sid"] for _ in range(9)]
    client = RedisCluster(host="127.0.0.1", port=cluster.ports[0])
    nodes = set()
    for sid in sids:
        names = [k for k in (keys.session(sid), keys.log(sid), keys.channel(sid),
                             keys.idempotency(sid, "x", "y"))]
        slots = {client.keyslot(k) for k in names}
        assert len(slots) == 1  # the hash tag keeps a session together
        node = client.get_node_from_key(keys.session(sid))
        assert client.exists(keys.session(sid)) and client.exists(keys.log(sid))
        nodes.add(node.name)
    assert len(nodes) >= 2  # different sessions land on different masters
    client.close()


def test_the_concurrency_tests_on_the_cluster(on_cluster):
    """The store's concurrency tests, unchanged, against the cluster."""
    from tests.api.test_safety import (
        test_concurrent_posts_with_retries_apply_each_move_once,
        test_many_players_at_once_no_lost_or_doubled_moves,
    )

    test_concurrent_posts_with_retries_apply_each_move_once(on_cluster)
    test_many_players_at_once_no_lost_or_doubled_moves(on_cluster)


# -- sharded pub/sub: Redis >= 7 cluster, SPUBLISH/SSUBSCRIBE --------------
def _until(check, timeout: float = 10.0):
    """Poll ``check`` (a Redis counter) until it holds: the subscription changes are
    asynchronous (the listener thread makes them), so the test waits on the state."""
    deadline = time.monotonic() + timeout
    while not (value := check()):
        assert time.monotonic() < deadline, "the condition never held"
        threading.Event().wait(0.02)
    return value


def _shard_subscribers(cluster: LocalCluster, sid: str) -> list[int]:
    """PUBSUB SHARDNUMSUB of the session's channel on each node, in port order."""
    channel = keys.channel(sid)
    return [dict(redis.Redis(port=p).execute_command("PUBSUB SHARDNUMSUB", channel)
                 )[channel.encode()] for p in cluster.ports]


def _patterns(cluster: LocalCluster) -> list[int]:
    return [redis.Redis(port=p).execute_command("PUBSUB NUMPAT") for p in cluster.ports]


def _spublished(cluster: LocalCluster) -> list[int]:
    return [redis.Redis(port=p).info("commandstats").get("cmdstat_spublish", {})
            .get("calls", 0) for p in cluster.ports]


def _owner(cluster: LocalCluster, sid: str) -> int:
    client = RedisCluster(host="127.0.0.1", port=cluster.ports[0])
    try:
        return cluster.ports.index(client.get_node_from_key(keys.channel(sid)).port)
    finally:
        client.close()


def _move(api: Api, t: dict, at: list[int]) -> None:
    r = api.post(f"/sessions/{t['sid']}/moves", t["tokens"][0],
                 json={"type": "play_nature", "terrain": "forest", "at": at})
    assert r.status_code == 201, r.text


@contextlib.contextmanager
def _streamed(cluster: LocalCluster, server: LiveServer) -> Iterator[tuple]:
    """A new table with its public stream open and its SSUBSCRIBE in effect: (api, table,
    index of the node owning its slot, stream, version the stream started at)."""
    api = Api(server.url)
    t = api.table(2)
    owner = _owner(cluster, t["sid"])
    stream = Stream(f"{api.base}/sessions/{t['sid']}/events")
    try:
        version = int(stream.next()["id"])
        _until(lambda: _shard_subscribers(cluster, t["sid"])[owner] == 1)
        yield api, t, owner, stream, version
    finally:
        stream.close()


def test_a_move_reaches_its_stream_by_sharded_pubsub_only(cluster, on_cluster):
    assert on_cluster.app.extensions["companion"].store.sharded  # Redis 7 on every node
    with _streamed(cluster, on_cluster) as (api, t, owner, stream, version):
        counts = _shard_subscribers(cluster, t["sid"])
        assert counts == [1 if i == owner else 0 for i in range(3)]  # its shard only
        assert _patterns(cluster) == [0, 0, 0]  # no PSUBSCRIBE anywhere
        before = _spublished(cluster)
        _move(api, t, [0, 0])
        event = stream.until(version + 1)[-1]
        assert int(event["id"]) == version + 1 and event["event"] == "version"
        ran = [after - b for after, b in zip(_spublished(cluster), before, strict=True)]
        assert ran == [1 if i == owner else 0 for i in range(3)]  # one SPUBLISH, its shard
    _until(lambda: _shard_subscribers(cluster, t["sid"]) == [0, 0, 0])  # closed: gone


def test_a_lost_listener_resubscribes_and_resyncs(cluster, on_cluster):
    with _streamed(cluster, on_cluster) as (api, t, owner, stream, version):
        node = redis.Redis(port=cluster.ports[owner])
        assert node.execute_command("CLIENT KILL TYPE pubsub") >= 1
        _move(api, t, [0, 0])  # very likely while the listener is away: resync catches up
        _move(api, t, [1, 0])
        assert int(stream.until(version + 2)[-1]["id"]) == version + 2
        assert _until(lambda: _shard_subscribers(cluster, t["sid"])[owner] == 1)
        undo = api.post(f"/sessions/{t['sid']}/undo", t["tokens"][0], json={})
        assert undo.status_code == 201  # and live again through the new subscription
        assert int(stream.until(version + 3)[-1]["id"]) == version + 3


def test_a_one_master_cluster_is_sharded_too(tmp_path):
    """One node answers INFO unkeyed when asked of all nodes: the check asks each."""
    one = LocalCluster(tmp_path, masters=1)
    try:
        client = connect(one.url)
        assert sharded_pubsub(client) and Store(client, 60, 60).sharded
        client.close()
    finally:
        one.stop()


def test_a_standalone_redis_7_keeps_the_pattern_subscription(clean_redis, tmp_path):
    server = LiveServer(make_app(clean_redis, tmp_path))
    try:
        api = Api(server.url)
        t = api.table(2)
        assert not server.app.extensions["companion"].store.sharded
        stream = Stream(f"{api.base}/sessions/{t['sid']}/events")
        try:
            version = int(stream.next()["id"])
            plain = redis.Redis.from_url(clean_redis)
            assert _until(lambda: plain.execute_command("PUBSUB NUMPAT")) == 1
            _move(api, t, [0, 0])
            assert int(stream.until(version + 1)[-1]["id"]) == version + 1
        finally:
            stream.close()
    finally:
        server.stop()


def _pubsub_ids(port: int) -> set[str]:
    listed = redis.Redis(port=port).execute_command("CLIENT LIST TYPE pubsub")
    text = listed.decode() if isinstance(listed, bytes) else str(listed)
    return {part[3:] for line in text.splitlines() for part in line.split()
            if part.startswith("id=")}


def test_one_failing_node_costs_only_its_own_subscriptions(cluster, on_cluster):
    """One node refusing this worker's SSUBSCRIBE: only its session's stream is ended
    (its screen resumes from the stored log), /readyz says so, and the other node's
    subscription is never dropped; once the node accepts again, all is live."""
    api = Api(on_cluster.url)
    tables: dict[int, dict] = {}
    while len(tables) < 2:
        t = api.table(2)
        tables.setdefault(_owner(cluster, t["sid"]), t)
    (bad, lost), (good, kept) = tables.items()
    screens = {n: Screen(f"{api.base}/sessions/{t['sid']}/events") for n, t in tables.items()}
    node = redis.Redis(port=cluster.ports[bad])
    try:
        for n, t in tables.items():
            _until(lambda n=n, t=t: screens[n].version >= 0, 20)
            _until(lambda n=n, t=t: _shard_subscribers(cluster, t["sid"])[n] == 1, 20)
        start = {n: screens[n].version for n in tables}
        kept_by = _pubsub_ids(cluster.ports[good])
        try:
            node.execute_command("ACL", "SETUSER", "default", "-ssubscribe")
            node.execute_command("CLIENT", "KILL", "TYPE", "pubsub")
            _move(api, lost, [0, 0])
            assert screens[bad].reached(start[bad] + 1, timeout=20) is not None
            assert screens[bad].ends >= 1  # ended, not left silent
            refused = _until(lambda: [r for r in [requests.get(f"{on_cluster.url}/readyz",
                                                               timeout=10)]
                                      if r.status_code == 503], 20)[0]
            assert "Live updates" in refused.json()["detail"]
            _move(api, kept, [0, 0])
            assert screens[good].reached(start[good] + 1, timeout=20) is not None
            assert screens[good].ends == 0
            assert _pubsub_ids(cluster.ports[good]) == kept_by  # never dropped
        finally:
            node.execute_command("ACL", "SETUSER", "default", "+ssubscribe")
        _until(lambda: _shard_subscribers(cluster, lost["sid"])[bad] == 1, 20)
        _until(lambda: requests.get(f"{on_cluster.url}/readyz", timeout=10).status_code
               == 200, 20)
        _move(api, lost, [1, 0])  # live again, by the new subscription
        assert screens[bad].reached(start[bad] + 2, timeout=20) is not None
    finally:
        for screen in screens.values():
            screen.close()

"""The whole service on a real 3-master Redis Cluster."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Iterator

import pytest
from redis.cluster import RedisCluster

from companion.store import keys
from tests.api.client import Api
from tests.api.sse import Stream
from tests.api.test_lifecycle import play_through_api
from tests.conftest import LiveServer, make_app

from .cluster import LocalCluster


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
    """Issue 3's concurrency tests, unchanged, against the cluster."""
    from tests.api.test_safety import (
        test_concurrent_posts_with_retries_apply_each_move_once,
        test_many_players_at_once_no_lost_or_doubled_moves,
    )

    test_concurrent_posts_with_retries_apply_each_move_once(on_cluster)
    test_many_players_at_once_no_lost_or_doubled_moves(on_cluster)

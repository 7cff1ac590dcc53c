"""REDIS_WAIT_REPLICAS: a move's 201 waits (WAIT) until that many replicas hold it; a
replica that does not answer within REDIS_WAIT_MS delays the 201 by that much, the move
stays applied and is counted as unreplicated."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator

import pytest
import redis
import requests

from companion.store import keys
from companion.store.embedded import EmbeddedRedis, free_port
from tests.api.client import Api
from tests.api.test_observability import metric
from tests.conftest import LiveServer, make_app


@pytest.fixture
def replicated(tmp_path) -> Iterator[tuple[str, EmbeddedRedis]]:
    port = free_port()
    # a replica's first sync starts at once (the default waits 5 s for more replicas)
    master = EmbeddedRedis(tmp_path / "master", port=port,
                           extra={"repl-diskless-sync-delay": "0"}).start()
    replica = EmbeddedRedis(tmp_path / "replica", port=free_port(),
                            extra={"replicaof": f"127.0.0.1 {port}"}).start()
    try:
        deadline = time.monotonic() + 30
        while redis.Redis(port=replica.port).info("replication").get(
                "master_link_status") != "up":
            assert time.monotonic() < deadline, "the replica never synced"
            time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}", replica
    finally:
        replica.stop()
        master.stop()


def test_a_move_is_answered_once_a_replica_holds_it(replicated, tmp_path):
    url, replica = replicated
    server = LiveServer(make_app(url, tmp_path / "app", REDIS_WAIT_REPLICAS=1,
                                 REDIS_WAIT_MS=400))
    api = Api(server.url)
    copy = redis.Redis(port=replica.port)
    try:
        t = api.table(2)
        path = f"/sessions/{t['sid']}/moves"
        r = api.post(path, t["tokens"][0],
                     json={"type": "play_nature", "terrain": "forest", "at": [0, 0]})
        assert r.status_code == 201
        # read from the replica right after the 201: already there
        assert int(copy.hget(keys.session(t["sid"]), "v")) == r.json()["version"]

        before = requests.get(f"{server.url}/metrics", timeout=10).text
        assert replica.pid is not None
        os.kill(replica.pid, signal.SIGSTOP)  # a replica that does not answer
        try:
            started = time.monotonic()
            r = api.post(path, t["tokens"][0],
                         json={"type": "play_nature", "terrain": "sea", "at": [1, 0]})
            waited = time.monotonic() - started
        finally:
            os.kill(replica.pid, signal.SIGCONT)
        assert r.status_code == 201, r.text  # applied: answered after REDIS_WAIT_MS
        assert waited >= 0.35
        after = requests.get(f"{server.url}/metrics", timeout=10).text
        assert (metric(after, "companion_commits_unreplicated_total")
                - metric(before, "companion_commits_unreplicated_total")) == 1
        log = api.get(f"/sessions/{t['sid']}/moves").json()["entries"]
        assert sum(1 for e in log if e["kind"] == "move") == 2
    finally:
        server.stop()

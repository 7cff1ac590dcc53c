"""A Redis that is up but refuses writes for a while — a replica after a failover
(READONLY), a failed background save (MISCONF), a full memory (OOM) — is a fault
that passes: every write answers 503 with Retry-After, never 500, nothing changes,
/readyz says 503 meanwhile, and the same move sent again afterwards is applied once.
Against Debian's ``redis-server`` 7, started here on loopback."""

from __future__ import annotations

import os
import shutil
import signal
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import redis

from companion.store.embedded import EmbeddedRedis, free_port, version_of
from tests.api.client import Api
from tests.conftest import LiveServer, make_app

DEBIAN = shutil.which("redis-server")
pytestmark = pytest.mark.skipif(not DEBIAN or version_of(DEBIAN) < (7, 0),
                                reason="needs a redis-server 7 on PATH")
MOVE = {"type": "play_nature", "terrain": "forest", "at": [0, 0]}


def until(check: Callable[[], bool], seconds: float = 15) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


@pytest.fixture
def pair(tmp_path: Path) -> Iterator[tuple[EmbeddedRedis, EmbeddedRedis]]:
    servers = [EmbeddedRedis(tmp_path / name, port=free_port()).start() for name in "ab"]
    yield servers[0], servers[1]
    for server in servers:
        server.stop()


def refused_alike(api: Api, table: dict, key: str) -> None:
    """A move and a create both 503 with Retry-After; /readyz 503; nothing changed."""
    before = api.get(f"/sessions/{table['sid']}")
    assert before.status_code == 200
    for r in (api.post(f"/sessions/{table['sid']}/moves", table["tokens"][0], json=MOVE,
                       headers={"Idempotency-Key": key}),
              api.post("/sessions", json={"game": "gaia"})):
        assert r.status_code == 503, r.text
        assert r.headers["Content-Type"].startswith("application/problem+json")
        assert int(r.headers["Retry-After"]) > 0
    assert api.get("/readyz").status_code == 503
    assert api.get(f"/sessions/{table['sid']}").json() == before.json()


def applied_once(api: Api, table: dict, key: str) -> None:
    for _ in range(3):  # the client's retries, once the store writes again
        r = api.post(f"/sessions/{table['sid']}/moves", table["tokens"][0], json=MOVE,
                     headers={"Idempotency-Key": key})
        assert r.status_code == 201, r.text
    log = api.get(f"/sessions/{table['sid']}/moves").json()["entries"]
    assert [e["kind"] for e in log].count("move") == 1
    assert api.get("/readyz").status_code == 200


def test_a_failover_leaves_the_app_on_a_replica_readonly_then_503(pair, tmp_path):
    old, new = pair
    live = LiveServer(make_app(old.url, tmp_path / "app"))
    try:
        api = Api(live.url)
        table = api.table(2)
        # fail over: the new node copies the old, is promoted, the old follows it
        a, b = redis.Redis.from_url(old.url), redis.Redis.from_url(new.url)
        b.replicaof("127.0.0.1", old.port)
        until(lambda: b.info("replication").get("master_link_status") == "up")
        b.replicaof("no", "one")
        a.replicaof("127.0.0.1", new.port)
        until(lambda: a.info("replication").get("master_link_status") == "up")
        with pytest.raises(redis.exceptions.ReadOnlyError):
            a.set("probe", "x")
        key = str(uuid.uuid4())
        refused_alike(api, table, key)
        a.replicaof("no", "one")  # the app's node is a master again
        applied_once(api, table, key)
    finally:
        live.stop()


def _fail_a_background_save(client: redis.Redis, server: EmbeddedRedis) -> None:
    """A BGSAVE whose child dies (as one does on a full disk): Redis then refuses
    writes (stop-writes-on-bgsave-error) until a save succeeds."""
    client.config_set("stop-writes-on-bgsave-error", "yes")
    client.config_set("rdb-key-save-delay", "1000000")  # the child lingers on each key
    client.bgsave()
    children = Path(f"/proc/{server.pid}/task/{server.pid}/children")
    until(lambda: children.read_text().strip() != "")
    for pid in children.read_text().split():
        os.kill(int(pid), signal.SIGKILL)
    until(lambda: client.info("persistence")["rdb_last_bgsave_status"] == "err")


@contextmanager
def table_on(server: EmbeddedRedis, folder: Path) -> Iterator[tuple[Api, dict, redis.Redis]]:
    """The app over HTTP on ``server``, a started table, and a plain client."""
    live = LiveServer(make_app(server.url, folder))
    try:
        api = Api(live.url)
        yield api, api.table(2), redis.Redis.from_url(server.url)
    finally:
        live.stop()


def test_a_failed_save_misconf_is_503_until_a_save_succeeds(pair, tmp_path):
    server = pair[0]
    with table_on(server, tmp_path / "app") as (api, table, client):
        _fail_a_background_save(client, server)
        with pytest.raises(redis.ResponseError, match="MISCONF"):
            client.set("probe", "x")
        key = str(uuid.uuid4())
        refused_alike(api, table, key)
        client.config_set("rdb-key-save-delay", "0")
        client.bgsave()
        until(lambda: client.info("persistence")["rdb_last_bgsave_status"] == "ok")
        applied_once(api, table, key)


def test_out_of_memory_is_503_and_no_game_is_evicted(pair, tmp_path):
    with table_on(pair[0], tmp_path / "app") as (api, table, client):
        client.config_set("maxmemory", client.info("memory")["used_memory"] - 64 * 1024)
        key = str(uuid.uuid4())
        refused_alike(api, table, key)
        client.config_set("maxmemory", "0")
        applied_once(api, table, key)

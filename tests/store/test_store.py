"""The store against a real Redis: persistence, outages, one pub/sub connection."""

from __future__ import annotations

import time

import redis

from companion.store.embedded import EmbeddedRedis
from tests.api.client import Api
from tests.api.sse import Stream
from tests.conftest import LiveServer, make_app


def test_one_pubsub_connection_per_process_for_many_streams(app, live):
    api = Api(live.url)
    tables = [api.table(2) for _ in range(3)]
    streams = [Stream(f"{api.base}/sessions/{t['sid']}/events") for t in tables for _ in range(8)]
    try:
        for s in streams:
            s.next()
        client = redis.Redis.from_url(app.config["REDIS_URL"])
        listeners = [c for c in client.client_list() if int(c.get("psub", 0)) > 0]
        assert len(listeners) == 1
        assert app.extensions["companion"].hub.clients == 24
        api.post(f"/sessions/{tables[1]['sid']}/moves", tables[1]["tokens"][0],
                 json={"type": "end_turn"})
        for s in streams[8:16]:
            assert s.next()["data"]["events"][0]["type"] == "turn_passed"
        for s in streams[:8]:
            assert s.events.empty()
    finally:
        for s in streams:
            s.close()


def test_outage_answers_503_and_recovers_without_losing_moves(tmp_path):
    server = EmbeddedRedis(tmp_path / "redis").start()
    live = LiveServer(make_app(server.url, tmp_path / "app"))
    try:
        api = Api(live.url)
        t = api.table(2, auto_end_turn=False)
        sid = t["sid"]
        acked = []
        for pile in ("nature", "life"):
            r = api.post(f"/sessions/{sid}/moves", t["tokens"][0],
                         json={"type": "draw", "pile": pile, "from": "deck"})
            assert r.status_code == 201
            acked.append(r.json()["version"])
        stream = Stream(f"{api.base}/sessions/{sid}/events")
        stream.next()
        server.kill()  # a crash: no save, no goodbye
        started = time.monotonic()
        r = api.post(f"/sessions/{sid}/moves", t["tokens"][0], json={"type": "end_turn"})
        assert r.status_code == 503 and r.headers["Retry-After"]
        assert api.get(f"/sessions/{sid}").status_code == 503
        assert time.monotonic() - started < 5
        server.start()  # same folder: the append-only file brings the data back
        state = api.get(f"/sessions/{sid}").json()
        assert state["version"] == acked[-1] and state["players"][0]["hand_size"] == 5
        log = api.get(f"/sessions/{sid}/moves").json()["entries"]
        assert [e["version"] for e in log if e["kind"] == "move"] == acked
        r = api.post(f"/sessions/{sid}/moves", t["tokens"][0], json={"type": "end_turn"})
        assert r.status_code == 201
        # the live stream's hub reconnects by itself and catches up
        event = stream.next(timeout=15)
        assert int(event["id"]) == r.json()["version"]
        stream.close()
    finally:
        live.stop()
        server.stop()


def test_embedded_server_keeps_sessions_across_restarts(tmp_path):
    from companion.store import embedded

    url, owned = embedded.ensure_running(tmp_path)
    assert owned is not None
    again, second = embedded.ensure_running(tmp_path)
    assert again == url and second is None  # reused, not started twice
    redis.Redis.from_url(url).set("tc:probe", "kept")
    owned.stop()
    # redis-server 7 keeps the append-only file in a folder, 6.2 beside the snapshot
    assert any(tmp_path.glob("**/companion.aof*"))
    url, owned = embedded.ensure_running(tmp_path)
    try:
        assert redis.Redis.from_url(url).get("tc:probe") == b"kept"
        config = redis.Redis.from_url(url).config_get("append*")
        assert config["appendonly"] == "yes" and config["appendfsync"] == "everysec"
    finally:
        assert owned is not None
        owned.stop()


def test_a_burst_of_requests_never_runs_redis_out_of_connections(clean_redis, tmp_path):
    """Hundreds of phones at once wait for a pooled connection instead of being
    refused (a unix socket refuses connects once its backlog is full)."""
    import threading

    import requests

    live = LiveServer(make_app(clean_redis, tmp_path, REDIS_MAX_CONNECTIONS=16))
    try:
        api = Api(live.url)
        t = api.table(2)
        statuses: list[int] = []
        lock = threading.Lock()
        gate = threading.Barrier(200)

        def hit() -> None:
            gate.wait()
            r = requests.get(f"{api.base}/sessions/{t['sid']}", timeout=30)
            with lock:
                statuses.append(r.status_code)

        threads = [threading.Thread(target=hit) for _ in range(200)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        assert statuses.count(200) == 200
        store = live.app.extensions["companion"].store
        assert len(store.redis.connection_pool._connections) <= 16
    finally:
        live.stop()

"""The store's disk counts as its memory does. A reserve larger than the disk's free
space makes this machine's real disk "nearly full": new sessions wait (503
creation_paused) while the tables in play go on, /readyz says so, and a write Redis
refuses then is answered as a full store, not an unreachable one."""

from __future__ import annotations

import os
import shutil
import time

import redis

from companion.store.embedded import EmbeddedRedis, binary, version_of
from tests.conftest import LiveServer, make_app

from .client import Api

MOVE = {"type": "play_nature", "terrain": "forest", "at": [0, 0]}


def _free(path) -> int:
    stats = os.statvfs(path)
    return stats.f_bavail * stats.f_frsize


def _movable() -> dict[str, str]:
    """Redis >= 7 lets its folder be moved (CONFIG SET dir) only when told so."""
    return {"enable-protected-configs": "yes"} if version_of(binary()) >= (7,) else {}


def test_new_sessions_pause_before_the_disk_fills_and_a_refused_write_says_full(tmp_path):
    server = EmbeddedRedis(tmp_path / "redis", extra=_movable()).start()
    client = redis.Redis.from_url(server.url)
    home = client.config_get("dir")["dir"]
    gone = tmp_path / "gone"
    live = None
    try:
        # a table in play, then a reserve past what the disk holds: "nearly full"
        reserve = _free(home) + 1024**3
        live = LiveServer(make_app(server.url, tmp_path / "app",
                                   STORE_DISK_RESERVE=str(reserve)))
        api = Api(live.url)
        # (the table is set up on a store with room: the same app, before the reserve
        # applies, would refuse its create; so it is made through a second app)
        room = LiveServer(make_app(server.url, tmp_path / "room"))
        try:
            table = Api(room.url).table(2)
        finally:
            room.stop()
        r = api.post("/sessions", json={"game": "gaia"})
        assert r.status_code == 503 and r.json()["code"] == "creation_paused", r.text
        assert int(r.headers["Retry-After"]) > 0
        ready = api.get("/readyz")
        assert ready.status_code == 200 and ready.json()["store_disk"] == "low", ready.text
        # the tables in play go on writing
        r = api.post(f"/sessions/{table['sid']}/moves", table["tokens"][0], json=MOVE)
        assert r.status_code == 201, r.text
        state = api.get(f"/sessions/{table['sid']}").json()
        # Redis now refuses writes: a save it could not write (its folder is gone)
        gone.mkdir()
        client.config_set("dir", str(gone))
        client.config_set("save", "3600 1")
        gone.rmdir()
        client.bgsave()
        deadline = time.monotonic() + 30  # a fork that fails at its first file
        while (client.info("persistence")["rdb_last_bgsave_status"] != "err"
               and time.monotonic() < deadline):
            time.sleep(0.05)
        move = {"type": "end_turn", "seat": 0}
        r = api.post(f"/sessions/{table['sid']}/moves", table["host"], json=move)
        assert r.status_code == 503, r.text
        assert r.json()["code"] == "store_full" and "full" in r.json()["detail"], r.text
        ready = api.get("/readyz")
        assert ready.status_code == 503 and ready.json()["code"] == "store_full", ready.text
        assert api.get(f"/sessions/{table['sid']}").json() == state  # untouched, readable
    finally:
        gone.mkdir(exist_ok=True)
        client.config_set("dir", home)  # so the server can save and stop
        client.bgsave()
        if live is not None:
            live.stop()
        server.stop()
        shutil.rmtree(gone, ignore_errors=True)


def test_a_disk_with_room_keeps_creation_open(tmp_path):
    server = EmbeddedRedis(tmp_path / "redis").start()
    live = LiveServer(make_app(server.url, tmp_path / "app", STORE_DISK_RESERVE="1mb"))
    try:
        api = Api(live.url)
        assert api.get("/readyz").json()["store_disk"] == "ok"
        assert api.post("/sessions", json={"game": "gaia"}).status_code == 201
    finally:
        live.stop()
        server.stop()

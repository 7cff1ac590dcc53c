"""Faults that say nothing when they happen: a private change that moves the public
version, a version lost on its way to a public stream, a stream slot never given back,
a lower-case ``bearer`` scheme, an Idempotency-Key replayed on a worker that never saw
the session. Each is checked over real HTTP against a real Redis, and each read of a
stream is bounded (``stream=True`` and a deadline): a regression fails, never hangs."""

from __future__ import annotations

import time

import redis
import requests

from companion.store import keys
from tests.conftest import LiveServer, make_app

from .client import Api
from .sse import Stream

PLAINS = {"type": "play_nature", "terrain": "forest", "at": [0, 0]}


def _stored_version(live, sid: str) -> int:
    raw = redis.Redis.from_url(live.app.config["REDIS_URL"]).hget(keys.session(sid), "v")
    assert raw is not None
    return int(raw)


def test_a_private_hand_declaration_moves_no_version_anywhere(live):
    """PUT me/hand is private: the store's version, the public ETag, the next move's
    version and the change's own answer all stay on the version before it."""
    from companion.sessions import core

    api = Api(live.url)
    t = api.table()
    sid, ada = t["sid"], t["tokens"][0]
    r = api.post(f"/sessions/{sid}/moves", ada, json={"type": "draw", "pile": "nature",
                                                      "from": "deck", "card": "sea"})
    assert r.status_code == 201, r.text
    version = r.json()["version"]
    fixed = api.call("PUT", f"/sessions/{sid}/me/hand", ada, json={"nature": ["forest"]})
    assert fixed.status_code == 200, fixed.text
    assert fixed.headers.get("ETag") in (None, f'"{version}"')
    assert _stored_version(live, sid) == version
    public = api.get(f"/sessions/{sid}")
    assert public.headers["ETag"] == f'"{version}"' and public.json()["version"] == version
    # the change loop answers a private change with the version it left in the store
    ctx = live.app.extensions["companion"].sessions.ctx
    outcome = core.change_private(ctx, sid, lambda loaded: core.Private(loaded.doc))
    assert outcome.version == version == _stored_version(live, sid)
    r = api.post(f"/sessions/{sid}/moves", ada, json={"type": "end_turn"})
    assert r.status_code == 201 and r.json()["version"] == version + 1
    assert r.headers["ETag"] == f'"{version + 1}"'


def test_a_version_lost_on_its_way_to_a_public_stream_is_caught_up(live, monkeypatch):
    """The worker's pub/sub misses one version (as on a dropped connection): the next
    one shows the gap, and the stream sends the missed version from the log first."""
    api = Api(live.url)
    t = api.table()
    sid, ada = t["sid"], t["tokens"][0]
    stream = Stream(f"{api.base}/sessions/{sid}/events")
    try:
        seen = int(stream.next()["id"])
        hub = live.app.extensions["companion"].hub
        assert hub.synced.wait(10) and hub.settled(sid, 10)
        deliver = hub._dispatch_sid
        lost: list[int] = []

        def lose_one(target: str, data: bytes) -> None:
            if target == sid and not lost:
                lost.append(1)  # this message never reaches the worker
                return
            deliver(target, data)

        monkeypatch.setattr(hub, "_dispatch_sid", lose_one)
        first = api.post(f"/sessions/{sid}/moves", ada, json=PLAINS)
        assert first.status_code == 201, first.text
        second = api.post(f"/sessions/{sid}/moves", ada, json={"type": "end_turn"})
        assert second.status_code == 201, second.text
        got = stream.until(seen + 2, timeout=15)
        assert [int(e["id"]) for e in got] == [seen + 1, seen + 2] and lost
        assert got[0]["data"]["events"] == first.json()["events"]
        assert got[1]["data"]["events"] == second.json()["events"]
        assert got[1]["data"]["state"]["turn"]["seat"] == 1
    finally:
        stream.close()


def _try_stream(url: str) -> int:
    r = requests.get(url, headers={"Accept": "text/event-stream"}, stream=True,
                     timeout=(5, 10))
    status = r.status_code
    if status == 200:
        next(r.iter_lines(), None)  # the stream really opened (its retry line)
    r.close()
    return status


def test_a_closed_stream_gives_its_slot_back_to_the_worker(clean_redis, tmp_path):
    """A worker carrying one stream: each closed one returns its slot (noticed at the next
    heartbeat), so streams opened one after another are each served."""
    live = LiveServer(make_app(clean_redis, tmp_path, SSE_MAX_STREAMS="1",
                               SSE_SEAT_RESERVE="0", SSE_HEARTBEAT=0.2))
    try:
        sid = Api(live.url).table()["sid"]
        url = f"{live.url}/api/v1/sessions/{sid}/events"
        slots = live.app.extensions["companion"].streams
        for _ in range(3):
            deadline = time.monotonic() + 15
            status = _try_stream(url)
            while status != 200 and time.monotonic() < deadline:
                time.sleep(0.1)
                status = _try_stream(url)
            assert status == 200, "the slot of the stream closed before never came back"
        deadline = time.monotonic() + 15
        while slots._count and time.monotonic() < deadline:
            time.sleep(0.1)
        assert slots._count == 0 and not slots._open
    finally:
        live.stop()


def test_the_auth_scheme_is_case_insensitive(live):
    """RFC 9110 11.1: the scheme is matched case-insensitively."""
    api = Api(live.url)
    t = api.table()
    sid, tokens = t["sid"], t["tokens"]
    for seat, scheme in enumerate(("bearer", "BEARER")):
        auth = {"Authorization": f"{scheme} {tokens[seat]}"}
        me = api.get(f"/sessions/{sid}/me", headers=auth)
        assert me.status_code == 200 and me.json()["seat"] == seat, (scheme, me.text)
        r = api.post(f"/sessions/{sid}/moves", json={"type": "end_turn"}, headers=auth)
        assert r.status_code == 201, (scheme, r.text)


def test_a_key_replayed_on_a_worker_that_never_saw_the_session(clean_redis, tmp_path):
    """Ada's end_turn is answered on worker A; the table moves on; her phone sends it
    again, with the same key, to worker B (cold: no cached document). B answers the
    first answer again; it never decides the move anew (it would be refused now)."""
    first = LiveServer(make_app(clean_redis, tmp_path))
    second = None
    try:
        a = Api(first.url)
        t = a.table()
        sid, (ada, bo) = t["sid"], t["tokens"]
        key = {"Idempotency-Key": "ada-ends-her-turn"}
        done = a.post(f"/sessions/{sid}/moves", ada, json={"type": "end_turn"}, headers=key)
        assert done.status_code == 201, done.text
        r = a.post(f"/sessions/{sid}/moves", bo, json=PLAINS)
        assert r.status_code == 201, r.text
        second = LiveServer(make_app(clean_redis, tmp_path))
        assert second.app.extensions["companion"].sessions.ctx.store.cached(sid) is None
        b = Api(second.url)
        again = b.post(f"/sessions/{sid}/moves", ada, json={"type": "end_turn"}, headers=key)
        assert again.status_code == 201, again.text
        assert again.headers["Idempotent-Replayed"] == "true"
        assert again.json()["version"] == done.json()["version"]
        assert again.json()["events"] == done.json()["events"]
        # and the warm worker answers it the same way
        warm = a.post(f"/sessions/{sid}/moves", ada, json={"type": "end_turn"}, headers=key)
        assert warm.status_code == 201 and warm.json()["version"] == done.json()["version"]
        assert b.get(f"/sessions/{sid}").json()["version"] == r.json()["version"]
    finally:
        first.stop()
        if second is not None:
            second.stop()

"""Live updates: SSE with catch-up, heartbeats, long-poll, and two app processes."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time

import pytest
import redis
import requests

from .client import Api
from .sse import Stream, opened


def until(condition, timeout: float = 10) -> None:
    """Wait for ``condition()`` to hold, with a deadline (a state change with no event
    of its own to wait on: a flag of the listener, a comment on a stream)."""
    deadline = time.monotonic() + timeout
    pause = threading.Event()
    while not condition():
        assert time.monotonic() < deadline, "waited in vain"
        pause.wait(0.005)


def test_sse_streams_each_new_version(live):
    api = Api(live.url)
    t = api.table(2)
    sid = t["sid"]
    stream = Stream(f"{api.base}/sessions/{sid}/events")
    try:
        first = stream.next()
        assert first["event"] == "version" and first["data"]["state"]["status"] == "playing"
        version = int(first["id"])
        r = api.post(f"/sessions/{sid}/moves", t["tokens"][0],
                     json={"type": "play_nature", "terrain": "forest", "at": [0, 0]})
        event = stream.next()
        assert int(event["id"]) == version + 1 == r.json()["version"]
        assert event["data"]["events"] == r.json()["events"]
        assert event["data"]["state"]["board"]["tiles"][0]["at"] == [0, 0]
        # heartbeats keep idle streams open (0.5 s in tests)
        until(lambda: any("heartbeat" in c for c in stream.comments), 5)
    finally:
        stream.close()


def test_sse_last_event_id_replays_what_was_missed(live):
    api = Api(live.url)
    t = api.table(2)
    sid = t["sid"]
    seen = api.get(f"/sessions/{sid}").json()["version"]
    for move in ({"type": "play_nature", "terrain": "forest", "at": [0, 0]},
                 {"type": "play_nature", "terrain": "sea", "at": [1, 0]}):
        api.post(f"/sessions/{sid}/moves", t["tokens"][0], json=move)
    stream = Stream(f"{api.base}/sessions/{sid}/events", last_event_id=seen)
    try:
        missed = stream.until(seen + 2)
        assert [int(e["id"]) for e in missed] == [seen + 1, seen + 2]
        assert missed[0]["data"]["events"][0]["type"] == "tile_placed"
        assert missed[1]["data"]["events"][-1] == {"type": "turn_passed", "seat": 1}
        assert missed[1]["data"]["state"]["turn"]["seat"] == 1
        api.post(f"/sessions/{sid}/moves", t["tokens"][1], json={"type": "end_turn"})
        assert int(stream.next()["id"]) == seen + 3
    finally:
        stream.close()


def test_sse_unknown_session_is_404(live):
    r = opened(f"{live.url}/api/v1/sessions/{'0' * 32}/events")
    assert r.status_code == 404


def test_long_poll_wakes_on_a_move(live):
    api = Api(live.url)
    t = api.table(2)
    sid = t["sid"]
    version = api.get(f"/sessions/{sid}").json()["version"]
    quick = api.get(f"/sessions/{sid}?wait=5&since={version - 1}")
    assert quick.json()["version"] == version  # already newer: answers at once
    result = {}

    def poll() -> None:
        started = time.monotonic()
        r = api.get(f"/sessions/{sid}?wait=10&since={version}")
        result.update(version=r.json()["version"], took=time.monotonic() - started,
                      etag=r.headers["ETag"])

    hub = live.app.extensions["companion"].hub
    listening = hub.clients
    th = threading.Thread(target=poll)
    th.start()
    until(lambda: hub.clients > listening)  # the poll waits on the hub: the move wakes it
    Api(live.url).post(f"/sessions/{sid}/moves", t["tokens"][0], json={"type": "end_turn"})
    th.join(10)
    assert result["version"] == version + 1 and result["etag"] == f'"{version + 1}"'
    assert result["took"] < 5
    started = time.monotonic()
    r = api.get(f"/sessions/{sid}?wait=0.5&since={version + 1}")
    assert r.json()["version"] == version + 1 and time.monotonic() - started >= 0.45
    assert api.get(f"/sessions/{sid}?wait=31&since=0").status_code == 422


def test_the_listener_catches_up_what_was_published_while_it_was_away(live):
    """The worker's pub/sub connection is cut; a move committed before the listener is
    back is published to nobody, and the stream still gets it (the listener's resync
    on reconnecting). An attempt whose move the listener heard live proves nothing, so
    the cut is repeated until one move fell in the gap."""
    api = Api(live.url)
    t = api.table(2)
    sid = t["sid"]
    hub = live.app.extensions["companion"].hub
    admin = redis.Redis.from_url(live.app.config["REDIS_URL"])
    stream = Stream(f"{api.base}/sessions/{sid}/events")
    try:
        version = int(stream.next()["id"])
        assert hub.connected.wait(10)
        unheard, cuts = False, 0
        while not unheard and cuts < 10:
            cuts += 1
            seat = api.get(f"/sessions/{sid}").json()["turn"]["seat"]
            assert admin.client_kill_filter(_type="pubsub") >= 1
            until(lambda: not hub.connected.is_set())
            r = api.post(f"/sessions/{sid}/moves", t["tokens"][seat], json={"type": "end_turn"})
            assert r.status_code == 201, r.text
            unheard = not hub.connected.is_set()  # committed while nobody listened
            got = stream.next()
            version += 1
            assert int(got["id"]) == version and got["data"]["events"] == r.json()["events"]
            assert hub.connected.wait(10)
        assert unheard, f"no move fell in the gap in {cuts} cuts"
    finally:
        stream.close()
        admin.close()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _serve(redis_url: str, instance, port: int) -> subprocess.Popen:
    env = {**os.environ, "REDIS_URL": redis_url, "COMPANION_INSTANCE_PATH": str(instance),
           "PUBLIC_URL": f"http://127.0.0.1:{port}", "SSE_HEARTBEAT": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "companion.cli", "serve", "--host",
                             "127.0.0.1", "--port", str(port)], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            if requests.get(f"http://127.0.0.1:{port}/healthz", timeout=1).ok:
                return proc
        except requests.RequestException:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("server did not start")


@pytest.fixture
def two_servers(clean_redis, tmp_path):
    ports = [_free_port(), _free_port()]
    procs = [_serve(clean_redis, tmp_path / f"i{i}", p) for i, p in enumerate(ports)]
    yield [f"http://127.0.0.1:{p}" for p in ports]
    for proc in procs:
        proc.terminate()
        proc.wait(10)


def test_two_processes_share_one_redis(two_servers):
    """A move posted to one app server reaches the other's SSE stream; idempotent
    retries and undo cross servers."""
    a, b = Api(two_servers[0]), Api(two_servers[1])
    t = a.table(2)
    sid = t["sid"]
    stream = Stream(f"{b.base}/sessions/{sid}/events")
    try:
        version = int(stream.next()["id"])
        r = a.post(f"/sessions/{sid}/moves", t["tokens"][0],
                   json={"type": "play_nature", "terrain": "forest", "at": [0, 0]},
                   headers={"Idempotency-Key": "cross"})
        event = stream.next()
        assert int(event["id"]) == version + 1 and event["data"]["events"] == r.json()["events"]
        again = b.post(f"/sessions/{sid}/moves", t["tokens"][0],
                       json={"type": "play_nature", "terrain": "forest", "at": [0, 0]},
                       headers={"Idempotency-Key": "cross"})
        assert again.headers["Idempotent-Replayed"] == "true"
        assert again.json()["version"] == r.json()["version"]
        b.post(f"/sessions/{sid}/undo", t["tokens"][0], json={})
        assert stream.next()["data"]["events"][0]["type"] == "undone"
        assert a.get(f"/sessions/{sid}").json()["board"]["tiles"] == []
        # gunicorn workers share their metrics (multiprocess mode)
        text = requests.get(f"{two_servers[0]}/metrics", timeout=5).text
        assert 'companion_moves_total{game="gaia",outcome="accepted",rule=""}' in text
    finally:
        stream.close()


def test_a_whole_game_alternating_between_two_instances(two_servers):
    """Moves go alternately to each instance, each retried on the other with the same
    Idempotency-Key; the live stream on one sees every version made through either."""
    from companion.games.gaia.playout import Table

    a, b = Api(two_servers[0]), Api(two_servers[1])
    table = Table.deal(12, 2)
    created = a.create()
    tokens = [b.join(created["code"], p["name"])["player_token"]
              for p in table.state["players"]]
    sid = created["id"]
    setup = {"objectives": [[t for t, n in o["requires"].items() for _ in range(n)]
                            for o in table.state["objectives"]],
             "display": {p: table.state["piles"][p]["display"] for p in ("nature", "life")}}
    start = b.post(f"/sessions/{sid}/start", created["host_token"], json={"setup": setup})
    stream = Stream(f"{a.base}/sessions/{sid}/events")
    try:
        assert int(stream.next()["id"]) == start.json()["version"]
        for i, (move, events) in enumerate(table.play()):
            seat = table.log[-1][0]
            first, second = (a, b) if i % 2 == 0 else (b, a)
            key = {"Idempotency-Key": f"move-{i}"}
            r = first.post(f"/sessions/{sid}/moves", tokens[seat], json=move, headers=key)
            assert r.status_code == 201, r.text
            again = second.post(f"/sessions/{sid}/moves", tokens[seat], json=move, headers=key)
            assert again.json()["version"] == r.json()["version"]
            assert again.headers["Idempotent-Replayed"] == "true"
            assert stream.next()["data"]["events"] == events
        last = table.log[-1][0]
        undo = b.post(f"/sessions/{sid}/undo", created["host_token"], json={})
        assert undo.status_code == 201 and last in (0, 1)
        assert stream.next()["data"]["events"][0]["type"] == "undone"
        assert a.get(f"/sessions/{sid}").json()["status"] == "playing"
    finally:
        stream.close()

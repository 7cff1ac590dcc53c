"""Reading the log costs a range read, not a replay of the game: each entry keeps the
events of its commit; /moves is paged; SSE catch-up reads the same pages."""

from __future__ import annotations

import time

import redis

from companion.games.kazaam.playout import Table
from companion.store import dumps, keys, loads
from tests.conftest import LiveServer, make_app

from .client import Api
from .sse import Stream


def _pages(api: Api, sid: str, since: int = 0, **query: int) -> list[list[dict]]:
    pages = []
    while since is not None:
        params = "&".join(f"{k}={v}" for k, v in {"since": since, **query}.items())
        body = api.get(f"/sessions/{sid}/moves?{params}").json()
        pages.append(body["entries"])
        since = body["next"]
    return pages


def test_stored_events_are_the_live_ones_including_undo(clean_redis, live):
    api = Api(live.url)
    t = api.table(2)
    sid = t["sid"]
    sent = {}
    for seat, move in ((0, {"type": "play_nature", "terrain": "forest", "at": [0, 0]}),
                       (0, {"type": "play_nature", "terrain": "sea", "at": [1, 0]}),
                       (1, {"type": "play_nature", "terrain": "forest", "at": [0, 1]})):
        r = api.post(f"/sessions/{sid}/moves", t["tokens"][seat], json=move)
        assert r.status_code == 201, r.text
        sent[r.json()["version"]] = r.json()["events"]
    start = min(sent) - 1
    r = api.post(f"/sessions/{sid}/undo", t["host"], json={"to_version": start})
    sent[r.json()["version"]] = r.json()["events"]
    assert r.json()["events"] == [{"type": "undone", "to": start, "count": 3}]
    stored = api.get(f"/sessions/{sid}/moves?since={start}").json()
    assert {e["version"]: e["events"] for e in stored["entries"]} == sent
    assert stored["next"] is None
    # a log written before events were kept is replayed once: the same events,
    # the undo's count included
    client = redis.Redis.from_url(clean_redis)
    old = [loads(raw) for raw in client.lrange(keys.log(sid), 0, -1)]
    client.delete(keys.log(sid))
    client.rpush(keys.log(sid), *[dumps({k: v for k, v in e.items() if k != "e"}) for e in old])
    assert api.get(f"/sessions/{sid}/moves?since={start}").json() == stored


def _kazaam_game(api: Api) -> tuple[str, dict[int, list]]:
    table = Table.deal(21, 3)
    sid, tokens = api.kazaam_table(table)
    sent = {}
    for move, _events in table.play():
        r = api.post(f"/sessions/{sid}/moves", tokens[table.log[-1][0]], json=move)
        assert r.status_code == 201, r.text
        sent[r.json()["version"]] = r.json()["events"]
    return sid, sent


def test_pages_and_catch_up_never_replay_the_game(clean_redis, tmp_path, monkeypatch):
    live = LiveServer(make_app(clean_redis, tmp_path, MOVES_PAGE=50))
    try:
        api = Api(live.url)
        sid, sent = _kazaam_game(api)
        version = api.get(f"/sessions/{sid}").json()["version"]
        assert version > 150

        def no_replay(*args, **kwargs):
            raise AssertionError("the game was replayed to read its log")

        monkeypatch.setattr("companion.sessions.replay.walk", no_replay)
        pages = _pages(api, sid)
        assert [len(p) for p in pages[:-1]] == [50] * (len(pages) - 1)
        entries = [e for page in pages for e in page]
        assert [e["version"] for e in entries] == list(range(1, version + 1))
        assert {e["version"]: e["events"] for e in entries if e["kind"] == "move"} == sent
        assert len(_pages(api, sid, limit=7)[0]) == 7
        assert len(_pages(api, sid, limit=5000)[0]) == 50  # never more than a page
        tail = api.get(f"/sessions/{sid}/moves?since={version - 3}").json()
        assert [e["version"] for e in tail["entries"]] == [version - 2, version - 1, version]
        assert tail["next"] is None
        assert api.get(f"/sessions/{sid}/moves?since=-1").status_code == 422
        # a stream that missed 120 versions catches up over three pages of the log
        stream = Stream(f"{api.base}/sessions/{sid}/events", last_event_id=version - 120)
        try:
            missed = stream.until(version)
        finally:
            stream.close()
        assert [int(m["id"]) for m in missed] == list(range(version - 119, version + 1))
        assert all(m["data"]["events"] == sent[int(m["id"])] for m in missed
                   if int(m["id"]) in sent)
        assert "state" in missed[-1]["data"] and missed[-1]["data"]["state"]["version"] == version
        started = time.monotonic()
        for _ in range(20):
            api.get(f"/sessions/{sid}/moves?since={version - 1}")
        print(f"{version} versions: a read of the last entry takes "
              f"{(time.monotonic() - started) / 20 * 1000:.1f} ms")
    finally:
        live.stop()

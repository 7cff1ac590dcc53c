"""The per-seat stream: ``GET /me/events`` with the seat's token in a header
carries, with each version, the public state and that seat's own view with its legal
moves (the body of ``/me?include=legal``), so a phone makes no request after another
player's move. Real HTTP stack, real Redis."""

from __future__ import annotations

import queue

import pytest
import redis

from .client import Api
from .sse import Stream, opened


def _url(live, sid: str) -> str:
    return f"{live.url}/api/v1/sessions/{sid}/me/events"


def test_a_move_reaches_each_seat_with_its_own_hand_and_moves(live):
    api = Api(live.url)
    t = api.table(3)
    sid, (ada, bo, cy) = t["sid"], t["tokens"]
    public = _hub_up(live, sid)
    streams = {name: Stream(_url(live, sid), token=tok)
               for name, tok in (("bo", bo), ("cy", cy))}
    streams["public"] = public
    try:
        first = streams["bo"].next()  # the state it joined at, with its own view
        assert first["event"] == "version" and first["data"]["me"]["seat"] == 1
        streams["cy"].next()
        r = api.post(f"/sessions/{sid}/moves", ada, json={"type": "end_turn"})
        assert r.status_code == 201, r.text
        version = r.json()["version"]
        for name, seat, tok in (("bo", 1, bo), ("cy", 2, cy)):
            frame = streams[name].until(version)[-1]["data"]
            assert frame["version"] == version == frame["state"]["version"]
            assert frame["events"] == r.json()["events"]
            # exactly what the seat would read with one request, nothing of another seat
            one = api.get(f"/sessions/{sid}/me?include=legal", tok).json()
            assert frame["me"] == one and frame["me"]["seat"] == seat
    finally:
        for s in streams.values():
            s.close()


def test_the_turn_passes_on_the_stream_and_hands_stay_private(live):
    api = Api(live.url)
    t = api.table(2)
    sid, (ada, bo) = t["sid"], t["tokens"]
    s = Stream(_url(live, sid), token=bo)
    try:
        before = s.next()["data"]["me"]
        assert before["your_turn"] is False and before["legal_moves"] == []
        r = api.post(f"/sessions/{sid}/moves", ada, json={"type": "end_turn"})
        after = s.until(r.json()["version"])[-1]["data"]["me"]
        assert after["your_turn"] is True and {"type": "end_turn"} in after["legal_moves"]
        ada_own = api.get(f"/sessions/{sid}/me", ada).json()
        # Bo's frame names Bo's seat and hand, never Ada's
        assert after["seat"] == 1 and after["name"] == "Bo"
        if "hand" in ada_own:
            assert after.get("hand") == api.get(f"/sessions/{sid}/me", bo).json().get("hand")
    finally:
        s.close()


def test_a_reissued_token_ends_the_stream_with_lost(live):
    api = Api(live.url)
    t = api.table(2)
    sid, (_ada, bo) = t["sid"], t["tokens"]
    s = Stream(_url(live, sid), token=bo)
    try:
        s.next()
        r = api.post(f"/sessions/{sid}/seats/1/token", t["host"])
        assert r.status_code == 201, r.text
        lost = s.next()
        assert lost["event"] == "lost" and lost["data"] == {"status": 401}
        s.thread.join(10)
        assert not s.thread.is_alive()  # the server ended it
        with pytest.raises(queue.Empty):
            s.next(timeout=0.2)
        again = opened(_url(live, sid), headers={"Authorization": f"Bearer {bo}"})
        assert again.status_code == 401
        assert again.headers["Content-Type"].startswith("application/problem+json")
    finally:
        s.close()


def test_a_reconnecting_seat_gets_the_latest_state_and_view_once(live):
    api = Api(live.url)
    t = api.table(3)
    sid, (ada, bo, cy) = t["sid"], t["tokens"]
    start = api.get(f"/sessions/{sid}", None).json()["version"]
    versions = []
    for tok in (ada, bo):
        r = api.post(f"/sessions/{sid}/moves", tok, json={"type": "end_turn"})
        assert r.status_code == 201, r.text
        versions.append(r.json())
    s = Stream(_url(live, sid), last_event_id=start, token=cy)
    try:
        frame = s.next()
        assert int(frame["id"]) == versions[-1]["version"] == frame["data"]["version"]
        assert frame["data"]["events"] == versions[-1]["events"]
        assert frame["data"]["me"]["your_turn"] is True and frame["data"]["me"]["seat"] == 2
        with pytest.raises(queue.Empty):  # one frame, not one per missed version
            s.next(timeout=0.5)
    finally:
        s.close()
    up_to_date = Stream(_url(live, sid), last_event_id=versions[-1]["version"], token=cy)
    try:
        with pytest.raises(queue.Empty):
            up_to_date.next(timeout=0.5)
    finally:
        up_to_date.close()


@pytest.mark.parametrize("how", ["none", "query", "unknown", "host", "no_session"])
def test_refused_before_the_stream_opens(live, how):
    api = Api(live.url)
    t = api.table(2)
    sid, bo = t["sid"], t["tokens"][1]
    url, headers = _url(live, sid), {}
    if how == "query":
        url += f"?token={bo}"
        headers["Authorization"] = f"Bearer {bo}"
    elif how == "unknown":
        headers["Authorization"] = "Bearer " + "x" * 32
    elif how == "host":
        headers["Authorization"] = f"Bearer {t['host']}"
    elif how == "no_session":
        url = _url(live, "nosuchsession")
        headers["Authorization"] = f"Bearer {bo}"
    r = opened(url, headers=headers)
    expected = {"none": 401, "query": 422, "unknown": 401, "host": 403, "no_session": 404}
    assert r.status_code == expected[how], r.text
    assert r.headers["Content-Type"].startswith("application/problem+json")
    assert bo not in r.text and r.json()["detail"]


def _hub_up(live, sid: str) -> Stream:
    """The worker's pub/sub listener connected and past its start-up resync (held up by
    a public stream), so counts and events below see only what a move causes."""
    public = Stream(f"{live.url}/api/v1/sessions/{sid}/events")
    public.next()
    hub = live.app.extensions["companion"].hub
    assert hub.synced.wait(10) and hub.settled(sid, 10)
    return public


def _reads(live) -> int:
    """Session reads Redis has served so far (each is one HMGET of the session's hash)."""
    stats = redis.Redis.from_url(live.app.config["REDIS_URL"]).info("commandstats")
    return int(stats.get("cmdstat_hmget", {}).get("calls", 0))


def test_no_read_of_the_session_per_move_for_the_post_or_the_seat_streams(live):
    """The worker knows the document it committed, and each message carries the
    document: neither the move nor the four seat frames read the session."""
    api = Api(live.url)
    t = api.table(4)
    sid, tokens = t["sid"], t["tokens"]
    before = _reads(live)  # a move with no seat stream open: what the POST reads itself
    r = api.post(f"/sessions/{sid}/moves", tokens[0], json={"type": "end_turn"})
    assert r.status_code == 201, r.text
    alone = _reads(live) - before
    streams = [_hub_up(live, sid)] + [Stream(_url(live, sid), token=tok) for tok in tokens]
    try:
        for s in streams[1:]:
            s.next()
        before = _reads(live)
        r = api.post(f"/sessions/{sid}/moves", tokens[1], json={"type": "end_turn"})
        assert r.status_code == 201, r.text
        frames = [s.until(r.json()["version"])[-1]["data"] for s in streams[1:]]
        assert [f["me"]["seat"] for f in frames] == [0, 1, 2, 3]
        assert [f["me"]["your_turn"] for f in frames] == [False, False, True, False]
        # four streams, each with its own view, and no read of the session for them
        assert alone == 0 and _reads(live) - before == 0
    finally:
        for s in streams:
            s.close()


def test_a_listener_resync_is_shared_by_the_seat_streams_and_sends_nothing_new(live):
    api = Api(live.url)
    t = api.table(3)
    sid, tokens = t["sid"], t["tokens"]
    streams = [Stream(_url(live, sid), token=tok) for tok in tokens]
    try:
        for s in streams:
            s.next()
        hub = live.app.extensions["companion"].hub
        assert hub.synced.wait(10)  # past the listener's own start-up resync: handled
        assert hub.settled(sid, 10)
        before = _reads(live)
        live.app.extensions["companion"].hub._wake_all()  # as after a pub/sub reconnect
        for s in streams:
            with pytest.raises(queue.Empty):  # nothing moved: nothing sent
                s.next(timeout=0.5)
        assert _reads(live) - before == 2  # the session, then the log's tail (its events)
    finally:
        for s in streams:
            s.close()


def test_the_movers_own_frame_is_the_view_its_post_answered_built_once(live, monkeypatch):
    """The mover's seat stream sends the view its POST built (``?include=me``), sent with
    the published document: the seat's legal moves are computed once per move
    for the mover, not again for its stream; the other seats' streams build their own."""
    import dataclasses

    from companion.games import GAMES

    api = Api(live.url)
    t = api.table(3)
    sid, tokens = t["sid"], t["tokens"]
    streams = [_hub_up(live, sid)] + [Stream(_url(live, sid), token=tok) for tok in tokens]
    game = GAMES["gaia"]
    asked: list[int] = []
    legal = game.legal_moves

    def counted(state, seat):
        asked.append(seat)
        return legal(state, seat)

    monkeypatch.setitem(GAMES, "gaia", dataclasses.replace(game, legal_moves=counted))
    try:
        for s in streams[1:]:
            s.next()
        assert live.app.extensions["companion"].hub.settled(sid, 10)
        asked.clear()
        # Ada keeps the turn (a tile placed, an action left): her view is the costly one
        r = api.post(f"/sessions/{sid}/moves?include=me", tokens[0],
                     json={"type": "play_nature", "terrain": "forest", "at": [0, 0]})
        assert r.status_code == 201, r.text
        version = r.json()["version"]
        frames = [s.until(version)[-1]["data"] for s in streams[1:]]
        # once for the mover (its POST), once per other seat's stream: 4 before
        assert sorted(asked) == [0, 1, 2]
        assert frames[0]["me"] == r.json()["me"]  # the mover's frame: the POST's view
        assert frames[0]["me"]["legal_moves"] and frames[0]["me"]["your_turn"] is True
        for seat, frame in enumerate(frames):
            one = api.get(f"/sessions/{sid}/me?include=legal", tokens[seat]).json()
            assert frame["me"] == one  # every frame as /me answers it
    finally:
        for s in streams:
            s.close()

"""The stream class (``companion.api.feeds``): what a feed catches up from the stored log
and what it owes for each message of its backlog, at the edges — a client already at
the head, one behind, further behind than one page of the log, ahead of what the store
kept, a version lost on its way (a gap) and a resync; and a seat feed resolving its
token to a seat only when the seats change. Real Redis, the real hub, real moves over
HTTP; the feed driven directly where its steps are the point, over HTTP where the
behaviour shows there."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator

import orjson
import pytest

from companion.api.feeds import LOST, PublicFeed, SeatFeed
from companion.live_message import OVERFLOW, SHUTDOWN, Backlog, Message
from companion.sessions import reads
from tests.conftest import LiveServer, make_app

from .client import Api
from .sse import Stream

PAGE = 2  # versions per page of the stored log: a catch-up of 5 takes 3 pages
IDS = re.compile(rb"^id: (\d+)$", re.M)


@pytest.fixture
def server(clean_redis, tmp_path) -> Iterator[LiveServer]:
    live = LiveServer(make_app(clean_redis, tmp_path, MOVES_PAGE=PAGE, SSE_HEARTBEAT=0.2))
    yield live
    live.stop()


def played(server: LiveServer, moves: int) -> tuple[dict, int]:
    """A two-seat table ``moves`` turns in, and its version now."""
    api = Api(server.url)
    t = api.table(2)
    version = 0
    for k in range(moves):
        r = api.post(f"/sessions/{t['sid']}/moves", t["tokens"][k % 2],
                     json={"type": "end_turn"})
        assert r.status_code == 201, r.text
        version = r.json()["version"]
    return t, version


def public(server: LiveServer, sid: str, seen: int) -> PublicFeed:
    return PublicFeed(server.app.extensions["companion"].hub, sid, Backlog(1 << 20), seen,
                      0.2)


def caught_up(feed: PublicFeed) -> list[bytes]:
    feed.behind = True
    return list(feed.catch_up())


def versions(chunks: list[bytes]) -> list[int]:
    return [int(v) for v in IDS.findall(b"".join(chunks))]


def data_of(frame: bytes) -> dict:
    return orjson.loads(frame.split(b"data: ", 1)[1])


def test_a_catch_up_from_the_head_sends_nothing_and_one_behind_sends_the_head(server):
    t, head = played(server, 3)
    with server.app.app_context():
        at_head = public(server, t["sid"], head)
        assert versions(caught_up(at_head)) == []
        assert (at_head.seen, at_head.behind) == (head, False)
        one_behind = public(server, t["sid"], head - 1)
        chunks = caught_up(one_behind)
        assert versions(chunks) == [head] and one_behind.seen == head
        assert data_of(chunks[-1])["state"]["version"] == head  # the last carries the state


def test_a_catch_up_further_behind_than_a_page_sends_every_version_page_by_page(server):
    t, head = played(server, 5)
    with server.app.app_context():
        feed = public(server, t["sid"], head - 5)
        chunks = caught_up(feed)
    assert versions(chunks) == list(range(head - 4, head + 1))  # each once, in order
    assert len(chunks) == 3  # a write per page of PAGE versions
    frames = b"".join(chunks).split(b"\n\n")[:-1]
    assert ["state" in data_of(f) for f in frames] == [False] * 4 + [True]
    assert (feed.seen, feed.behind) == (head, False)


def test_a_gap_or_a_resync_sends_the_feed_back_to_the_log_and_nothing_twice(server):
    t, head = played(server, 4)
    sid = t["sid"]
    with server.app.app_context():
        feed = public(server, sid, head - 3)

        def given(version: int) -> bytes:
            feed.backlog.put_nowait(Message("version", version, b"{}", b"frame %d" % version))
            return feed.next_frame()

        assert given(head - 3) == b""  # already sent
        assert given(head - 2) == b"frame %d" % (head - 2) and feed.seen == head - 2
        assert given(head) == b"" and feed.behind  # head - 1 never came: the log has it
        assert versions(list(feed.catch_up())) == [head - 1, head] and not feed.behind
        assert given(head) == b""  # the late message of a version caught up: not again
        feed.backlog.put_nowait(Message("resync"))
        assert feed.next_frame() == b"" and feed.behind
        assert versions(list(feed.catch_up())) == []  # nothing missed after all
        assert feed.next_frame() == b": heartbeat\n\n"  # nothing came within the beat
        for last in (OVERFLOW, SHUTDOWN):
            ending = public(server, sid, head)
            ending.backlog.put_nowait(last)
            out = ending.next_frame()
            assert ending.ended and (b"event: reconnect" in out) == (last is SHUTDOWN)


def test_a_client_ahead_of_the_store_starts_afresh_and_one_behind_gets_the_head(server):
    t, head = played(server, 2)
    url = f"{server.url}/api/v1/sessions/{t['sid']}/events"
    for last in (head + 5, head - 1):  # a version the store lost; one missed
        s = Stream(url, last_event_id=last)
        try:
            first = s.next()
            assert int(first["id"]) == head == first["data"]["state"]["version"]
        finally:
            s.close()


def test_a_seat_feed_resolves_its_token_only_when_the_seats_change(server, monkeypatch):
    t, head = played(server, 1)
    sid, (ada, bo) = t["sid"], t["tokens"]
    api = Api(server.url)
    hub = server.app.extensions["companion"].hub
    resolved: list[str | None] = []
    own_seat = reads.own_seat

    def counted(doc: dict, token: str | None) -> int:
        resolved.append(token)
        return own_seat(doc, token)

    monkeypatch.setattr(reads, "own_seat", counted)
    with server.app.app_context():
        assert SeatFeed(hub, sid, Backlog(1 << 20), 0.2, bo, head).first is None  # at head
        feed = SeatFeed(hub, sid, hub.subscribe(sid), 30.0, bo, None)  # waits, no beat
        assert feed.seat == 1 and resolved == [bo, bo]
        assert hub.synced.wait(10)  # the listener's start-up resync, if any, is given
        while feed.backlog.qsize():
            assert feed.next_frame() == b""  # nothing new
        resolved.clear()

        def after(path: str, token: str, body: dict | None = None) -> bytes:
            r = api.post(f"/sessions/{sid}/{path}", token, json=body)
            assert r.status_code == 201, r.text
            return feed.next_frame()

        for k in range(2):  # moves: the same seats, no token resolved again
            frame = after("moves", (bo, ada)[k], {"type": "end_turn"})
            assert data_of(frame)["me"]["seat"] == 1
        assert resolved == []
        r = api.post(f"/sessions/{sid}/seats/0/token", t["host"])  # another seat's token
        assert r.status_code == 201, r.text
        ada = r.json()["player_token"]
        assert data_of(feed.next_frame())["me"]["seat"] == 1 and resolved == [bo]
        deliver, dropped = hub._dispatch_sid, threading.Event()

        def drop(target: str, data: bytes) -> None:  # pub/sub loses this session's next
            if target != sid:
                deliver(target, data)
            else:
                dropped.set()

        monkeypatch.setattr(hub, "_dispatch_sid", drop)
        r = api.post(f"/sessions/{sid}/moves", bo, json={"type": "end_turn"})
        assert r.status_code == 201, r.text
        assert dropped.wait(20)  # heard and lost before the listener delivers again
        monkeypatch.setattr(hub, "_dispatch_sid", deliver)
        hub._wake(sid)  # a resync: the store has a version the feed never heard of
        frame = data_of(feed.next_frame())
        assert frame["version"] == r.json()["version"] and resolved == [bo, bo]
        assert after("seats/1/token", t["host"]) == LOST and feed.ended  # its own
        feed.close()

"""Live streams cannot be turned against the server. A reader
that never reads holds a bounded backlog (in bytes) and is closed once past it (it
reconnects with Last-Event-ID and catches up); seat streams of a table in play have a
share of the worker's streams that anonymous streams and long-polls cannot take."""

from __future__ import annotations

import socket
import time

import psutil

from .addresses import Timed, addresses
from .client import Api
from .serving import Served
from .sse import Stream
from .test_budget import _pad_record
from .test_streams import _status


def _open(port: int, path: str, source: str = "127.0.0.1", token: str | None = None,
          rcvbuf: int | None = None) -> socket.socket:
    s = socket.socket()
    if rcvbuf:  # a reader that never reads: the kernel holds little on its behalf
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    s.settimeout(20)
    s.bind((source, 0))
    s.connect(("127.0.0.1", port))
    auth = f"Authorization: Bearer {token}\r\n" if token else ""
    s.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
              f"{auth}\r\n".encode())
    return s


def _worker(served: Served) -> psutil.Process:
    """The gunicorn worker (the master's child that is not the embedded Redis)."""
    children = psutil.Process(served.proc.pid).children()
    return next(c for c in children if "redis" not in c.name())


def _until_closed(s: socket.socket) -> bytes:
    """Everything the server still sends, up to the end of its answer."""
    got = b""
    while not got.endswith(b"0\r\n\r\n"):
        chunk = s.recv(65536)
        if not chunk:
            break
        got += chunk
    return got


def test_readers_that_never_read_hold_a_bounded_backlog_and_are_closed(tmp_path):
    # the backlog's bound alone: the send deadline (test_stream_bounds.py) would cut
    # these readers first on a slow machine
    served = Served(tmp_path, SSE_BACKLOG_BYTES=str(256 * 1024), SSE_SEND_TIMEOUT="600",
                    RATE_LIMIT_CREATE="1000 per minute")
    stuck: list[socket.socket] = []
    try:
        api = Api(served.url)
        r = api.post("/sessions/import", json=_pad_record(1500))
        assert r.status_code == 201, r.text
        sid, host, version = r.json()["id"], r.json()["host_token"], r.json()["state"]["version"]
        path = f"/api/v1/sessions/{sid}/events"
        stuck = [_open(served.port, path, a, rcvbuf=4096) for a in addresses(3)]
        reader = Stream(f"{served.url}{path}")
        timed, worker = Timed(), _worker(served)

        def score(i: int) -> None:
            timed.call(api.post, f"/sessions/{sid}/moves", host,
                       json={"type": "score", "seat": i % 3, "points": {"total": i}})

        for i in range(1500, 1530):  # warm-up: the stuck readers' buffers fill
            score(i)
        before = worker.memory_info().rss
        for i in range(1530, 1830):
            score(i)
        grown = worker.memory_info().rss - before
        last = api.get(f"/sessions/{sid}").json()["version"]
        size = len(api.get(f"/sessions/{sid}").content)
        print(f"300 moves of {size / 1024:.0f} KB states, 3 readers that never read: worker "
              f"grew {grown / 2**20:.1f} MB; moves {timed.ok():.0%}, "
              f"median {timed.median_ms:.0f} ms")
        assert timed.ok() == 1.0 and last == version + 330
        assert grown < 40 * 2**20  # 300 states of this size, parsed, would be far more
        assert int(reader.until(last)[-1]["id"]) == last  # the reading one got them all
        for s in stuck:  # each stuck reader was dropped: its answer ended
            rest = _until_closed(s)
            assert rest.endswith(b"0\r\n\r\n") and f"id: {last}\n".encode() not in rest
        # and it reconnects from where it was, catching up from the stored log
        again = Stream(f"{served.url}{path}", last_event_id=version + 10)
        caught = again.until(last, timeout=30)
        assert [int(e["id"]) for e in caught] == list(range(version + 11, last + 1))
        again.close()
        reader.close()
    finally:
        for s in stuck:
            s.close()
        served.stop()


def test_strangers_streams_cannot_take_the_seats_share(clean_redis, tmp_path):
    """The flood: public streams and ``?wait=30`` long-polls from 8 addresses
    fill what the worker gives anonymous streams; the seated phones still connect."""
    served = Served(tmp_path, REDIS_URL=clean_redis, SSE_MAX_PER_CLIENT="12",
                    SSE_MAX_STREAMS="60", SSE_SEAT_RESERVE="20",
                    RATE_LIMIT_JOIN="1000 per minute",
                    # one session's streams, six per seat: the worker's share is under
                    # test here, not the budgets per session and per seat token
                    SSE_MAX_PER_SESSION="1000", SSE_MAX_PER_SEAT="6")
    held: list[socket.socket] = []
    try:
        api = Api(served.url)
        table = api.table(2)
        sid = table["sid"]
        version = api.get(f"/sessions/{sid}").json()["version"]
        public, refused = 0, []
        for source in addresses(8):
            for _ in range(5):  # long-polls hold a slot while they wait
                held.append(_open(served.port, f"/api/v1/sessions/{sid}?wait=30&since="
                                  f"{version}", source))
            for _ in range(5):
                s = _open(served.port, f"/api/v1/sessions/{sid}/events", source)
                head = _status(s)[1]
                if " 200 " in head.split("\r\n")[0]:
                    public += 1
                    held.append(s)
                else:
                    refused.append(head)
                    s.close()
        assert refused and all(" 503 " in h.split("\r\n")[0] and "Retry-After: " in h
                               for h in refused)
        assert public < 40  # long-polls and streams shared the 40 anonymous slots
        # the seated phones: 12 tries, every one connected, each gets its frames
        seats = []
        for i in range(12):
            s = _open(served.port, f"/api/v1/sessions/{sid}/me/events",
                      token=table["tokens"][i % 2])
            head = _status(s)[1]
            assert " 200 " in head.split("\r\n")[0], head
            seats.append(s)
        held += seats
        # a stranger's stream is still refused: the seats' share stays theirs
        s = _open(served.port, f"/api/v1/sessions/{sid}/events", "127.0.0.99")
        assert " 503 " in _status(s)[1].split("\r\n")[0]
        s.close()
        # a move: every seat stream carries it (and the long-polls answer, freeing theirs)
        r = api.post(f"/sessions/{sid}/moves", table["tokens"][0],
                     json={"type": "play_nature", "terrain": "forest", "at": [0, 0]})
        assert r.status_code == 201
        moved = r.json()["version"]
        for s in seats:
            got = b""
            deadline = time.monotonic() + 20
            while f"id: {moved}\n".encode() not in got and time.monotonic() < deadline:
                got += s.recv(65536)
            assert f"id: {moved}\n".encode() in got
    finally:
        for s in held:
            s.close()
        served.stop()

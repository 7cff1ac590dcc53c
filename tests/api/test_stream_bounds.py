"""Live streams that cannot be turned against the worker, over the real serving stack
(gunicorn, gevent) — one server for both stories, to keep CI short:

- a stream whose client stops reading is closed within ``SSE_SEND_TIMEOUT`` and gives
  back its slot (its frames wait in a full socket, where the stream never gets back to
  its backlog: before the deadline it held the slot for ever);
- a replay storm (many streams reconnecting at once with ``Last-Event-ID: 0`` on a long
  session) is served a page at a time, at most ``SSE_CATCH_UPS`` pages at once, while
  another table keeps moving at its usual pace."""

from __future__ import annotations

import socket
import statistics
import threading
import time
from collections.abc import Iterator

import pytest
import requests

from .addresses import Timed, addresses
from .client import Api
from .serving import Served
from .test_budget import PLAY, _pad_record
from .test_observability import metric
from .test_stream_budget import _open, _worker
from .test_streams import _status

STUCK = "127.0.0.7"
CATCH_UPS = 2


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    server = Served(tmp_path_factory.mktemp("bounds"), SSE_MAX_PER_CLIENT="3",
                    # the storm is many public streams of one session: lift that budget so
                    # the catch-ups themselves are what is bounded here
                    SSE_MAX_PER_SESSION="1000", SSE_SEND_TIMEOUT="1", SSE_CATCH_UPS=str(CATCH_UPS),
                    RATE_LIMIT_CREATE="1000 per minute", RATE_LIMIT_JOIN="1000 per minute")
    yield server
    server.stop()


def _try_stream(port: int, path: str) -> int:
    s = _open(port, path, STUCK)
    try:
        return _status(s)[0]
    finally:
        s.close()


def _send_buffer_most() -> int:
    """The most a TCP socket's send buffer grows to here (Linux: tcp_wmem's third)."""
    try:
        with open("/proc/sys/net/ipv4/tcp_wmem") as f:
            return int(f.read().split()[2])
    except (OSError, ValueError, IndexError):
        return 4 * 1024 * 1024


def _score(api: Api, sid: str, host: str, i: int) -> None:
    r = api.post(f"/sessions/{sid}/moves", host,
                 json={"type": "score", "seat": i % 3, "points": {"total": i}})
    assert r.status_code == 201, r.text


def test_readers_that_stop_reading_give_their_slots_back_within_the_bound(served):
    api = Api(served.url)
    r = api.post("/sessions/import", json=_pad_record(1500))  # 45 KB states
    assert r.status_code == 201, r.text
    sid, host = r.json()["id"], r.json()["host_token"]
    path = f"/api/v1/sessions/{sid}/events"
    stuck: list[socket.socket] = []
    again: list[socket.socket] = []
    try:
        # three readers from one address read their answer's head, then nothing more
        for _ in range(3):
            s = _open(served.port, path, STUCK, rcvbuf=4096)
            assert _status(s)[0] == 200
            stuck.append(s)
        assert _try_stream(served.port, path) == 429  # the address holds all it may
        # enough moves to fill the stuck readers' sockets (the kernel's largest send
        # buffer, then the stream's backlog): their sends block
        moves = min(400, int(_send_buffer_most() * 1.3 / (45 * 1024)) + 10)
        started = time.monotonic()
        for i in range(1500, 1500 + moves):
            _score(api, sid, host, i)
        # within the bound (1 s a blocked send; a wide margin for a slow machine) all
        # three slots come back, while the stuck readers still read nothing
        # (a stream let in is kept: closing it would hold its slot a heartbeat longer)
        deadline = time.monotonic() + 30
        while len(again) < 3 and time.monotonic() < deadline:
            s = _open(served.port, path, STUCK)
            if _status(s)[0] == 200:
                again.append(s)
            else:  # refused before taking a slot
                s.close()
                time.sleep(0.25)
        print(f"3 slots back {time.monotonic() - started:.1f} s after the first of "
              f"{moves} moves")
        assert len(again) == 3, "the stuck readers still hold the slots of their address"
    finally:
        for s in stuck + again:
            s.close()


def _replay(port: int, path: str, source: str, last: int, pages: list[float]) -> None:
    """A stream reconnecting with Last-Event-ID: 0, read until version ``last``."""
    s = socket.socket()
    s.settimeout(60)
    s.bind((source, 0))
    s.connect(("127.0.0.1", port))
    s.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nLast-Event-ID: 0\r\n\r\n".encode())
    started, tail = time.monotonic(), b""
    want = f"id: {last}\n".encode()
    try:
        while chunk := s.recv(1 << 16):
            seen = tail + chunk
            if want in seen:
                pages.append(time.monotonic() - started)
                break
            tail = seen[-64:]
    finally:
        s.close()


def test_a_replay_storm_takes_turns_and_another_table_keeps_moving(served):
    api = Api(served.url)
    r = api.post("/sessions/import", json=_pad_record(800))
    assert r.status_code == 201, r.text
    sid, last = r.json()["id"], r.json()["state"]["version"]
    path = f"/api/v1/sessions/{sid}/events"
    table = api.table(2)
    worker = _worker(served)
    before_pages = metric(requests.get(f"{served.url}/metrics", timeout=10).text,
                          "companion_sse_catch_up_pages_total")
    rss_before = worker.memory_info().rss
    # the other table plays at its pace meanwhile (a move and its undo)
    timed, stop = Timed(), threading.Event()

    def play() -> None:
        while not stop.is_set():
            timed.call(api.post, f"/sessions/{table['sid']}/moves", table["tokens"][0],
                       json=PLAY)
            timed.call(api.post, f"/sessions/{table['sid']}/undo", table["host"], json={})
            stop.wait(0.1)

    player = threading.Thread(target=play)
    player.start()
    done: list[float] = []
    sources = [a for a in addresses(16, first=20) for _ in range(3)]  # 48 streams
    readers = [threading.Thread(target=_replay, args=(served.port, path, a, last, done))
               for a in sources]
    try:
        for t in readers:
            t.start()
        deadline = time.monotonic() + 90
        for t in readers:
            t.join(max(0.1, deadline - time.monotonic()))
    finally:
        stop.set()
        player.join(30)
    rss_after = worker.memory_info().rss  # the replays are over: what stayed
    text = requests.get(f"{served.url}/metrics", timeout=10).text
    pages = metric(text, "companion_sse_catch_up_pages_total") - before_pages
    most = metric(text, "companion_sse_catch_ups_most")
    p99 = sorted(timed.seconds)[max(0, int(len(timed.seconds) * 0.99) - 1)]
    print(f"{len(sources)} replays of {last} versions: all done in {max(done):.1f} s "
          f"(median {statistics.median(done):.1f} s); {pages:.0f} pages, at most {most:.0f} "
          f"at once; the other table: {len(timed.seconds)} requests, p99 {p99 * 1000:.0f} "
          f"ms, {timed.ok():.0%} ok; worker RSS {rss_before / 2**20:.0f} -> "
          f"{rss_after / 2**20:.0f} MB")
    assert len(done) == len(sources)  # every replay reached the last version
    assert pages >= len(sources) * (last // 200)  # a page at a time (MOVES_PAGE 200)
    assert most <= CATCH_UPS
    assert all(s < 300 for s in timed.statuses), timed.refusals
    assert p99 <= 1.0
    # no stream kept a document or a log page once its replay was sent (each used to
    # hold its page's parsed session while its client read: +32 MB for 60 replays)
    assert rss_after - rss_before < 24 * 2**20

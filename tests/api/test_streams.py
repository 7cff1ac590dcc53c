"""SSE exhaustion: one address opening thousands of streams must leave the service
answering everybody else (caps per client address and per worker)."""

from __future__ import annotations

import socket
import threading
import time

import requests

from .client import Api
from .serving import Served


def _open(port: int, path: str, source: str = "127.0.0.1") -> socket.socket:
    s = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0))
    s.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"
              .encode())
    return s


def _status(s: socket.socket) -> tuple[int, str]:
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = s.recv(4096)
        if not chunk:
            break
        head += chunk
    text = head.decode("latin-1")
    return int(text.split(" ", 2)[1]), text


def _flood(port: int, path: str, count: int, source: str = "127.0.0.1"
           ) -> tuple[list[socket.socket], list[str]]:
    """Open ``count`` streams at once; keep the accepted ones, close the refused."""
    socks = [_open(port, path, source) for _ in range(count)]
    kept, refused = [], []
    for s in socks:
        status, head = _status(s)
        if status == 200:
            kept.append(s)
        else:
            refused.append(head)
            s.close()
    return kept, refused


def test_one_address_cannot_starve_the_service_of_connections(clean_redis, tmp_path):
    served = Served(tmp_path, REDIS_URL=clean_redis, SSE_MAX_PER_CLIENT="32",
                    SSE_MAX_STREAMS="60", SSE_SEAT_RESERVE="0",
                    RATE_LIMIT_JOIN="1000 per minute",
                    # the streams' own caps are under test here; the per-address cap
                    # on connections has its own (test_connections.py)
                    MAX_CONNECTIONS_PER_CLIENT="4000",
                    # all on one session: the cap per address is under test, not the
                    # one per session
                    SSE_MAX_PER_SESSION="100000")
    kept: list[socket.socket] = []
    try:
        api = Api(served.url)
        sid = api.table(2)["sid"]
        path = f"/api/v1/sessions/{sid}/events"
        probes: list[tuple[int, float]] = []
        stop = threading.Event()

        def probe() -> None:  # somebody else reading while the flood goes on
            other = requests.Session()
            while not stop.is_set():
                started = time.monotonic()
                for url in (f"{served.url}/healthz", f"{served.url}/api/v1/sessions/{sid}"):
                    try:
                        code = other.get(url, timeout=5).status_code
                    except requests.RequestException:
                        code = 0
                    probes.append((code, time.monotonic() - started))
                time.sleep(0.05)

        watcher = threading.Thread(target=probe)
        watcher.start()
        started = time.monotonic()
        streams, refused = _flood(served.port, path, 2100)
        flood_seconds = time.monotonic() - started
        kept += streams
        # a second address still gets streams until the worker's total is reached
        others, others_refused = _flood(served.port, path, 40, source="127.0.0.2")
        kept += others
        time.sleep(0.5)
        stop.set()
        watcher.join(10)

        assert len(streams) == 32 and len(refused) == 2100 - 32
        assert all(" 429 " in h.split("\r\n")[0] and "Retry-After: " in h for h in refused)
        assert len(others) == 60 - 32
        assert all(" 503 " in h.split("\r\n")[0] and "Retry-After: " in h
                   for h in others_refused)
        # every read made during the flood was answered, and quickly
        assert probes and {code for code, _ in probes} == {200}
        assert max(seconds for _, seconds in probes) < 3
        print(f"flood of 2,100 in {flood_seconds:.2f} s; slowest read "
              f"{max(s for _, s in probes) * 1000:.0f} ms over {len(probes)} reads")
    finally:
        for s in kept:
            s.close()
        try:
            # closed streams give their slots back (noticed at the next heartbeat, 1 s)
            deadline = time.monotonic() + 10
            while True:
                s = _open(served.port, f"/api/v1/sessions/{sid}/events")
                status, _ = _status(s)
                s.close()
                if status == 200 or time.monotonic() > deadline:
                    break
                time.sleep(0.3)
            assert status == 200
        finally:
            served.stop()

"""Live-update benchmark: N SSE clients on one instance, delay from 201 to arrival.

    python -m bench.sse [--clients 1000] [--moves 20]

Starts an embedded Redis and one gunicorn instance (one gevent worker) on
loopback, opens N Server-Sent Events streams on one table (lean raw-socket
clients), then posts moves one by one; for every move and every client it
measures the time from the move's 201 response to that client receiving the
version. Prints p50, p99 and the worst delay. Target: p99 <= 250 ms with 1,000
clients.
"""

from gevent import monkey

monkey.patch_all()

import argparse  # noqa: E402
import os  # noqa: E402
import re  # noqa: E402
import socket  # noqa: E402
import statistics  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402
from urllib.parse import urlsplit  # noqa: E402

import gevent  # noqa: E402

from bench.http import Client, record_games, start_server  # noqa: E402
from companion.store.embedded import EmbeddedRedis  # noqa: E402

VERSION = re.compile(rb"id: (\d+)\n")


def listen(base: str, sid: str, arrivals: dict[int, list[float]], ready: list[int]) -> None:
    parts = urlsplit(base)
    sock = socket.create_connection((parts.hostname, parts.port), timeout=120)
    sock.sendall(f"GET /api/v1/sessions/{sid}/events HTTP/1.1\r\nHost: bench\r\n"
                 "Accept: text/event-stream\r\n\r\n".encode())
    buffer = b""
    first = True
    while True:
        chunk = sock.recv(65536)
        if not chunk:
            return
        now = time.perf_counter()
        buffer += chunk
        for match in VERSION.finditer(buffer):
            version = int(match.group(1))
            if first:
                ready.append(version)
                first = False
            else:
                arrivals.setdefault(version, []).append(now)
        buffer = buffer[buffer.rfind(b"\n") + 1:]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=1000)
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--gap", type=float, default=0.5, help="seconds between moves")
    args = parser.parse_args(argv)
    game = record_games(1)[0]
    # every bench client comes from 127.0.0.1: lift the per-address and per-worker stream
    # caps (SSE_MAX_PER_CLIENT would refuse all but the first few with 429)
    os.environ.update(SSE_MAX_PER_CLIENT=str(args.clients + 10),
                      SSE_MAX_STREAMS=str(args.clients + 10),
                      SSE_SEAT_RESERVE="0",  # its clients follow the public stream
                      SSE_MAX_PER_SESSION=str(args.clients + 10),
                      MAX_CONNECTIONS_PER_CLIENT=str(args.clients + 10))
    redis_server = EmbeddedRedis(Path(tempfile.mkdtemp()) / "redis").start()
    proc, base = start_server(redis_server.url, workers=1)
    try:
        client = Client(base)
        sid, tokens = client.open_table(game)
        arrivals: dict[int, list[float]] = {}
        ready: list[int] = []
        listeners = [gevent.spawn(listen, base, sid, arrivals, ready)
                     for _ in range(args.clients)]
        started = time.monotonic()
        deadline = started + 90
        while len(ready) < args.clients and time.monotonic() < deadline:
            gevent.sleep(0.5)
        print(f"connected in {time.monotonic() - started:.1f} s")
        print(f"{len(ready)} of {args.clients} clients connected")
        sent: dict[int, float] = {}
        for seat, move in game["moves"][: args.moves]:
            reply = client.post(f"/sessions/{sid}/moves", tokens[seat], move)
            sent[reply.json()["version"]] = time.perf_counter()
            gevent.sleep(args.gap)
        gevent.sleep(2)
        delays = sorted(1000 * (t - sent[v]) for v, times in arrivals.items() if v in sent
                        for t in times)
        expected = len(sent) * args.clients  # a client that never connected missed them all
        p99 = delays[max(0, int(len(delays) * 0.99) - 1)] if delays else float("nan")
        print(f"deliveries: {len(delays)} of {expected} expected")
        print(f"delay from 201 to arrival: p50 {statistics.median(delays):.1f} ms, "
              f"p99 {p99:.1f} ms, max {delays[-1]:.1f} ms")
        print(f"target: p99 <= 250 ms with {args.clients} clients: "
              f"{'met' if p99 <= 250 and len(delays) == expected else 'NOT met'}")
        gevent.killall(listeners, block=False)
    finally:
        proc.terminate()  # graceful shutdown waits for open streams: cut it short
        try:
            proc.wait(5)
        except Exception:
            proc.kill()
            proc.wait(5)
        redis_server.stop()


if __name__ == "__main__":
    main()

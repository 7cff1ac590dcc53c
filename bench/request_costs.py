"""What every request pays besides its own work, before and after the work that trimmed it.

    python -m bench.request_costs [--n 20000]

Under gevent's monkey-patching, as a worker runs, each pair measured one after the other
in this process (the old way first), µs per call and new ÷ old:

- the pool's zero-timeout "data left unread?" check before every Redis command
  (gevent's cooperative poll, then the system's: companion/store/readiness.py);
- the request's log line (json.dumps, then orjson: companion/observability.py);
- the request's two metric series (``labels()`` on every request, then made once);
- the ``Date`` header (``email.utils.formatdate`` per answer, then once a second:
  companion/worker.py);
- gunicorn's own cycle for a move's request on a kept-alive loopback connection: its
  settings through ``Config.__getattr__`` and the headers and body in two sends (each
  ``sendall`` asking ``SO_SNDBUF`` first), then the settings read once per worker and
  the headers sent with the body in one ``send`` (companion/worker.py, fourth round).
"""

from gevent import monkey

monkey.patch_all()

import argparse  # noqa: E402
import json  # noqa: E402
import logging  # noqa: E402
import os  # noqa: E402
import select  # noqa: E402
import socket  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402
from typing import Any  # noqa: E402

os.environ.setdefault("PROMETHEUS_MULTIPROC_DIR", tempfile.mkdtemp())  # as workers run

from gunicorn import http, util  # noqa: E402
from gunicorn.config import Config  # noqa: E402
from gunicorn.http import wsgi  # noqa: E402

from companion import observability, worker  # noqa: E402


def per_call(fn: Callable[[], Any], n: int) -> float:
    started = time.perf_counter()
    for _ in range(n):
        fn()
    return (time.perf_counter() - started) / n * 1e6


MOVE = (b"POST /api/v1/sessions/0123456789abcdef/moves HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        b"Authorization: Bearer " + b"t" * 43 + b"\r\nIdempotency-Key: " + b"k" * 22 +
        b"\r\nContent-Type: application/json\r\nContent-Length: 40\r\n\r\n" +
        b'{"type":"place","tile":"t12","at":[3,4]}')
ANSWER = b'{"version": 12, "events": []}' + b" " * 6000  # about a move's answer


def gunicorn_cycle(cfg: Any, response: type) -> Callable[[], None]:
    """gunicorn's own work for one request on a kept-alive loopback TCP connection: the
    request parsed, its environ made, a 201 of a move's size written and closed (the
    client's reads of it included: the same for both but for the sends' count)."""
    listener = socket.create_server(("127.0.0.1", 0))
    client = socket.create_connection(listener.getsockname())
    server, addr = listener.accept()
    listener.close()
    for end in (client, server):  # as gunicorn's listening socket, which server inherits
        end.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    parser = http.get_parser(cfg, server, addr)
    length = None

    def one() -> None:
        nonlocal length
        client.sendall(MOVE)
        req = next(parser)
        req.body.read()
        resp, _environ = wsgi.create(req, server, addr, ("127.0.0.1", 8000), cfg,
                                     response_class=response)
        resp.start_response("201 CREATED", [("Content-Type", "application/json"),
                                            ("Content-Length", str(len(ANSWER)))])
        resp.write(ANSWER)
        resp.close()
        got = client.recv(65536)
        if length is None:  # the same answer each time: its length on the wire
            while not got.endswith(ANSWER):
                got += client.recv(65536)
            length = len(got)
        while len(got) < length:
            got += client.recv(65536)

    return one


def pairs() -> list[tuple[str, Callable[[], Any], Callable[[], Any]]]:
    a, _b = socket.socketpair()
    system_poll = monkey.get_original("select", "poll")

    def cooperative() -> bool:
        poller = select.poll()
        poller.register(a, select.POLLIN)
        return bool(poller.poll(0))

    def system() -> bool:
        poller = system_poll()
        poller.register(a, select.POLLIN)
        return bool(poller.poll(0))

    fields = {"request_id": "ab" * 16, "method": "POST", "route": "/api/v1/sessions/<sid>/moves",
              "path": "/api/v1/sessions/0123456789abcdef/moves", "status": 201, "ms": 2.31}
    record = logging.LogRecord("companion.requests", logging.INFO, __file__, 1, "request",
                               None, None)
    record.fields = fields
    formatter = observability.JsonFormatter()

    def json_line() -> str:
        body = {"ts": round(record.created, 3), "level": record.levelname,
                "logger": record.name, "msg": record.getMessage(), **fields}
        return json.dumps(body)

    route = "/api/v1/sessions/<sid>/moves"

    def labelled() -> None:
        observability.REQUESTS.labels(route, "POST", "201").inc()
        observability.LATENCY.labels(route).observe(0.003)

    def cached() -> None:
        observability._observe(route, "POST", 201, 0.003)

    once = worker.date_once_a_second(util.http_date)
    return [("Redis pool check, zero timeout", cooperative, system),
            ("request log line", json_line, lambda: formatter.format(record)),
            ("request metrics", labelled, cached),
            ("Date header", util.http_date, once),
            ("gunicorn's request cycle (settings read once, headers sent with the body)",
             gunicorn_cycle(Config(), wsgi.Response),
             gunicorn_cycle(worker.Settled(Config()), worker.OneSendResponse))]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--n", type=int, default=20_000)
    args = parser.parse_args(argv)
    print("| per request | before, µs | after, µs | after ÷ before |\n| --- | --- | --- | --- |")
    for name, old, new in pairs():
        per_call(old, 1000)
        per_call(new, 1000)  # warm both
        before, after = per_call(old, args.n), per_call(new, args.n)
        print(f"| {name} | {before:.2f} | {after:.2f} | {after / before:.2f} |")


if __name__ == "__main__":
    main()

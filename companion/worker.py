"""gunicorn's gevent worker with bounds of its own: connections per client address
until their first request has arrived, and deadlines for a request's line and
headers and for its body.

gunicorn's async worker reads each request under ``timeout_ctx()`` (gevent's
``Timeout(keepalive)``) and takes any number of connections from one address, up
to ``worker_connections`` for the whole worker: 4,000 slow-header
connections from a few addresses kept the table's moves waiting.
Here an address past ``MAX_CONNECTIONS_PER_CLIENT`` connections that have not yet
delivered a whole request is answered 429 at once and closed; a request line and
headers not complete within ``HEADER_TIMEOUT`` seconds, or a body not complete
within ``BODY_TIMEOUT``, end the connection, however slowly the bytes trickle.

Once its first request has arrived a connection no longer counts against its
address: what it asks for is bounded by the app (streams per seat token and per
session, rate limits), and between requests it is bounded by the header deadline.
A café's phones behind one address hold hundreds of streams and keep-alive
connections; a stranger's connections that never finish a request are the ones
an address is limited in. Behind a trusted proxy (``TRUSTED_PROXIES``) every
connection comes from the proxy, which bounds its clients' unfinished requests
itself, so the count per peer is not kept there.
"""

from __future__ import annotations

import errno
import io
import socket
import time
from collections import Counter
from collections.abc import Callable
from typing import Any, cast

import gevent
from gunicorn import util
from gunicorn.config import Config
from gunicorn.http import wsgi
from gunicorn.workers.ggevent import GeventWorker

from companion import config, serving
from companion.games import messages

#: a refused client gets this long to take the answer before its socket is closed
REFUSAL_LINGER = 1.0
#: the wait a refused client is told (Retry-After): a slot frees when any of its
#: other connections ends, the slowest at HEADER_TIMEOUT
RETRY_AFTER = 1


class CappedWorker(GeventWorker):
    """``companion serve``'s and ``deploy/gunicorn.conf.py``'s worker class."""

    def init_process(self) -> None:
        settings = config.from_env()
        # behind a proxy every peer is the proxy: no count per peer (module docstring)
        self.per_client: int = (0 if settings["TRUSTED_PROXIES"]
                                else settings["MAX_CONNECTIONS_PER_CLIENT"])
        self.header_timeout: float = settings["HEADER_TIMEOUT"]
        self.body_timeout: float = settings["BODY_TIMEOUT"]
        # the most of a body read ahead under the deadline: anything longer is refused
        # by the app (413) before it reads it
        self.body_ahead: int = max(settings["MAX_CONTENT_LENGTH"],
                                   settings["MAX_IMPORT_BYTES"]) + 1
        self.open_from: Counter[str] = Counter()  # one process, one hub: no lock needed
        # connections whose first request has not arrived yet, and their address
        self.unproven: dict[socket.socket, str] = {}
        #: connections waiting for their next request (kept alive, idle), and the
        #: timeout each waits under: ended at once when the worker stops
        self.idle: dict[Any, gevent.Timeout] = {}
        util.http_date = date_once_a_second(util.http_date)
        # what gunicorn asks of every request, made cheaper in this process
        self.cfg = cast(Config, Settled(self.cfg))  # read as a Config is, by attribute
        wsgi.Response = OneSendResponse  # type: ignore[misc]  # what wsgi.create makes
        super().init_process()

    def timeout_ctx(self) -> Any:
        """Bounds reading one request's line and headers (the first of a connection
        too): a client that has not sent them all by then is cut, not waited for."""
        return Waiting(self, gevent.Timeout(self.header_timeout if self.alive else 1.0,
                                            False))

    def handle_exit(self, sig: Any, frame: Any) -> None:
        """SIGTERM (a stop, a restart, an upgrade): gunicorn stops accepting and waits
        ``graceful_timeout`` for open connections, which live streams and idle
        kept-alive connections never close by themselves: the stop took the whole
        10 s and then cut the streams. Here each stream is told to reconnect (it
        resumes with Last-Event-ID on whichever instance answers) and idle
        connections are closed, so the worker exits as soon as its requests in flight
        are answered."""
        super().handle_exit(sig, frame)
        gevent.spawn(self.wind_down)  # out of the signal handler: it takes locks

    def wind_down(self) -> None:
        companion = getattr(self.wsgi, "extensions", {}).get("companion")
        if companion is not None:
            companion.close_streams()
        loop = gevent.get_hub().loop
        for glet, timeout in list(self.idle.items()):
            # from the loop (a throw from this greenlet would never switch back to it)
            loop.run_callback(self.end_wait, glet, timeout)

    def end_wait(self, glet: Any, timeout: gevent.Timeout) -> None:
        """End a connection's wait for its next request as its own deadline would (the
        connection is closed), if it still waits: one that got a request meanwhile
        is answered."""
        if self.idle.get(glet) is timeout:
            glet.throw(timeout)

    def handle(self, listener: Any, client: socket.socket, addr: Any) -> None:
        if not self.per_client:
            super().handle(listener, client, addr)
            return
        peer = addr[0] if isinstance(addr, tuple) else str(addr)  # unix socket: ''
        if self.open_from[peer] >= self.per_client:
            refuse(client)
            return
        self.open_from[peer] += 1
        self.unproven[client] = peer
        try:
            super().handle(listener, client, addr)
        finally:
            self._proven(client)

    def _proven(self, client: socket.socket) -> None:
        """The connection's first request has arrived (or it ended): its address's
        count no longer holds it."""
        peer = self.unproven.pop(client, None)
        if peer is None:
            return
        self.open_from[peer] -= 1
        if not self.open_from[peer]:
            del self.open_from[peer]  # the counter holds open addresses only

    def handle_request(self, listener_name: Any, req: Any, sock: socket.socket,
                       addr: Any) -> bool:
        """The request's body is read within BODY_TIMEOUT before the app is called;
        only then does the connection stop counting against its address."""
        if not read_ahead(req, sock, self.body_timeout, self.body_ahead):
            body_timed_out(sock)
            raise StopIteration()  # where the next request would begin is unknown
        self._proven(sock)
        return bool(super().handle_request(listener_name, req, sock, addr))


def read_ahead(req: Any, sock: socket.socket, seconds: float, most: int) -> bool:
    """Read the request's body (up to ``most`` bytes) within ``seconds``, into the
    body's own buffer, where the app's reads find it; False when it did not arrive in
    time. gunicorn reads a body only as the app asks, with no deadline: a client
    sending a byte a second held a connection (and a greenlet) for as long as it
    liked, before any of the app's bounds could see it."""
    body = getattr(req, "body", None)
    length = getattr(getattr(body, "reader", None), "length", None)  # None: chunked
    if body is None or length == 0:
        return True
    if length is not None and length >= most:
        return True  # refused unread by the app (413); the drain has the header deadline
    got = bytearray()
    with gevent.Timeout(seconds, False):
        if getattr(req, "_expected_100_continue", False):
            # the client waits for this before it sends the body; said here, not again
            send(sock, b"HTTP/1.1 100 Continue\r\n\r\n")
            req._expected_100_continue = False
        while len(got) < most:
            chunk = body.read(min(65536, most - len(got)))
            if not chunk:
                break
            got += chunk
        body.buf = io.BytesIO()
        body.buf.write(bytes(got))  # gunicorn's Body serves its buffer first
        return True
    return False


def body_timed_out(sock: socket.socket) -> None:
    """408, and the connection closed: the body did not arrive within BODY_TIMEOUT."""
    detail = messages.render("session.body_timeout", {}, "en")
    refuse(sock, serving.raw_problem(408, "Request Timeout", "body_timeout", detail))


class Waiting:
    """The wait for a connection's next request, registered with the worker while it
    lasts (``CappedWorker.wind_down`` ends it early)."""

    def __init__(self, worker: CappedWorker, timeout: gevent.Timeout) -> None:
        self.worker, self.timeout = worker, timeout

    def __enter__(self) -> None:
        self.worker.idle[gevent.getcurrent()] = self.timeout
        self.timeout.__enter__()

    def __exit__(self, *exc: Any) -> bool:
        self.worker.idle.pop(gevent.getcurrent(), None)
        return bool(self.timeout.__exit__(*exc))


def date_once_a_second(http_date: Callable[..., str]) -> Callable[..., str]:
    """gunicorn writes every answer's ``Date`` header with ``email.utils.formatdate``
    (about 8 µs, on every response of every phone): made once a second instead, as
    nginx does. A given timestamp is formatted as before."""
    second: int | None = None
    made = ""

    def cached(timestamp: float | None = None) -> str:
        nonlocal second, made
        if timestamp is not None:
            return http_date(timestamp)
        now = int(time.time())
        if second != now:
            second, made = now, http_date(now)
        return made

    return cached


class Settled:
    """gunicorn's settings read once per worker. Its ``Config`` resolves each attribute
    through ``__getattr__`` and the setting's ``get()`` (~3 % of a worker's CPU at the
    table bench, read dozens of times a request); a worker's settings do not change
    after the fork (a reload forks new workers), so here they are plain attributes.
    Whatever else the ``Config`` has (its properties, its methods) is asked of it."""

    #: properties gunicorn reads per request or per connection, resolved once too
    PROPERTIES = ("is_ssl", "sendfile")

    def __init__(self, config: Any) -> None:
        kind = type(config)  # a setting a property shadows (worker_class…) is the property's
        self.__dict__.update({name: setting.get() for name, setting in config.settings.items()
                              if not isinstance(getattr(kind, name, None), property)})
        self.__dict__.update({name: getattr(config, name) for name in self.PROPERTIES})
        self.__dict__["_of"] = config  # ("config" is a setting: the file)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.__dict__["_of"], name)


def send(sock: socket.socket, data: bytes) -> None:
    """``sock.sendall`` without the ``getsockopt(SO_SNDBUF)`` system call gevent's
    ``sendall`` makes on every call to size its chunks (it sends at least 1 MiB a
    chunk, far more than any answer or frame here): one ``send``, and ``sendall`` for
    whatever the kernel did not take at once."""
    sent = sock.send(data)
    if sent < len(data):
        sock.sendall(memoryview(data)[sent:])


class OneSendResponse(wsgi.Response):
    """gunicorn's answer with its status line and headers put on the wire together with
    the first body bytes, in one ``send`` (gunicorn makes two: a second system call per
    answer, and a second TCP segment for the phone to wait for). Deferred within one
    ``write`` only: when ``write`` returns the headers are sent, whatever it wrote (an
    answer without a body, an empty chunk), so every other path of gunicorn's
    (``close``, ``sendfile``) finds them sent as before."""

    _writing = False
    _head = b""

    def send_headers(self) -> None:
        if self.headers_sent:
            return
        lines = self.default_headers()
        lines.extend([f"{k}: {v}\r\n" for k, v in self.headers])  # gunicorn's own lines
        head = ("".join(lines) + "\r\n").encode("latin-1")
        self.headers_sent = True
        if self._writing:
            self._head = head
        else:
            send(self.sock, head)

    def write(self, arg: bytes) -> None:
        try:
            self._write(arg)
        except TimeoutError as err:  # a live stream's send deadline (api/stream.py)
            raise BrokenPipeError(errno.EPIPE, "the client stopped reading") from err

    def _write(self, arg: bytes) -> None:
        if self.headers_sent:
            super().write(arg)
            return
        self._writing = True
        try:
            super().write(arg)
        finally:
            self._writing = False
            head, self._head = self._head, b""
            if head:  # nothing was emitted with them
                send(self.sock, head)

    def _emit_body(self, data: bytes) -> None:
        if self.chunked:  # util.write_chunk's framing
            data = b"%X\r\n%s\r\n" % (len(data), data)
        head, self._head = self._head, b""
        send(self.sock, head + data if head else data)


def refusal() -> bytes:
    """The 429 answer. The request was never read (that is the point), so its
    language is unknown: English."""
    detail = messages.render("session.too_many_connections", {"retry": RETRY_AFTER}, "en")
    return serving.raw_problem(429, "Too Many Requests", "too_many_connections", detail,
                               {"Retry-After": str(RETRY_AFTER)})


def refuse(client: socket.socket, answer: bytes | None = None) -> None:
    """Answer (429 unless told otherwise) and close, within REFUSAL_LINGER. The
    client's request is drained (not parsed) until it closes too: closing with unread
    bytes would send a reset that can destroy the answer before the client reads it."""
    with gevent.Timeout(REFUSAL_LINGER, False):
        try:
            client.sendall(refusal() if answer is None else answer)
            client.shutdown(socket.SHUT_WR)
            while client.recv(4096):
                pass
        except OSError:
            pass  # the client is gone already: nothing to tell it
    client.close()

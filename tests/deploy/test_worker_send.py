"""What a worker changes of gunicorn's per-request work (companion/worker.py):
its settings read once, and an answer's headers sent with its first body bytes.

Each answer is written by gunicorn's own ``Response`` and by ``OneSendResponse`` for the
same parsed request: the bytes on the wire must be the same, in fewer sends."""

from __future__ import annotations

import socket

import pytest
from gunicorn import http
from gunicorn.config import Config
from gunicorn.http import wsgi

from companion import worker


class Wire:
    """A socket's writing side that records each send (and may take only part)."""

    def __init__(self, takes: int | None = None) -> None:
        self.sends: list[bytes] = []
        self.takes = takes

    def send(self, data: bytes) -> int:
        data = bytes(data)[: self.takes] if self.takes else bytes(data)
        self.sends.append(data)
        return len(data)

    def sendall(self, data: bytes) -> None:
        self.sends.append(bytes(data))

    @property
    def bytes(self) -> bytes:
        return b"".join(self.sends)


def parsed(raw: bytes, cfg: Config) -> object:
    """A request as gunicorn's parser reads it off a socket."""
    ours, theirs = socket.socketpair()
    with ours, theirs:
        theirs.sendall(raw)
        theirs.shutdown(socket.SHUT_WR)
        return next(http.get_parser(cfg, ours, ("127.0.0.1", 5000)))


GET = b"GET /x HTTP/1.1\r\nHost: t\r\n\r\n"
HEAD = b"HEAD /x HTTP/1.1\r\nHost: t\r\n\r\n"
OLD = b"GET /x HTTP/1.0\r\nHost: t\r\n\r\n"

ANSWERS = {  # request, status, headers, body chunks
    "an answer of known length": (GET, "201 CREATED", [("Content-Length", "11")],
                                  [b"hello world"]),
    "a stream (chunked)": (GET, "200 OK", [("Content-Type", "text/event-stream")],
                           [b"retry: 2000\n\n", b"", b"id: 1\n\n", b"id: 2\n\n"]),
    "no body at all": (GET, "204 NO CONTENT", [], []),
    "an empty body": (GET, "200 OK", [("Content-Length", "0")], [b""]),
    "HEAD: a body to drop": (HEAD, "200 OK", [("Content-Length", "5")], [b"hello"]),
    "more body than its length": (GET, "200 OK", [("Content-Length", "3")],
                                  [b"hello", b"more"]),
    "HTTP/1.0, no length": (OLD, "200 OK", [], [b"a", b"b"]),
}


def answered(cls: type, raw: bytes, status: str, headers: list, chunks: list,
             wire: Wire) -> None:
    cfg = Config()
    resp = cls(parsed(raw, cfg), wire, cfg)
    resp.start_response(status, list(headers))
    for chunk in chunks:
        resp.write(chunk)
    resp.close()


@pytest.mark.parametrize("case", ANSWERS)
def test_an_answer_is_the_same_bytes_in_fewer_sends(case, monkeypatch):
    monkeypatch.setattr(wsgi.util, "http_date", lambda *a: "Tue, 01 Dec 2026 00:00:00 GMT")
    theirs, ours = Wire(), Wire()
    answered(wsgi.Response, *ANSWERS[case], theirs)
    answered(worker.OneSendResponse, *ANSWERS[case], ours)
    assert ours.bytes == theirs.bytes
    head = theirs.sends[0]
    assert head.endswith(b"\r\n\r\n") and ours.sends[0].startswith(head)
    if len(theirs.sends) > 1:  # a body followed the headers: it went with them
        assert len(ours.sends) == len(theirs.sends) - 1
        assert ours.sends[0] == head + theirs.sends[1]
    else:
        assert ours.sends == theirs.sends


def test_what_the_kernel_does_not_take_at_once_is_sent_after():
    wire = Wire(takes=4)
    worker.send(wire, b"0123456789")  # type: ignore[arg-type]
    assert wire.sends == [b"0123", b"456789"]
    whole = Wire()
    worker.send(whole, b"0123456789")  # type: ignore[arg-type]
    assert whole.sends == [b"0123456789"]


def test_the_settled_settings_are_gunicorns():
    cfg = Config()
    cfg.set("keepalive", 7)
    cfg.set("forwarded_allow_ips", "127.0.0.1,10.0.0.0/8")
    settled = worker.Settled(cfg)
    for name in cfg.settings:
        assert getattr(settled, name) == getattr(cfg, name), name
    assert settled.keepalive == 7 and "keepalive" in vars(settled)
    assert settled.is_ssl == cfg.is_ssl and settled.sendfile == cfg.sendfile
    # what is not a setting is asked of the Config: its properties and methods
    assert settled.worker_class_str == cfg.worker_class_str
    assert [str(n) for n in settled.forwarded_allow_networks()] == ["127.0.0.1/32",
                                                                    "10.0.0.0/8"]
    with pytest.raises(AttributeError):
        settled.no_such_setting  # noqa: B018

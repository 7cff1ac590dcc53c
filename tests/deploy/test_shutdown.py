"""SIGTERM to the real serving stack (gunicorn, gevent workers) while a table is
watched: every stream is told to reconnect instead of being cut, idle kept-alive
connections do not hold the stop, and the process is gone well before gunicorn's
graceful timeout (10 s, what every stop took while streams were open)."""

from __future__ import annotations

import socket
import time

from tests.api.client import Api
from tests.api.serving import Served
from tests.api.sse import Stream


def test_sigterm_tells_every_stream_to_reconnect_and_stops_quickly(tmp_path):
    served = Served(tmp_path / "instance")
    try:
        api = Api(served.url)
        table = api.table(2)
        base = f"{served.url}/api/v1/sessions/{table['sid']}"
        streams = [Stream(f"{base}/events"), Stream(f"{base}/events"),
                   Stream(f"{base}/me/events", token=table["tokens"][0])]
        for stream in streams:
            assert stream.next(timeout=20)["event"] == "version"
        idle = socket.create_connection(("127.0.0.1", served.port), timeout=20)
        idle.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        assert b" 200 " in idle.recv(4096)  # and then kept alive, asking nothing more
        started = time.monotonic()
        served.proc.terminate()
        served.proc.wait(30)
        stopped = time.monotonic() - started
    finally:
        served.stop()
    for stream in streams:
        stream.thread.join(10)
        events = []
        while not stream.events.empty():
            events.append(stream.events.get())
        assert events and events[-1]["event"] == "reconnect", events
        assert 1000 <= int(events[-1]["retry"]) <= 4000
    assert idle.recv(4096) == b""  # closed by the server, not left hanging
    idle.close()
    print(f"stopped {stopped:.1f} s after SIGTERM")
    assert stopped < 7.0  # the graceful timeout (10 s) was never waited out

"""gunicorn as deployed (``deploy/gunicorn.conf.py``, its access log turned on) while a
table is watched, then SIGTERM: every stream is told to reconnect instead of being
cut, an idle kept-alive connection does not hold the stop, and the process is gone
well before gunicorn's graceful timeout (10 s, what every stop took while streams
were open). Every line it wrote, gunicorn's own included, is one JSON object, and an
access line carries the request's id."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time

import requests

from tests.api.client import Api
from tests.api.serving import free_port
from tests.api.sse import Stream

from .test_deploy_files import ROOT

GUNICORN_TEXT = re.compile(r"^\[\d{4}-\d\d-\d\d [^\]]*\] \[\d+\] \[[A-Z]+\] ")


def test_sigterm_tells_every_stream_to_reconnect_stops_quickly_and_logs_json(tmp_path):
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    env = {**os.environ, "PORT": str(port), "HOST": "127.0.0.1", "WEB_CONCURRENCY": "1",
           "COMPANION_INSTANCE_PATH": str(tmp_path / "instance"), "PUBLIC_URL": url,
           "RATE_LIMIT_JOIN": "1000 per minute"}
    env.pop("REDIS_URL", None)  # the embedded Redis, started by the master
    out, err = tmp_path / "stdout", tmp_path / "stderr"
    with out.open("wb") as stdout, err.open("wb") as stderr:
        proc = subprocess.Popen([sys.executable, "-m", "gunicorn", "-c",
                                 "deploy/gunicorn.conf.py", "--access-logfile", "-",
                                 "companion.app:create_app()"],
                                cwd=ROOT, env=env, stdout=stdout, stderr=stderr)
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    probe = requests.get(f"{url}/healthz", timeout=(2, 30),
                                         headers={"X-Request-ID": "probe-42"})
                    break
                except requests.ConnectionError:
                    assert time.monotonic() < deadline and proc.poll() is None, "no start"
                    time.sleep(0.1)
            assert probe.status_code == 200
            api = Api(url)
            table = api.table(2)
            base = f"{url}/api/v1/sessions/{table['sid']}"
            streams = [Stream(f"{base}/events"), Stream(f"{base}/events"),
                       Stream(f"{base}/me/events", token=table["tokens"][0])]
            for stream in streams:
                assert stream.next(timeout=20)["event"] == "version"
            idle = socket.create_connection(("127.0.0.1", port), timeout=20)
            idle.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            assert b" 200 " in idle.recv(4096)  # and then kept alive, asking nothing more
            started = time.monotonic()
            proc.terminate()
            proc.wait(30)
            stopped = time.monotonic() - started
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
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
    # gunicorn waited out its graceful timeout (10 s) before; ~2 s now, with a margin
    # for a loaded machine
    assert stopped < 9.0

    lines = [line for line in (out.read_text() + err.read_text()).splitlines() if line]
    # gunicorn's plain-text format ("[2026-01-01 10:00:00 +0000] [42] [INFO] ...") is gone
    plain = [line for line in lines if GUNICORN_TEXT.match(line)]
    assert not plain, plain
    parsed = [json.loads(line) for line in lines if line.startswith("{")]
    assert all({"ts", "level", "logger", "msg"} <= set(line) for line in parsed)
    gunicorn = {line["msg"].split(":")[0] for line in parsed
                if line["logger"] == "gunicorn.error"}
    assert any(msg.startswith("Booting worker") for msg in gunicorn)
    assert any(msg.startswith("Shutting down") for msg in gunicorn)
    access = [line for line in parsed if line["logger"] == "gunicorn.access"]
    assert ("probe-42", "/healthz", 200) in [(a["request_id"], a["path"], a["status"])
                                             for a in access]
    assert all(a["request_id"] for a in access)  # the app's id, when none was sent
    app = [line for line in parsed if line["logger"] == "companion.requests"]
    assert "probe-42" in [a["request_id"] for a in app]

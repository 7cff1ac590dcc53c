"""The connection caps at the shipped proxy: Debian's nginx runs ``deploy/nginx.conf`` on
loopback in front of the app (only the upstream and the listen address are changed),
and the attacks go through it: slow headers are cut off, a session's public streams
are capped, bursts of new sessions are refused, while a table plays through it."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from pathlib import Path

import pytest
import requests

from tests.api.addresses import Timed, session_from
from tests.api.client import Api
from tests.api.serving import free_port
from tests.conftest import LiveServer, make_app

from .test_deploy_files import DEPLOY

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


class Nginx:
    def __init__(self, prefix: Path, upstream: int) -> None:
        self.port = free_port()
        conf = (DEPLOY / "nginx.conf").read_text()
        conf = conf.replace("server app1:8000;\n    server app2:8000;",
                            f"server 127.0.0.1:{upstream};")
        conf = conf.replace("listen 80;", f"listen 127.0.0.1:{self.port};")
        assert f"127.0.0.1:{upstream}" in conf and f":{self.port};" in conf
        (prefix / "logs").mkdir(parents=True)
        (prefix / "nginx.conf").write_text(conf)
        self.proc = subprocess.Popen(
            [NGINX, "-p", str(prefix), "-c", str(prefix / "nginx.conf"), "-g",
             f"daemon off; master_process off; pid {prefix}/nginx.pid; "
             f"error_log {prefix}/logs/error.log;"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.url = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                requests.get(f"{self.url}/healthz", timeout=1)
                return
            except requests.RequestException:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError("nginx did not start")

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(10)


@pytest.fixture
def proxied(clean_redis, tmp_path):
    live = LiveServer(make_app(clean_redis, tmp_path / "app", TRUSTED_PROXIES=1,
                               SSE_MAX_PER_CLIENT=1000))
    nginx = Nginx(tmp_path / "nginx", live.server.server_port)
    yield nginx
    nginx.stop()
    live.stop()


def _slow(port: int, source: str) -> socket.socket:
    s = socket.create_connection(("127.0.0.1", port), timeout=30, source_address=(source, 0))
    s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")  # and the rest never comes
    return s


def test_slow_headers_are_cut_off_while_a_table_plays(proxied):
    api, timed = Api(proxied.url), Timed()
    table = api.table(2)
    slow = [_slow(proxied.port, f"127.0.0.{2 + i % 20}") for i in range(200)]
    started = time.monotonic()
    move = {"type": "play_nature", "terrain": "forest", "at": [0, 0]}
    for _ in range(10):
        timed.call(api.post, f"/sessions/{table['sid']}/moves", table["tokens"][0], json=move)
        timed.call(api.post, f"/sessions/{table['sid']}/undo", table["host"], json={})
    closed = 0
    for s in slow:  # nginx ends each at client_header_timeout (10 s): 408 or a close
        try:
            answer = s.recv(4096)
        except TimeoutError:
            answer = b"timeout"
        closed += answer == b"" or b" 408 " in answer
        s.close()
    waited = time.monotonic() - started
    print(f"200 slow-header connections: {closed} cut off after {waited:.1f} s; table "
          f"{timed.ok():.0%}, median {timed.median_ms:.0f} ms")
    assert closed == 200 and waited < 25
    assert timed.ok() == 1.0 and timed.median_ms < 500


def test_streams_are_counted_per_session_and_creation_bursts_refused(proxied):
    """One address's public streams of one session stop at the app's budget per session
    (the forwarded client is counted, never the proxy), not at a cap per address: the
    same address streams another session; nginx's own cap per address (400) is sized
    for a venue of 30 tables and is not reached here."""
    api = Api(proxied.url)
    sid, other_sid = api.table(2)["sid"], api.table(2)["sid"]
    streams, statuses = [], []
    for _ in range(20):
        s = socket.create_connection(("127.0.0.1", proxied.port), timeout=10,
                                     source_address=("127.0.0.30", 0))
        s.sendall(f"GET /api/v1/sessions/{sid}/events HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        statuses.append(int(s.recv(4096).split(b" ", 2)[1]))
        streams.append(s)
    assert statuses.count(200) == 16 and statuses.count(429) == 4
    refused = session_from("127.0.0.30").get(f"{proxied.url}/api/v1/sessions/{sid}/events",
                                             timeout=10)
    assert refused.status_code == 429 and refused.json()["code"] == "too_many_streams"
    assert "16 public" in refused.json()["detail"]
    # the same address streams another session
    other = session_from("127.0.0.30").get(
        f"{proxied.url}/api/v1/sessions/{other_sid}/events", stream=True, timeout=10)
    assert other.status_code == 200
    other.close()
    for s in streams:
        s.close()
    # new sessions from one address: a burst of 30 beyond the rate, then 429
    burst = session_from("127.0.0.32")
    made = [burst.post(f"{proxied.url}/api/v1/sessions", json={"game": "gaia"},
                       timeout=10).status_code for _ in range(40)]
    assert made.count(201) >= 31 and made.count(429) >= 4 and set(made) == {201, 429}
    assert session_from("127.0.0.33").post(f"{proxied.url}/api/v1/sessions",
                                           json={"game": "gaia"}, timeout=10).ok

"""The embedded Redis is supervised by the serving process tree: kill -9 it under
load and the service is ready again within seconds, with nothing acknowledged lost."""

from __future__ import annotations

import os
import signal
import threading
import time
import uuid

import requests

from tests.api.client import Api
from tests.api.serving import Served
from tests.store.test_faults import open_table


def _ready(url: str) -> int:
    try:
        return requests.get(f"{url}/readyz", timeout=2).status_code
    except requests.RequestException:
        return 0


def test_killed_embedded_redis_is_restarted_with_its_data(tmp_path):
    served = Served(tmp_path / "instance", RATE_LIMIT_CREATE="1000 per minute",
                    RATE_LIMIT_JOIN="1000 per minute")
    try:
        api = Api(served.url)
        tables = [open_table(api, seed) for seed in (4, 6)]
        acked: dict[str, list[int]] = {sid: [] for sid, _, _ in tables}
        refusals: list[requests.Response] = []
        lock = threading.Lock()

        def play(sid: str, tokens: list[str], moves: list) -> None:
            client = Api(served.url)
            for seat, move in moves:
                key = str(uuid.uuid4())
                for _ in range(600):
                    try:
                        r = client.post(f"/sessions/{sid}/moves", tokens[seat], json=move,
                                        headers={"Idempotency-Key": key})
                    except requests.RequestException:
                        time.sleep(0.05)
                        continue
                    if r.status_code == 503:
                        with lock:
                            refusals.append(r)
                        time.sleep(0.05)
                        continue
                    assert r.status_code == 201, (move, r.text)
                    with lock:
                        acked[sid].append(r.json()["version"])
                    break
                else:
                    raise AssertionError("a move never went through")

        threads = [threading.Thread(target=play, args=t) for t in tables]
        for th in threads:
            th.start()
        time.sleep(0.5)
        pidfile = tmp_path / "instance" / "redis.pid"
        old = int(pidfile.read_text())
        os.kill(old, signal.SIGKILL)  # a crash, mid-load
        killed = time.monotonic()
        while _ready(served.url) == 200 and time.monotonic() - killed < 2:
            time.sleep(0.02)  # until the service notices
        down = _ready(served.url)
        while _ready(served.url) != 200:
            assert time.monotonic() - killed < 10, "the service did not come back in 10 s"
            time.sleep(0.1)
        back = time.monotonic() - killed
        print(f"ready again {back:.2f} s after kill -9 (503s seen by movers: {len(refusals)})")
        assert down != 200 or back < 2
        assert int(pidfile.read_text()) != old  # a new server process
        for th in threads:
            th.join(120)
        assert all(r.headers.get("Retry-After") for r in refusals)
        for sid, _, moves in tables:
            log = api.get(f"/sessions/{sid}/moves").json()["entries"]
            entries = [e for e in log if e["kind"] == "move"]
            # every acknowledged move is there exactly once, and nothing else
            assert len(entries) == len(moves)
            assert sorted(acked[sid]) == [e["version"] for e in entries]
            assert [e["version"] for e in log] == list(range(1, len(log) + 1))
    finally:
        served.stop()

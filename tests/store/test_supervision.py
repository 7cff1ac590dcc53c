"""The embedded Redis is supervised by the serving process tree: kill -9 it under
load and the service is ready again within seconds, with nothing acknowledged lost."""

from __future__ import annotations

import os
import signal
import time

import requests

from tests.api.client import Api
from tests.api.serving import Served
from tests.store.test_faults import Movers, logged_moves, open_table


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
        movers = Movers(served.url, tables, tries=600)
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
        print(f"ready again {back:.2f} s after kill -9 "
              f"(503s seen by movers: {len(movers.refusals)})")
        assert down != 200 or back < 2
        assert int(pidfile.read_text()) != old  # a new server process
        movers.join()
        assert all(r.headers.get("Retry-After") for r, _ in movers.refusals)
        for sid, _, moves in tables:
            # every acknowledged move is there exactly once, and nothing else
            assert sorted(movers.acked[sid]) == logged_moves(api, sid, moves)
    finally:
        served.stop()


def _wait_ready(url: str, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while _ready(url) != 200:
        assert time.monotonic() < deadline, "the service did not become ready"
        time.sleep(0.1)


def test_an_orphan_redis_is_adopted_and_its_next_crash_recovered(tmp_path):
    """kill -9 of the serve master leaves its Redis running unsupervised; the next
    master adopts it, and restarts it after a crash as it would its own."""
    instance = tmp_path / "instance"
    first = Served(instance)
    api = Api(first.url)
    table = api.table(2)
    orphan = int((instance / "redis.pid").read_text())
    os.kill(first.proc.pid, signal.SIGKILL)  # the master, not its Redis
    first.proc.wait(10)
    second = Served(instance)
    try:
        assert int((instance / "redis.pid").read_text()) == orphan  # adopted, not new
        assert int((instance / "supervisor.pid").read_text()) == second.proc.pid
        os.kill(orphan, signal.SIGKILL)  # the adopted Redis crashes
        deadline = time.monotonic() + 20
        while _ready(second.url) == 200 and time.monotonic() < deadline:
            time.sleep(0.05)  # until the service notices
        _wait_ready(second.url)
        assert int((instance / "redis.pid").read_text()) != orphan
        # the game survived both: the append-only file brought it back
        api = Api(second.url)
        assert api.get(f"/sessions/{table['sid']}").status_code == 200
        r = api.post(f"/sessions/{table['sid']}/moves", table["tokens"][0],
                     json={"type": "play_nature", "terrain": "forest", "at": [0, 0]})
        assert r.status_code == 201, r.text
    finally:
        second.stop()

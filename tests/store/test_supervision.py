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

"""A worker whose live-update listener cannot subscribe (plain pub/sub): its streams are
ended instead of left silent (their screens resume with Last-Event-ID and catch up from
the store), /readyz and the listener gauge say so, and all is live again once it can."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import redis
import requests

from tests.api.client import Api
from tests.conftest import LiveServer, make_app

from .screens import Screen


def until(check: Callable[[], Any], timeout: float = 20.0) -> Any:
    deadline = time.monotonic() + timeout
    while not (value := check()):
        assert time.monotonic() < deadline, "the condition never held"
        time.sleep(0.05)
    return value


def ready(url: str) -> requests.Response:
    return requests.get(f"{url}/readyz", timeout=10)


def gauge(url: str, name: str) -> float | None:
    for line in requests.get(f"{url}/metrics", timeout=10).text.splitlines():
        if line.startswith(name + " ") or line.startswith(name + "{"):
            return float(line.rsplit(" ", 1)[1])
    return None


def move(api: Api, t: dict[str, Any], at: list[int]) -> None:
    r = api.post(f"/sessions/{t['sid']}/moves", t["tokens"][0],
                 json={"type": "play_nature", "terrain": "forest", "at": at})
    assert r.status_code == 201, r.text


def test_a_listener_that_cannot_subscribe_ends_its_streams_and_is_not_ready(
        clean_redis, tmp_path):
    server = LiveServer(make_app(clean_redis, tmp_path))
    admin = redis.Redis.from_url(clean_redis)
    api = Api(server.url)
    t = api.table(2)
    screen = Screen(f"{api.base}/sessions/{t['sid']}/events")
    try:
        until(lambda: screen.version >= 0)
        start = screen.version
        until(lambda: admin.execute_command("PUBSUB NUMPAT") >= 1)  # listening
        assert ready(server.url).status_code == 200
        assert gauge(server.url, "companion_listener_up") == 1
        try:
            # its subscription cut, and a new one refused: writes still work
            admin.execute_command("ACL", "SETUSER", "default", "-psubscribe")
            admin.execute_command("CLIENT", "KILL", "TYPE", "pubsub")
            move(api, t, [0, 0])
            # not left silent: ended, opened again, caught up from the stored log
            assert screen.reached(start + 1, timeout=20) is not None
            assert screen.ends >= 1
            # a list: a 503 response is falsy itself
            refused = until(lambda: [r for r in [ready(server.url)] if r.status_code == 503])[0]
            assert refused.headers["Content-Type"].startswith("application/problem+json")
            assert "Live updates" in refused.json()["detail"]
            assert refused.headers.get("Retry-After")
            assert gauge(server.url, "companion_listener_up") == 0
        finally:
            admin.execute_command("ACL", "SETUSER", "default", "+psubscribe")
        until(lambda: ready(server.url).status_code == 200)
        assert gauge(server.url, "companion_listener_up") == 1
        until(lambda: admin.execute_command("PUBSUB NUMPAT") >= 1)
        move(api, t, [1, 0])  # live again, by the subscription
        assert screen.reached(start + 2, timeout=20) is not None
    finally:
        screen.close()
        server.stop()

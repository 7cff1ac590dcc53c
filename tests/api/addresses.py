"""Clients from several loopback addresses (127.0.0.x): what many strangers look like."""

from __future__ import annotations

import statistics
import time
from typing import Any

import requests
from requests.adapters import HTTPAdapter


class _From(HTTPAdapter):
    def __init__(self, source: str) -> None:
        self.source = source
        super().__init__()

    def init_poolmanager(self, *args: Any, **kwargs: Any) -> None:
        kwargs["source_address"] = (self.source, 0)
        super().init_poolmanager(*args, **kwargs)


def session_from(source: str) -> requests.Session:
    """A requests session whose connections leave from ``source`` (a loopback address)."""
    s = requests.Session()
    s.mount("http://", _From(source))
    return s


def addresses(count: int, first: int = 2) -> list[str]:
    return [f"127.0.0.{first + i}" for i in range(count)]


class Timed:
    """Statuses and latencies of the legitimate table's requests during an attack."""

    def __init__(self) -> None:
        self.statuses: list[int] = []
        self.seconds: list[float] = []
        self.refusals: list[str] = []

    def call(self, fn: Any, *args: Any, **kwargs: Any) -> Any:
        started = time.monotonic()
        r = fn(*args, **kwargs)
        self.seconds.append(time.monotonic() - started)
        self.statuses.append(r.status_code)
        if r.status_code >= 300:
            self.refusals.append(f"{r.status_code} {r.text[:300]}")
        return r

    @property
    def median_ms(self) -> float:
        return statistics.median(self.seconds) * 1000

    def ok(self, status: int = 201) -> float:
        return sum(1 for s in self.statuses if s == status) / max(1, len(self.statuses))

"""A table's screen as a browser runs it: an SSE reader in a background thread that,
like ``EventSource``, opens the stream again with ``Last-Event-ID`` whenever it ends,
and notes when each version arrived (for gaps and catch-up times)."""

from __future__ import annotations

import itertools
import threading
import time

import requests


class Screen:
    def __init__(self, url: str, pause: float = 0.2) -> None:
        self.url, self.pause = url, pause
        self.arrivals: list[tuple[float, int]] = []  # (monotonic time, version)
        self.ends = 0  # the server ended the stream (the reader opened it again)
        self.opened = threading.Event()
        self._closed = threading.Event()
        self._response: requests.Response | None = None
        self._lock = threading.Lock()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    @property
    def version(self) -> int:
        with self._lock:
            return self.arrivals[-1][1] if self.arrivals else -1

    def reached(self, version: int, timeout: float) -> float | None:
        """When (monotonic) ``version`` or later arrived, waiting up to ``timeout``."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self._lock:
                found = next((t for t, v in self.arrivals if v >= version), None)
            if found is not None:
                return found
            time.sleep(0.05)
        return None

    def longest_gap(self, start: float, end: float) -> float:
        """The longest time between versions arriving within [start, end] (the bounds
        count as arrivals: silence right after ``start`` or before ``end`` is a gap)."""
        with self._lock:
            times = [t for t, _ in self.arrivals if start <= t <= end]
        marks = [start, *times, end]
        return max(b - a for a, b in itertools.pairwise(marks))

    def _run(self) -> None:
        while not self._closed.is_set():
            headers = {"Accept": "text/event-stream"}
            if self.version >= 0:
                headers["Last-Event-ID"] = str(self.version)
            try:
                with requests.get(self.url, headers=headers, stream=True,
                                  timeout=(5, 30)) as response:
                    self._response = response
                    if response.status_code == 200:
                        self.opened.set()
                        self._read(response)
                        self.ends += 1
            except (requests.RequestException, ValueError, AttributeError, OSError):
                pass
            self._closed.wait(self.pause)

    def _read(self, response: requests.Response) -> None:
        event_id = None
        for raw in response.iter_lines(decode_unicode=True):
            if self._closed.is_set():
                return
            if raw is None:
                continue
            if raw.startswith("id:"):
                event_id = int(raw[3:].strip())
            elif raw == "" and event_id is not None:
                with self._lock:
                    if not self.arrivals or event_id > self.arrivals[-1][1]:
                        self.arrivals.append((time.monotonic(), event_id))
                event_id = None

    def close(self) -> None:
        self._closed.set()
        response = self._response
        if response is not None:
            response.close()
        self.thread.join(10)

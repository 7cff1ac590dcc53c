"""Reading a Server-Sent Events stream in a background thread."""

from __future__ import annotations

import json
import queue
import threading
from typing import Any

import requests


def opened(url: str, headers: dict[str, str] | None = None,
           params: dict[str, str] | None = None, deadline: float = 10) -> requests.Response:
    """A request to a stream address that is expected to be refused, read with
    ``stream=True``: a refusal's body is read in full (a problem is short), an open stream
    is closed at once with its body unread, so a regression that opens the stream fails
    the test's status check instead of hanging it. ``deadline``: seconds for the answer's
    head."""
    r = requests.get(url, headers={"Accept": "text/event-stream", **(headers or {})},
                     params=params, stream=True, timeout=(5, deadline))
    if r.headers.get("Content-Type", "").startswith("text/event-stream"):
        r.close()
    else:
        r.content  # noqa: B018 - read the refusal's body before the test looks at it
    return r


class Stream:
    """Collects the events of ``url`` into a queue: dicts with id, event, data."""

    def __init__(self, url: str, last_event_id: int | None = None,
                 token: str | None = None) -> None:
        headers = {"Accept": "text/event-stream"}
        if token is not None:  # the per-seat stream: the token in a header, never the URL
            headers["Authorization"] = f"Bearer {token}"
        if last_event_id is not None:
            headers["Last-Event-ID"] = str(last_event_id)
        self.response = requests.get(url, headers=headers, stream=True, timeout=(5, 30))
        self.response.raise_for_status()
        self.events: queue.Queue[dict[str, Any]] = queue.Queue()
        self.comments: list[str] = []
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        event: dict[str, Any] = {}
        try:
            for raw in self.response.iter_lines(decode_unicode=True):
                if raw is None:
                    continue
                if raw == "":
                    if "data" in event:
                        event["data"] = json.loads(event["data"])
                        self.events.put(event)
                    event = {}
                elif raw.startswith(":"):
                    self.comments.append(raw)
                else:
                    field, _, value = raw.partition(":")
                    event[field] = value.lstrip(" ")
        except (requests.RequestException, ValueError, AttributeError):
            pass

    def next(self, timeout: float = 10) -> dict[str, Any]:
        return self.events.get(timeout=timeout)

    def until(self, version: int, timeout: float = 10) -> list[dict[str, Any]]:
        """Events up to and including ``version``."""
        got = []
        while True:
            event = self.next(timeout)
            got.append(event)
            if int(event["id"]) >= version:
                return got

    def close(self) -> None:
        self.response.close()

"""Server-Sent Events and long-polling, both fed by the process's pub/sub hub."""

from __future__ import annotations

import queue
import time
from collections.abc import Iterator
from typing import Any

import orjson
from flask import Response, current_app, request, stream_with_context

from companion.api.http import Blueprint, sessions
from companion.errors import NotFound, StoreDown
from companion.observability import SSE_CLIENTS

blp = Blueprint("events", __name__, url_prefix="/api/v1", description="Live updates")


def _sse(version: int, payload: dict[str, Any]) -> bytes:
    return b"id: %d\nevent: version\ndata: %s\n\n" % (version, orjson.dumps(payload))


def _last_seen() -> int | None:
    raw = request.headers.get("Last-Event-ID") or request.args.get("since")
    try:
        return int(raw) if raw is not None else None
    except ValueError:
        return None


@blp.route("/sessions/<sid>/events")
@blp.doc(responses={"200": {"description": "text/event-stream: one event per version "
                                           "(id = version, data = {version, events, state})",
                            "content": {"text/event-stream": {"schema": {"type": "string"}}}}})
def events(sid: str) -> Response:
    """Live updates (SSE); honours Last-Event-ID by replaying what was missed"""
    hub = current_app.extensions["companion"].hub
    heartbeat = float(current_app.config["SSE_HEARTBEAT"])
    state, version = sessions().public(sid)  # 404 before the stream opens
    last = _last_seen()
    q = hub.subscribe(sid)

    def stream() -> Iterator[bytes]:
        seen = version if last is None else last
        behind = last is not None  # owes a catch-up from the stored log
        SSE_CLIENTS.inc()
        try:
            yield b"retry: 2000\n\n"
            if last is None:
                yield _sse(version, {"version": version, "events": [], "state": state})
            while True:
                if behind:
                    try:
                        seen = yield from _catch_up(sid, seen)
                        behind = False
                    except (StoreDown, NotFound):
                        yield b": store unavailable, retrying\n\n"
                try:
                    message = q.get(timeout=heartbeat)
                except queue.Empty:
                    yield b": heartbeat\n\n"
                    continue
                if message.get("resync") or message["version"] > seen + 1:
                    behind = True
                elif message["version"] > seen:
                    seen = message["version"]
                    yield _sse(seen, message)
        finally:
            SSE_CLIENTS.dec()
            hub.unsubscribe(sid, q)

    response = Response(stream_with_context(stream()), mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-cache"
    response.headers["X-Accel-Buffering"] = "no"
    return response


def _catch_up(sid: str, seen: int) -> Iterator[bytes]:
    """Send every version after ``seen`` from the stored log; returns the last sent."""
    entries, state, version = sessions().history(sid, since=seen)
    for item in entries:
        payload: dict[str, Any] = {"version": item["version"], "events": item["events"]}
        if item["version"] == version:
            payload["state"] = state
        yield _sse(item["version"], payload)
        seen = max(seen, item["version"])  # the log may run ahead of ``version``
    return max(seen, version)


def wait_for_version(sid: str, since: int, wait: float) -> tuple[dict[str, Any], int]:
    """Block up to ``wait`` seconds until the session passes ``since``."""
    hub = current_app.extensions["companion"].hub
    q = hub.subscribe(sid)
    try:
        state, version = sessions().public(sid)  # re-check after subscribing
        deadline = time.monotonic() + wait
        while version <= since:
            left = deadline - time.monotonic()
            if left <= 0:
                break
            try:
                message = q.get(timeout=left)
            except queue.Empty:
                break
            if message.get("resync"):
                state, version = sessions().public(sid)
            elif message["version"] > version:
                state, version = message["state"], message["version"]
        return state, version
    finally:
        hub.unsubscribe(sid, q)

"""Server-Sent Events and long-polling, both fed by the process's pub/sub hub."""

from __future__ import annotations

import queue
import time
from collections.abc import Callable, Generator, Iterator
from typing import Any

import orjson
from flask import current_app, request, stream_with_context
from flask.wrappers import Response

from companion.api.http import Blueprint, sessions
from companion.errors import NotFound, SessionError, StoreDown, said
from companion.observability import SSE_CLIENTS
from companion.sessions import public_state

blp = Blueprint("events", __name__, url_prefix="/api/v1", description="Live updates")


def _sse(version: int, payload: dict[str, Any]) -> bytes:
    return b"id: %d\nevent: version\ndata: %s\n\n" % (version, orjson.dumps(payload))


class TooManyStreams(SessionError):
    """This address holds as many live streams as it may."""


class StreamsFull(SessionError):
    """This worker carries as many live streams as it can."""


def _hold_slot(wait: bool = False) -> Callable[[], None] | None:
    """Hold one of this worker's stream slots for the caller's address; returns its
    release. Over a cap: 429 (this address) or 503 (this worker), with Retry-After —
    or None when ``wait`` (a long-poll then answers at once instead of waiting)."""
    slots = current_app.extensions["companion"].streams
    who = request.remote_addr or "?"
    refused = slots.take(who)
    if refused is None:
        return lambda: slots.give_back(who)
    if wait:
        return None
    if refused == "client":
        raise said(TooManyStreams, "session.streams_per_client", retry_after=10,
                   limit=slots.per_client)
    raise said(StreamsFull, "session.streams_full", retry_after=5)


def _last_seen() -> int | None:
    raw = request.headers.get("Last-Event-ID") or request.args.get("since")
    try:
        return int(raw) if raw is not None else None
    except ValueError:
        return None


@blp.route("/sessions/<sid>/events")
@blp.doc(responses={"200": {"description": "text/event-stream: one event per version "
                                           "(id = version, data = {version, events, state})",
                            "content": {"text/event-stream": {"schema": {"type": "string"}}}},
                     "429": {"description": "this address has SSE_MAX_PER_CLIENT streams open "
                                            "(Retry-After)"},
                     "503": {"description": "this worker carries SSE_MAX_STREAMS streams "
                                            "(Retry-After)"}})
def events(sid: str) -> Response:
    """Live updates (SSE); honours Last-Event-ID by replaying what was missed"""
    hub = current_app.extensions["companion"].hub
    heartbeat = float(current_app.config["SSE_HEARTBEAT"])
    release = _hold_slot()
    assert release is not None
    try:
        state, version = sessions().public(sid)  # 404 before the stream opens
    except Exception:
        release()
        raise
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
                    yield message["frame"]  # encoded once for every stream (Hub)
        finally:
            SSE_CLIENTS.dec()
            hub.unsubscribe(sid, q)

    response = Response(stream_with_context(stream()), mimetype="text/event-stream")
    response.call_on_close(release)  # runs even when the stream never started
    response.headers["Cache-Control"] = "no-cache"
    response.headers["X-Accel-Buffering"] = "no"
    return response


def _catch_up(sid: str, seen: int) -> Generator[bytes, None, int]:
    """Send every version after ``seen``, a page of the stored log at a time (range
    reads, never a replay); the last one carries the state. Returns the last sent."""
    while True:
        entries, loaded = sessions().history(sid, since=seen)
        version = loaded.version
        for item in entries:
            payload: dict[str, Any] = {"version": item["version"], "events": item["events"]}
            if item["version"] == version:
                payload["state"] = public_state(loaded.doc, version, sessions().now())
            yield _sse(item["version"], payload)
            seen = max(seen, item["version"])
        if not entries or seen >= version:
            return max(seen, version)


def wait_for_version(sid: str, since: int, wait: float) -> tuple[dict[str, Any], int]:
    """Block up to ``wait`` seconds until the session passes ``since``."""
    hub = current_app.extensions["companion"].hub
    release = _hold_slot(wait=True)
    if release is None:  # no slot: answer now, as a plain read
        return sessions().public(sid)
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
        release()

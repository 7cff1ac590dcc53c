"""Server-Sent Events and long-polling, both fed by the process's pub/sub hub."""

from __future__ import annotations

import contextlib
import hashlib
import queue
import time
from collections.abc import Callable
from typing import Any

from flask import current_app, request, stream_with_context
from flask.wrappers import Response

from companion.api.feeds import Feed, PublicFeed, SeatFeed, sse
from companion.api.http import BadHeader, Blueprint, bearer, sessions
from companion.api.schemas import ProblemSchema
from companion.errors import Invalid, SessionError, said

blp = Blueprint("events", __name__, url_prefix="/api/v1", description="Live updates")


class TooManyStreams(SessionError):
    """This address, seat or session holds as many live streams as it may."""


class StreamsFull(SessionError):
    """This worker carries as many live streams as it can."""


def _hold_slot(sid: str, wait: bool = False, token: str | None = None,
               seat: bool = False) -> Callable[[], None] | None:
    """Hold one of this worker's stream slots: a seat stream's (``seat``) against its
    seat token, from the share public streams cannot take; a public stream's or a
    long-poll's against its session and the caller's address. Returns its release.
    Over a cap: 429 (this seat, session or address) or 503 (this worker), with
    Retry-After — or None when ``wait`` (a long-poll then answers at once)."""
    slots = current_app.extensions["companion"].streams
    who = request.remote_addr or "?"  # the forwarded client's behind TRUSTED_PROXIES
    # the token itself is not kept in the worker's memory: a digest counts as well
    held = hashlib.blake2b((token or "").encode(), digest_size=16).hexdigest() if seat \
        else None
    refused = slots.take(who, sid, held)
    if refused is None:
        return lambda: slots.give_back(who, sid, held)
    if wait:
        return None
    if refused == "client":
        raise said(TooManyStreams, "session.streams_per_client", retry_after=10,
                   limit=slots.per_client)
    if refused == "seat":
        raise said(TooManyStreams, "session.streams_per_seat", retry_after=10,
                   limit=slots.per_seat)
    if refused == "session":
        raise said(TooManyStreams, "session.streams_per_session", retry_after=10,
                   limit=slots.per_session)
    raise said(StreamsFull, "session.streams_full", retry_after=5)


def _bound_sends(response: Response) -> None:
    """Bound each write of this stream to ``SSE_SEND_TIMEOUT``: a client that stops
    reading leaves its frames blocked in the socket, where the stream never gets back
    to its backlog (nor to its overflow), so without a deadline it held its slot for
    ever. Past the deadline the write fails, the server closes the connection and the
    stream's slot is given back; the client reconnects with Last-Event-ID. (Served by
    gunicorn: its socket is in the environ; elsewhere nothing changes.)"""
    sock = request.environ.get("gunicorn.socket")
    if sock is None:
        return
    before = sock.gettimeout()
    sock.settimeout(float(current_app.config["SSE_SEND_TIMEOUT"]))

    def restore() -> None:  # a kept-alive connection's next request waits as before
        with contextlib.suppress(OSError):
            sock.settimeout(before)

    response.call_on_close(restore)


#: a version has at most this many digits (a log holds thousands of entries)
VERSION_DIGITS = 15


def _last_seen() -> int | None:
    """The version a reconnecting client saw last; refused (400) unless a version."""
    raw = request.headers.get("Last-Event-ID") or request.args.get("since")
    if raw is None:
        return None
    raw = raw.strip()
    if not (raw.isascii() and raw.isdigit() and len(raw) <= VERSION_DIGITS):
        raise said(BadHeader, "session.last_event_id", most=VERSION_DIGITS)
    return int(raw)


@blp.route("/sessions/<sid>/events")
@blp.doc(responses={"200": {"description": "text/event-stream: one event per version "
                                           "(id = version, data = {version, events, state})",
                            "content": {"text/event-stream": {"schema": {"type": "string"}}}}})
@blp.alt_response(429, description="this session has SSE_MAX_PER_SESSION public streams "
                  "open, or this address SSE_MAX_PER_CLIENT", schema=ProblemSchema)
@blp.alt_response(503, description="this worker carries SSE_MAX_STREAMS streams, or the "
                  "store is unreachable", schema=ProblemSchema)
@blp.answers(400, 404, reads=("Last-Event-ID",))
def events(sid: str) -> Response:
    """Live updates (SSE); honours Last-Event-ID by replaying what was missed"""
    hub = current_app.extensions["companion"].hub
    heartbeat = float(current_app.config["SSE_HEARTBEAT"])
    last = _last_seen()
    release = _hold_slot(sid)
    assert release is not None
    try:  # 404 before the stream opens; a catch-up needs the version only (a storm of
        # reconnects then costs no public state each, the last page carries it)
        if last is None:
            state, version = sessions().public(sid)
        else:
            state, version = None, sessions().load(sid).version
        if last is not None and last > version:  # a version the store lost: start
            last = None  # afresh, from the state now as a new client would
            state, version = sessions().public(sid)
    except Exception:
        release()
        raise
    first = sse(version, {"version": version, "events": [], "state": state}) \
        if last is None else None
    feed = PublicFeed(hub, sid, hub.subscribe(sid), version if last is None else last,
                      heartbeat, first, behind=last is not None)  # a reconnect catches up
    return _streaming(feed, release)


def _streaming(feed: Feed, release: Callable[[], None]) -> Response:
    response = Response(stream_with_context(feed.frames()), mimetype="text/event-stream")
    response.call_on_close(release)  # runs even when the stream never started
    _bound_sends(response)
    response.headers["Cache-Control"] = "no-cache"
    response.headers["X-Accel-Buffering"] = "no"
    return response


def wait_for_version(sid: str, since: int, wait: float) -> tuple[dict[str, Any], int]:
    """Block up to ``wait`` seconds until the session passes ``since``."""
    hub = current_app.extensions["companion"].hub
    release = _hold_slot(sid, wait=True)
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
            if message.kind != "version":
                state, version = sessions().public(sid)
                if message.kind == "shutdown":
                    break  # this worker stops: the answer now, not at the deadline
            elif message.version > version:
                state, version = message.body()["state"], message.version
        return state, version
    finally:
        hub.unsubscribe(sid, q)
        release()


@blp.route("/sessions/<sid>/me/events")
@blp.doc(responses={"200": {"description": "text/event-stream for one seat (its token in "
                                           "Authorization: Bearer, never in the address): "
                                           "one event per version, data = {version, events, "
                                           "state, me}, me being the body of GET "
                                           "/me?include=legal; `event: lost` ends it when "
                                           "the token stops working",
                            "content": {"text/event-stream": {"schema": {"type": "string"}}}}})
@blp.alt_response(401, description="no token, or one that holds nothing here",
                  schema=ProblemSchema)
@blp.alt_response(403, description="the host's token (no seat of its own)",
                  schema=ProblemSchema)
@blp.alt_response(422, description="a token in the query string", schema=ProblemSchema)
@blp.alt_response(429, description="this seat token has SSE_MAX_PER_SEAT streams open",
                  schema=ProblemSchema)
@blp.alt_response(503, description="this worker carries SSE_MAX_STREAMS streams, or the "
                  "store is unreachable", schema=ProblemSchema)
@blp.answers(400, 404, reads=("Last-Event-ID",))
def seat_events(sid: str) -> Response:
    """A seat's live updates (SSE): each carries the state and the seat's own view with
    its legal moves, so a phone needs no request after another player's move"""
    if {"token", "access_token"} & set(request.args):
        raise said(Invalid, "session.token_in_url")
    token = bearer()
    hub = current_app.extensions["companion"].hub
    heartbeat = float(current_app.config["SSE_HEARTBEAT"])
    # a seat's slot: a bad token holds it only for the read that refuses it (401)
    release = _hold_slot(sid, token=token, seat=True)
    assert release is not None
    q = hub.subscribe(sid)  # before the read: nothing published meanwhile is missed
    try:
        feed = SeatFeed(hub, sid, q, heartbeat, token, _last_seen())
    except Exception:
        hub.unsubscribe(sid, q)
        release()
        raise
    return _streaming(feed, release)

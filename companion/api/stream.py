"""Server-Sent Events and long-polling, both fed by the process's pub/sub hub."""

from __future__ import annotations

import contextlib
import hashlib
import queue
import random
import time
from collections.abc import Callable, Generator, Iterator
from typing import Any, cast

import orjson
from flask import current_app, request, stream_with_context
from flask.wrappers import Response

from companion import live
from companion.api.http import BadHeader, Blueprint, bearer, sessions
from companion.api.schemas import ProblemSchema
from companion.errors import Invalid, NotFound, SessionError, StoreDown, Unauthorized, said
from companion.live import Backlog
from companion.observability import CATCH_UP_PAGES, CATCH_UPS_MOST, SSE_CLIENTS
from companion.sessions import public_state, reads
from companion.store import Loaded

blp = Blueprint("events", __name__, url_prefix="/api/v1", description="Live updates")


def handled(q: queue.Queue[dict[str, Any]]) -> None:
    """The stream is done with the message it got last (``Hub.settled`` waits on it)."""
    if isinstance(q, Backlog):
        q.handled()


def reconnect() -> bytes:
    """A stream's last frame when this worker stops: reconnect after a pause drawn
    between 1 and 4 s (so a room of screens does not come back in one burst), with
    ``Last-Event-ID`` as after any cut; ``event: reconnect`` says it was on purpose."""
    return b'retry: %d\nevent: reconnect\ndata: {"reason": "shutdown"}\n\n' % (
        random.randint(1000, 4000))


def _sse(version: int, payload: dict[str, Any]) -> bytes:
    return b"id: %d\nevent: version\ndata: %s\n\n" % (version, orjson.dumps(payload))


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
    except Exception:
        release()
        raise
    if last is not None and last > version:  # a version the store lost: start afresh
        last = None
    q = hub.subscribe(sid)

    def stream() -> Iterator[bytes]:
        seen = version if last is None else last
        behind = last is not None  # owes a catch-up from the stored log
        SSE_CLIENTS.inc()
        handling = False  # a message got and not yet marked done (Hub.settled)
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
                    except CatchUpBusy:
                        yield b": busy, reconnect to go on\n\n"
                        return
                if handling:  # its frame written, or its catch-up made
                    handled(q)
                    handling = False
                try:
                    message = q.get(timeout=heartbeat)
                except queue.Empty:
                    yield b": heartbeat\n\n"
                    continue
                handling = True
                if message.get("shutdown"):
                    yield reconnect()
                    return
                if message.get("overflow"):
                    return  # fell behind its backlog's budget: reconnects, catches up
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
    _bound_sends(response)
    response.headers["Cache-Control"] = "no-cache"
    response.headers["X-Accel-Buffering"] = "no"
    return response


#: how long a catch-up waits for its next page's turn before its stream ends (the
#: client reconnects from the last version it got, its progress kept)
CATCH_UP_WAIT = 20.0


def _catch_up(sid: str, seen: int) -> Generator[bytes, None, int]:
    """Send every version after ``seen``, a page of the stored log at a time (range
    reads, never a replay); the last one carries the state. Returns the last sent.

    A page is read in one of the worker's catch-up turns (``SSE_CATCH_UPS``) and sent
    after it: hundreds of reconnecting streams (a replay storm) take turns page by page
    instead of reading and encoding the log all at once, so another table's moves wait
    behind a few pages, and a stream holds only the frames of its page (never the
    session's document) while its client reads them."""
    turns = current_app.extensions["companion"].catch_ups
    while True:
        with turns.turn(CATCH_UP_WAIT) as mine:
            if not mine:
                raise CatchUpBusy
            frames, seen, done = _catch_up_page(sid, seen)
            CATCH_UP_PAGES.inc()
            CATCH_UPS_MOST.set(turns.most)
        yield b"".join(frames)  # one write a page, not one a version
        del frames
        if done:
            return seen
        time.sleep(0)  # let the others' turns and the tables' moves through


class CatchUpBusy(Exception):
    """No catch-up turn came in time: the stream ends, the client reconnects."""


def _catch_up_page(sid: str, seen: int) -> tuple[list[bytes], int, bool]:
    """The frames of the page after ``seen``, the last version they carry, and whether
    it is the last page (the session's state then rides on its last frame)."""
    entries, loaded = sessions().history(sid, since=seen)
    version = loaded.version
    frames = []
    for item in entries:
        payload: dict[str, Any] = {"version": item["version"], "events": item["events"]}
        if item["version"] == version:
            payload["state"] = public_state(loaded.doc, version, sessions().now())
        frames.append(_sse(item["version"], payload))
        seen = max(seen, item["version"])
    done = not entries or seen >= version
    return frames, (max(seen, version) if done else seen), done


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
            if message.get("resync") or message.get("overflow") or message.get("shutdown"):
                state, version = sessions().public(sid)
                if message.get("shutdown"):
                    break  # this worker stops: the answer now, not at the deadline
            elif message["version"] > version:
                state, version = live.body(message)["state"], message["version"]
        return state, version
    finally:
        hub.unsubscribe(sid, q)
        release()


#: ends a per-seat stream whose token stopped working (re-issued, taken over)
LOST = b'event: lost\ndata: {"status": 401}\n\n'


def _seat_frame(head: bytes, version: int, me: dict[str, Any] | bytes) -> bytes:
    """``head``: the JSON of {version, events, state} without its closing brace; ``me``
    the seat's view (or its JSON)."""
    raw = me if isinstance(me, bytes) else orjson.dumps(me)
    return b"id: %d\nevent: version\ndata: %s,\"me\":%s}\n\n" % (version, head, raw)


def _head(loaded: Loaded, events: list[Any]) -> bytes:
    """The JSON of {version, events, state} for ``loaded``, without its closing brace."""
    return orjson.dumps({"version": loaded.version, "events": events,
                         "state": public_state(loaded.doc, loaded.version,
                                               sessions().now())})[:-1]


def _shared(sid: str, message: dict[str, Any]) -> tuple[Loaded, bytes]:
    """One read of the session per message per worker, shared by its per-seat streams;
    the published bytes are the frame's head when they carry the state read. A resync
    (the listener reconnected: anything may have been missed) is shared the same way."""
    def make() -> tuple[Loaded, bytes]:
        if message.get("resync"):  # messages may have been missed: the log's last events
            return _last_move(sid)
        if message.get("committed"):  # the message carried the document it committed
            version, revision, raw = message["committed"]
            return Loaded(version, revision, orjson.loads(raw)), message["data"][:-1]
        loaded = sessions().load(sid)
        same = loaded.version == message["version"]
        published = live.body(message)
        if same and published.get("state"):
            return loaded, message["data"][:-1]
        return loaded, _head(loaded, published.get("events", []) if same else [])
    return cast(tuple[Loaded, bytes], message["read"].get(make))


def _last_move(sid: str) -> tuple[Loaded, bytes]:
    """The session now, with the events of its last version (from the log's tail)."""
    version = sessions().load(sid).version
    entries, loaded = sessions().history(sid, since=max(0, version - 1))
    last = entries[-1] if entries and entries[-1]["version"] == loaded.version else None
    return loaded, _head(loaded, last["events"] if last else [])


def _latest(sid: str, token: str | None, since: int | None) -> tuple[int, bytes | None]:
    """The frame a (re)connecting seat is owed: the latest state and its own view, with
    the last move's events; none when ``since`` is already the latest. Refused (401,
    403, 404) as ``/me`` is: it runs before the stream opens."""
    events: list[Any] = []
    if since is None:
        loaded = sessions().load(sid)
    else:  # the log's tail gives the events of the move missed last, same snapshot
        entries, loaded = sessions().history(sid, since=max(0, since))
        if entries and entries[-1]["version"] == loaded.version:
            events = entries[-1]["events"]
    me = reads.own(loaded.doc, loaded.version, token)
    if since is not None and loaded.version == since:
        return loaded.version, None
    return loaded.version, _seat_frame(_head(loaded, events), loaded.version, me)


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
        seen, first = _latest(sid, token, _last_seen())
    except Exception:
        hub.unsubscribe(sid, q)
        release()
        raise
    assert token is not None  # _latest refused a missing one
    response = Response(stream_with_context(_seat_stream(sid, token, q, seen, first,
                                                         heartbeat)),
                        mimetype="text/event-stream")
    response.call_on_close(release)
    _bound_sends(response)
    response.headers["Cache-Control"] = "no-cache"
    response.headers["X-Accel-Buffering"] = "no"
    return response


def _own(loaded: Loaded, token: str, message: dict[str, Any]) -> dict[str, Any] | bytes:
    """The seat's view for its frame: the mover's seat gets the one its POST built for
    the same version (sent with the message), every other seat its own."""
    seat = reads.own_seat(loaded.doc, token)
    view = message.get("view")
    if (view is not None and view[0] == seat and not message.get("resync")
            and message.get("version") == loaded.version):
        return cast(bytes, view[1])
    return reads.seat_view(loaded.doc, seat, loaded.version, False)


def _seat_stream(sid: str, token: str, q: queue.Queue[dict[str, Any]], seen: int,
                 first: bytes | None, heartbeat: float) -> Iterator[bytes]:
    hub = current_app.extensions["companion"].hub
    SSE_CLIENTS.inc()
    try:
        yield b"retry: 2000\n\n"
        if first is not None:
            yield first
        while True:
            try:
                message = q.get(timeout=heartbeat)
            except queue.Empty:
                yield b": heartbeat\n\n"
                continue
            try:
                if message.get("shutdown"):
                    yield reconnect()
                    return
                if message.get("overflow"):
                    return  # fell behind its backlog's budget: reconnects, catches up
                if not message.get("resync") and message["version"] <= seen:
                    continue
                try:
                    loaded, head = _shared(sid, message)
                    if loaded.version <= seen:
                        continue
                    me = _own(loaded, token, message)
                except Unauthorized:
                    yield LOST
                    return
                except (StoreDown, NotFound):
                    yield b": store unavailable, retrying\n\n"
                    continue
                seen = loaded.version
                yield _seat_frame(head, seen, me)
            finally:  # handled: its frame written, or nothing owed (Hub.settled)
                handled(q)
    finally:
        SSE_CLIENTS.dec()
        hub.unsubscribe(sid, q)

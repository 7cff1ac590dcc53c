"""The clients of one real table for bench/table.py: each player's phone and the table screen.

Each client holds a live stream (SSE) and makes exactly the requests its page makes:
the lists in bench/page_requests.py (REQUESTS, per client kind and trigger, naming the
page functions they mirror), which a browser test compares with what real pages request.

Import this only from a gevent-patched process (bench/table.py patches first).
"""

from __future__ import annotations

import socket
import time
from collections import Counter
from typing import Any
from urllib.parse import urlsplit

import gevent
import gevent.event
import orjson

from bench.http import Client, Game, Reply
from bench.page_requests import LANG, requests_for


class PageClient(Client):
    """bench.http's lean client, sending what the pages' api() sends: Accept-Language and,
    on writes, an Idempotency-Key (common.js api())."""

    keys = 0

    def call(self, line: str, token: str | None = None, body: Any = None) -> Reply:
        method, target = line.split(" ", 1)
        headers = {"Accept-Language": LANG}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        data = b""
        if body is not None:
            headers["Content-Type"] = "application/json"
            data = orjson.dumps(body)
        if method != "GET":
            PageClient.keys += 1
            headers["Idempotency-Key"] = f"bench-{time.time_ns():x}-{PageClient.keys:012d}"
        return self.send(method, target, data, headers)


class Seen:
    """What a table's clients have shown, and when (versions), for latency and waiting."""

    def __init__(self) -> None:
        self.changed = gevent.event.Event()

    def bump(self) -> None:
        old, self.changed = self.changed, gevent.event.Event()
        old.set()


class PageModel:
    """Shared by phone and screen: the stream, the counters and the times versions appeared."""

    kind = ""

    def __init__(self, base: str, sid: str, seen: Seen) -> None:
        self.base, self.sid, self.seen = base, sid, seen
        self.shown = -1
        self.shown_at: dict[int, float] = {}
        self.counts: Counter[str] = Counter()  # trigger -> requests made
        self.conns: list[PageClient] = []  # busy
        self.idle: list[PageClient] = []
        self.stream: gevent.Greenlet | None = None
        self.score_version = -1

    def fetch(self, trigger: str, lines: list[str], token: str | None = None) -> list[Reply]:
        """The lines at once, each on its own connection (a browser's Promise.all)."""
        self.counts[trigger] += len(lines)
        jobs = [gevent.spawn(self.call, line, token) for line in lines]
        gevent.joinall(jobs, raise_error=True)
        return [j.value for j in jobs]

    def call(self, line: str, token: str | None = None, body: Any = None) -> Reply:
        """One request on an idle keep-alive connection (a browser keeps several per host)."""
        conn = self.idle.pop() if self.idle else PageClient(self.base)
        self.conns.append(conn)
        try:
            return conn.call(line, token, body)
        finally:
            self.conns.remove(conn)
            self.idle.append(conn)

    def show(self, state: dict[str, Any]) -> None:
        now = time.perf_counter()
        for v in range(self.shown + 1, state["version"] + 1):
            self.shown_at[v] = now
        self.shown = max(self.shown, state["version"])
        self.seen.bump()

    def listen(self, ready: gevent.event.Event) -> None:
        self.stream = gevent.spawn(read_stream, self.base, f"/api/v1/sessions/{self.sid}/events",
                                   self.on_message, ready)

    def close(self) -> None:
        if self.stream is not None:
            self.stream.kill(block=False)
        for c in [*self.conns, *self.idle]:
            c.close()

    def open(self) -> None:
        raise NotImplementedError

    def on_message(self, message: dict[str, Any]) -> None:
        raise NotImplementedError


class Phone(PageModel):
    """play.js: load() with its coalescing (`loading`/`again`), the live callback onLive()
    (holding messages while a move is on its way), send()."""

    kind = "phone"

    def __init__(self, base: str, sid: str, seen: Seen, token: str) -> None:
        super().__init__(base, sid, seen)
        self.token = token
        self.loading = False
        self.again: dict[str, Any] | None = None
        self.again_mine: dict[str, Any] | None = None
        self.newest = -1
        self.sending = False
        self.held: dict[str, Any] | None = None

    def open(self) -> None:
        self.fetch("load", requests_for("phone", "load", self.sid)[:1])  # loadMessages()
        self.load(None, "load")

    def listen(self, ready: gevent.event.Event) -> None:
        """seatLive(): the seat's own stream, its token in a header, from the version shown."""
        self.stream = gevent.spawn(read_stream, self.base,
                                   f"/api/v1/sessions/{self.sid}/me/events", self.on_message,
                                   ready, {"Authorization": f"Bearer {self.token}",
                                           "Last-Event-ID": str(self.shown)})

    def load(self, given: dict[str, Any] | None, trigger: str,
             mine: dict[str, Any] | None = None) -> None:
        if self.loading:  # play.js: a version already on its way is not read again
            if given is not None and given["version"] > self.newest:
                self.again, self.again_mine = given, mine
            return
        self.loading = True
        if given is not None:
            self.newest = max(self.newest, given["version"])
        try:
            if given is not None and mine is not None:
                self.show(given)  # the move's answer brought both parts: no read
            else:
                self.read(given, trigger)
            while self.again is not None and self.again["version"] > self.newest:
                given, mine = self.again, self.again_mine
                self.again = self.again_mine = None
                self.newest = given["version"]
                if mine is not None:
                    self.show(given)  # the seat's stream brought its view: no read
                else:
                    self.read(given, "again")
        finally:
            self.loading = False

    def read(self, given: dict[str, Any] | None, trigger: str) -> None:
        lines = [r for r in requests_for("phone", trigger, self.sid, given is not None)
                 if r.startswith("GET /api/")]
        replies = self.fetch(trigger, lines, self.token)
        for line, reply in zip(lines, replies, strict=True):
            assert reply.status_code == 200, (line, reply.status_code, reply.text[:200])
        state = given if given is not None else replies[0].json()
        self.newest = max(self.newest, state["version"])
        if state["status"] == "finished" and self.score_version != state["version"]:
            self.fetch("finished", requests_for("phone", "finished", self.sid))
            self.score_version = state["version"]
        self.show(state)

    def on_message(self, message: dict[str, Any]) -> None:
        if self.shown >= 0 and message["version"] <= self.shown:
            return  # already shown (our own move)
        if self.sending:  # held until the move's answer is in
            if self.held is None or message["version"] > self.held["version"]:
                self.held = message
            return
        state = message.get("state")
        if state and state.get("id"):  # the seat's stream: its view rides along (`me`)
            mine = message.get("me")
            if mine is not None:  # nothing to read: shown now, as onLive() does
                self.load(state, "message", mine)
            else:
                gevent.spawn(self.load, state, "message", None)
        else:
            gevent.spawn(self.load, None, "message_no_state")

    def send(self, move: dict[str, Any]) -> int:
        line = requests_for("phone", "move", self.sid)[0]
        self.counts["move"] += 1
        self.sending = True
        try:
            reply = self.call(line, self.token, move)
        finally:
            self.sending = False
        try:
            assert reply.status_code == 201, reply.text[:300]
            data = reply.json()
            state = data.get("state")
            self.load(state if state and state.get("id") else None, "move", data["me"])
            return int(data["version"])
        finally:
            waiting, self.held = self.held, None
            if waiting is not None:
                self.on_message(waiting)  # somebody else's move meanwhile


class Screen(PageModel):
    """table.js: refresh() and loadFeed() on load, then onMessage()/update()."""

    kind = "screen"

    def open(self) -> None:
        lines = requests_for("screen", "load", self.sid)
        replies = self.fetch("load", lines[:3])  # messages, words, refresh(): at once
        self.fetch("load", lines[3:])  # loadFeed() after refresh()
        self.show(replies[2].json())

    def on_message(self, message: dict[str, Any]) -> None:
        state = message.get("state")
        if not state:
            reply = self.fetch("message_no_state", requests_for("screen", "message_no_state",
                                                                self.sid))[0]
            state = reply.json()
        if state["status"] == "finished" and self.score_version != state["version"]:
            self.fetch("finished", requests_for("screen", "finished", self.sid))
            self.score_version = state["version"]
        self.show(state)


def read_stream(base: str, path: str, on_message: Any, ready: gevent.event.Event,
                headers: dict[str, str] | None = None) -> None:
    """A live stream (EventSource, or seatLive()'s fetch with ``headers``): every `version`
    event's data, parsed, to ``on_message``; ``ready`` once the stream is open."""
    parts = urlsplit(base)
    sock = socket.create_connection((parts.hostname, parts.port), timeout=300)
    extra = "".join(f"{k}: {v}\r\n" for k, v in (headers or {}).items())
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: bench\r\n"
                 f"Accept: text/event-stream\r\n{extra}\r\n".encode())
    buffer = b""
    try:
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                return
            buffer += chunk
            if not ready.is_set() and buffer.startswith(b"HTTP/1.1 "):
                assert buffer[9:12] == b"200", buffer[:200]
                if b"retry:" in buffer:  # open (a seat up to date is sent no frame yet)
                    ready.set()
            *events, buffer = buffer.split(b"\n\n")
            for event in events:
                for line in event.split(b"\n"):
                    if line.startswith(b"data: "):
                        ready.set()
                        on_message(orjson.loads(line[6:]))
    finally:
        sock.close()


class LiveTable:
    """A started game with a phone per seat and a table screen, all connected."""

    def __init__(self, base: str, game: Game) -> None:
        self.base, self.game = base, game
        self.seen = Seen()
        sid, tokens = Client(base).open_table(game)
        self.sid = sid
        self.phones = [Phone(base, sid, self.seen, t) for t in tokens]
        self.screen = Screen(base, sid, self.seen)
        self.moves: list[tuple[int, float]] = []  # (version, time of the POST)

    @property
    def clients(self) -> list[PageModel]:
        return [*self.phones, self.screen]

    def open(self) -> None:
        """Each page loads, then opens its stream (as play.js start() and table.js do)."""
        gevent.joinall([gevent.spawn(c.open) for c in self.clients], raise_error=True)
        ready = [gevent.event.Event() for _ in self.clients]
        for c, r in zip(self.clients, ready, strict=True):
            c.listen(r)
        for r in ready:
            if not r.wait(30):
                raise RuntimeError("a stream did not open in 30 s")

    def move(self, seat: int, move: dict[str, Any]) -> int:
        t0 = time.perf_counter()
        version = self.phones[seat].send(move)
        self.moves.append((version, t0))
        return version

    def wait_shown(self, client: PageModel, version: int, timeout: float = 10) -> bool:
        deadline = time.monotonic() + timeout
        while client.shown < version:
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            self.seen.changed.wait(left)
        return True

    def close(self) -> None:
        for c in self.clients:
            c.close()

"""Profile of the hot path: a move's POST → commit → publish → SSE fan-out → each phone's read.

    python -m bench.profile_moves [--moves 300] [--players 4] [--top 15] [--out prof.pstats]
                                  [--json counts.json]

Runs the Flask app in this process against a real (embedded) Redis, through its whole WSGI
stack (Flask's test client: no sockets, so the profile is the server's work alone). Tables
of --players phones and a table screen, each holding a live stream, play recorded Gaia
games; after each move every client makes exactly the requests its page makes
(bench/page_requests.py REQUESTS, as bench/table.py's clients do). The Hub's listener
thread is profiled too (its dispatch of each message), and both profiles are merged.

Prints the top entries by cumulative and by own time, and Redis commands per move.
"""

from __future__ import annotations

import argparse
import contextvars
import cProfile
import io
import logging
import os
import pstats
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import orjson
from redis.connection import AbstractConnection

from bench.games import Game, record_game
from bench.page_requests import requests_for
from companion.app import create_app
from companion.observability import JsonFormatter
from companion.store.embedded import EmbeddedRedis


class RoundTrips:
    """Redis round trips made by this thread's requests (the Hub's thread left out): a
    command, a pipeline or a script is one packed send, whatever it runs inside Redis."""

    def __init__(self) -> None:
        self.count = 0
        self.by_kind: Counter[str] = Counter()
        self.requests: Counter[str] = Counter()
        self.frames: Counter[str] = Counter()  # seat streams' frames (no request)
        main, send = threading.get_ident(), AbstractConnection.send_packed_command

        def counted(conn: Any, *args: Any, **kwargs: Any) -> Any:
            if threading.get_ident() == main:
                self.count += 1
            return send(conn, *args, **kwargs)

        AbstractConnection.send_packed_command = counted  # type: ignore[method-assign]

    def during(self, kind: str, call: Any, *args: Any, **kwargs: Any) -> Any:
        before = self.count
        try:
            return call(*args, **kwargs)
        finally:
            self.by_kind[kind] += self.count - before
            self.requests[kind] += 1

    def summary(self) -> str:
        return "; ".join([f"{kind} {self.by_kind[kind] / n:.2f} per request ({n})"
                          for kind, n in self.requests.items()]
                         + [f"{kind} {self.by_kind[kind] / n:.2f} per frame ({n})"
                            for kind, n in self.frames.items()])


TRIPS = RoundTrips()


class Phone:
    """A seat's phone and its own stream (seatLive(): GET …/me/events, the token in a
    header), or the screen (no token) and the public stream: the SSE response's frames.
    Each stream runs in its own context: a streamed response keeps its Flask context
    pushed between frames, as a server's greenlet per connection would."""

    def __init__(self, client: Any, sid: str, token: str | None) -> None:
        self.client, self.sid, self.token = client, sid, token
        self.context = contextvars.Context()
        path, headers = f"/api/v1/sessions/{sid}/events", {}
        if token:
            path, headers = f"/api/v1/sessions/{sid}/me/events", {
                "Authorization": f"Bearer {token}"}
        response = self.context.run(client.get, path, headers=headers, buffered=False)
        assert response.status_code == 200
        self.frames = iter(response.response)
        self.response = response
        self.shown = self.next_version(counted=False)  # the stream's first frame

    def next_version(self, counted: bool = True) -> int:
        """The next frame that carries a version (skipping `retry:` and heartbeats); on a
        seat's stream it carries the seat's view (`me`), built from one read of the
        session per message shared by the seats' streams (counted as "seat frames")."""
        before = TRIPS.count
        while True:
            frame = self.context.run(next, self.frames)
            if frame.startswith(b"id: "):
                if self.token:
                    assert b'"me":{' in frame, frame[:200]
                if self.token and counted:
                    TRIPS.frames["seat frames"] += 1
                    TRIPS.by_kind["seat frames"] += TRIPS.count - before
                return int(frame[4:frame.index(b"\n")])

    def get(self, line: str) -> Any:
        method, path = line.split(" ", 1)
        headers = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        response = TRIPS.during(line.split("?")[0].rsplit("/", 1)[-1] + " (reads)",
                                self.client.open, path, method=method, headers=headers)
        assert response.status_code == 200, (line, response.status_code, response.data[:200])
        return response

    def close(self) -> None:
        self.context.run(self.response.close)


class Table:
    def __init__(self, client: Any, game: Game) -> None:
        self.client, self.game = client, game
        created = client.post("/api/v1/sessions", json={"game": "gaia"}).get_json()
        self.sid = created["id"]
        tokens = [client.post(f"/api/v1/join/{created['code']}", json={"name": n})
                  .get_json()["player_token"] for n in game["names"]]
        started = client.post(f"/api/v1/sessions/{self.sid}/start", json={"setup": game["setup"]},
                              headers={"Authorization": f"Bearer {created['host_token']}"})
        assert started.status_code == 201, started.data
        self.phones = [Phone(client, self.sid, t) for t in tokens]
        self.screen = Phone(client, self.sid, None)
        self.keys = 0

    def move(self, seat: int, move: dict[str, Any]) -> None:
        """The mover's send(), then every client's reaction to the live message."""
        self.keys += 1
        mover = self.phones[seat]
        line = requests_for("phone", "move", self.sid)
        response = TRIPS.during("accepted move (writing side)", self.client.post,
                                line[0].split(" ", 1)[1], json=move, headers={
            "Authorization": f"Bearer {mover.token}",
            "Idempotency-Key": f"profile-{self.sid}-{self.keys:016d}"})
        assert response.status_code == 201, response.data[:300]
        for follow in line[1:]:
            mover.get(follow)
        version = response.get_json()["version"]
        for phone in self.phones:
            assert phone.next_version() == version  # the frame every stream gets
            if phone is not mover:
                for follow in requests_for("phone", "message", self.sid, given=True):
                    phone.get(follow)
        assert self.screen.next_version() == version
        for follow in requests_for("screen", "message", self.sid):
            self.screen.get(follow)

    def close(self) -> None:
        for phone in [*self.phones, self.screen]:
            phone.close()


def play(client: Any, games: list[Game], moves: int) -> int:
    done = 0
    for game in games:
        table = Table(client, game)
        for seat, move in game["moves"]:
            if done >= moves:
                break
            table.move(seat, move)
            done += 1
        table.close()
        if done >= moves:
            break
    return done


def profiled_hub(app: Any) -> cProfile.Profile:
    """The Hub's dispatch runs in its own thread: give it its own profiler."""
    hub = app.extensions["companion"].hub
    profile = cProfile.Profile()
    dispatch = hub._dispatch
    hub._dispatch = lambda channel, data: profile.runcall(dispatch, channel, data)
    return profile


def report(stats: pstats.Stats, top: int) -> str:
    out = io.StringIO()
    stats.stream = out  # type: ignore[attr-defined]
    stats.strip_dirs()
    stats.sort_stats("cumulative").print_stats(top)
    stats.sort_stats("tottime").print_stats(top)
    return out.getvalue()


def redis_commands(app: Any) -> Counter[str]:
    stats = app.extensions["companion"].store.redis.info("commandstats")
    return Counter({k.removeprefix("cmdstat_"): int(v["calls"]) for k, v in stats.items()
                    if k != "cmdstat_info"})


def measure(moves: int, players: int) -> tuple[pstats.Stats, int, float, Counter[str]]:
    """Play ``moves`` moves under the profiler: the merged profile, the moves played, the
    seconds they took and the Redis commands they ran."""
    games = [record_game(30_000 + k, players=players) for k in range(40)]
    folder = Path(tempfile.mkdtemp())
    server = EmbeddedRedis(folder / "redis").start()
    try:
        app = create_app({"REDIS_URL": server.url, "INSTANCE_PATH": str(folder / "instance"),
                          "RATE_LIMIT_CREATE": "100000 per minute",
                          "RATE_LIMIT_JOIN": "100000 per minute", "SSE_HEARTBEAT": 30})
        client = app.test_client()
        # the Hub's listener stops with its last stream: keep it up between tables, or
        # each table's first streams would see its restart (a resync) in their counts
        keeper = app.extensions["companion"].hub.subscribe("profile-keeper")
        play(client, games[-1:], 5)  # warm up: imports, scripts loaded, the hub running
        hub_profile = profiled_hub(app)
        TRIPS.by_kind.clear()
        TRIPS.requests.clear()
        TRIPS.frames.clear()
        before = redis_commands(app)
        profile = cProfile.Profile()
        started = time.perf_counter()
        played = profile.runcall(play, client, games, moves)
        elapsed = time.perf_counter() - started
        ran = redis_commands(app) - before
        app.extensions["companion"].hub.unsubscribe("profile-keeper", keeper)
        app.extensions["companion"].close()
    finally:
        server.stop()
    stats = pstats.Stats(profile)
    stats.add(hub_profile)
    return stats, played, elapsed, ran


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--top", type=int, default=15)
    parser.add_argument("--out", help="also save the merged profile (pstats) here")
    parser.add_argument("--json", help="also write the counts (requests, round trips) here")
    args = parser.parse_args(argv)
    quiet = logging.StreamHandler(open(os.devnull, "w"))  # noqa: SIM115 - for the whole run
    quiet.setFormatter(JsonFormatter())  # request logs are formatted as served, not shown
    logging.getLogger("companion").addHandler(quiet)
    logging.getLogger("companion").setLevel(os.environ.get("LOG_LEVEL", "INFO"))  # as served
    stats, moves, elapsed, ran = measure(args.moves, args.players)
    if args.out:
        stats.dump_stats(args.out)
    if args.json:
        Path(args.json).write_bytes(orjson.dumps({
            "moves": moves, "requests": dict(TRIPS.requests), "frames": dict(TRIPS.frames),
            "round_trips": dict(TRIPS.by_kind), "redis_commands": dict(ran)}))
    print(f"{moves} moves, {args.players} phones and a screen per table, "
          f"{1e6 * elapsed / moves:,.0f} µs per move under the profiler")
    print(f"Redis commands per move (table setup included): {sum(ran.values()) / moves:.1f} "
          + ", ".join(f"{k} {v / moves:.2f}" for k, v in ran.most_common(8)))
    print(f"Redis round trips: {TRIPS.summary()}")
    print(report(stats, args.top))


if __name__ == "__main__":
    main()

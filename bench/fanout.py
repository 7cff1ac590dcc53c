"""What one live frame costs a served worker, against the baseline request, in one run.

    python -m bench.fanout [--messages 1500] [--streams 24] [--rate 300] [--rounds 3]

Starts an embedded Redis and gunicorn with one gevent worker (so every stream and every
message land on it), opens a 4-player Gaia game played a dozen moves in, and then
publishes, from this process, versions of that session as a commit does (the public
{version, events, state}, then the revision and the document): --messages of them at
--rate per second. The worker's CPU per message is measured with one public stream
open, then with --streams more of one kind: the table screen's public stream
(``/events``: the frame is built once per message by the Hub) or the phones' seat
streams (``/me/events``, the four seats' tokens in turn: each frame is the seat's own
view, with the legal moves for the seat on turn). The difference divided by --streams
is one frame's cost; the one-stream figure is the listener's per message. Each way is
alternated --rounds times (median). The baseline request (``/bench/baseline``: one GET
and one SET of a session-sized value through the whole stack) is measured in the same
run; every figure is printed in µs and ÷ that baseline.

``--vs-tree PATH`` also serves another checkout (its ``companion`` package first on the
path, the same Redis and table): each round measures both workers in turn, and the
other tree's figures are printed after this one's.
"""

from gevent import monkey

monkey.patch_all()

import argparse  # noqa: E402
import os  # noqa: E402
import statistics  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import gevent  # noqa: E402
import gevent.event  # noqa: E402
import orjson  # noqa: E402

from bench.http import Client, cpu_seconds, record_game, start_server  # noqa: E402
from bench.parts import frames  # noqa: E402
from bench.table_clients import read_stream  # noqa: E402
from companion.store import connect, keys  # noqa: E402
from companion.store.embedded import EmbeddedRedis  # noqa: E402

LIMITS = {"SSE_MAX_PER_CLIENT": "100000", "SSE_MAX_STREAMS": "100000",
          "SSE_MAX_PER_SESSION": "100000", "SSE_MAX_PER_SEAT": "100000",
          "MAX_CONNECTIONS_PER_CLIENT": "100000"}


class Table:
    """A started game a dozen moves in, and what a commit of it publishes."""

    def __init__(self, base: str, url: str) -> None:
        game = record_game(40_000, players=4)
        client = Client(base)
        self.sid, self.tokens = client.open_table(game)
        for seat, move in game["moves"][:12]:
            assert client.post(f"/sessions/{self.sid}/moves", self.tokens[seat],
                               move).status_code == 201
        self.redis = connect(url)
        version, revision, self.doc = self.redis.hmget(keys.session(self.sid), "v", "r", "doc")
        self.version, self.revision = int(version), int(revision)
        self.state = client.request("GET", f"/sessions/{self.sid}").json()

    def publish(self, count: int, rate: float) -> None:
        """``count`` new versions of the session, as ``scripts.COMMIT`` publishes them;
        the stored version follows (a stream opens at the stored one, and the streams of
        a finished round, their clients gone, end at the next frame they write)."""
        started = time.monotonic()
        for k in range(count):
            self.version += 1
            self.revision += 1
            head = orjson.dumps({"version": self.version, "events": [], "state": self.state})
            self.redis.publish(keys.channel(self.sid),
                               b"%s\n%d\n%s" % (head, self.revision, self.doc))
            pause = started + (k + 1) / rate - time.monotonic()
            if pause > 0:
                gevent.sleep(pause)
        self.redis.hset(keys.session(self.sid), mapping={"v": self.version,
                                                         "r": self.revision})


def open_streams(base: str, table: Table, kind: str, count: int, seen: list[int]) -> list[Any]:
    def counted(message: dict[str, Any]) -> None:
        seen[0] += 1

    readers = []
    for k in range(count):
        ready = gevent.event.Event()
        path, headers = f"/api/v1/sessions/{table.sid}/events", None
        if kind == "seat":
            path = f"/api/v1/sessions/{table.sid}/me/events"
            headers = {"Authorization": f"Bearer {table.tokens[k % len(table.tokens)]}"}
        readers.append(gevent.spawn(read_stream, base, path, counted, ready, headers))
        if not ready.wait(10):
            raise RuntimeError("a stream did not open")
    return readers


def per_message(pid: int, base: str, table: Table, kind: str, extra: int, messages: int,
                rate: float) -> float:
    """The worker's CPU per published message with one public stream and ``extra`` more."""
    seen = [0]
    readers = open_streams(base, table, "public", 1, seen)
    readers += open_streams(base, table, kind, extra, seen)
    gevent.sleep(0.3)
    seen[0] = 0
    before = cpu_seconds(pid)
    table.publish(messages, rate)
    deadline = time.monotonic() + 30
    while seen[0] < messages * (1 + extra) and time.monotonic() < deadline:
        gevent.sleep(0.01)
    used = cpu_seconds(pid) - before
    gevent.killall(readers)
    table.publish(3, rate)  # the closed streams write, fail and end before the next round
    gevent.sleep(0.3)
    if seen[0] < messages * (1 + extra):  # a stream past its backlog's budget ended
        raise RuntimeError(f"{seen[0]} of {messages * (1 + extra)} frames arrived: the "
                           "worker fell behind; try a lower --rate")
    return 1e6 * used / messages


def per_request(pid: int, base: str, requests: int, target: Callable[[int], str]) -> float:
    """The worker's CPU per POST to ``target(k)`` (k = 0, 1, …), each answered 200."""
    client = Client(base)
    before = cpu_seconds(pid)
    for k in range(requests):
        assert client.request("POST", target(k), raw_path=True).status_code == 200
    return 1e6 * (cpu_seconds(pid) - before) / requests


def baseline(pid: int, base: str, requests: int, size: int) -> float:
    return per_request(pid, base, requests, lambda k: f"/bench/baseline/{k % 16}?size={size}")


def measure(pid: int, base: str, table: Table, runs: dict[str, list[float]],
            args: argparse.Namespace) -> None:
    """One round on one worker: the one-stream, public and seat figures, the baseline."""
    runs["one"].append(per_message(pid, base, table, "public", 0, args.messages, args.rate))
    for kind in ("public", "seat"):
        runs[kind].append(per_message(pid, base, table, kind, args.streams, args.messages,
                                      args.rate))
    runs["baseline"].append(baseline(pid, base, args.messages, len(table.doc)))


def report(name: str, runs: dict[str, list[float]], table: Table,
           args: argparse.Namespace) -> None:
    median = {k: statistics.median(v) for k, v in runs.items()}
    base_us = median["baseline"]
    public, seat = frames(median, args.streams)
    rows = [("baseline request (GET + SET through the stack)", base_us),
            ("a message, one public stream (the listener + one frame)", median["one"]),
            ("a public frame (the table screen's)", public),
            ("a seat frame (a phone's: its view, legal moves on turn)", seat)]
    print(f"{name}one worker; {args.messages} messages at {args.rate:g}/s of a 4-player "
          f"Gaia game ({len(table.doc):,} B document); {args.streams} streams more; "
          f"{args.rounds} rounds alternated, medians:")
    for row, us in rows:
        print(f"  {row:58} {us:7.1f} µs  = {us / base_us:.3f} x the baseline")
    print("rounds, µs per message: " + "; ".join(
        f"{k} " + ", ".join(f"{v:.0f}" for v in values) for k, values in runs.items()))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--messages", type=int, default=1500)
    parser.add_argument("--streams", type=int, default=24)
    parser.add_argument("--rate", type=float, default=300)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--vs-tree", help="another checkout, measured in the same rounds")
    args = parser.parse_args(argv)
    os.environ.update(LIMITS)
    redis_server = EmbeddedRedis(Path(tempfile.mkdtemp()) / "redis").start()
    servers = [("", start_server(redis_server.url, 1))]
    if args.vs_tree:
        servers.append((f"{args.vs_tree}: ", start_server(
            redis_server.url, 1, {"PYTHONPATH": str(Path(args.vs_tree).resolve())})))
    runs = {name: {"one": [], "public": [], "seat": [], "baseline": []}
            for name, _ in servers}
    try:
        table = Table(servers[0][1][1], redis_server.url)
        for _ in range(args.rounds):
            for name, (proc, base) in servers:
                measure(proc.pid, base, table, runs[name], args)
    finally:
        for _, (proc, _base) in servers:
            proc.kill()
            proc.wait(5)
        redis_server.stop()
    for name, _ in servers:
        report(name, runs[name], table, args)


if __name__ == "__main__":
    main()

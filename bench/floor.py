"""What a move costs a served worker, part by part, against the baseline request, in one run.

    python -m bench.floor [--moves 1000] [--messages 1500] [--streams 12] [--rounds 3]
                          [--phones 3.5]

Embedded Redis and gunicorn with one gevent worker (so every request, stream and message
lands on it). Each part is measured --rounds times, alternated, as the worker's CPU
(user + system) per request or per message; the medians are printed in µs and ÷ the
baseline request of the same run:

- the baseline request (``/bench/baseline``: one GET and one SET of a session-sized value);
- a request that does nothing (``/bench/noop``): gunicorn, Flask and the app's own hooks
  (request id, log line, metrics, security headers) — what every request pays;
- a move's POST (``?include=me``, as the phone sends it) with no stream open, moves of
  recorded 4-player games in order: the request, the rules, the commit, the mover's view;
- a message on a worker with one public stream open (its listener and one frame), a public
  frame and a seat frame (bench.fanout's measures, published as a commit does, at --rate
  messages a second: a quiet worker pays more per message than a busy one).

From them, at ``bench.table``'s back-to-back mix (two workers, each hearing every move;
--phones seat streams and a table screen per table): a move summed from its parts, and
the least any move could cost on this stack — a request that does nothing and the same
fan-out with public frames only, with no rules, no store and no views at all.
"""

from gevent import monkey

monkey.patch_all()

import argparse  # noqa: E402
import os  # noqa: E402
import statistics  # noqa: E402
import tempfile  # noqa: E402
from pathlib import Path  # noqa: E402

import gevent  # noqa: E402

from bench.fanout import LIMITS, Table, baseline, per_message, per_request  # noqa: E402
from bench.games import record_game  # noqa: E402
from bench.http import cpu_seconds, start_server  # noqa: E402
from bench.page_requests import requests_for  # noqa: E402
from bench.parts import WORKERS, derive  # noqa: E402
from bench.table_clients import PageClient  # noqa: E402
from companion.store.embedded import EmbeddedRedis  # noqa: E402


def moves(pid: int, base: str, count: int, seed: int) -> float:
    """The worker's CPU per accepted move POST (no stream open), recorded 4-player games
    played in order on fresh tables until ``count`` moves were made, each sent as the
    phone sends it (bench.table's ``PageClient``: its token, an ``Idempotency-Key``,
    ``?include=me``); the tables' opening (create, joins, start) is not counted."""
    client, made, used = PageClient(base), 0, 0.0
    while made < count:
        game = record_game(seed + made, players=4)
        sid, tokens = client.open_table(game)
        line = requests_for("phone", "move", sid)[0]
        before = cpu_seconds(pid)
        for seat, move in game["moves"][:count - made]:
            reply = client.call(line, tokens[seat], move)
            assert reply.status_code == 201, reply.text[:300]
            made += 1
        used += cpu_seconds(pid) - before
    return 1e6 * used / count


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--moves", type=int, default=1000)
    parser.add_argument("--messages", type=int, default=1500)
    parser.add_argument("--streams", type=int, default=12)
    parser.add_argument("--rate", type=float, default=300)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--phones", type=float, default=3.5,
                        help="seat streams per table (bench.table cycles 2, 3, 4, 5)")
    args = parser.parse_args(argv)
    os.environ.update(LIMITS)
    redis_server = EmbeddedRedis(Path(tempfile.mkdtemp()) / "redis").start()
    proc, base = start_server(redis_server.url, 1)
    runs: dict[str, list[float]] = {k: [] for k in
                                    ("baseline", "noop", "move", "one", "public", "seat")}
    try:
        table = Table(base, redis_server.url)
        pid = proc.pid
        for _ in range(args.rounds):
            # the last round's streams are gone: the worker's listener stops within its
            # 1 s poll, so no move below is heard (and parsed) by it
            gevent.sleep(1.5)
            runs["move"].append(moves(pid, base, args.moves, 50_000))  # the same games
            runs["baseline"].append(baseline(pid, base, args.moves, len(table.doc)))
            runs["noop"].append(per_request(pid, base, args.moves, lambda _: "/bench/noop"))
            runs["one"].append(per_message(pid, base, table, "public", 0, args.messages,
                                           args.rate))
            for kind in ("public", "seat"):
                runs[kind].append(per_message(pid, base, table, kind, args.streams,
                                              args.messages, args.rate))
    finally:
        proc.kill()
        proc.wait(5)
        redis_server.stop()
    m = {k: statistics.median(v) for k, v in runs.items()}
    d = derive(m, args.streams, args.phones)
    public, seat, listener, summed, floor = (d[k] for k in ("public", "seat", "listener",
                                                            "summed", "floor"))
    frames = args.phones + 1  # the seats' streams and the table screen's
    rows = [("baseline request (GET + SET through the stack)", m["baseline"]),
            ("a request that does nothing (gunicorn, Flask, the app's hooks)", m["noop"]),
            ("a move's POST, no stream open (request, rules, commit, view)", m["move"]),
            ("  of it beyond a request that does nothing", m["move"] - m["noop"]),
            ("a worker's listener, per message (its one frame apart)", listener),
            ("a public frame (the table screen's)", public),
            ("a seat frame (a phone's: its view, legal moves on turn)", seat),
            (f"a move summed: POST + {WORKERS} listeners + {args.phones:g} seat frames "
             "+ 1 public", summed),
            (f"the floor: a request doing nothing + {WORKERS} listeners + {frames:g} public "
             "frames", floor)]
    print(f"one worker; {args.moves} requests and moves, {args.messages} messages at "
          f"{args.rate:g}/s ({len(table.doc):,} B document), {args.streams} streams more; "
          f"{args.rounds} rounds alternated, medians:")
    for name, us in rows:
        print(f"  {name:78} {us:7.1f} µs  = {us / m['baseline']:.3f} x the baseline")
    print("rounds, µs: " + "; ".join(f"{k} " + ", ".join(f"{v:.0f}" for v in values)
                                     for k, values in runs.items()))


if __name__ == "__main__":
    main()

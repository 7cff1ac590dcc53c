"""Where a move's own work goes, in process, without a profiler's distortion.

    python -m bench.move_parts [--games 6]

Plays recorded 4-player Gaia games through the sessions service (the layer the move's
POST calls: no HTTP, no Flask) against an embedded Redis, each move with its own
idempotency key as a phone sends it (the commit then also writes the replay record).
Each part is timed by a wrapper that adds up its CPU time (``time.process_time``: about
a µs a call, where cProfile's per-call cost inflates the many small calls several times
over). Prints µs per move for the whole service call and for each part. Parts nest: the
script's call, its send and its read are inside the commit.
"""

from gevent import monkey

monkey.patch_all()

import argparse  # noqa: E402
import logging  # noqa: E402
import os  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from collections import defaultdict  # noqa: E402
from collections.abc import Callable  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

os.environ.setdefault("PROMETHEUS_MULTIPROC_DIR", tempfile.mkdtemp())  # as workers run

import orjson  # noqa: E402
import redis.commands.core  # noqa: E402
import redis.connection  # noqa: E402

from bench.games import record_game  # noqa: E402
from companion import store  # noqa: E402
from companion.app import create_app  # noqa: E402
from companion.games import GAMES  # noqa: E402
from companion.sessions import core, play  # noqa: E402
from companion.sessions.tokens import body_hash  # noqa: E402
from companion.store.embedded import EmbeddedRedis  # noqa: E402

#: (owner, attribute, label): each part timed, in the order printed
PARTS: list[tuple[Any, str, str]] = [
    (GAMES["gaia"], "apply", "the game's apply (form, rules)"),
    (play, "seat_view", "the mover's view (its legal moves)"),
    (core, "public_state", "the public state"),
    (store.Store, "commit", "the commit"),
    (store.scripts, "dumps", "  its JSON (document, message, log entry, replay record, view)"),
    (redis.commands.core.Script, "__call__", "  the script's call through redis-py"),
    (redis.connection.AbstractConnection, "send_packed_command", "    its send"),
    (redis.connection.AbstractConnection, "read_response", "    its reply read"),
]


def timed(fn: Callable[..., Any], label: str, spent: defaultdict[str, float],
          counting: list[bool]) -> Callable[..., Any]:
    """``fn``, its CPU time added to ``spent[label]`` while ``counting[0]``."""
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if not counting[0]:
            return fn(*args, **kwargs)
        started = time.process_time()
        try:
            return fn(*args, **kwargs)
        finally:
            spent[label] += time.process_time() - started
    return wrapper


def put(owner: Any, name: str, value: Any) -> None:
    if isinstance(owner, (type, type(store))):
        setattr(owner, name, value)  # a class or a module
    else:  # a game: a frozen dataclass
        object.__setattr__(owner, name, value)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--games", type=int, default=6)
    args = parser.parse_args(argv)
    redis_server = EmbeddedRedis(Path(tempfile.mkdtemp()) / "redis").start()
    app = create_app({"REDIS_URL": redis_server.url, "INSTANCE_PATH": tempfile.mkdtemp(),
                      "RATE_LIMIT_CREATE": "100000 per minute",
                      "RATE_LIMIT_JOIN": "100000 per minute", "PUBLIC_URL": "http://bench"})
    logging.getLogger("companion").setLevel(logging.WARNING)  # no request lines
    spent: defaultdict[str, float] = defaultdict(float)
    counting = [False]  # the moves only, not the tables' opening
    client = app.test_client()
    sessions = app.extensions["companion"].sessions
    total, made = 0.0, 0
    originals = [(owner, name, getattr(owner, name)) for owner, name, _ in PARTS]
    try:
        for owner, name, label in PARTS:
            put(owner, name, timed(getattr(owner, name), label, spent, counting))
        for seed in range(args.games):
            game = record_game(70_000 + seed, players=4)
            created = client.post("/api/v1/sessions", json={"game": "gaia"}).get_json()
            tokens = [client.post(f"/api/v1/join/{created['code']}", json={"name": n})
                      .get_json()["player_token"] for n in game["names"]]
            started = client.post(f"/api/v1/sessions/{created['id']}/start",
                                  json={"setup": game["setup"]},
                                  headers={"Authorization": f"Bearer {created['host_token']}"})
            assert started.status_code == 201, started.get_data(as_text=True)
            path = f"/api/v1/sessions/{created['id']}/moves".encode()
            counting[0] = True
            for seat, move in game["moves"]:
                made_key = f"parts-{seed}-{made:08d}"  # as a phone sends each move
                before = time.process_time()
                # the key stored as the POST stores it (http.idem: the body, "|", the path)
                idem = sessions.idem_for(created["id"], tokens[seat], "move", made_key,
                                         body_hash(orjson.dumps(move) + b"|" + path))
                sessions.move(created["id"], tokens[seat], move, idem, None, True)
                total += time.process_time() - before
                made += 1
            counting[0] = False
    finally:
        for owner, name, original in originals:
            put(owner, name, original)
        redis_server.stop()
    print(f"{made} moves of {args.games} recorded 4-player games, through the sessions "
          "service (no HTTP), CPU per move:")
    print(f"  {'the service call, in all':66} {1e6 * total / made:7.1f} µs")
    for _, _, label in PARTS:
        print(f"  {label:66} {1e6 * spent[label] / made:7.1f} µs")


if __name__ == "__main__":
    main()

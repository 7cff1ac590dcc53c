"""CPU per published message of a worker's live-update listener, two ways in one run.

    python -m bench.listener [--messages 4000] [--rate 2000] [--size 8000] [--rounds 3]

Every worker's Hub listener hears every move once (plain pub/sub). This bench runs,
under gevent as a served worker does, a listener that reads with redis-py's
``PubSub.get_message(timeout=1.0)`` (what ``companion.live`` used before
this change) and one that reads with ``companion.live.Pattern`` (what it uses now),
alternately, several rounds. A separate process publishes the messages at --rate per
second (so they arrive one by one, as moves do, not in one batch), each --size bytes.
Prints the listener process's CPU per message received (user + system, the publisher
left out) for each way, the median of the rounds, and the ratio new ÷ old.
"""

from gevent import monkey

monkey.patch_all()

import argparse  # noqa: E402
import resource  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
from collections.abc import Callable  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import redis  # noqa: E402

from companion.live import Pattern  # noqa: E402
from companion.store import keys  # noqa: E402
from companion.store.embedded import EmbeddedRedis  # noqa: E402

PUBLISHER = """
import sys, time, redis
url, channel = sys.argv[1], sys.argv[2]
count, rate, size = int(sys.argv[3]), float(sys.argv[4]), int(sys.argv[5])
client = redis.Redis.from_url(url)
data = b'{"version":1,' + b"x" * max(0, size - 14) + b"}"
started = time.monotonic()
for k in range(count):
    pause = started + k / rate - time.monotonic()
    if pause > 0:
        time.sleep(pause)
    client.publish(f"{channel}{k % 100}", data)
"""


def cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime


def with_redis_py(client: Any) -> Callable[[float], int]:
    pubsub = client.pubsub(ignore_subscribe_messages=True)
    pubsub.psubscribe(keys.CHANNEL_PATTERN)
    while pubsub.get_message(timeout=0.2) is not None or not pubsub.subscribed:
        pass

    def heard(timeout: float) -> int:
        message = pubsub.get_message(timeout=timeout)
        return int(message is not None and message["type"] == "pmessage")
    heard.close = pubsub.close  # type: ignore[attr-defined]
    return heard


def with_pattern(client: Any) -> Callable[[float], int]:
    pattern = Pattern(client, keys.CHANNEL_PATTERN)
    pattern.confirmed(5.0)

    def heard(timeout: float) -> int:
        return len(pattern.messages(timeout))
    heard.close = pattern.close  # type: ignore[attr-defined]
    return heard


WAYS = {"redis-py get_message": with_redis_py, "companion.live.Pattern": with_pattern}


def one_round(url: str, way: str, args: argparse.Namespace) -> float:
    """CPU µs per message for one way: subscribe, start the publisher, hear them all."""
    client = redis.Redis.from_url(url)
    heard = WAYS[way](client)
    publisher = subprocess.Popen([sys.executable, "-c", PUBLISHER, url, keys.channel("bench"),
                                  str(args.messages), str(args.rate), str(args.size)])
    got, before = 0, cpu()
    try:
        while got < args.messages:
            got += heard(1.0)
            if publisher.poll() not in (None, 0):
                raise RuntimeError("the publisher failed")
        return 1e6 * (cpu() - before) / got
    finally:
        publisher.wait(30)
        heard.close()  # type: ignore[attr-defined]
        client.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--messages", type=int, default=4000)
    parser.add_argument("--rate", type=float, default=2000, help="messages per second")
    parser.add_argument("--size", type=int, default=8000, help="bytes per message")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    server = EmbeddedRedis(Path(tempfile.mkdtemp()) / "redis").start()
    figures: dict[str, list[float]] = {way: [] for way in WAYS}
    try:
        for _ in range(args.rounds):
            for way in WAYS:  # alternated: a noisy moment is shared by both
                figures[way].append(one_round(server.url, way, args))
    finally:
        server.stop()
    print(f"listener CPU per message, {args.messages} messages of {args.size} B at "
          f"{args.rate:.0f}/s, {args.rounds} rounds alternated (median):")
    medians = {way: statistics.median(values) for way, values in figures.items()}
    for way, values in figures.items():
        print(f"  {way:24s} {medians[way]:6.1f} µs  (rounds: "
              f"{', '.join(f'{v:.1f}' for v in values)})")
    old, new = medians["redis-py get_message"], medians["companion.live.Pattern"]
    print(f"  new ÷ old: {new / old:.2f}; saved per move: {old - new:.1f} µs per worker "
          f"that streams the table (each hears every move)")


if __name__ == "__main__":
    main()

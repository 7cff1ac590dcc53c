"""CPU per frame through a live stream's backlog, two ways in one run.

    python -m bench.backlog [--streams 50] [--messages 2000] [--rounds 3]

Every move reaches each of its session's streams on a worker through that stream's
``companion.live.Backlog``: the Hub's listener puts the message, the stream's greenlet
wakes in ``get`` (with the heartbeat's timeout, as the streams wait), then marks it
handled (``Hub.settled`` counts on that). This bench runs that cycle under gevent, as a
served worker does, for --streams streams and --messages messages each, with the
Backlog as it was before its sixth round of work (a ``threading.Condition`` taken on
every put and every handled message) and as it is now (counts with one writer each,
a condition only while a caller of ``settle`` waits), alternately, several rounds.
Prints this process's CPU per frame (user + system) for each way, the median of the
rounds, and the ratio new ÷ old.
"""

from gevent import monkey

monkey.patch_all()

import argparse  # noqa: E402
import queue  # noqa: E402
import resource  # noqa: E402
import statistics  # noqa: E402
import threading  # noqa: E402
from collections.abc import Callable  # noqa: E402
from typing import Any  # noqa: E402

import gevent  # noqa: E402

from companion.live_message import OVERFLOW, Backlog, Message  # noqa: E402

HEARTBEAT = 15.0


class Before(queue.Queue[Message]):
    """``companion.live.Backlog`` before the sixth round, for comparison only."""

    def __init__(self, budget: int) -> None:
        super().__init__()
        self.budget = budget
        self.bytes = 0
        self.overflowed = False
        self._owed = 0
        self._owed_lock = threading.Condition()

    def _put(self, item: Message) -> None:
        if self.overflowed:
            return
        size = len(item.data)
        with self._owed_lock:
            if self.bytes + size > self.budget:
                self._owed -= len(self.queue)
                self.queue.clear()
                self.bytes, self.overflowed = 0, True
                self.queue.append(OVERFLOW)
                self._owed += 1
                return
            self.bytes += size
            self.queue.append(item)
            self._owed += 1

    def _get(self) -> Message:
        item: Message = self.queue.popleft()
        self.bytes -= len(item.data)
        return item

    def handled(self) -> None:
        with self._owed_lock:
            self._owed = max(0, self._owed - 1)
            if not self._owed:
                self._owed_lock.notify_all()


def cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime


def per_frame(make: Callable[[int], Any], streams: int, messages: int) -> float:
    """µs of CPU per message delivered to one stream (put, wake, get, handled)."""
    backlogs = [make(1 << 20) for _ in range(streams)]

    def stream(q: Any) -> None:
        while True:
            try:
                message = q.get(timeout=HEARTBEAT)
            except queue.Empty:
                continue
            q.handled()
            if message.kind == "shutdown":
                return

    readers = [gevent.spawn(stream, q) for q in backlogs]
    gevent.sleep(0)  # every stream waits in get
    message, last = Message("version", 1, b"x" * 4000), Message("shutdown")
    started = cpu()
    for k in range(messages):
        for q in backlogs:  # what Hub._dispatch_sid does for a session's streams
            q.put_nowait(last if k == messages - 1 else message)
        gevent.sleep(0)  # the listener waits for the next message: the streams run
    gevent.joinall(readers, raise_error=True)
    return 1e6 * (cpu() - started) / (streams * messages)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--streams", type=int, default=50)
    parser.add_argument("--messages", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    ways: dict[str, Callable[[int], Any]] = {"before (a condition per message)": Before,
                                             "companion.live.Backlog": Backlog}
    figures: dict[str, list[float]] = {name: [] for name in ways}
    per_frame(Backlog, args.streams, 50)  # warm up
    for _ in range(args.rounds):
        for name, make in ways.items():
            figures[name].append(per_frame(make, args.streams, args.messages))
    print(f"{args.streams} streams, {args.messages} messages each, {args.rounds} rounds "
          "alternated; CPU per frame:")
    medians = {name: statistics.median(values) for name, values in figures.items()}
    for name, values in figures.items():
        rounds = ", ".join(f"{v:.2f}" for v in values)
        print(f"  {name:36} {medians[name]:6.2f} µs  (rounds: {rounds})")
    old, new = medians.values()
    print(f"new ÷ old: {new / old:.2f}")


if __name__ == "__main__":
    main()

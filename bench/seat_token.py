"""A seat stream's token check per frame: resolved again (``reads.own_seat``: a sha256
and a scan of the seats) against the seats compared with those it was resolved for.

    python -m bench.seat_token [--seats 4] [--rounds 3]

Each message's document is parsed anew (as the hub's are), so the comparison meets equal
strings in different objects; ``seats_of`` is paid once per message per worker, the
comparison once per frame.
"""

from __future__ import annotations

import argparse
import secrets
import timeit

import orjson

from companion.sessions import reads
from companion.sessions.tokens import hash_token


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--number", type=int, default=200_000)
    args = parser.parse_args(argv)
    tokens = [secrets.token_urlsafe(32) for _ in range(args.seats + 1)]
    doc = {"host": hash_token(tokens[-1]),
           "players": [{"seat": k, "token": hash_token(tokens[k])} for k in range(args.seats)]}
    resolved = reads.seats_of(orjson.loads(orjson.dumps(doc)))
    now = orjson.loads(orjson.dumps(doc))  # the next message's document
    seats, last = reads.seats_of(now), tokens[args.seats - 1]
    n = args.number
    for _ in range(args.rounds):
        old = timeit.timeit(lambda: reads.own_seat(now, last), number=n) / n * 1e6
        new = timeit.timeit(lambda: seats != resolved, number=n) / n * 1e6
        once = timeit.timeit(lambda: reads.seats_of(now), number=n) / n * 1e6
        print(f"per frame: token resolved {old:.2f} µs, seats compared {new:.3f} µs; "
              f"per message and worker: seats_of {once:.2f} µs")


if __name__ == "__main__":
    main()

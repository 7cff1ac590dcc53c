"""A sampling profiler for the server's workers (no dependency).

    python -m bench.table … --sample DIR   (bench/table.py starts the server with it)
    python -m bench.sampler DIR [TOP]      (the summary of a run's files again)

Each gunicorn worker, right after its fork (``bench/sampling/sitecustomize.py`` registers
it; nothing in ``companion`` knows), arms a CPU-time interval timer (``ITIMER_PROF``: it
counts the process's user and system time, so a worker waiting on its sockets is not
sampled): every ``PERIOD`` seconds of CPU the signal handler, run in the main thread by
the interpreter, counts the stack of whichever greenlet runs — by innermost Python frame
("own", a C call's time counting for the Python function that made it) and by every frame
on the stack ("cumulative"). Every ``WRITE_EVERY`` samples the counts go to
``DIR/<pid>.json``; :func:`summary` merges the workers' files.
"""

from __future__ import annotations

import atexit
import json
import os
import signal
import sys
from collections import Counter
from pathlib import Path
from types import FrameType

PERIOD = 0.001
WRITE_EVERY = 500


def _where(frame: FrameType) -> str:
    code = frame.f_code
    return f"{Path(code.co_filename).name}:{code.co_firstlineno}:{code.co_name}"


def start(folder: str, write_every: int = WRITE_EVERY) -> None:
    out = Path(folder) / f"{os.getpid()}.json"
    own: Counter[str] = Counter()
    cumulative: Counter[str] = Counter()
    count = [0]

    def write() -> None:
        times = os.times()
        out.write_text(json.dumps({"samples": count[0], "user": times.user,
                                   "system": times.system, "own": own,
                                   "cumulative": cumulative}))

    def sample(_signum: int, frame: FrameType | None) -> None:
        if frame is None:
            return
        count[0] += 1
        own[_where(frame)] += 1
        seen = set()
        here: FrameType | None = frame
        while here is not None:
            seen.add(_where(here))
            here = here.f_back
        cumulative.update(seen)
        if count[0] % write_every == 0:
            write()

    def stop() -> None:  # the timer outliving its handler would end the process
        signal.setitimer(signal.ITIMER_PROF, 0, 0)
        write()

    atexit.register(stop)
    signal.signal(signal.SIGPROF, sample)
    signal.setitimer(signal.ITIMER_PROF, PERIOD, PERIOD)


def load(folder: Path) -> tuple[int, float, float, Counter[str], Counter[str]]:
    own: Counter[str] = Counter()
    cumulative: Counter[str] = Counter()
    samples, user, system = 0, 0.0, 0.0
    for path in folder.glob("*.json"):
        data = json.loads(path.read_text())
        samples += data["samples"]
        user, system = user + data["user"], system + data["system"]
        own.update(data["own"])
        cumulative.update(data["cumulative"])
    return samples, user, system, own, cumulative


def summary(folder: Path, top: int = 30) -> str:
    samples, user, system, own, cumulative = load(folder)
    busy = max(samples, 1)
    lines = [f"{samples} samples (1 per ms of a worker's CPU); the workers' CPU: user "
             f"{user:.1f} s, system {system:.1f} s", "by own time:"]
    lines += [f"  {100 * n / busy:5.1f} %  {k}" for k, n in own.most_common(top)]
    lines.append("by cumulative time:")
    lines += [f"  {100 * n / busy:5.1f} %  {k}" for k, n in cumulative.most_common(top)]
    return "\n".join(lines)


if __name__ == "__main__":
    print(summary(Path(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 30))

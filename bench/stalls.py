"""Stalls of the server's event loop, from gevent's blocking monitor (``bench.table --stalls``).

The server runs with ``GEVENT_MONITOR_THREAD_ENABLE=true`` and ``GEVENT_MAX_BLOCKING_TIME``: a
thread of each worker looks every period whether the loop switched greenlets, and if
not prints a report (the greenlet and its stack) on the worker's stderr. A block that
lasts several periods gives one report per period for the same greenlet, so the
reports in a row for one greenlet are one stall, as long as their count times the period.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

#: the monitor's period (s): a block this long is reported
PERIOD = 0.01
RULE = "=" * 80
_HEAD = re.compile(r"Greenlet (.*) appears to be blocked")
#: the monitor's own frames (its tracer runs on the blocked thread at each switch)
_MONITOR = ("/gevent/_monitor.py", "/gevent/_tracer.py", "/linecache.py", "/traceback.py")
_ADDRESS = re.compile(r"at (0x[0-9a-f]+)")  # the greenlet's name may appear later
_FRAME = re.compile(r'File "([^"]+)", line (\d+), in (\S+)')


def environment(period: float = PERIOD) -> dict[str, str]:
    """What the server's environment needs for the monitor to run (gevent's own keys)."""
    return {"GEVENT_MONITOR_THREAD_ENABLE": "true", "GEVENT_MAX_BLOCKING_TIME": str(period)}


@dataclass
class Stall:
    greenlet: str
    periods: int
    where: tuple[str, ...]  # the innermost frames, "file:line function"

    def ms(self, period: float = PERIOD) -> float:
        return 1000 * self.periods * period


def _frames(report: str) -> tuple[str, ...]:
    """The blocked stack's frames, innermost last, gevent's own monitor frames left out."""
    stack = report.split("Blocked Stack", 1)[-1].split("\nInfo:", 1)[0]
    found = [f"{Path(f).name}:{line} {fn}" for f, line, fn in _FRAME.findall(stack)
             if not any(part in f for part in _MONITOR)]
    return tuple(found)


def parse(text: str) -> list[Stall]:
    """The stalls in a stderr's monitor reports, in the order they happened."""
    stalls: list[Stall] = []
    for report in text.split(RULE):
        head = _HEAD.search(report)
        if head is None:
            continue
        where = _frames(report)[-4:]
        last = stalls[-1] if stalls else None
        if last is not None and _same(last.greenlet, head.group(1)) and last.where == where:
            last.periods += 1  # the same block, still going one period later
        else:
            stalls.append(Stall(head.group(1), 1, where))
    return stalls


def _same(a: str, b: str) -> bool:
    found_a, found_b = _ADDRESS.search(a), _ADDRESS.search(b)
    return a == b if found_a is None or found_b is None else found_a[1] == found_b[1]


def summary(stalls: list[Stall], top: int = 5, period: float = PERIOD) -> str:
    """The longest stalls with their stacks, and where the blocked time was spent."""
    if not stalls:
        return f"stalls: none over {1000 * period:.0f} ms"
    places: Counter[str] = Counter()
    for stall in stalls:
        places[stall.where[-1] if stall.where else "?"] += stall.periods
    total = sum(s.periods for s in stalls)
    lines = [f"stalls over {1000 * period:.0f} ms: {len(stalls)} ({total} periods, "
             f"~{total * period * 1000:.0f} ms blocked in all); the longest:"]
    for stall in sorted(stalls, key=lambda s: -s.periods)[:top]:
        lines.append(f"  ≥ {stall.ms(period):.0f} ms in {stall.greenlet[:60]}")
        lines.extend(f"      {frame}" for frame in stall.where)
    lines.append("blocked periods by innermost frame: "
                 + ", ".join(f"{place} {n}" for place, n in places.most_common(top)))
    return "\n".join(lines)

"""bench/listener.py runs (under gevent, against its own embedded Redis, a publisher in
another process) and prints each way's CPU per message and their ratio."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_bench_prints_both_ways_and_their_ratio():
    out = subprocess.run([sys.executable, "-m", "bench.listener", "--messages", "300",
                          "--rate", "3000", "--size", "2000", "--rounds", "1"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120, check=True)
    figures = dict(re.findall(r"^\s+(\S.*?)\s+([\d.]+) µs  \(rounds", out.stdout, re.M))
    assert set(figures) == {"redis-py get_message", "companion.live.Pattern"}, out.stdout
    old, new = (float(figures[k]) for k in ("redis-py get_message", "companion.live.Pattern"))
    assert old > 0 and new > 0
    ratio = float(re.search(r"new ÷ old: ([\d.]+)", out.stdout)[1])
    assert abs(ratio - new / old) < 0.02

"""bench/backlog.py runs (under gevent) and prints each way's CPU per frame and their
ratio."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_bench_prints_both_ways_and_their_ratio():
    out = subprocess.run([sys.executable, "-m", "bench.backlog", "--streams", "10",
                          "--messages", "200", "--rounds", "1"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120, check=True)
    figures = dict(re.findall(r"^\s+(\S.*?)\s+([\d.]+) µs  \(rounds", out.stdout, re.M))
    assert set(figures) == {"before (a condition per message)", "companion.live.Backlog"}
    old, new = (float(v) for v in figures.values())
    assert old > 0 and new > 0
    ratio = float(re.search(r"new ÷ old: ([\d.]+)", out.stdout)[1])
    assert abs(ratio - new / old) < 0.02

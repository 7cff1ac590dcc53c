"""bench/request_costs.py runs (under gevent, in a process of its own) and prints a row
per request cost it compares, each with both figures and their ratio."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_bench_prints_each_pair_it_compares():
    out = subprocess.run([sys.executable, "-m", "bench.request_costs", "--n", "300"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120, check=True)
    rows = [line.split("|")[1:-1] for line in out.stdout.splitlines()[2:]]
    assert [r[0].strip() for r in rows] == ["Redis pool check, zero timeout",
                                            "request log line", "request metrics",
                                            "Date header",
                                            "gunicorn's request cycle (settings read once, "
                                            "headers sent with the body)"]
    for _, before, after, ratio in rows:
        assert float(before) > 0 and float(after) > 0
        assert abs(float(ratio) - float(after) / float(before)) < 0.02

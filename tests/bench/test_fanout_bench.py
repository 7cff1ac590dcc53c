"""bench/fanout.py runs against a served worker (gunicorn, embedded Redis), every frame
arrives (it refuses to print otherwise), and it prints each figure beside the baseline
request measured in the same run."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_bench_prints_a_frames_cost_against_the_baseline():
    out = subprocess.run([sys.executable, "-m", "bench.fanout", "--messages", "150",
                          "--streams", "4", "--rate", "200", "--rounds", "1"],
                         cwd=ROOT, capture_output=True, text=True, timeout=300, check=True)
    rows = re.findall(r"^\s+(\S.*?)\s+(-?[\d.]+) µs  = (-?[\d.]+) x the baseline", out.stdout,
                      re.M)
    assert [name.split(" (")[0] for name, _, _ in rows] == [
        "baseline request", "a message, one public stream", "a public frame",
        "a seat frame"], out.stdout
    base = float(rows[0][1])
    assert base > 0 and float(rows[0][2]) == 1.0
    for _, us, ratio in rows[1:]:
        assert abs(float(ratio) - float(us) / base) < 0.002
    assert float(rows[1][1]) > 0  # the listener's work is never free

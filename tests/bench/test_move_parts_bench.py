"""bench/move_parts.py plays recorded games through the sessions service against a real
(embedded) Redis and prints each part of a move's work; the parts nest as it says."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_bench_prints_each_part_of_a_moves_work():
    out = subprocess.run([sys.executable, "-m", "bench.move_parts", "--games", "1"],
                         cwd=ROOT, capture_output=True, text=True, timeout=300, check=True)
    assert re.search(r"^(\d+) moves of 1 recorded", out.stdout, re.M), out.stdout
    rows = dict((name.strip(), float(us)) for name, us in
                re.findall(r"^  (.+?)\s+([\d.]+) µs$", out.stdout, re.M))
    assert next(iter(rows)) == "the service call, in all"
    whole = rows["the service call, in all"]
    for part in ("the engine's apply", "the mover's view (its legal moves)",
                 "the public state", "the commit"):
        assert 0 < rows[part] < whole, (part, out.stdout)
    # the commit holds its JSON and its script's call; the call holds the send and read
    script = rows["the script's call through redis-py"]
    assert rows["the commit"] > script > rows["its send"]
    assert script > rows["its reply read"]
    assert rows["the commit"] > rows["its JSON (document, message, log entry, replay record, view)"]

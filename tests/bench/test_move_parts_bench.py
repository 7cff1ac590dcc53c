"""bench/move_parts.py plays recorded games through the sessions service against a real
(embedded) Redis and prints each part of a move's work: every part is timed (none is
left at zero), and the parts fit inside what holds them."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
JSON = "its JSON (document, message, log entry, replay record, view)"


def test_the_bench_prints_each_part_of_a_moves_work():
    out = subprocess.run([sys.executable, "-m", "bench.move_parts", "--games", "1"],
                         cwd=ROOT, capture_output=True, text=True, timeout=300, check=True)
    assert re.search(r"^(\d+) moves of 1 recorded", out.stdout, re.M), out.stdout
    rows = {name.strip(): float(us) for name, us in
            re.findall(r"^  (.+?)\s+([\d.]+) µs$", out.stdout, re.M)}
    assert list(rows) == [
        "the service call, in all", "the game's apply (form, rules)",
        "the mover's view (its legal moves)", "the public state", "the commit", JSON,
        "the script's call through redis-py", "its send", "its reply read"], out.stdout
    assert all(us > 0 for us in rows.values()), out.stdout
    # parts that do not overlap fit in what holds them
    assert (rows["the game's apply (form, rules)"] + rows["the mover's view (its legal moves)"]
            + rows["the public state"] + rows["the commit"]
            < rows["the service call, in all"]), out.stdout
    assert rows[JSON] + rows["the script's call through redis-py"] < rows["the commit"]
    assert (rows["its send"] + rows["its reply read"]
            < rows["the script's call through redis-py"]), out.stdout

"""bench/floor.py runs against a served worker (gunicorn, embedded Redis) and prints each
part of a move beside the baseline request measured in the same run, with the move
summed from its parts and the floor (a request that does nothing, the same fan-out with
public frames only) computed from the rows it printed."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def approx(value: float) -> object:
    return pytest.approx(value, abs=0.2)  # the rows are printed to 0.1 µs


ROW = re.compile(r"^\s+(\S.*?)\s+(-?[\d.]+) µs  = (-?[\d.]+) x the baseline", re.M)


def test_the_bench_prints_a_moves_parts_and_its_floor_against_the_baseline():
    out = subprocess.run([sys.executable, "-m", "bench.floor", "--moves", "300",
                          "--messages", "200", "--streams", "4", "--rate", "200",
                          "--rounds", "1", "--phones", "3"],
                         cwd=ROOT, capture_output=True, text=True, timeout=400, check=True)
    rows = {name.split(" (")[0].split(":")[0]: float(us) for name, us, _ in ROW.findall(out.stdout)}
    assert list(rows) == [
        "baseline request", "a request that does nothing", "a move's POST, no stream open",
        "of it beyond a request that does nothing", "a worker's listener, per message",
        "a public frame", "a seat frame", "a move summed", "the floor"], out.stdout
    for name, us, ratio in ROW.findall(out.stdout):
        assert abs(float(ratio) - float(us) / rows["baseline request"]) < 0.002, name
    # the rows add up as the bench says: 2 workers, 3 seat streams and a screen
    assert rows["of it beyond a request that does nothing"] == approx(
        rows["a move's POST, no stream open"] - rows["a request that does nothing"])
    listener, public, seat = (rows["a worker's listener, per message"],
                              rows["a public frame"], rows["a seat frame"])
    assert rows["a move summed"] == approx(
        rows["a move's POST, no stream open"] + 2 * listener + 3 * seat + public)
    assert rows["the floor"] == approx(
        rows["a request that does nothing"] + 2 * listener + 4 * public)
    # a move's POST does the rules and a commit on top of what a request that does
    # nothing pays: measured by the worker's CPU, it always costs more
    assert rows["a move's POST, no stream open"] > rows["a request that does nothing"] > 0

"""bench/floor.py: how it adds a move up from its parts (bench/parts.py, checked on made-up
medians), and a run against a served worker (gunicorn, embedded Redis) that prints each
part beside the baseline request measured in the same run."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from bench.parts import WORKERS, derive

ROOT = Path(__file__).resolve().parents[2]
ROW = re.compile(r"^\s+(\S.*?)\s+(-?[\d.]+) µs  = (-?[\d.]+) x the baseline", re.M)


def test_a_frame_is_what_more_streams_add_and_the_listener_is_the_rest():
    medians = {"move": 1000.0, "noop": 300.0, "one": 200.0,
               "public": 200.0 + 10 * 20.0, "seat": 200.0 + 10 * 60.0}
    d = derive(medians, streams=10, phones=3)
    assert (d["public"], d["seat"], d["listener"]) == (20.0, 60.0, 180.0)
    assert WORKERS == 2
    # the POST, both workers' listeners, three seat frames and the screen's public one
    assert d["summed"] == 1000 + 2 * 180 + 3 * 60 + 20
    # a request that does nothing, the same listeners, four public frames
    assert d["floor"] == 300 + 2 * 180 + 4 * 20


def test_the_bench_prints_a_moves_parts_and_its_floor_against_the_baseline():
    out = subprocess.run([sys.executable, "-m", "bench.floor", "--moves", "300",
                          "--messages", "200", "--streams", "4", "--rate", "200",
                          "--rounds", "1", "--phones", "3"],
                         cwd=ROOT, capture_output=True, text=True, timeout=400, check=True)
    found = ROW.findall(out.stdout)
    rows = {name.split(" (")[0].split(":")[0]: float(us) for name, us, _ in found}
    assert list(rows) == [
        "baseline request", "a request that does nothing", "a move's POST, no stream open",
        "of it beyond a request that does nothing", "a worker's listener, per message",
        "a public frame", "a seat frame", "a move summed", "the floor"], out.stdout
    for name, us, ratio in found:
        assert abs(float(ratio) - float(us) / rows["baseline request"]) < 0.002, name
    # the printed rows add up as bench.parts says (each row rounded to 0.1 µs)
    assert rows["of it beyond a request that does nothing"] == pytest.approx(
        rows["a move's POST, no stream open"] - rows["a request that does nothing"], abs=0.5)
    listener, public, seat = (rows["a worker's listener, per message"],
                              rows["a public frame"], rows["a seat frame"])
    assert rows["a move summed"] == pytest.approx(
        rows["a move's POST, no stream open"] + 2 * listener + 3 * seat + public, abs=1)
    assert rows["the floor"] == pytest.approx(
        rows["a request that does nothing"] + 2 * listener + 4 * public, abs=1)
    # measured by the worker's CPU: a move's POST does the rules and a commit on top of
    # what a request doing nothing pays, and the move in all more than its floor
    assert rows["a move's POST, no stream open"] > rows["a request that does nothing"] > 0
    assert rows["a move summed"] > rows["the floor"] > rows["a request that does nothing"]

"""bench/stalls.py reads gevent's blocking monitor as a real gevent process prints it:
a greenlet that holds the loop is found, with the function that held it, and a process
that never blocks has no stall."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from bench import stalls

ROOT = Path(__file__).resolve().parents[2]

PROGRAM = """
from gevent import monkey; monkey.patch_all()
import gevent, time
def hold_the_loop():
    t = time.perf_counter()
    while time.perf_counter() - t < {hold}:
        pass
gevent.sleep(0.1)
for _ in range(3):
    gevent.spawn(hold_the_loop).join()
    gevent.sleep(0.05)
"""


def _run(hold: float) -> list[stalls.Stall]:
    env = {**os.environ, **stalls.environment()}
    run = subprocess.run([sys.executable, "-c", PROGRAM.format(hold=hold)], cwd=ROOT,
                         env=env, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr[-2000:]
    return stalls.parse(run.stderr)


def test_a_greenlet_holding_the_loop_is_named_with_its_function() -> None:
    found = _run(0.2)
    assert found and all(s.ms() >= 10 for s in found)
    assert any(s.where and s.where[-1].endswith("hold_the_loop") for s in found)
    text = stalls.summary(found)
    assert text.startswith("stalls over 10 ms:") and "hold_the_loop" in text


def test_a_loop_that_keeps_switching_has_no_stall() -> None:
    found = _run(0.0)
    assert not any(s.where and s.where[-1].endswith("hold_the_loop") for s in found)

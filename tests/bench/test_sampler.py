"""bench/sampler.py: a process that burns CPU in one function is sampled there, by own
and by cumulative time, and its counts reach the folder the summary reads."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from bench import sampler

ROOT = Path(__file__).resolve().parents[2]

BURN = """
import sys, time
from bench import sampler
sampler.start(sys.argv[1], write_every=20)

def burn():
    total = 0
    for i in range(10_000_000):
        total += i * i
    return total

def outer():
    start = time.process_time()
    while time.process_time() - start < 0.6:
        burn()

outer()
"""


def test_the_burning_function_is_where_the_samples_are(tmp_path: Path) -> None:
    run = subprocess.run([sys.executable, "-c", BURN, str(tmp_path)], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr[-2000:]
    samples, user, _system, own, cumulative = sampler.load(tmp_path)
    assert samples >= 20 and user > 0.3
    burn = next(k for k in own if k.endswith(":burn"))
    assert own[burn] >= 0.8 * sum(own.values())  # its own time, not its caller's
    assert any(k.endswith(":outer") and n >= own[burn] for k, n in cumulative.items())
    assert "by own time:" in sampler.summary(tmp_path) and burn in sampler.summary(tmp_path)

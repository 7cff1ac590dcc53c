"""A worker's collector: the app frozen out of its scans, the young generation collected
rarely (full collections of a worker's heap held its event loop for 100-200 ms)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from companion.serving import GC_THRESHOLDS

ROOT = Path(__file__).resolve().parents[2]


def test_both_ways_of_serving_run_the_hook():
    probe = ("import runpy; from companion.serving import HOOKS; "
             "conf = runpy.run_path('deploy/gunicorn.conf.py'); "
             "print(conf['post_worker_init'] is HOOKS['post_worker_init'])")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         cwd=ROOT, check=True, timeout=60).stdout
    assert out.strip().endswith("True")  # companion serve passes HOOKS itself


def test_a_booted_worker_freezes_the_app_and_collects_the_young_rarely():
    probe = ("import gc; from companion.serving import HOOKS; import companion.app; "
             "before = gc.get_threshold(); HOOKS['post_worker_init'](None); "
             "print(before, gc.get_threshold(), gc.get_freeze_count())")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         cwd=ROOT, check=True, timeout=60).stdout.split(") ")
    before, after, frozen = out[0] + ")", out[1] + ")", int(out[2])
    assert before == "(700, 10, 10)" and after == str(GC_THRESHOLDS)
    assert GC_THRESHOLDS[0] > 700 and frozen > 10_000  # the modules' objects, at least

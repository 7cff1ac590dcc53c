"""bench/profile_moves.py at a tiny scale: it plays through the real app and Redis, and
its counts hold the budgets of a move — one Redis round trip per accepted move on
the writing side (the commit: the worker knew the document), no request per phone or
screen after a move (the per-seat streams), and no read of the session for a table's
seat streams (each message carries the document it committed)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_hot_path_keeps_its_round_trips_and_requests(tmp_path: Path) -> None:
    out = tmp_path / "counts.json"
    run = subprocess.run(
        [sys.executable, "-m", "bench.profile_moves", "--moves", "30", "--players", "3",
         "--top", "5", "--json", str(out)],
        cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    assert "Ordered by: cumulative time" in run.stdout and "Ordered by: internal time" in run.stdout
    counts = json.loads(out.read_text())
    moves, requests, trips = counts["moves"], counts["requests"], counts["round_trips"]
    assert moves == 30
    writing = "accepted move (writing side)"
    assert requests[writing] == moves and trips[writing] == moves
    reads = {kind: n for kind, n in requests.items() if kind != writing}
    # no phone and no screen makes a request after a move: every seat's own stream brings
    # its view, built from the document the message carried: no read of the session
    assert reads == {}
    assert counts["frames"] == {"seat frames": 3 * moves}
    assert trips["seat frames"] == 0
    assert counts["redis_commands"]["evalsha"] >= moves  # one commit script per move

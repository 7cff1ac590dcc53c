"""bench/table.py at a tiny scale against a real server (gunicorn + Redis): it plays, every
client of every table sees every move, and the requests per move are those of the
request table (bench/table_clients.py REQUESTS) — no more, no fewer. The human-pace level
is spread over two load-generator processes (--tables-per-process 2), whose moves and
latencies come back merged.

The bench runs in its own process: it patches the standard library with gevent.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def figures(tmp_path_factory: pytest.TempPathFactory) -> dict:
    out = tmp_path_factory.mktemp("bench") / "table.json"
    run = subprocess.run(
        [sys.executable, "-m", "bench.table", "--seconds", "1.5", "--tables", "2",
         "--levels", "3", "--pace-seconds", "2.5", "--mix", "2,4", "--games", "2",
         "--workers", "1", "--no-peer", "--tables-per-process", "2", "--json", str(out)],
        cwd=ROOT, capture_output=True, text=True, timeout=90)
    assert run.returncode == 0, run.stderr[-2000:]
    assert "| back to back, 2 tables, accepted moves/s |" in run.stdout
    assert "peer not measured: --no-peer" in run.stdout
    return json.loads(out.read_text())


def bounds(requests: dict, phones: float) -> tuple[float, float]:
    """Requests per move for a table of ``phones`` phones and a screen, from the table:
    at least the mover's send() and every other phone's live update; at most also one
    coalesced re-read (load()'s `again`). The mover's own live message is held while its
    move is on its way and costs nothing."""
    phone, screen = requests["phone"], requests["screen"]
    low = len(phone["move"]) + (phones - 1) * len(phone["message"]) + len(screen["message"])
    high = low + len(phone["again"])
    return low, high


def test_back_to_back_plays_and_every_client_follows(figures: dict) -> None:
    b2b = figures["ours"]["b2b"]
    assert b2b["moves"] > 0 and b2b["moves_per_s"] > 0
    assert b2b["not_updated"] == 0
    assert 0 < b2b["p50_ms"] <= b2b["p99_ms"] < 10_000
    assert b2b["cpu_us_per_move"] > 0
    base = figures["ours"]["baseline"]
    assert base["requests_per_s"] > 0 and base["cpu_us_per_request"] > 0


def test_human_pace_every_seat_updated_with_the_pages_requests(figures: dict) -> None:
    level = figures["ours"]["levels"][0]
    assert level["tables"] == 3 and level["moves"] > 0
    assert level["not_updated"] == 0
    assert 2 <= level["phones_per_move"] <= 4  # tables of 2 and 4 phones
    low, high = bounds(figures["requests"], level["phones_per_move"])
    assert low <= level["requests_per_move"] <= high, (level["requests_by_trigger"], low, high)
    # at most one request per phone per move (the mover's POST included), none
    # for the table screen
    assert level["requests_per_move"] <= level["phones_per_move"] + 0.1
    assert not [k for k in level["requests_by_trigger"] if k.startswith("screen.")]
    # only the triggers the request table lists, and no page reloads while playing
    kinds = {f"{kind}.{trigger}" for kind, table in figures["requests"].items()
             for trigger in table}
    assert set(level["requests_by_trigger"]) <= kinds - {"phone.load", "screen.load"}
    assert level["redis_commands_per_move"] > 0


def test_a_level_is_shared_by_load_generator_processes(figures: dict) -> None:
    """3 tables at 2 a process: two processes, every move of both counted once, with the
    generator's own CPU, files and memory beside the server's."""
    level = figures["ours"]["levels"][0]
    assert level["generators"] == 2 and figures["ours"]["b2b"]["generators"] == 1
    # a move every 2 s a table over the 2.5 s window: both processes' moves are in
    assert all(n > 0 for n in level["moves_by_process"]), level["moves_by_process"]
    assert sum(level["moves_by_process"]) == level["moves"] <= 3 * 3
    assert level["phones_per_move"] > 0 and level["p50_ms"] > 0
    assert 0 <= level["bench_cpu_max"] <= level["bench_cpu_cores"]
    assert 0 < level["bench_files"] < level["bench_files_limit"]
    assert level["bench_rss_mib"] > 0 and level["server_files"] > 0
    assert 0 < level["machine_busy"] <= 1
    assert figures["peer"] is None and figures["peer_durable"] is None


def test_a_level_past_the_open_file_limit_is_said_not_run(tmp_path) -> None:
    """A level whose sockets pass the process's open-file limit stops the sweep with a
    sentence (the levels run before it stand), instead of ending the whole bench."""
    out = tmp_path / "table.json"
    run = subprocess.run(
        [sys.executable, "-m", "bench.table", "--seconds", "1", "--tables", "2",
         "--levels", "2,60", "--pace-seconds", "2.5", "--mix", "3", "--games", "2",
         "--workers", "1", "--no-peer", "--files", "400", "--generators", "1",
         "--json", str(out)],
        cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    ours = json.loads(out.read_text())["ours"]
    assert [level["tables"] for level in ours["levels"]] == [2]
    assert ours["carried"] == (2 if ours["levels"][0]["ok"] else 0)
    assert ours["not_run"].startswith("60 tables not run") and "(400)" in ours["not_run"]
    assert "60 tables not run: the load generator's open files" in run.stdout
    assert f"ours not measured above {ours['carried']}" in run.stdout

"""The peer in the same run: boardgame.io 0.50.2 from ../shared/peers/boardgameio.

Copies the peer's folder to a temporary one (the shared one may be read-only), installs
it there once (`npm ci`), then runs its own server.js and bench.js per phase (a fresh
server each, as its run.sh does) and reads the `RESULT {json}` line bench.js prints:
first with its default in-memory store, then with PEER_STORAGE=flatfile, its own durable
store (node-persist, a file per match written on every update: the same work as ours,
which keeps every accepted move). Its "all seats" latency (the move sent until the last
seat of the match has the state) is the figure comparable with ours.
Every process started here is stopped here, by its pid.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

PEER = Path(__file__).resolve().parents[1].parent / "shared" / "peers" / "boardgameio"
SHARED = Path("/work/shared/peers/boardgameio")


def source() -> Path | None:
    for folder in (PEER, SHARED):
        if (folder / "bench.js").is_file():
            return folder
    return None


def available() -> str | None:
    """None when the peer can run here, else why not."""
    if shutil.which("node") is None or shutil.which("npm") is None:
        return "node is not on PATH"
    if source() is None:
        return f"the peer's folder is missing ({SHARED})"
    return None


def install() -> Path:
    folder = source()
    assert folder is not None
    target = Path(tempfile.mkdtemp(prefix="peer-bgio-")) / "boardgameio"
    shutil.copytree(folder, target, ignore=shutil.ignore_patterns("node_modules", "results"))
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=target,
                   check=True, stdout=subprocess.DEVNULL, timeout=600)
    return target


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def phase(folder: Path, mode: str, matches: int, seconds: float, players: int,
          storage: str = "memory") -> dict[str, Any]:
    """One bench.js run against a fresh server.js (``storage``: memory or flatfile); its
    RESULT json."""
    env = {**os.environ, "NODE_ENV": "production", "PEER_STORAGE": storage}
    port = _port()
    server = subprocess.Popen(["node", "server.js", str(port)], cwd=folder, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        if not line.startswith("READY") or f"storage={storage}" not in line:
            raise RuntimeError(f"peer server did not start with {storage}: {line.strip()}")
        # its matches are set up 20 at a time: 3,200 take minutes on a busy machine, and a
        # match not ready in time would count against the peer
        setup = 120 + matches // 20
        run = subprocess.run(
            ["node", "bench.js", "--port", str(port), "--mode", mode, "--matches", str(matches),
             "--seconds", str(max(1, round(seconds))), "--players", str(players),
             "--server-pid", str(server.pid), "--setup-limit-s", str(setup)],
            cwd=folder, env=env, capture_output=True, text=True, timeout=setup + seconds + 180)
        for out in run.stdout.splitlines():
            if out.startswith("RESULT "):
                result: dict[str, Any] = json.loads(out[len("RESULT "):])
                return result
        raise RuntimeError(f"peer bench printed no RESULT (exit {run.returncode}): "
                           f"{(run.stderr or run.stdout)[-400:]}")
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(5)


def run_both(b2b_tables: int, levels: list[int], seconds: float, pace_seconds: float,
             players: int, limit_ms: float = 50) -> dict[str, Any]:
    """Installed once, the peer in memory (``peer``) then durable (``peer_durable``)."""
    started = time.monotonic()
    folder = install()
    installed = time.monotonic() - started
    try:
        out: dict[str, Any] = {}
        for key, storage in (("peer", "memory"), ("peer_durable", "flatfile")):
            try:  # one peer failing leaves the other's figures, and ours, standing
                out[key] = run(folder, storage, b2b_tables, levels, seconds, pace_seconds,
                               players, limit_ms) | {"install_s": installed}
            except (RuntimeError, OSError, subprocess.SubprocessError, KeyError) as e:
                out[key], out[f"{key}_missing"] = None, f"failed: {e}"[:300]
                print(f"  peer ({storage}): {out[f'{key}_missing']}", flush=True)
                continue
            print(f"  peer ({storage}): carried {out[key]['carried']} tables, back to back "
                  f"{out[key]['b2b']['moves_per_s']} moves/s", flush=True)
        return out
    finally:
        shutil.rmtree(folder.parent, ignore_errors=True)


def run(folder: Path, storage: str, b2b_tables: int, levels: list[int], seconds: float,
        pace_seconds: float, players: int, limit_ms: float = 50) -> dict[str, Any]:
    """The peer's back-to-back run and its human-pace ramp at our table counts."""
    out: dict[str, Any] = {"storage": storage, "players": players,
                           "b2b": phase(folder, "b2b", b2b_tables, seconds, players, storage)}
    out["levels"] = []
    for level in levels:
        r = phase(folder, "human", level, pace_seconds, players, storage)
        p99 = r["all_seats_latency_ms"]["p99"]
        ok = p99 is not None and p99 <= limit_ms and r.get("copes", True)
        generator = r.get("bench_cpu_cores")  # one node process, whatever the level
        cores, rate = r.get("server_cpu_cores"), r.get("moves_per_s")
        out["levels"].append({
            "tables": level, "moves": r["accepted_moves"], "p50_ms": r[
                "all_seats_latency_ms"]["p50"], "p99_ms": p99, "ok": ok,
            "server_cpu_cores": cores, "bench_cpu_cores": generator,
            "cpu_us_per_move": 1e6 * cores / rate if cores and rate else None,
            "generator_bound": generator is not None and generator >= 0.9,
            "setup_s": r.get("setup_s"),
            "not_coping_because": r.get("not_coping_because", [])})
        if not r.get("copes", True):  # as its run.sh stops its sweep
            break
    out["carried"] = 0
    for level in out["levels"]:  # the highest level with every level up to it ok
        if not level["ok"]:
            break
        out["carried"] = level["tables"]
    return out

"""The peer in the same run: boardgame.io 0.50.2 from ../shared/peers/boardgameio.

Copies the peer's folder to a temporary one, installs it there (`npm ci`), then runs its
own server.js and bench.js per phase (a fresh server each, as its run.sh does) and reads
the `RESULT {json}` line bench.js prints. Its "all seats" latency (the move sent until
the last seat of the match has the state) is the figure comparable with ours.
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


def phase(folder: Path, mode: str, matches: int, seconds: float, players: int) -> dict[str, Any]:
    """One bench.js run against a fresh server.js; its RESULT json."""
    env = {**os.environ, "NODE_ENV": "production"}
    port = _port()
    server = subprocess.Popen(["node", "server.js", str(port)], cwd=folder, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        if not line.startswith("READY"):
            raise RuntimeError(f"peer server did not start: {line.strip()}")
        run = subprocess.run(
            ["node", "bench.js", "--port", str(port), "--mode", mode, "--matches", str(matches),
             "--seconds", str(max(1, round(seconds))), "--players", str(players),
             "--server-pid", str(server.pid), "--setup-limit-s", "120"],
            cwd=folder, env=env, capture_output=True, text=True, timeout=seconds + 300)
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


def run(b2b_tables: int, levels: list[int], seconds: float, pace_seconds: float,
        players: int, limit_ms: float = 50) -> dict[str, Any]:
    """The peer's back-to-back run and its human-pace ramp at our table counts."""
    started = time.monotonic()
    folder = install()
    out: dict[str, Any] = {"install_s": time.monotonic() - started, "players": players}
    b2b = phase(folder, "b2b", b2b_tables, seconds, players)
    out["b2b"] = b2b
    out["levels"], out["carried"] = [], 0
    for level in levels:
        r = phase(folder, "human", level, pace_seconds, players)
        p99 = r["all_seats_latency_ms"]["p99"]
        ok = p99 is not None and p99 <= limit_ms and r.get("copes", True)
        generator = r.get("bench_cpu_cores")  # one node process, as ours is one Python one
        out["levels"].append({"tables": level, "moves": r["accepted_moves"], "p50_ms": r[
            "all_seats_latency_ms"]["p50"], "p99_ms": p99, "ok": ok,
            "server_cpu_cores": r.get("server_cpu_cores"), "bench_cpu_cores": generator,
            "generator_bound": generator is not None and generator >= 0.9})
        if not ok:
            break
        out["carried"] = level
    shutil.rmtree(folder.parent, ignore_errors=True)
    return out

"""Tables as they really are: every seat's phone and the table screen connected, side by side
with boardgame.io, in memory and with its own durable store, measured in the same run.

    python -m bench.table [--seconds 20] [--tables 16] [--levels 100,200,400,800,1600]
                          [--pace-seconds 20] [--mix 2,3,4,5] [--no-peer] [--stalls]
                          [--tables-per-process 800] [--generators 8] [--json out.json]

Starts an embedded Redis and gunicorn (gevent workers) on loopback. Each table is a
started Gaia game with a phone per seat (--mix: players per table, cycled) and a table
screen; each holds a live stream and makes exactly the requests its page makes
(REQUESTS in bench/page_requests.py). The clients run in load-generator processes
(bench/table_load.py), each holding a share of the tables: one process runs out of open
files (~14 a table) and of its one core near a thousand tables. Then, in one run:

(a) back to back: --tables tables, each posting its next move as soon as the next
    mover's phone shows the last one (a finished game is replaced by a new table);
    accepted moves/s, server CPU per move (fan-out included), against the baseline
    endpoint (one GET + one SET of a session-sized blob) measured right after;
(b) human pace: a move every 2 s per table at each --levels count; p50/p99 from a
    move's POST until every phone shows the new state with its own legal moves (and the
    screen shows it), over every process's moves; the most tables carried with p99 <=
    50 ms, and what stopped the ramp: the load generator's open files (a level not run),
    its CPU (a process at >= 0.9 of a core), the machine's cores all busy, the server's
    connection cap, or the server;
(c) the peer (bench/peer.py) at the same table counts, when node is on PATH: in memory
    and with PEER_STORAGE=flatfile (its own durable store), one after the other.
Prints the side-by-side table (markdown) at the end.
"""

from gevent import monkey

monkey.patch_all()

import argparse  # noqa: E402
import itertools  # noqa: E402
import os  # noqa: E402
import resource  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from collections import Counter  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import gevent  # noqa: E402
import orjson  # noqa: E402

from bench import peer, sampler, stalls  # noqa: E402
from bench.games import Game, record_game  # noqa: E402
from bench.http import baseline, cpu_seconds, start_server  # noqa: E402
from bench.page_requests import REQUESTS  # noqa: E402
from bench.report import markdown  # noqa: E402
from bench.table_load import (  # noqa: E402
    FAN_OUT,
    FILES_PER_TABLE,
    Generators,
    NotRun,
    memory_available,
    server_files,
)
from companion.serving import SETTINGS  # noqa: E402
from companion.store import connect, keys  # noqa: E402
from companion.store.embedded import EmbeddedRedis  # noqa: E402

LIMIT_MS = 50
#: every level is measured (the ramp goes on past 50 ms, so both sides are measured to
#: the top level) until one does not cope: a move unseen, or p99 past this
COPES_MS = 1000
#: a load-generator process is one gevent loop: at this share of a core it, not the
#: server, is what limits a level, and the bench says so beside the figure
GENERATOR_LIMIT = 0.9
#: the machine's cores this busy over a window: the server and the load generator
#: shared too few cores, and neither's figure is its own ceiling
MACHINE_LIMIT = 0.95


def record(n: int, mix: list[int]) -> list[Game]:
    """Seeded Gaia games played out on simulated physical decks, players cycling ``mix``."""
    return [record_game(20_000 + k, players=mix[k % len(mix)]) for k in range(n)]


class Meter:
    """The server's CPU, Redis's commands and the machine's busy cores over a window."""

    def __init__(self, pid: int, url: str) -> None:
        self.pid, self.redis = pid, connect(url)
        self.start = self.read()

    def read(self) -> tuple[float, Counter[str], tuple[int, int], float]:
        return (cpu_seconds(self.pid), redis_commands(self.redis), machine_ticks(),
                time.monotonic())

    def stop(self) -> dict[str, Any]:
        cpu, commands, (busy, total), now = self.read()
        cpu0, commands0, (busy0, total0), started = self.start
        return {"server_cpu_s": cpu - cpu0, "server_cpu_cores": (cpu - cpu0) / (now - started),
                "redis": commands - commands0,
                "machine_busy": (busy - busy0) / max(total - total0, 1)}


def machine_ticks() -> tuple[int, int]:
    """All cores' busy and total ticks since boot (/proc/stat), to tell a window in which
    the server and the load generator fought over the cores."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + fields[4]  # idle, iowait
    return sum(fields) - idle, sum(fields)


def redis_commands(client: Any) -> Counter[str]:
    """Commands Redis executed, by name (INFO commandstats), all clients together, INFO left
    out. A pipeline's commands and those a Lua script runs count one by one, so this is an
    upper bound on round trips; EVALSHA and EXEC each mark one."""
    stats = client.info("commandstats")
    return Counter({k.removeprefix("cmdstat_"): int(v["calls"]) for k, v in stats.items()
                    if k != "cmdstat_info"})


def pct(values: list[float], p: float) -> float:
    return values[max(0, int(len(values) * p + 0.999999) - 1)] if values else float("nan")


#: seconds played before the measured window, as boardgame.io's bench does
#: (../shared/peers/boardgameio/bench.js: 3 s back to back, two move intervals at human
#: pace): opening a level's streams and first moves are not the steady state either side
B2B_WARMUP = 3.0
PACE_WARMUP = 4.0


def phase(args: argparse.Namespace, server: tuple[int, str, str], games: list[Game],
          kind: str, count: int, seconds: float) -> dict[str, Any]:
    """One phase (``kind`` b2b or pace) of ``count`` tables, spread over load-generator
    processes (bench/table_load.py); their figures merged with the server's."""
    pid, url, _ = server
    warmup = B2B_WARMUP if kind == "b2b" else PACE_WARMUP
    opening = time.monotonic()
    with Generators(args, server, games, kind, count) as gens:
        go = {"start": time.monotonic() + 0.2}
        opened = go["start"] - 0.2 - opening
        go["since"] = go["start"] + warmup
        go["stop"] = go["since"] + seconds
        gens.go(go)
        gevent.sleep(max(0.0, go["since"] - time.monotonic()))
        meter = Meter(pid, url)
        gevent.sleep(max(0.0, go["stop"] - time.monotonic()))
        held = server_files(pid)
        if kind == "pace":  # the last moves' fan-out is the server's work too
            gevent.sleep(FAN_OUT)
        server_side = meter.stop()
        shares = gens.results(seconds + 120)
    return merge(shares, server_side, seconds, held, len(gens.procs)) | {
        "tables": count, "open_s": opened,
        "server_connection_cap": SETTINGS["worker_connections"] * args.workers}


def merge(shares: list[dict[str, Any]], server: dict[str, Any], seconds: float,
          held: int, processes: int) -> dict[str, Any]:
    """The generator processes' shares as one figure, with the server's side."""
    lat = sorted(x for s in shares for x in s["latencies_ms"])
    moves = sum(s["accepted"] for s in shares)
    missing = sum(s["not_updated"] for s in shares)
    per, made, ran = max(moves, 1), Counter[str](), server["redis"]
    for s in shares:
        made.update(s["requests"])
    cores = [s["cpu_s"] / max(s["busy_s"], 1e-9) for s in shares]
    return {"seconds": seconds, "moves": moves, "moves_per_s": moves / seconds,
            "cpu_us_per_move": 1e6 * server["server_cpu_s"] / per,
            "server_cpu_cores": server["server_cpu_cores"],
            "bench_cpu_cores": sum(cores), "bench_cpu_max": max(cores),
            "generators": processes, "moves_by_process": [s["accepted"] for s in shares],
            "generator_bound": max(cores) >= GENERATOR_LIMIT,
            "machine_busy": server["machine_busy"],
            "machine_bound": server["machine_busy"] >= MACHINE_LIMIT,
            "bench_files": max(s["files"] for s in shares),
            "bench_files_limit": min(s["files_limit"] for s in shares),
            "bench_rss_mib": max(s["rss_mib"] for s in shares),
            "mem_available_mib": memory_available(), "server_files": held,
            "redis_commands_per_move": sum(ran.values()) / per,
            "redis_by_command": {k: v / per for k, v in ran.most_common()},
            "requests_per_move": sum(v for k, v in made.items()
                                     if not k.endswith(".load")) / per,
            "requests_by_trigger": dict(made), "not_updated": missing,
            "phones_per_move": sum(s["phones"] for s in shares) / max(len(lat) + missing, 1),
            "p50_ms": pct(lat, 0.5), "p99_ms": pct(lat, 0.99)}


def human_pace(args: argparse.Namespace, server: tuple[int, str, str], games: list[Game],
               count: int) -> dict[str, Any]:
    r = phase(args, server, games, "pace", count, args.pace_seconds)
    r["ok"] = r["moves"] > 0 and r["p99_ms"] <= LIMIT_MS and not r["not_updated"]
    # as the peer's bench counts it (bench.js): a level past this is not run on
    r["copes"] = r["moves"] > 0 and r["p99_ms"] <= COPES_MS and not r["not_updated"]
    if not r["ok"]:
        r["limit"] = why(r)
    return r


def why(r: dict[str, Any]) -> str:
    """What a level that missed the mark ran into, as far as the figures tell."""
    cap = r["server_connection_cap"]
    if r["generator_bound"]:
        return (f"the load generator's CPU: a process of it at {r['bench_cpu_max']:.2f} "
                "cores (the server was not shown its limit)")
    if r["machine_bound"]:
        return (f"the machine's cores, {r['machine_busy']:.0%} busy, of which the server "
                f"{r['server_cpu_cores']:.2f} and the load generator "
                f"{r['bench_cpu_cores']:.2f} of {os.cpu_count()} cores: the server waited "
                "for a core")
    if r["server_files"] >= 0.95 * cap:
        return (f"the server's connection cap: {r['server_files']:,} sockets open of "
                f"{cap:,} (worker_connections)")
    return "the server"


def ours(args: argparse.Namespace, games: list[Game]) -> dict[str, Any]:
    # every bench client comes from 127.0.0.1: lift the per-address stream cap
    os.environ.update(SSE_MAX_PER_CLIENT="100000", SSE_MAX_STREAMS="100000",
                      SSE_MAX_PER_SESSION="100000", SSE_MAX_PER_SEAT="100000",
                      MAX_CONNECTIONS_PER_CLIENT="100000")
    folder = Path(tempfile.mkdtemp())
    redis_server = EmbeddedRedis(folder / "redis").start()
    extra = stalls.environment() if args.stalls else {}
    if args.sample:  # each worker samples its own stack (bench/sampler.py)
        Path(args.sample).mkdir(parents=True, exist_ok=True)
        extra.update(COMPANION_SAMPLE=str(Path(args.sample).resolve()), PYTHONPATH=os.pathsep.join(
            [str(Path(__file__).parent / "sampling"), os.environ.get("PYTHONPATH", ".")]))
    proc, base = start_server(redis_server.url, args.workers, extra,
                              folder / "server.err" if args.stalls else None)
    try:
        out = measure(args, (proc.pid, redis_server.url, base), games)
    finally:
        proc.terminate()  # graceful shutdown would wait for open streams: cut it short
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)
        redis_server.stop()
    if args.stalls:  # the workers' monitor reports (bench/stalls.py)
        found = stalls.parse((folder / "server.err").read_text(errors="replace"))
        out["stalls"] = [{"ms": s.ms(), "greenlet": s.greenlet, "where": list(s.where)}
                         for s in sorted(found, key=lambda s: -s.periods)[:20]]
        print(stalls.summary(found), flush=True)
    return out


def measure(args: argparse.Namespace, server: tuple[int, str, str],
            games: list[Game]) -> dict[str, Any]:
    """Back to back, the baseline right after, then the human-pace ramp."""
    url = server[1]
    out: dict[str, Any] = {"workers": args.workers,
                           "b2b": phase(args, server, games, "b2b", args.tables, args.seconds)}
    if args.sample:  # the back-to-back phase alone (each worker writes once a second)
        gevent.sleep(1.5)
        print("where the workers' CPU went, back to back:\n"
              + sampler.summary(Path(args.sample)), flush=True)
    out["baseline"] = baseline_request(args, server)
    out["levels"] = []
    for level in args.level_list:
        connect(url).flushdb()
        try:
            r = human_pace(args, server, games, level)
        except NotRun as e:
            out["not_run"] = str(e)
            out.setdefault("limit", str(e))
            print(f"  ours, human pace, {e}", flush=True)
            break
        out["levels"].append(r)
        print(f"  ours, human pace, {level} tables: {progress(r)}", flush=True)
        if not r["ok"]:
            out.setdefault("limit", f"{level} tables: p99 {r['p99_ms']:.1f} ms, limited by "
                                    f"{r['limit']}")
        if not r["copes"]:  # far past the mark: the levels above would say no more
            break
    out["carried"] = carried(out["levels"])
    return out


def carried(levels: list[dict[str, Any]]) -> int:
    """The most tables carried: the highest level with every level up to it ok."""
    most = 0
    for level in levels:
        if not level["ok"]:
            break
        most = level["tables"]
    return most


def baseline_request(args: argparse.Namespace, server: tuple[int, str, str]) -> dict[str, Any]:
    """The baseline endpoint (one GET + one SET of a session-sized blob) right after the
    back-to-back phase, with the server's CPU per request."""
    pid, url, base = server
    client = connect(url)
    found = list(itertools.islice(client.scan_iter(keys.session("*")), 200))
    docs = [len(client.hget(k, "doc") or b"") for k in found]
    size = int(statistics.mean(docs)) if docs else 8000
    cpu0 = cpu_seconds(pid)
    rps = baseline(base, args.tables, args.seconds, size)
    per_request = 1e6 * (cpu_seconds(pid) - cpu0) / max(rps * args.seconds, 1)
    return {"size": size, "requests_per_s": rps, "cpu_us_per_request": per_request}


def progress(r: dict[str, Any]) -> str:
    """One level in a line: latency, both sides' CPU, the generator's processes and files."""
    return (f"p99 {r['p99_ms']:.1f} ms; server / load generator CPU "
            f"{r['server_cpu_cores']:.2f} / {r['bench_cpu_cores']:.2f} cores "
            f"({r['generators']} processes, the busiest {r['bench_cpu_max']:.2f}; machine "
            f"{r['machine_busy']:.0%} busy); generator files {r['bench_files']:,} of "
            f"{r['bench_files_limit']:,} a process; server sockets {r['server_files']:,}"
            + f"; opened in {r['open_s']:.0f} s"
            + (f"; limited by {r['limit']}" if not r["ok"] else ""))


def options() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20, help="back to back and baseline")
    parser.add_argument("--tables", type=int, default=16, help="tables back to back")
    parser.add_argument("--levels", default="100,200,400,800,1600",
                        help="human-pace table counts")
    parser.add_argument("--pace-seconds", type=float, default=20)
    parser.add_argument("--mix", default="2,3,4,5", help="players (phones) per table, cycled")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--peer-players", type=int, default=0,
                        help="the peer's players per match (2-4; default: our mix's mean)")
    parser.add_argument("--no-peer", action="store_true")
    parser.add_argument("--stalls", action="store_true",
                        help="run the server under gevent's blocking monitor (10 ms) and "
                             "print its longest blocks with their stacks")
    parser.add_argument("--sample", metavar="DIR",
                        help="sample the workers' stacks every ms (bench/sampler.py), each "
                             "worker's counts in DIR; prints where their CPU went")
    parser.add_argument("--json", help="also write every figure to this file")
    parser.add_argument("--files", type=int, default=0,
                        help="each load-generator process's open-file limit (default: the "
                             "hard limit); the servers keep the raised limit")
    parser.add_argument("--tables-per-process", type=int, default=800,
                        help="tables a load-generator process carries at most (one core "
                             "each at most; fewer where its open files allow fewer)")
    parser.add_argument("--generators", type=int, default=8,
                        help="load-generator processes at most; a level needing more is "
                             "said not run")
    return parser


def main(argv: list[str] | None = None) -> None:
    args = options().parse_args(argv)
    args.level_list = [int(x) for x in args.levels.split(",")]
    mix = [int(x) for x in args.mix.split(",")]
    games = record(args.games, mix)
    # the server's and the peer's processes inherit the limit: raised past the hard limit
    # where allowed (root), else up to it
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = max(hard, FILES_PER_TABLE * max(args.level_list) + 4096)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (want, want))
    except (ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    print(f"tables: phones per table cycling {mix} and a table screen each; "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the start",
          flush=True)
    figures: dict[str, Any] = {"mix": mix, "requests": REQUESTS, "ours": ours(args, games)}
    why_not = "--no-peer" if args.no_peer else peer.available()
    if why_not is None:
        players = args.peer_players or min(4, max(2, round(statistics.mean(mix))))
        print(f"peer: boardgame.io, {players} players per match, in memory and durable "
              "(PEER_STORAGE=flatfile); installing (npm ci)…", flush=True)
        figures.update(peer.run_both(args.tables, args.level_list, args.seconds,
                                     args.pace_seconds, players, LIMIT_MS))
    else:
        figures["peer"] = figures["peer_durable"] = None
        figures["peer_missing"] = why_not
    if args.json:
        Path(args.json).write_bytes(orjson.dumps(figures, option=orjson.OPT_INDENT_2))
    print(markdown(figures, args))


if __name__ == "__main__":
    main()

"""Tables as they really are: every seat's phone and the table screen connected, side by side
with boardgame.io measured in the same run.

    python -m bench.table [--seconds 20] [--tables 16] [--levels 100,200,400,800,1600]
                          [--pace-seconds 20] [--mix 2,3,4,5] [--no-peer] [--stalls]
                          [--json out.json]

Starts an embedded Redis and gunicorn (gevent workers) on loopback. Each table is a
started Gaia game with a phone per seat (--mix: players per table, cycled) and a table
screen; each holds a live stream and makes exactly the requests its page makes
(REQUESTS in bench/page_requests.py). Then, in one run:

(a) back to back: --tables tables, each posting its next move as soon as the next
    mover's phone shows the last one (a finished game is replaced by a new table);
    accepted moves/s, server CPU per move (fan-out included), against the baseline
    endpoint (one GET + one SET of a session-sized blob) measured right after;
(b) human pace: a move every 2 s per table at each --levels count; p50/p99 from a
    move's POST until every phone shows the new state with its own legal moves (and the
    screen shows it); the most tables carried with p99 <= 50 ms; HTTP requests and
    Redis commands per move, all clients together;
(c) the peer (bench/peer.py) at the same table counts, when node is on PATH.
Prints the side-by-side table (markdown) at the end.
"""

from gevent import monkey

monkey.patch_all()

import argparse  # noqa: E402
import errno  # noqa: E402
import gc  # noqa: E402
import itertools  # noqa: E402
import os  # noqa: E402
import random  # noqa: E402
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
from bench.http import Game, baseline, cpu_seconds, record_game, start_server  # noqa: E402
from bench.page_requests import REQUESTS  # noqa: E402
from bench.report import markdown  # noqa: E402
from bench.table_clients import LiveTable  # noqa: E402
from companion.serving import GC_THRESHOLDS  # noqa: E402
from companion.store import connect, keys  # noqa: E402
from companion.store.embedded import EmbeddedRedis  # noqa: E402

LIMIT_MS = 50
#: this load generator is one process (gevent): at this share of a core it, not the
#: server, is what limits a level, and the bench says so beside the figure
GENERATOR_LIMIT = 0.9


def record(n: int, mix: list[int]) -> list[Game]:
    """Seeded Gaia games played out on simulated physical decks, players cycling ``mix``."""
    return [record_game(20_000 + k, players=mix[k % len(mix)]) for k in range(n)]


class Meter:
    """Server CPU, Redis commands and the clients' requests over a window."""

    def __init__(self, pid: int, url: str, tables: list[LiveTable]) -> None:
        self.pid, self.redis, self.tables = pid, connect(url), tables
        self.start = self.read()

    def read(self) -> tuple[float, Counter[str], Counter[str], float]:
        requests: Counter[str] = Counter()
        for table in self.tables:
            for client in table.clients:
                for trigger, n in client.counts.items():
                    requests[f"{client.kind}.{trigger}"] += n
        own = os.times()
        self.own = own.user + own.system  # the load generator's CPU (this process)
        return cpu_seconds(self.pid), redis_commands(self.redis), requests, time.monotonic()

    def stop(self, moves: int) -> dict[str, Any]:
        own0 = self.own
        cpu, commands, requests, now = self.read()
        cpu0, commands0, requests0, started = self.start
        per = max(moves, 1)
        made, ran = requests - requests0, commands - commands0
        return {"seconds": now - started, "moves": moves, "moves_per_s": moves / (now - started),
                "cpu_us_per_move": 1e6 * (cpu - cpu0) / per,
                "server_cpu_cores": (cpu - cpu0) / (now - started),
                "bench_cpu_cores": (self.own - own0) / (now - started),
                "generator_bound": (self.own - own0) / (now - started) >= GENERATOR_LIMIT,
                "redis_commands_per_move": sum(ran.values()) / per,
                "redis_by_command": {k: v / per for k, v in ran.most_common()},
                "requests_per_move": sum(v for k, v in made.items()
                                         if not k.endswith(".load")) / per,
                "requests_by_trigger": dict(made)}


def redis_commands(client: Any) -> Counter[str]:
    """Commands Redis executed, by name (INFO commandstats), all clients together, INFO left
    out. A pipeline's commands and those a Lua script runs count one by one, so this is an
    upper bound on round trips; EVALSHA and EXEC each mark one."""
    stats = client.info("commandstats")
    return Counter({k.removeprefix("cmdstat_"): int(v["calls"]) for k, v in stats.items()
                    if k != "cmdstat_info"})


#: seconds played before the measured window, as boardgame.io's bench does
#: (../shared/peers/boardgameio/bench.js: 3 s back to back, two move intervals at human
#: pace): opening a level's streams and first moves are not the steady state either side
B2B_WARMUP = 3.0
PACE_WARMUP = 4.0


def latencies(tables: list[LiveTable], since: float,
              until: float) -> tuple[list[float], dict[str, Any]]:
    """Per move posted in the window: POST → the last client of its table showing it;
    with the moves no client missed, and the phones per move (to check request counts)."""
    out, missing, phones = [], 0, 0
    for table in tables:
        for version, t0 in table.moves:
            if not since <= t0 < until:
                continue
            phones += len(table.phones)
            times = [c.shown_at.get(version) for c in table.clients]
            shown = [t for t in times if t is not None]
            if len(shown) < len(times):
                missing += 1
            else:
                out.append(1000 * (max(shown) - t0))
    counted = len(out) + missing
    return sorted(out), {"not_updated": missing, "phones_per_move": phones / max(counted, 1),
                         "p50_ms": pct(sorted(out), 0.5), "p99_ms": pct(sorted(out), 0.99)}


def pct(values: list[float], p: float) -> float:
    return values[max(0, int(len(values) * p + 0.999999) - 1)] if values else float("nan")


def open_tables(base: str, games: list[Game], count: int, first: int = 0) -> list[LiveTable]:
    tables: list[LiveTable] = [None] * count  # type: ignore[list-item]

    def open_some(w: int, workers: int) -> None:
        for k in range(w, count, workers):
            tables[k] = LiveTable(base, games[(first + k) % len(games)])
            tables[k].open()

    workers = min(count, 40)
    openers = [gevent.spawn(open_some, w, workers) for w in range(workers)]
    try:
        gevent.joinall(openers, raise_error=True)
    except BaseException:  # one failed (EMFILE): the others stop, every socket let go
        gevent.killall(openers)
        for table in tables:
            if table is not None:
                table.close()
        raise
    return tables


DEFAULT_GC = gc.get_threshold()


def frozen(tables: list[LiveTable]) -> list[LiveTable]:
    """The generator's own collector must not stall its clocks: a level's tables (their
    clients, streams and records) live through the level, so they are frozen out of the
    collector's full scans, which otherwise held this process for up to ~170 ms and were
    read as the server's latency; its young generation is collected as rarely as the
    server's workers collect theirs. ``thaw`` after the level."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
    return tables


def thaw() -> None:
    gc.set_threshold(*DEFAULT_GC)
    gc.unfreeze()
    gc.collect()


def back_to_back(base: str, pid: int, url: str, games: list[Game], count: int,
                 seconds: float) -> dict[str, Any]:
    tables = frozen(open_tables(base, games, count))
    live = list(tables)
    stop = time.monotonic() + B2B_WARMUP + seconds
    accepted, window = [0], [float("inf")]

    def play(slot: int) -> None:
        table, n = tables[slot], 0
        while time.monotonic() < stop:
            moves = table.game["moves"]
            for i, (seat, move) in enumerate(moves):
                if time.monotonic() >= stop:
                    return
                t0 = time.perf_counter()
                version = table.move(seat, move)
                accepted[0] += t0 >= window[0]
                nxt = moves[i + 1][0] if i + 1 < len(moves) else seat
                table.wait_shown(table.phones[nxt], version)
            for client in table.clients:  # the last move reaches everybody before closing
                table.wait_shown(client, table.moves[-1][0] if table.moves else -1, 5)
            table.close()  # a finished game: a new table takes the slot
            n += 1
            table = LiveTable(base, games[(slot + n * count) % len(games)])
            table.open()
            live.append(table)

    players = [gevent.spawn(play, k) for k in range(count)]
    gevent.sleep(B2B_WARMUP)  # measured after a warm-up, as the peer's bench is
    meter = Meter(pid, url, live)
    since = window[0] = time.perf_counter()
    gevent.joinall(players, raise_error=True)
    figures = meter.stop(accepted[0])
    gevent.sleep(1)  # the last moves' fan-out
    _, seen = latencies(live, since, time.perf_counter())
    for table in live:
        table.close()
    thaw()
    return {**figures, **seen, "tables": count}


#: the load generator's open files a table, with room: ~14 measured (a phone's stream and
#: its keep-alive connections, the screen's stream)
FILES_PER_TABLE = 18


def human_pace(base: str, pid: int, url: str, games: list[Game], count: int,
               seconds: float) -> dict[str, Any]:
    tables = frozen(open_tables(base, games, count))
    stop = time.monotonic() + PACE_WARMUP + seconds
    accepted, window = [0], [float("inf")]

    def play(table: LiveTable) -> None:
        gevent.sleep(random.random() * 2)
        for seat, move in table.game["moves"]:
            if time.monotonic() >= stop:
                return
            t0 = time.perf_counter()
            table.move(seat, move)
            accepted[0] += t0 >= window[0]
            gevent.sleep(max(0.0, 2.0 - (time.perf_counter() - t0)))

    players = [gevent.spawn(play, t) for t in tables]
    gevent.sleep(PACE_WARMUP)  # every table has made its first moves
    meter = Meter(pid, url, tables)
    since = window[0] = time.perf_counter()
    gevent.joinall(players, raise_error=True)
    gevent.sleep(1)  # the last moves' fan-out
    figures = meter.stop(accepted[0])
    lat, seen = latencies(tables, since, time.perf_counter())
    for table in tables:
        table.close()
    thaw()
    return {**figures, **seen, "tables": count,
            "ok": bool(lat) and seen["p99_ms"] <= LIMIT_MS and not seen["not_updated"]}


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
    limits = resource.getrlimit(resource.RLIMIT_NOFILE)
    if args.files:  # the generator's own limit; the server keeps the one it started with
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(args.files, limits[1]), limits[1]))
    out: dict[str, Any] = {"workers": args.workers}
    try:
        b2b = back_to_back(base, proc.pid, redis_server.url, games, args.tables, args.seconds)
        out["b2b"] = b2b
        if args.sample:  # the back-to-back phase alone (each worker writes once a second)
            gevent.sleep(1.5)
            print("where the workers' CPU went, back to back:\n"
                  + sampler.summary(Path(args.sample)), flush=True)
        client = connect(redis_server.url)
        found = list(itertools.islice(client.scan_iter(keys.session("*")), 200))
        docs = [len(client.hget(k, "doc") or b"") for k in found]
        size = int(statistics.mean(docs)) if docs else 8000
        cpu0 = cpu_seconds(proc.pid)
        rps = baseline(base, args.tables, args.seconds, size)
        per_request = 1e6 * (cpu_seconds(proc.pid) - cpu0) / max(rps * args.seconds, 1)
        out["baseline"] = {"size": size, "requests_per_s": rps, "cpu_us_per_request": per_request}
        out["levels"], out["carried"] = [], 0
        for level in args.level_list:
            client.flushdb()
            try:
                r = human_pace(base, proc.pid, redis_server.url, games, level, args.pace_seconds)
            except OSError as e:  # a level past this process's open-file limit: said, not run
                if e.errno != errno.EMFILE:
                    raise
                limit = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
                out["not_run"] = (f"{level} tables not run: the load generator's open files "
                                  f"pass this machine's limit ({limit:,})")
                print(f"  ours, human pace, {out['not_run']}", flush=True)
                break
            out["levels"].append(r)
            print(f"  ours, human pace, {level} tables: p99 {r['p99_ms']:.1f} ms; server / "
                  f"load generator CPU {r['server_cpu_cores']:.2f} / {r['bench_cpu_cores']:.2f}"
                  " cores" + (" (the generator was the limit)" if r["generator_bound"] else ""),
                  flush=True)
            if not r["ok"]:
                break
            out["carried"] = level
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, limits)
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


def main(argv: list[str] | None = None) -> None:
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
                        help="the load generator's open-file limit while it drives our "
                             "server (default: what the highest level needs, or the most "
                             "allowed); the servers keep the raised limit")
    args = parser.parse_args(argv)
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
        print(f"peer: boardgame.io, {players} players per match; installing (npm ci)…",
              flush=True)
        figures["peer"] = peer.run(args.tables, args.level_list, args.seconds,
                                   args.pace_seconds, players, LIMIT_MS)
    else:
        figures["peer"] = None
        figures["peer_missing"] = why_not
    if args.json:
        Path(args.json).write_bytes(orjson.dumps(figures, option=orjson.OPT_INDENT_2))
    print(markdown(figures, args))


if __name__ == "__main__":
    main()

"""The load-generator processes of bench/table.py: the process that carries a share of a
level's tables (main), and the parent's side that starts them (Generators).

    python -m bench.table_load      (started by bench/table.py, never by hand)

One gevent process carries about a thousand tables before its open files (~14 a table)
or its one core run out, so bench/table.py starts several of these. Each raises its
open-file limit, opens its tables, says READY, waits for GO (the start, the measured
window and its end on CLOCK_MONOTONIC, which every process of the machine shares), plays
(back to back or a move every 2 s a table) and prints one RESULT line: every latency of
the window, so the parent's p99 is over all moves, with its own CPU, files and memory.

Protocol on stdin/stdout, one JSON object a line:
    parent → {"job": {...}}      worker → {"ready": {...}}   or {"error": "..."}
    parent → {"go": {...}}       worker → {"result": {...}}  or {"error": "..."}
"""

from gevent import monkey

monkey.patch_all()

import argparse  # noqa: E402
import errno  # noqa: E402
import gc  # noqa: E402
import os  # noqa: E402
import random  # noqa: E402
import resource  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from collections import Counter  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import gevent  # noqa: E402
import orjson  # noqa: E402

from bench.games import Game  # noqa: E402
from bench.http import children  # noqa: E402
from bench.table_clients import LiveTable  # noqa: E402
from companion.serving import GC_THRESHOLDS, SETTINGS  # noqa: E402

#: seconds after the window for the last moves' fan-out to reach every client
FAN_OUT = 1.0


def say(message: dict[str, Any]) -> None:
    sys.stdout.buffer.write(orjson.dumps(message) + b"\n")
    sys.stdout.buffer.flush()


def listen() -> dict[str, Any]:
    """The parent's next line, read off the event loop (stdin is not a gevent socket)."""
    line = gevent.get_hub().threadpool.apply(sys.stdin.buffer.readline)
    if not line:
        raise SystemExit(0)  # the parent went away
    message: dict[str, Any] = orjson.loads(line)
    return message


def raise_files(wanted: int) -> int:
    """This process's open-file limit, raised to ``wanted`` (0: the hard limit)."""
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    soft = min(wanted, hard) if wanted else hard
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    return soft


def memory_available() -> float:
    """The machine's available memory, MiB (/proc/meminfo)."""
    for line in Path("/proc/meminfo").read_text().splitlines():
        if line.startswith("MemAvailable:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def open_files() -> int:
    return len(os.listdir("/proc/self/fd"))


def open_tables(base: str, games: list[Game], count: int, first: int) -> list[LiveTable]:
    tables: list[LiveTable | None] = [None] * count

    def open_some(w: int, workers: int) -> None:
        for k in range(w, count, workers):
            table = tables[k] = LiveTable(base, games[(first + k) % len(games)])
            table.open()

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
    return [t for t in tables if t is not None]


def requests_made(tables: list[LiveTable]) -> Counter[str]:
    made: Counter[str] = Counter()
    for table in tables:
        for client in table.clients:
            for trigger, n in client.counts.items():
                made[f"{client.kind}.{trigger}"] += n
    return made


def server_files(pid: int) -> int:
    """Sockets and files the server's workers hold open (each stream and keep-alive
    connection is one), to compare with their connection cap."""
    total = 0
    for proc in children(pid):
        try:
            total += len(os.listdir(f"/proc/{proc}/fd"))
        except OSError:
            continue
    return total


class Share:
    """This process's tables through one phase, and what it saw of them."""

    def __init__(self, job: dict[str, Any]) -> None:
        self.job, self.base, self.games = job, job["base"], job["games"]
        self.tables = open_tables(self.base, self.games, job["count"], job["first"])
        self.live = list(self.tables)  # with the tables that replace finished ones
        self.accepted = 0
        self.since = self.stop = float("inf")
        # the collector must not stall this process's clocks: a level's tables live
        # through it, so they leave the full scans, and the young generation is
        # collected as rarely as the server's workers collect theirs
        gc.collect()
        gc.freeze()
        gc.set_threshold(*GC_THRESHOLDS)

    def play_b2b(self, slot: int) -> None:
        """Each move as soon as the next mover's phone shows the last one; a finished game
        is replaced by a new table in its slot."""
        table, n, count = self.tables[slot], 0, self.job["total"]
        while time.perf_counter() < self.stop:
            moves = table.game["moves"]
            for i, (seat, move) in enumerate(moves):
                if time.perf_counter() >= self.stop:
                    return
                t0 = time.perf_counter()
                version = table.move(seat, move)
                self.accepted += t0 >= self.since
                nxt = moves[i + 1][0] if i + 1 < len(moves) else seat
                table.wait_shown(table.phones[nxt], version)
            for client in table.clients:  # the last move reaches everybody before closing
                table.wait_shown(client, table.moves[-1][0] if table.moves else -1, 5)
            table.close()
            n += 1
            game = self.games[(self.job["first"] + slot + n * count) % len(self.games)]
            table = LiveTable(self.base, game)
            table.open()
            self.live.append(table)

    def play_pace(self, slot: int) -> None:
        """A move every 2 s, the tables' first moves spread over the first 2 s."""
        table = self.tables[slot]
        gevent.sleep(random.random() * 2)
        for seat, move in table.game["moves"]:
            if time.perf_counter() >= self.stop:
                return
            t0 = time.perf_counter()
            table.move(seat, move)
            self.accepted += t0 >= self.since
            gevent.sleep(max(0.0, 2.0 - (time.perf_counter() - t0)))

    def run(self, go: dict[str, Any]) -> dict[str, Any]:
        # CLOCK_MONOTONIC is shared by the machine's processes; perf_counter reads it here
        shift = time.perf_counter() - time.monotonic()
        start, self.since, self.stop = (go[k] + shift for k in ("start", "since", "stop"))
        gevent.sleep(max(0.0, start - time.perf_counter()))
        play = self.play_b2b if self.job["kind"] == "b2b" else self.play_pace
        players = [gevent.spawn(play, k) for k in range(len(self.tables))]
        gevent.sleep(max(0.0, self.since - time.perf_counter()))
        cpu0, made0, t0 = sum(os.times()[:2]), requests_made(self.live), time.perf_counter()
        gevent.joinall(players, raise_error=True)
        gevent.sleep(FAN_OUT)
        cpu, made = sum(os.times()[:2]) - cpu0, requests_made(self.live) - made0
        out = {"accepted": self.accepted, "cpu_s": cpu, "busy_s": time.perf_counter() - t0,
               "requests": dict(made), **self.seen(), "tables": len(self.tables),
               "files": open_files(), "files_limit": resource.getrlimit(
                   resource.RLIMIT_NOFILE)[0],
               "rss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}
        for table in self.live:
            table.close()
        return out

    def seen(self) -> dict[str, Any]:
        """Per move posted in the window: POST → the last client of its table showing it
        (ms); the moves some client missed; the phones of the moves counted."""
        out, missing, phones = [], 0, 0
        for table in self.live:
            for version, t0 in table.moves:
                if not self.since <= t0 < self.stop:
                    continue
                phones += len(table.phones)
                times = [c.shown_at.get(version) for c in table.clients]
                shown = [t for t in times if t is not None]
                if len(shown) < len(times):
                    missing += 1
                else:
                    out.append(round(1000 * (max(shown) - t0), 3))
        return {"latencies_ms": out, "not_updated": missing, "phones": phones}


class NotRun(Exception):
    """A level the load generator cannot open (its open files): said, not run."""


#: the load generator's open files a table, with room: ~14 measured (a phone's stream and
#: its keep-alive connections, the screen's stream); and a process's own (libraries, pipes)
FILES_PER_TABLE = 18
FILES_RESERVE = 64


class Generators:
    """A phase's load-generator processes (bench/table_load.py), the tables shared evenly:
    as many as the tables need at --tables-per-process each, or as the open-file limit
    allows, at most --generators. Every process started here is stopped here, by its pid."""

    def __init__(self, args: argparse.Namespace, server: tuple[int, str, str],
                 games: list[Game], kind: str, count: int) -> None:
        self.server_pid, base = server[0], server[2]
        self.cap = SETTINGS["worker_connections"] * args.workers
        files = args.files or resource.getrlimit(resource.RLIMIT_NOFILE)[1]
        if files == resource.RLIM_INFINITY:  # no limit: --tables-per-process decides
            files = 1 << 20
        per = min(args.tables_per_process,
                  max(1, (files - FILES_RESERVE) // FILES_PER_TABLE))
        n = -(-count // per)
        if n > args.generators:
            raise NotRun(f"{count} tables not run: the load generator's open files pass "
                         f"this machine's limit ({files:,}) at {per:,} tables a process, "
                         f"{args.generators} processes")
        sizes = [count // n + (k < count % n) for k in range(n)]
        firsts = [sum(sizes[:k]) for k in range(n)]
        self.jobs = [{"kind": kind, "base": base, "games": games, "count": size,
                      "first": first, "total": count, "files": args.files}
                     for size, first in zip(sizes, firsts, strict=True)]
        self.open_s = 120 + count / 10  # opening 3,200 tables takes ~a minute
        self.procs: list[subprocess.Popen[bytes]] = []

    def __enter__(self) -> "Generators":
        for job in self.jobs:
            proc = subprocess.Popen([sys.executable, "-m", "bench.table_load"],
                                    stdin=subprocess.PIPE, stdout=subprocess.PIPE)
            self.procs.append(proc)
            self.send(proc, {"job": job})
        self.answers(self.open_s)
        return self

    def said(self, said: dict[str, Any]) -> dict[str, Any]:
        """A process's answer, or the level not run with its reason."""
        count = sum(j["count"] for j in self.jobs)
        if said.get("error") == "files":
            raise NotRun(f"{count} tables not run: the load generator's open files pass "
                         f"this machine's limit ({said['files_limit']:,})")
        if said.get("error"):
            raise NotRun(f"{count} tables not run: a load-generator process failed "
                         f"({said['detail']}); the server held "
                         f"{server_files(self.server_pid):,} sockets, its connection cap "
                         f"{self.cap:,}")
        return said

    def send(self, proc: subprocess.Popen[bytes], message: dict[str, Any]) -> None:
        assert proc.stdin is not None
        proc.stdin.write(orjson.dumps(message) + b"\n")
        proc.stdin.flush()

    def answers(self, timeout: float) -> list[dict[str, Any]]:
        """Each process's next line, all read at once (a process that ends says why)."""

        def answer(proc: subprocess.Popen[bytes]) -> dict[str, Any]:
            assert proc.stdout is not None
            line = proc.stdout.readline()
            if not line:  # killed (the kernel's out-of-memory killer: -9) or a traceback
                code = proc.wait()
                return {"error": "failed", "detail": f"pid {proc.pid} ended, exit {code}; "
                        f"{memory_available():,.0f} MiB of memory available"}
            said: dict[str, Any] = orjson.loads(line)
            return said

        readers = [gevent.spawn(answer, proc) for proc in self.procs]
        if not gevent.joinall(readers, timeout=timeout, raise_error=True) or not all(
                r.ready() for r in readers):
            gevent.killall(readers)
            return [self.said({"error": "failed", "detail": f"silent for {timeout:.0f} s"})]
        return [self.said(r.value) for r in readers]

    def go(self, go: dict[str, float]) -> None:
        for proc in self.procs:
            self.send(proc, {"go": go})

    def results(self, timeout: float) -> list[dict[str, Any]]:
        return [said["result"] for said in self.answers(timeout)]

    def __exit__(self, *exc: object) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                proc.terminate()
        for proc in self.procs:
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(5)


def main() -> None:
    job = listen()["job"]
    limit = raise_files(job.get("files", 0))
    try:
        share = Share(job)
        say({"ready": {"files": open_files(), "files_limit": limit}})
        go = listen()["go"]
        say({"result": share.run(go)})
    except OSError as e:
        if e.errno != errno.EMFILE:
            raise failed(e) from e
        say({"error": "files", "files_limit": limit})
    except Exception as e:  # a level the server does not answer: said, not a traceback
        raise failed(e) from e


def failed(e: Exception) -> SystemExit:
    """Tells the parent what went wrong (a stream unopened, a refused request)."""
    say({"error": "failed", "detail": f"{type(e).__name__}: {e}"[:300]})
    return SystemExit(1)


if __name__ == "__main__":
    main()

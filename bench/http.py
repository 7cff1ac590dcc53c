"""HTTP benchmark: simulated tables playing Gaia through the API against gunicorn.

    python -m bench.http [--seconds 20] [--tables 16] [--levels 100,200,400,800]

Starts an embedded Redis and gunicorn (2 gevent workers) on loopback, pre-records
seeded random games (simulated physical decks), then measures, with the same
load generator in the same run:

(a) back to back: accepted moves/s with --tables concurrent tables, against a
    baseline endpoint doing one Redis GET + one SET of a same-size state;
    prints the ratio (target >= 0.5);
(b) at human pace: each table posts a move every 2 s; p50/p99 per table count,
    and the most tables carried with p99 <= 50 ms;
(c) Redis memory per finished game (session hash, log, code key; idempotency
    records left out, as after their 24 h expiry). Target <= 32 KB.

--cluster runs all of it on a local 3-master Redis Cluster instead;
--soak-tables N --soak-seconds S keeps N tables playing at human pace for S
seconds (a finished game is followed by a new one) and reports throughput, p99
and Redis memory every --soak-interval seconds.
"""

from gevent import monkey

monkey.patch_all()

import argparse  # noqa: E402
import os  # noqa: E402
import random  # noqa: E402
import socket  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402
from urllib.parse import urlsplit  # noqa: E402

import gevent  # noqa: E402
import orjson  # noqa: E402
import requests  # noqa: E402

from bench.games import Game, record_game, record_games  # noqa: E402,F401 (re-exported)
from companion.store import connect, keys  # noqa: E402
from companion.store.cluster import LocalCluster  # noqa: E402
from companion.store.embedded import EmbeddedRedis  # noqa: E402


class Reply:
    def __init__(self, status: int, body: bytes) -> None:
        self.status_code = status
        self.text = body.decode(errors="replace")
        self._body = body

    def json(self) -> Any:
        return orjson.loads(self._body)


class _Closed(OSError):
    """The server closed the connection before its answer was whole."""


class Client:
    """A lean keep-alive HTTP/1.1 client on a plain socket, so the load generator costs
    little of the two cores it shares with the server: http.client parses every
    answer's headers with the email package, about a third of a generator's CPU for a
    move; this reads the status, Content-Length and Connection and nothing else."""

    def __init__(self, base: str) -> None:
        parts = urlsplit(base)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.sock: socket.socket | None = None
        self._rest = b""  # bytes read past the last answer (none, from this server)
        self.prefix = "/api/v1"

    def request(self, method: str, path: str, token: str | None = None, body: Any = None,
                raw_path: bool = False) -> Reply:
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        data = orjson.dumps(body) if body is not None else b""
        target = path if raw_path else self.prefix + path
        return self.send(method, target, data, headers)

    def send(self, method: str, target: str, data: bytes, headers: dict[str, str]) -> Reply:
        """One request on the kept-alive connection, reopened and sent once more if it
        broke (an idle connection the server closed; every write the pages send carries
        an Idempotency-Key, so a second send is never a second move)."""
        head = "".join([f"{method} {target} HTTP/1.1\r\nHost: bench\r\n",
                        f"Content-Length: {len(data)}\r\n",
                        *[f"{k}: {v}\r\n" for k, v in headers.items()], "\r\n"])
        for attempt in range(2):
            try:
                if self.sock is None:
                    self.sock = socket.create_connection((self.host, self.port), timeout=30)
                    self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                    self._rest = b""
                self.sock.sendall(head.encode() + data)
                return self._answer(method)
            except OSError:
                self.close()
                if attempt:
                    raise
        raise AssertionError("unreachable")

    def _answer(self, method: str) -> Reply:
        assert self.sock is not None
        buffer = self._rest
        while (end := buffer.find(b"\r\n\r\n")) < 0:
            buffer += self._recv()
        head, buffer = buffer[:end].decode("latin-1"), buffer[end + 4:]
        lines = head.split("\r\n")
        status = int(lines[0].split(" ", 2)[1])
        fields = {k.strip().lower(): v.strip()
                  for k, _, v in (line.partition(":") for line in lines[1:])}
        if method == "HEAD" or status in (204, 304):
            size = 0
        elif "content-length" in fields:
            size = int(fields["content-length"])
        elif fields.get("transfer-encoding", "").lower() == "chunked":
            body, self._rest = self._chunked(buffer)
            return self._done(status, body, fields)
        else:  # read to the end of the connection
            while chunk := self.sock.recv(65536):
                buffer += chunk
            self.close()
            return Reply(status, buffer)
        while len(buffer) < size:
            buffer += self._recv()
        body, self._rest = buffer[:size], buffer[size:]
        return self._done(status, body, fields)

    def _chunked(self, buffer: bytes) -> tuple[bytes, bytes]:
        body = b""
        while True:
            while (end := buffer.find(b"\r\n")) < 0:
                buffer += self._recv()
            size = int(buffer[:end].split(b";", 1)[0], 16)
            while len(buffer) < end + 2 + size + 2:
                buffer += self._recv()
            body += buffer[end + 2:end + 2 + size]
            buffer = buffer[end + 2 + size + 2:]
            if size == 0:
                return body, buffer

    def _recv(self) -> bytes:
        assert self.sock is not None
        chunk = self.sock.recv(65536)
        if not chunk:
            raise _Closed("the server closed the connection")
        return chunk

    def _done(self, status: int, body: bytes, fields: dict[str, str]) -> Reply:
        if fields.get("connection", "").lower() == "close":
            self.close()
        return Reply(status, body)

    def close(self) -> None:
        if self.sock is not None:
            self.sock.close()
            self.sock = None

    def post(self, path: str, token: str | None = None, body: Any = None) -> Reply:
        return self.request("POST", path, token, body)

    def open_table(self, game: Game) -> tuple[str, list[str]]:
        created = self.post("/sessions", body={"game": "gaia"}).json()
        tokens = []
        for name in game["names"]:
            joined = self.post(f"/join/{created['code']}", body={"name": name})
            assert joined.status_code == 201, (joined.status_code, joined.text[:300])
            tokens.append(joined.json()["player_token"])
        r = self.post(f"/sessions/{created['id']}/start", created["host_token"],
                      {"setup": game["setup"]})
        assert r.status_code == 201, r.text
        return created["id"], tokens


def back_to_back(base: str, games: list[Game], tables: int, seconds: float) -> dict[str, float]:
    done = {"moves": 0, "finished": 0}
    stop = time.monotonic() + seconds
    sids: list[str] = []

    def run(offset: int) -> None:
        i = offset
        while time.monotonic() < stop:
            game = games[i % len(games)]
            i += tables
            client = Client(base)  # a new table, new connections (as new phones would)
            sid, tokens = client.open_table(game)
            sids.append(sid)
            for seat, move in game["moves"]:
                if time.monotonic() >= stop:
                    return
                r = client.post(f"/sessions/{sid}/moves", tokens[seat], move)
                assert r.status_code == 201, r.text
                done["moves"] += 1
            done["finished"] += 1

    started = time.monotonic()
    gevent.joinall([gevent.spawn(run, k) for k in range(tables)])
    elapsed = time.monotonic() - started
    return {"moves_per_s": done["moves"] / elapsed, "finished": done["finished"],
            "sids": sids}  # type: ignore[dict-item]


def baseline(base: str, tables: int, seconds: float, size: int) -> float:
    count = [0]
    stop = time.monotonic() + seconds

    def run(slot: int) -> None:
        client = Client(base)
        n = 0
        while time.monotonic() < stop:
            n += 1
            if n % 90 == 0:  # about a game's worth of requests per connection
                client = Client(base)
            r = client.request("POST", f"/bench/baseline/{slot}?size={size}", raw_path=True)
            assert r.status_code == 200
            count[0] += 1

    started = time.monotonic()
    gevent.joinall([gevent.spawn(run, k) for k in range(tables)])
    return count[0] / (time.monotonic() - started)


def human_pace(base: str, games: list[Game], tables: int, seconds: float) -> dict[str, float]:
    """Each table posts one move every 2 s (first move at a random offset)."""
    latencies: list[float] = []
    opened: list[tuple[int, str, list[str]]] = []
    workers = min(tables, 50)

    def open_some(w: int) -> None:
        client = Client(base)  # one connection per greenlet
        for k in range(w, tables, workers):
            opened.append((k, *client.open_table(games[k % len(games)])))

    gevent.joinall([gevent.spawn(open_some, w) for w in range(workers)])
    stop = time.monotonic() + seconds

    def run(k: int, sid: str, tokens: list[str]) -> None:
        client = Client(base)
        game = games[k % len(games)]
        gevent.sleep(random.random() * 2)
        for seat, move in game["moves"]:
            if time.monotonic() >= stop:
                return
            t0 = time.perf_counter()
            r = client.post(f"/sessions/{sid}/moves", tokens[seat], move)
            latencies.append(time.perf_counter() - t0)
            assert r.status_code == 201, r.text
            gevent.sleep(max(0.0, 2.0 - (time.perf_counter() - t0)))

    gevent.joinall([gevent.spawn(run, k, sid, tokens) for k, sid, tokens in opened])
    latencies.sort()
    return {"tables": tables, "moves": len(latencies),
            "p50_ms": 1000 * latencies[len(latencies) // 2],
            "p99_ms": 1000 * latencies[int(len(latencies) * 0.99) - 1]}


def redis_memory(url: str) -> int:
    """used_memory over every node (one for a plain Redis, each master of a cluster)."""
    info = connect(url).info("memory")
    if isinstance(info, dict) and "used_memory" in info:
        return int(info["used_memory"])
    return sum(int(v["used_memory"]) for v in info.values())  # cluster: per node


def soak(base: str, url: str, games: list[Game], tables: int, seconds: float,
         every: float) -> None:
    """Keep ``tables`` tables playing at a move every 2 s; report each interval."""
    window: list[float] = []
    stop = time.monotonic() + seconds

    def run(k: int) -> None:
        client = Client(base)
        gevent.sleep(random.random() * 2)
        while time.monotonic() < stop:
            game = games[k % len(games)]
            sid, tokens = client.open_table(game)
            for seat, move in game["moves"]:
                if time.monotonic() >= stop:
                    return
                t0 = time.perf_counter()
                r = client.post(f"/sessions/{sid}/moves", tokens[seat], move)
                elapsed = time.perf_counter() - t0
                assert r.status_code == 201, r.text
                window.append(elapsed)
                gevent.sleep(max(0.0, 2.0 - elapsed))
            k += tables

    workers = [gevent.spawn(run, k) for k in range(tables)]
    started = time.monotonic()
    print(f"soak: {tables} tables at a move every 2 s for {seconds:.0f} s")
    while time.monotonic() < stop:
        gevent.sleep(every)
        done, window[:] = sorted(window), []
        p99 = 1000 * done[max(0, int(len(done) * 0.99) - 1)] if done else float("nan")
        print(f"  t={time.monotonic() - started:5.0f} s  {len(done) / every:7.1f} moves/s  "
              f"p99 {p99:6.1f} ms  Redis {redis_memory(url) / 2**20:7.1f} MiB", flush=True)
    gevent.joinall(workers, timeout=10)


def memory_per_game(url: str, sids: list[str]) -> tuple[float, float]:
    client = connect(url)
    sizes, docs = [], []
    for sid in sids:
        doc = client.hget(keys.session(sid), "doc")
        if doc is None or b'"status":"finished"' not in doc:
            continue
        code = orjson.loads(doc)["code"]
        total = sum(client.memory_usage(k) or 0
                    for k in (keys.session(sid), keys.log(sid), keys.join_code(code)))
        sizes.append(total)
        docs.append(len(doc))
    return (statistics.mean(sizes) if sizes else float("nan"),
            statistics.mean(docs) if docs else float("nan"))


def cpu_seconds(pid: int) -> float:
    """User + system CPU of a process and its children (the gunicorn workers)."""
    total = 0.0
    tick = os.sysconf("SC_CLK_TCK")
    for proc in [pid, *children(pid)]:
        try:
            fields = Path(f"/proc/{proc}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick
    return total


def children(pid: int) -> list[int]:
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def start_server(redis_url: str, workers: int, extra: dict[str, str] | None = None,
                 stderr: Path | None = None) -> tuple[subprocess.Popen[bytes], str]:
    """gunicorn on a free loopback port; ``extra``: more environment, ``stderr``: a file
    for the workers' stderr (discarded without one)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "REDIS_URL": redis_url, "COMPANION_BENCH": "1",
           "RATE_LIMIT_CREATE": "100000 per minute", "RATE_LIMIT_JOIN": "100000 per minute",
           "RATE_LIMIT_CREATE_ALL": "100000 per minute",  # all addresses: 1,600 tables
           "COMPANION_INSTANCE_PATH": tempfile.mkdtemp(), "PUBLIC_URL": "http://bench",
           **(extra or {})}
    errors = stderr.open("wb") if stderr else subprocess.DEVNULL
    proc = subprocess.Popen([sys.executable, "-m", "companion.cli", "serve", "--host",
                             "127.0.0.1", "--port", str(port), "--workers", str(workers)],
                            env=env, stdout=subprocess.DEVNULL, stderr=errors)
    base = f"http://127.0.0.1:{port}"
    for _ in range(200):
        try:
            if requests.get(base + "/healthz", timeout=1).ok:
                return proc, base
        except requests.RequestException:
            gevent.sleep(0.1)
    raise RuntimeError("server did not start")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--tables", type=int, default=16)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--levels", default="100,200,400,800")
    parser.add_argument("--pace-seconds", type=float, default=20)
    parser.add_argument("--cluster", action="store_true", help="a local 3-master cluster")
    parser.add_argument("--soak-tables", type=int, default=0)
    parser.add_argument("--soak-seconds", type=float, default=300)
    parser.add_argument("--soak-interval", type=float, default=30)
    args = parser.parse_args(argv)
    games = record_games(args.games)
    folder = Path(tempfile.mkdtemp())
    server: Any = LocalCluster(folder) if args.cluster else EmbeddedRedis(folder / "redis").start()
    proc, base = start_server(server.url, args.workers)
    print(f"Redis: {'3-master cluster' if args.cluster else 'single server'}")
    try:
        if args.soak_tables:
            soak(base, server.url, games, args.soak_tables, args.soak_seconds,
                 args.soak_interval)
            return
        cpu0 = cpu_seconds(proc.pid)
        a = back_to_back(base, games, args.tables, args.seconds)
        cpu_moves = cpu_seconds(proc.pid) - cpu0
        moves = a["moves_per_s"] * args.seconds
        client = connect(server.url)
        docs = [len(client.hget(keys.session(s), "doc") or b"") for s in a["sids"]]  # type: ignore[attr-defined]
        size = int(statistics.mean(docs))
        cpu0 = cpu_seconds(proc.pid)
        base_rps = baseline(base, args.tables, args.seconds, size)
        cpu_base = cpu_seconds(proc.pid) - cpu0
        ratio = a["moves_per_s"] / base_rps
        per_move = 1e6 * cpu_moves / max(moves, 1)
        per_base = 1e6 * cpu_base / max(base_rps * args.seconds, 1)
        print(f"(a) back to back, {args.tables} tables, {args.workers} gevent workers, "
              f"{args.seconds:.0f} s each:")
        print(f"    accepted moves/s              {a['moves_per_s']:8.0f}")
        print(f"    baseline GET+SET ({size} B) req/s {base_rps:8.0f}")
        print(f"    ratio moves/s / baseline      {ratio:8.2f}   (target >= 0.5)")
        print(f"    server CPU per move / per baseline request: {per_move:.0f} µs / "
              f"{per_base:.0f} µs (ratio {per_base / per_move:.2f})")
        mem, _ = memory_per_game(server.url, a["sids"])  # type: ignore[arg-type]
        print(f"(c) Redis memory per finished game {mem / 1024:6.1f} KB  (target <= 32 KB)")
        print(f"(b) human pace (a move every 2 s per table), {args.pace_seconds:.0f} s per level:")
        carried = 0
        for level in [int(x) for x in args.levels.split(",")]:
            client.flushdb()
            r = human_pace(base, games, level, args.pace_seconds)
            ok = r["p99_ms"] <= 50
            carried = level if ok else carried
            print(f"    {level:5d} tables: {r['moves']:6d} moves, p50 {r['p50_ms']:6.1f} ms, "
                  f"p99 {r['p99_ms']:6.1f} ms {'ok' if ok else 'over 50 ms'}")
            if not ok:
                break
        print(f"    tables carried with p99 <= 50 ms: {carried}")
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        server.stop()


if __name__ == "__main__":
    main()

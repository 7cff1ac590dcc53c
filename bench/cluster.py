"""Sharded pub/sub on a Redis Cluster: 1 vs 3 masters in one run.

    python -m bench.cluster [--seconds 10] [--tables 16] [--workers 2]

For each cluster (1 master, then 3; Redis >= 7, so the service SPUBLISHes and its
workers SSUBSCRIBE per session) gunicorn serves --tables tables, each with one public
stream open, playing recorded Gaia games back to back. Prints accepted moves/s and,
per node, the pub/sub messages it handled per accepted move: the publishes it ran
(``INFO commandstats``) plus those it received over the cluster bus
(``CLUSTER INFO`` ``cluster_stats_messages_publish*_received``). Then, on the 3-master
cluster, the same counters for raw PUBLISH vs SPUBLISH (what a plain PUBLISH would cost).

    python -m bench.cluster --failover [--tables 12] [--after 25] [--wait-replicas 1]

A failover instead: 3 masters + 3 replicas, two gunicorn instances (phones post score-pad
moves to A, each table's screen streams from B, reconnecting with Last-Event-ID like a
browser), and ``kill -9`` of the master holding the first table's slot after 3 s of
play. Prints moves lost and doubled, the failed shard's write gap, the healthy shards'
longest stream gap on B, the failed shard's catch-up time on B and what B's /readyz said.
"""

from bench.http import Client, cpu_seconds, record_games, start_server  # noqa: I001 (patches first)

import argparse
import itertools
import subprocess
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import gevent
import gevent.event
import redis
import requests

from bench.table_clients import read_stream
from companion.store import keys
from companion.store.cluster import LocalCluster

def counters(ports: list[int]) -> list[int]:
    """Per node: publishes run there plus publishes received from the other nodes."""
    out = []
    for port in ports:
        node = redis.Redis(port=port)
        stats, bus = node.info("commandstats"), node.cluster("info")
        ran = sum(stats.get(f"cmdstat_{c}", {}).get("calls", 0) for c in ("publish", "spublish"))
        heard = sum(int(bus.get(f"cluster_stats_messages_{k}_received", 0))
                    for k in ("publish", "publishshard"))
        out.append(ran + heard)
    return out


def play(base: str, games: list[Any], tables: int, seconds: float) -> dict[str, float]:
    """Back to back, one open public stream per table; moves and frames the streams got."""
    done = {"moves": 0, "frames": 0}
    streams: list[gevent.Greenlet] = []

    def heard(_: Any) -> None:
        done["frames"] += 1

    def run(k: int) -> None:
        game, client = games[k % len(games)], Client(base)
        sid, tokens = client.open_table(game)
        ready = gevent.event.Event()
        streams.append(gevent.spawn(read_stream, base, f"/api/v1/sessions/{sid}/events",
                                    heard, ready))
        ready.wait(10)
        for seat, move in game["moves"]:
            if time.monotonic() >= stop:
                return
            r = client.post(f"/sessions/{sid}/moves", tokens[seat], move)
            assert r.status_code == 201, r.text
            done["moves"] += 1

    stop = time.monotonic() + seconds
    started = time.monotonic()
    gevent.joinall([gevent.spawn(run, k) for k in range(tables)])
    elapsed = time.monotonic() - started
    gevent.sleep(0.5)  # the last frames in flight (counted, not waited on by the moves)
    gevent.killall(streams)
    return {"moves_per_s": done["moves"] / elapsed, "moves": done["moves"],
            "frames": done["frames"]}


def measure(cluster: Any, games: list[Any], args: argparse.Namespace) -> dict[str, Any]:
    proc, base = start_server(cluster.url, args.workers)
    try:
        before, cpu0 = counters(cluster.ports), cpu_seconds(proc.pid)
        result = play(base, games, args.tables, args.seconds)
        cpu = cpu_seconds(proc.pid) - cpu0
        after = counters(cluster.ports)
    finally:
        proc.terminate()  # graceful shutdown would wait for the open streams: cut it short
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)
    moves = max(result["moves"], 1)
    result["per_node"] = [(a - b) / moves for a, b in zip(after, before, strict=True)]
    result["cpu_us"] = 1e6 * cpu / moves
    return result


def raw_fanout(ports: list[int], count: int = 200) -> dict[str, list[float]]:
    """Per node, messages handled per publish: PUBLISH (broadcast) vs SPUBLISH (its shard)."""
    client = redis.RedisCluster(host="127.0.0.1", port=ports[0])
    out = {}
    for command in ("PUBLISH", "SPUBLISH"):
        before = counters(ports)
        for i in range(count):
            client.execute_command(command, f"tc:ch:{{bench{i}}}", b"x" * 512)
        gevent.sleep(0.5)  # the cluster bus delivers asynchronously
        out[command] = [(a - b) / count for a, b in zip(counters(ports), before, strict=True)]
    client.close()
    return out


class Pad:
    """A score pad played from A: each move a new score (1, 2, 3, ...) for seat 0 under
    its own Idempotency-Key, sent again after a refusal until it is accepted."""

    def __init__(self, base: str, owner: int) -> None:
        self.base, self.owner = base, owner
        self.http = requests.Session()
        created = self._post("/sessions", None, {"game": "scorepad",
                                                 "options": {"scoring": "per_round"}}).json()
        for name in ("Ada", "Bo"):
            self._post(f"/join/{created['code']}", None, {"name": name})
        self.sid, self.host = created["id"], created["host_token"]
        assert self._post(f"/sessions/{self.sid}/start", self.host, {}).status_code == 201
        self.acked: list[tuple[float, int, int]] = []  # (answered at, points, version)
        self.refused: list[tuple[float, int, str | None]] = []  # (at, status, Retry-After)

    def _post(self, path: str, token: str | None, body: Any,
              key: str | None = None) -> requests.Response:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        if key:
            headers["Idempotency-Key"] = key
        return self.http.post(f"{self.base}/api/v1{path}", json=body, headers=headers,
                              timeout=30)

    def play(self, until: float, pace: float) -> None:
        points = 0
        while time.monotonic() < until:
            points += 1
            key = str(uuid.uuid4())
            while time.monotonic() < until:
                try:
                    r = self._post(f"/sessions/{self.sid}/moves", self.host,
                                   {"type": "score", "seat": 0, "round": 1,
                                    "points": {"total": points}}, key)
                    status, after = r.status_code, r.headers.get("Retry-After")
                except requests.RequestException:
                    status, after = 0, None
                if status == 201:
                    self.acked.append((time.monotonic(), points, r.json()["version"]))
                    break
                self.refused.append((time.monotonic(), status, after))
                gevent.sleep(0.2)
            gevent.sleep(pace)


class Screen:
    """A table's screen on B, as a browser's EventSource: opened again with
    Last-Event-ID whenever it ends; when each version arrived."""

    def __init__(self, base: str, sid: str) -> None:
        self.url = f"{base}/api/v1/sessions/{sid}/events"
        self.arrivals: list[tuple[float, int]] = []
        self.ends = 0
        self.greenlet = gevent.spawn(self._run)

    def _run(self) -> None:
        while True:
            headers = {"Accept": "text/event-stream"}
            if self.arrivals:
                headers["Last-Event-ID"] = str(self.arrivals[-1][1])
            try:
                with requests.get(self.url, headers=headers, stream=True,
                                  timeout=(5, 60)) as r:
                    if r.status_code == 200:
                        for line in r.iter_lines(decode_unicode=True):
                            if line and line.startswith("id:"):
                                version = int(line[3:])
                                if not self.arrivals or version > self.arrivals[-1][1]:
                                    self.arrivals.append((time.monotonic(), version))
                        self.ends += 1
            except (requests.RequestException, ValueError):
                pass
            gevent.sleep(2.0)  # the stream's own `retry: 2000`, as a browser waits

    def reached(self, version: int) -> float | None:
        return next((t for t, v in self.arrivals if v >= version), None)

    def longest_gap(self, start: float, end: float) -> float:
        marks = [start, *(t for t, _ in self.arrivals if start <= t <= end), end]
        return max(b - a for a, b in itertools.pairwise(marks))


def failover(args: argparse.Namespace) -> None:
    folder = Path(tempfile.mkdtemp())
    cluster = LocalCluster(folder, 3, replicas=1, node_timeout=args.node_timeout)
    extra = {"REDIS_WAIT_REPLICAS": str(args.wait_replicas), "REDIS_WAIT_MS": "500"}
    procs = []
    try:
        proc_a, a = start_server(cluster.url, args.workers, extra)
        procs.append(proc_a)
        proc_b, b = start_server(cluster.url, args.workers, extra)
        procs.append(proc_b)
        pads: list[Pad] = []
        while len(pads) < args.tables:  # spread over the three masters, in turn
            pad = Pad(a, 0)
            pad.owner = cluster.owner(keys.session(pad.sid))
            wanted = cluster.masters()[len(pads) % 3]
            if pad.owner == wanted:
                pads.append(pad)
        screens = {p.sid: Screen(b, p.sid) for p in pads}
        gevent.sleep(2)  # the screens open and subscribe
        start = time.monotonic()
        until = start + 3 + args.after
        players = [gevent.spawn(p.play, until, args.pace) for p in pads]
        told: list[tuple[float, int, str]] = []

        def watch_ready() -> None:
            while time.monotonic() < until:
                try:
                    r = requests.get(f"{b}/readyz", timeout=5)
                    if r.status_code != 200:
                        told.append((time.monotonic(), r.status_code,
                                     r.json().get("detail", "")))
                except (requests.RequestException, ValueError):
                    told.append((time.monotonic(), 0, "no answer"))
                gevent.sleep(0.2)

        watcher = gevent.spawn(watch_ready)
        gevent.sleep(3)
        failed = pads[0].owner
        cluster.kill(failed)
        killed = time.monotonic()
        gevent.joinall(players)
        watcher.join()
        gevent.sleep(3)  # the last frames in flight
        ended = time.monotonic()
        lost_shard = [p for p in pads if p.owner == failed]
        healthy = [p for p in pads if p.owner != failed]
        lost = doubled = accepted = 0
        for p in pads:
            r = requests.get(f"{a}/api/v1/sessions/{p.sid}/moves", timeout=30).json()
            scored = [e["move"]["points"]["total"] for e in r["entries"] if e["kind"] == "move"]
            acked = [pts for _, pts, _ in p.acked]
            accepted += len(acked)
            lost += len(set(acked) - set(scored))
            doubled += len(scored) - len(set(scored))
        gaps = []
        for p in lost_shard:
            back = [at for at, _, _ in p.acked if at > killed]
            gaps.append(back[0] - killed if back else float("inf"))
        catch_up = []
        for p in lost_shard:
            after = [v for at, _, v in p.acked if at > killed]
            seen = screens[p.sid].reached(after[0]) if after else None
            catch_up.append(seen - killed if seen is not None else float("inf"))
        stream_gap = max(screens[p.sid].longest_gap(start + 1, until) for p in healthy)
        refusals = [r for p in pads for r in p.refused]
        statuses = sorted({s for _, s, _ in refusals})
        with_retry = sum(1 for _, s, after in refusals if s == 503 and after)
        print(f"failover: 3 masters + 3 replicas (cluster-node-timeout {args.node_timeout} "
              f"ms), {args.tables} score pads ({len(lost_shard)} on the killed master), "
              f"phones on A, screens on B, {args.workers} workers each, "
              f"REDIS_WAIT_REPLICAS={args.wait_replicas}; kill -9 after 3 s, "
              f"{args.after:.0f} s of play after it")
        print(f"  moves accepted {accepted}, lost {lost}, doubled {doubled}")
        print(f"  failed shard's writes back after {max(gaps):.1f} s "
              f"(refusals meanwhile: {len(refusals)}, statuses {statuses}, "
              f"503 with Retry-After {with_retry})")
        print(f"  healthy shards' longest stream gap on B: {stream_gap:.1f} s "
              f"(streams ended and reopened: {sum(s.ends for s in screens.values())})")
        worst = max(catch_up)
        print("  failed shard's screens caught up on B after "
              + (f"{worst:.1f} s" if worst != float("inf")
                 else f"never (watched {ended - killed:.0f} s)"))
        if told:
            said = sorted({f"{status}: {detail[:70]}" for _, status, detail in told})
            print(f"  B's /readyz: {len(told)} refusals from +{told[0][0] - killed:.1f} s "
                  f"to +{told[-1][0] - killed:.1f} s ({'; '.join(said)})")
        else:
            print("  B's /readyz: 200 throughout")
    finally:
        for proc in procs:
            proc.terminate()
            try:
                proc.wait(5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(5)
        cluster.stop()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--tables", type=int, default=16)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--failover", action="store_true",
                        help="kill a master of a 3 + 3 cluster mid-play instead")
    parser.add_argument("--after", type=float, default=25,
                        help="seconds of play after the kill (--failover)")
    parser.add_argument("--pace", type=float, default=0.2,
                        help="seconds between one table's moves (--failover)")
    parser.add_argument("--node-timeout", type=int, default=2000,
                        help="cluster-node-timeout in ms (--failover)")
    parser.add_argument("--wait-replicas", type=int, default=0,
                        help="REDIS_WAIT_REPLICAS of both instances (--failover)")
    args = parser.parse_args(argv)
    if args.failover:
        failover(args)
        return
    games = record_games(args.tables)
    runs = {}
    for masters in (1, 3):
        folder = Path(tempfile.mkdtemp())
        cluster = LocalCluster(folder, masters)
        try:
            runs[masters] = measure(cluster, games, args)
            if masters == 3:
                fanout = raw_fanout(cluster.ports)
        finally:
            cluster.stop()
    print(f"{args.tables} tables back to back, one public stream each, {args.workers} "
          f"gevent workers, {args.seconds:.0f} s per cluster")
    for masters, r in runs.items():
        nodes = " ".join(f"{n:.2f}" for n in r["per_node"])
        print(f"  {masters} master(s): {r['moves_per_s']:7.0f} moves/s, "
              f"{r['cpu_us']:6.0f} us server CPU/move, frames/move "
              f"{r['frames'] / max(r['moves'], 1):.2f}, pub/sub messages per node per move: "
              f"{nodes} (sum {sum(r['per_node']):.2f})")
    print(f"  3 ÷ 1 masters: moves/s {runs[3]['moves_per_s'] / runs[1]['moves_per_s']:.2f}, "
          f"busiest node's messages per move "
          f"{max(runs[3]['per_node']) / max(max(runs[1]['per_node']), 1e-9):.2f}")
    for command, per_node in fanout.items():
        print(f"  raw {command:8} on 3 masters, messages per node per publish: "
              + " ".join(f"{n:.2f}" for n in per_node) + f" (sum {sum(per_node):.2f})")


if __name__ == "__main__":
    main()

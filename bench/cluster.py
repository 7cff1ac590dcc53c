"""Sharded pub/sub on a Redis Cluster: 1 vs 3 masters in one run (issue 20 item 5).

    python -m bench.cluster [--seconds 10] [--tables 16] [--workers 2]

For each cluster (1 master, then 3; Redis >= 7, so the service SPUBLISHes and its
workers SSUBSCRIBE per session) gunicorn serves --tables tables, each with one public
stream open, playing recorded Gaia games back to back. Prints accepted moves/s and,
per node, the pub/sub messages it handled per accepted move: the publishes it ran
(``INFO commandstats``) plus those it received over the cluster bus
(``CLUSTER INFO`` ``cluster_stats_messages_publish*_received``). Then, on the 3-master
cluster, the same counters for raw PUBLISH vs SPUBLISH (what a plain PUBLISH would cost).
"""

from bench.http import Client, cpu_seconds, record_games, start_server  # noqa: I001 (patches first)

import argparse
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

import gevent
import gevent.event
import redis

from bench.table_clients import read_stream
from companion.store.embedded import LocalCluster

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


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--tables", type=int, default=16)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
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

"""A Redis Cluster on loopback, for tests and benchmarks: masters (and replicas) from
the embedded server's binary (``embedded.binary()``), joined with its ``redis-cli``,
each node an :class:`~companion.store.embedded.EmbeddedRedis` in its own folder.
"""

from __future__ import annotations

import contextlib
import subprocess
import time
from pathlib import Path

import redis

from companion.store.embedded import EmbeddedRedis, binary, free_port


class LocalCluster:
    """Three (or more) masters from the same binary, joined with its redis-cli; or one
    master given every slot (redis-cli creates clusters of three or more only). With
    ``replicas``, each master gets that many replicas, and a master that stops
    answering for ``node_timeout`` ms is failed over to one of them (:meth:`kill`,
    :meth:`promoted`)."""

    def __init__(self, base: Path, masters: int = 3, replicas: int = 0,
                 node_timeout: int = 3000) -> None:
        count = masters * (1 + replicas)
        self.ports = [free_port() for _ in range(count)]
        self.servers = [
            EmbeddedRedis(base / f"node{i}", port=port, extra={
                "cluster-enabled": "yes", "cluster-config-file": "nodes.conf",
                "cluster-node-timeout": str(node_timeout), "appendonly": "no",
                # a replica takes over however long it was cut off from its master
                "cluster-replica-validity-factor": "0",
                # a replica's first sync starts at once (the default waits 5 s)
                "repl-diskless-sync-delay": "0"}).start()
            for i, port in enumerate(self.ports)]
        if masters == 1 and not replicas:
            redis.Redis(port=self.ports[0]).cluster("ADDSLOTSRANGE", 0, 16383)
        else:
            cli = str(Path(binary()).with_name("redis-cli"))
            subprocess.run([cli, "--cluster", "create",
                            *[f"127.0.0.1:{p}" for p in self.ports],
                            "--cluster-replicas", str(replicas), "--cluster-yes"],
                           check=True, capture_output=True, timeout=120)
        # generous: the nodes agree on the slots by gossip, slower on a busy machine
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if all(self._state(p) == "ok" for p in self.ports) and (
                    not replicas or (len(self.masters()) == masters
                                     and self._replicas_in_sync(masters * replicas))):
                return
            time.sleep(0.2)
        raise RuntimeError("the cluster did not come up")

    @staticmethod
    def _state(port: int) -> str | None:
        with contextlib.suppress(redis.RedisError, OSError):
            return str(redis.Redis(port=port, socket_timeout=2).cluster("info")
                       .get("cluster_state"))
        return None

    def nodes(self, port: int | None = None) -> list[dict[str, str]]:
        """CLUSTER NODES as one node (the first answering by default) sees it: each
        node's ``port``, ``id``, ``role`` (master, slave), ``flags``, ``master`` id and
        ``slots`` ("" for none)."""
        for asked in [port] if port is not None else self.alive():
            with contextlib.suppress(redis.RedisError, OSError):
                seen = redis.Redis(port=asked, socket_timeout=2).cluster("nodes")
                return [{"id": n["node_id"], "port": address.rsplit(":", 1)[1],
                         "flags": n["flags"], "master": n["master_id"],
                         "role": "master" if "master" in n["flags"].split(",") else "slave",
                         "slots": " ".join("-".join(r) for r in n["slots"])}
                        for address, n in seen.items()]
        return []

    def alive(self) -> list[int]:
        return [p for p, s in zip(self.ports, self.servers, strict=True) if not s.exited()]

    def masters(self) -> list[int]:
        """Ports of the masters that hold slots and are not failed, as the cluster sees."""
        return sorted(int(n["port"]) for n in self.nodes()
                      if n["role"] == "master" and n["slots"] and "fail" not in n["flags"])

    def _replicas_in_sync(self, wanted: int) -> bool:
        linked = 0
        for port in self.ports:
            with contextlib.suppress(redis.RedisError, OSError):
                info = redis.Redis(port=port, socket_timeout=2).info("replication")
                if info.get("role") == "slave" and info.get("master_link_status") == "up":
                    linked += 1
        return linked >= wanted

    def owner(self, key: str) -> int:
        """The port of the master serving ``key``'s slot now, as a live node sees it."""
        for port in self.alive():
            with contextlib.suppress(redis.RedisError, OSError):
                slot = int(redis.Redis(port=port, socket_timeout=2).cluster("keyslot", key))
                for node in self.nodes(port):
                    if node["role"] != "master" or "fail" in node["flags"]:
                        continue
                    for span in node["slots"].split():
                        low, _, high = span.partition("-")
                        if int(low) <= slot <= int(high or low):
                            return int(node["port"])
        raise RuntimeError("no live node knows the slot's owner")

    def kill(self, port: int) -> None:
        """``kill -9`` the node on ``port`` (a crash: no goodbye to the cluster)."""
        self.servers[self.ports.index(port)].kill()

    def promoted(self, dead: int, timeout: float = 30.0) -> int:
        """Wait until a replica of the killed master ``dead`` serves its slots as a
        master, as every live node sees it, and each says the cluster is ok; its port.
        Polled (CLUSTER NODES), never slept on blindly."""
        before = self.nodes()
        master_id = next(n["id"] for n in before if n["port"] == str(dead))
        heirs = {n["port"] for n in before if n["master"] == master_id}
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            views = [self.nodes(port) for port in self.alive()]
            took = [{n["port"] for n in view if n["port"] in heirs and n["role"] == "master"
                     and n["slots"] and "fail" not in n["flags"]} for view in views]
            if took and all(t == took[0] and len(t) == 1 for t in took) and all(
                    self._state(p) == "ok" for p in self.alive()):
                return int(next(iter(took[0])))
            time.sleep(0.1)
        raise RuntimeError(f"no replica took over from the master on port {dead}")

    @property
    def url(self) -> str:
        return f"redis+cluster://127.0.0.1:{self.ports[0]}"

    def stop(self) -> None:
        for server in self.servers:
            server.stop()

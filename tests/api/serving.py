"""The real serving stack (``companion serve``: gunicorn, gevent workers) in a subprocess."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import requests


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Served:
    """``companion serve`` on loopback with the given environment; stop() ends it."""

    def __init__(self, instance: Path, **env: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        full = {**os.environ, "COMPANION_INSTANCE_PATH": str(instance),
                "PUBLIC_URL": self.url, "SSE_HEARTBEAT": "1", **env}
        if "REDIS_URL" not in env:
            full.pop("REDIS_URL", None)  # the embedded Redis, started by the master
        self.proc = subprocess.Popen([sys.executable, "-m", "companion.cli", "serve",
                                      "--host", "127.0.0.1", "--port", str(self.port)],
                                     env=full, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if requests.get(f"{self.url}/readyz", timeout=1).ok:
                    return
            except requests.RequestException:
                pass
            time.sleep(0.1)
        self.stop()
        raise RuntimeError("the server did not start")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

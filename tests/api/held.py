"""Many live streams held at once, as a room full of phones holds them: raw sockets
from a chosen loopback address, read by one background thread (one selector), each
remembering the last version it was sent and whether the server ended it."""

from __future__ import annotations

import re
import selectors
import socket
import threading
import time
from dataclasses import dataclass, field

FRAME_ID = re.compile(rb"\nid: (\d+)\n|^id: (\d+)\n")


@dataclass
class Held:
    """One stream: its answer's status, the last version seen, whether it ended."""

    sock: socket.socket
    status: int = 0
    head: str = ""
    last: int = -1
    ended: bool = False
    tail: bytes = field(default=b"", repr=False)

    def feed(self, data: bytes) -> None:
        self.tail = (self.tail + data)[-8192:]
        ids = [int(a or b) for a, b in FRAME_ID.findall(self.tail)]
        if ids:
            self.last = max(self.last, *ids)


def open_stream(port: int, path: str, source: str, token: str | None = None,
                host: str = "127.0.0.1") -> Held:
    """A stream's request sent from ``source``; its status read (up to 20 s)."""
    s = socket.socket()
    s.settimeout(20)
    s.bind((source, 0))
    s.connect((host, port))
    auth = f"Authorization: Bearer {token}\r\n" if token else ""
    s.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n"
              f"{auth}\r\n".encode())
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = s.recv(4096)
        if not chunk:
            break
        head += chunk
    top, _, rest = head.partition(b"\r\n\r\n")
    text = top.decode("latin-1")
    held = Held(s, int(text.split(" ", 2)[1]) if text else 0, text)
    held.feed(b"\n" + rest)
    return held


class Streams:
    """Holds streams and reads them all in one thread until :meth:`close`."""

    def __init__(self) -> None:
        self.held: list[Held] = []
        self._selector = selectors.DefaultSelector()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def add(self, held: Held) -> Held:
        with self._lock:
            self.held.append(held)
            if held.status == 200:
                held.sock.setblocking(False)
                self._selector.register(held.sock, selectors.EVENT_READ, held)
            else:
                held.sock.close()
        return held

    def _read(self) -> None:
        while not self._stop.is_set():
            with self._lock:
                ready = self._selector.select(timeout=0) if self._selector.get_map() else []
            for key, _ in ready:
                held: Held = key.data
                try:
                    data = held.sock.recv(65536)
                except BlockingIOError:
                    continue
                except OSError:
                    data = b""
                if data:
                    held.feed(data)
                else:
                    held.ended = True
                    with self._lock:
                        self._selector.unregister(held.sock)
            if not ready:
                time.sleep(0.02)

    def wait_for(self, wanted: dict[int, int], seconds: float) -> list[Held]:
        """Waits until every held stream ``i`` in ``wanted`` has seen version
        ``wanted[i]`` (or ``seconds`` pass); returns those that have not."""
        deadline = time.monotonic() + seconds
        while True:
            behind = [self.held[i] for i, v in wanted.items() if self.held[i].last < v]
            if not behind or time.monotonic() > deadline:
                return behind
            time.sleep(0.1)

    def close(self) -> None:
        self._stop.set()
        self._thread.join(10)
        for held in self.held:
            held.sock.close()

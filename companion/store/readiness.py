"""The pool's "is anything left unread?" check, without a trip through gevent's hub.

Before it hands out a connection, redis-py's pool asks the socket whether data is
waiting (a reply a cancelled command left behind, or the server's close): a poll with
a zero timeout. Under gevent's monkey-patching ``select.poll`` is gevent's cooperative
poll, which starts watchers and switches to the hub even when told not to wait — 35 µs
a check on this machine against 1.5 µs for the system call, paid on every Redis command
of every request. A zero timeout never waits, so the system's own poll
answers it exactly; any other timeout (a pub/sub listener waiting for its next message)
still goes through gevent's, so nothing ever blocks the worker.
"""

from __future__ import annotations

import select
from collections.abc import Callable
from typing import Any

_installed = False


def install() -> None:
    """Give hiredis's parser the system's poll for zero-timeout checks, once, when the
    process is monkey-patched by gevent (a worker of ``companion serve``); otherwise
    nothing changes."""
    global _installed
    if _installed:
        return
    from gevent import monkey
    if not monkey.is_module_patched("select"):
        return  # not under gevent: select.poll is already the system's
    try:
        from redis._parsers import hiredis as parser
    except ImportError:  # pragma: no cover - redis-py without the hiredis parser
        return
    cooperative: Callable[[Any, float], bool] = parser._socket_can_read
    system_poll = monkey.get_original("select", "poll")

    def can_read(sock: Any, timeout: float) -> bool:
        if timeout != 0 or (hasattr(sock, "pending") and sock.pending()):
            return cooperative(sock, timeout)
        poller = system_poll()
        poller.register(sock, select.POLLIN)
        return bool(poller.poll(0))

    parser._socket_can_read = can_read
    _installed = True

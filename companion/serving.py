"""Serving with gunicorn: gevent workers, and the embedded Redis in the master.

``companion serve`` and ``deploy/gunicorn.conf.py`` share these settings. With no
``REDIS_URL`` the master starts the embedded server once (before forking) and
hands its URL to the workers through the environment; a worker's exit never
takes it down, the master restarts it when it dies, and stops it on shutdown.
"""

from __future__ import annotations

import logging
import logging.handlers
import os
import socket
from collections.abc import MutableMapping
from typing import Any

from gunicorn import glogging

from companion import config
from companion.store import embedded

#: gevent: an open SSE stream is a cheap greenlet, not a thread held hostage
SETTINGS: dict[str, Any] = {
    # gunicorn's gevent worker, with a per-address connection cap and a header
    # deadline (companion/worker.py)
    "worker_class": "companion.worker.CappedWorker",
    # a table of five phones and a screen holds 11 connections (a stream and a
    # keep-alive connection per phone, the screen's stream): 2,000 per worker refused
    # the streams of 800 tables (bench.table: p99 18.9 s at 0.25 of a core; 0.5 s with
    # 8,000). Abuse is bounded per address and by the header deadline (worker.py)
    "worker_connections": 8000,
    "timeout": 60,
    "graceful_timeout": 10,
    "keepalive": 5,
    # the app logs every request it answers (JSON, with its request id); gunicorn's
    # access log, when asked for (--access-logfile), is the same JSON (JsonLogger)
    "accesslog": None,
    "logger_class": "companion.serving.JsonLogger",
    # gunicorn >= 25 opens a control socket (workers, reload, shutdown) at
    # ~/.gunicorn/gunicorn.ctl, one path for every instance on the machine: not used
    "control_socket_disable": True,
}

_server: embedded.EmbeddedRedis | None = None


class JsonLogger(glogging.Logger):
    """gunicorn's own lines (booting, workers, timeouts, errors; its access log when
    turned on) in the app's format: one JSON object a line, so one parser reads the
    whole stream. An access line carries the request id the app answered with."""

    def setup(self, cfg: Any) -> None:
        super().setup(cfg)
        from companion.observability import JsonFormatter  # after prepare_environment

        for log in (self.error_log, self.access_log):
            for handler in log.handlers:
                if not isinstance(handler, logging.handlers.SysLogHandler):
                    handler.setFormatter(JsonFormatter())

    def access(self, resp: Any, req: Any, environ: MutableMapping[str, Any],
               request_time: Any) -> None:
        if not getattr(self, "access_log_enabled", True):
            return
        status = resp.status
        headers = dict((k.lower(), v) for k, v in (resp.headers or ()))
        fields = {
            "request_id": headers.get("x-request-id") or None,
            "method": environ.get("REQUEST_METHOD"), "path": environ.get("PATH_INFO"),
            "status": int(status.split(None, 1)[0]) if isinstance(status, str) else status,
            "ms": round(request_time.total_seconds() * 1000, 2),
            "bytes": getattr(resp, "sent", None), "remote": environ.get("REMOTE_ADDR"),
        }
        self.access_log.info("access", extra={"fields": fields})


def prepare_environment() -> None:
    """Before anything imports prometheus_client: the workers' metrics go to files
    in one folder, which ``/metrics`` adds up."""
    if not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        import tempfile

        os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="companion-metrics-")


def on_starting(server: Any) -> None:
    """Master hook: make sure a Redis is there before any worker starts."""
    global _server
    if os.environ.get("REDIS_URL"):
        return
    settings = config.from_env()
    url, started = embedded.ensure_running(settings["INSTANCE_PATH"],
                                           settings["REDIS_MAXMEMORY"])
    _server = started
    os.environ["REDIS_URL"] = url


def on_exit(server: Any) -> None:
    if _server is not None:
        _server.stop()


def post_fork(server: Any, worker: Any) -> None:
    """Workers must not inherit the master's atexit hook that stops the server, and
    answer what gunicorn refuses itself (a request it cannot parse: 400, 431) as the
    app answers: problem+json with the security headers, not bare HTML."""
    import atexit

    from gunicorn import util

    if _server is not None:
        atexit.unregister(_server.stop)
    util.write_error = write_error  # gunicorn's workers call it through the module


#: the collector's thresholds in a worker (CPython's default: 700, 10, 10). A worker's
#: heap is mostly long-lived (the app, its streams); with the default young threshold its
#: churn promoted short-lived objects until full collections held the event loop for
#: 100-200 ms each at 200 tables (``bench.table``, measured with gc.callbacks).
GC_THRESHOLDS = (50_000, 20, 100)


def post_worker_init(worker: Any) -> None:
    """The app is loaded: its objects (modules, routes, the catalogue) live as long as
    the worker, so they are frozen out of the collector's scans, and the young
    generation is collected less often."""
    import gc

    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def write_error(sock: socket.socket, status_int: int, reason: str, mesg: str) -> None:
    """gunicorn's own error answer, with the app's headers; ``mesg`` (it quotes the
    request) stays in gunicorn's log."""
    from gunicorn import util

    util.write_nonblock(sock, raw_problem(status_int, reason, "bad_request", reason))


def raw_problem(status: int, reason: str, code: str, detail: str,
                headers: dict[str, str] | None = None) -> bytes:
    """A whole problem+json answer, written on a socket where no Flask answers
    (gunicorn's refusals, the worker's connection cap): the app's security headers,
    never cached, the connection closed after it."""
    import json

    from companion.api.guards import HEADERS

    body = json.dumps({"type": "about:blank", "title": reason, "status": status,
                       "detail": detail, "code": code}).encode()
    every = {"Connection": "close", "Content-Type": "application/problem+json",
             "Content-Length": str(len(body)), "Cache-Control": "no-store",
             **(headers or {}), **HEADERS}
    head = f"HTTP/1.1 {status} {reason}\r\n" + "".join(
        f"{name}: {value}\r\n" for name, value in every.items()) + "\r\n"
    return head.encode("latin-1") + body


def child_exit(server: Any, worker: Any) -> None:
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid)  # type: ignore[no-untyped-call]


HOOKS = {"on_starting": on_starting, "on_exit": on_exit, "post_fork": post_fork,
         "post_worker_init": post_worker_init, "child_exit": child_exit}


def run(host: str, port: int, workers: int) -> None:
    from gunicorn.app.base import BaseApplication

    class Application(BaseApplication):
        def load_config(self) -> None:
            options = {**SETTINGS, **HOOKS, "bind": f"{host}:{port}", "workers": workers}
            for key, value in options.items():
                self.cfg.set(key, value)

        def load(self) -> Any:
            from companion.app import create_app

            return create_app()

    Application().run()

"""Metrics (Prometheus) and structured request logs with a request id.

With several gunicorn workers, ``PROMETHEUS_MULTIPROC_DIR`` (set by the serving
hooks) makes ``/metrics`` add up every worker. Logs are one JSON object per
line; they never include headers, so tokens are never logged.
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import shutil
import time
from random import getrandbits
from typing import Any

import orjson
from flask import Flask, Response, current_app, g, request
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
    multiprocess,
)

REQUESTS = Counter("companion_requests_total", "HTTP requests", ["route", "method", "status"])
LATENCY = Histogram("companion_request_seconds", "Request latency by route", ["route"],
                    buckets=(.002, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 30))
MOVES = Counter("companion_moves_total", "Moves answered, by outcome and the rule that "
                "refused them (a commit retried counts once)", ["game", "outcome", "rule"])
RETRIES = Counter("companion_commit_retries_total", "Write conflicts retried")
UNREPLICATED = Counter("companion_commits_unreplicated_total",
                       "Commits answered after REDIS_WAIT_MS with fewer than "
                       "REDIS_WAIT_REPLICAS replicas acknowledging them")
SSE_CLIENTS = Gauge("companion_sse_clients", "Open live-update streams",
                    multiprocess_mode="livesum")
CATCH_UP_PAGES = Counter("companion_sse_catch_up_pages_total",
                         "Pages of the log read by Last-Event-ID catch-ups")
CATCH_UPS_MOST = Gauge("companion_sse_catch_ups_most",
                       "The most catch-up pages one worker has read at once",
                       multiprocess_mode="max")
LISTENER_UP = Gauge("companion_listener_up", "1 while the worker's live-update listener "
                    "is subscribed (or has nothing to stream), 0 while it is down; the "
                    "lowest over the workers", multiprocess_mode="livemin")
LISTENER_SESSIONS_DOWN = Gauge("companion_listener_sessions_down", "Streamed sessions "
                               "whose subscription is down (their shard failing over)",
                               multiprocess_mode="livesum")
STORE_UP = Gauge("companion_store_up", "1 if a small write to the store went through "
                 "when /metrics was read, else 0", multiprocess_mode="livemostrecent")
STORE_MEMORY_HEADROOM = Gauge("companion_store_memory_headroom_ratio", "Share of Redis's "
                              "maxmemory still free (1 without a ceiling)",
                              multiprocess_mode="livemostrecent")
DISK_FREE = Gauge("companion_instance_disk_free_bytes", "Free bytes on the file system "
                  "of the instance folder (the embedded Redis writes there)",
                  multiprocess_mode="livemostrecent")


def count_move(game: str, outcome: str, rule: str) -> None:
    """The sessions layer's report of a move checked (it knows no metrics)."""
    MOVES.labels(game, outcome, rule).inc()


def count_retry() -> None:
    """The sessions layer's report of a write conflict retried."""
    RETRIES.inc()


def count_unreplicated(_acked: int) -> None:
    """The store's report of a commit its replicas did not acknowledge in time."""
    UNREPLICATED.inc()


def listener_state(up: bool, sessions_down: int) -> None:
    """The hub's report of its listener (live.Hub.on_state)."""
    LISTENER_UP.set(1 if up else 0)
    LISTENER_SESSIONS_DOWN.set(sessions_down)


def _health_gauges() -> None:
    """The store's reachability and headroom, read by the worker answering /metrics."""
    companion = current_app.extensions["companion"]
    try:
        companion.sessions.ping()
        STORE_UP.set(1)
        used, ceiling = companion.store.memory()
        STORE_MEMORY_HEADROOM.set(max(0.0, 1 - used / ceiling) if ceiling else 1.0)
    except Exception:  # any failure to write means down; /metrics itself still answers
        STORE_UP.set(0)
    with contextlib.suppress(OSError):
        DISK_FREE.set(shutil.disk_usage(current_app.instance_path).free)


#: the methods counted by name; any other (a client may send any token) is "other",
#: so that no client can grow the number of series /metrics carries
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})


def method_label(method: str) -> str:
    return method if method in METHODS else "other"


REQUEST_ID = re.compile(r"^[A-Za-z0-9._-]{1,64}$")
log = logging.getLogger("companion.requests")


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        body: dict[str, Any] = {"ts": round(record.created, 3), "level": record.levelname,
                                "logger": record.name, "msg": record.getMessage()}
        body.update(getattr(record, "fields", {}))
        if record.exc_info:
            body["error"] = self.formatException(record.exc_info)
        # orjson: a third of json.dumps's time, on every request's line;
        # anything it cannot write (a stray object in ``fields``) is written as its str,
        # a key that is not a string as json.dumps would (a number as its digits)
        return orjson.dumps(body, default=str, option=orjson.OPT_NON_STR_KEYS).decode()


def configure_logging() -> None:
    root = logging.getLogger("companion")
    if not any(isinstance(h.formatter, JsonFormatter) for h in root.handlers):
        handler = logging.StreamHandler()
        handler.setFormatter(JsonFormatter())
        root.addHandler(handler)
        root.setLevel(os.environ.get("LOG_LEVEL", "INFO").strip().upper())


def metrics_response() -> Response:
    _health_gauges()
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
        body = generate_latest(registry)
    else:
        body = generate_latest()
    return Response(body, mimetype=CONTENT_TYPE_LATEST)


#: the metric series each (route, method, status) and route feeds, made once: ``labels()``
#: validates its arguments and takes a lock on every call. Bounded as the labels are:
#: routes are the app's rules, methods go through :func:`method_label`
_counters: dict[tuple[str, str, int], Any] = {}
_latencies: dict[str, Any] = {}


def _observe(route: str, method: str, status: int, elapsed: float) -> None:
    counter = _counters.get((route, method, status))
    if counter is None:
        counter = _counters[route, method, status] = REQUESTS.labels(route, method,
                                                                       str(status))
    latency = _latencies.get(route)
    if latency is None:
        latency = _latencies[route] = LATENCY.labels(route)
    counter.inc()
    latency.observe(elapsed)


def init(app: Flask) -> None:
    configure_logging()

    @app.before_request
    def _start() -> None:
        given = request.headers.get("X-Request-ID", "")
        # a correlation id, not a secret: no getrandom() system call per request (a
        # stall at 400 tables was counted there); unique as uuid4's 128 bits
        g.request_id = given if REQUEST_ID.match(given) else f"{getrandbits(128):032x}"
        g.started = time.perf_counter()

    @app.after_request
    def _finish(response: Response) -> Response:
        here = request._get_current_object()  # type: ignore[attr-defined]
        rule = here.url_rule
        route = rule.rule if rule else "unmatched"
        now = time.perf_counter()
        elapsed = now - g.get("started", now)
        status = response.status_code
        _observe(route, method_label(here.method), status, elapsed)
        request_id = g.get("request_id", "")
        response.headers["X-Request-ID"] = request_id
        if log.isEnabledFor(logging.INFO):
            log.info("request", extra={"fields": {
                "request_id": request_id or None, "method": here.method, "route": route,
                "path": here.path, "status": status, "ms": round(elapsed * 1000, 2)}})
        return response

    app.add_url_rule("/metrics", "metrics", metrics_response)

"""The Flask application factory and the per-process services it holds."""

from __future__ import annotations

import contextlib
import os
import threading
import time
from pathlib import Path
from typing import Any

from flask import Flask
from flask.json.provider import JSONProvider
from limits.storage import storage_from_string
from limits.strategies import FixedWindowRateLimiter, RateLimiter
from redis.exceptions import RedisError

from companion import config as settings
from companion import i18n, observability
from companion.live import Hub
from companion.sessions import Sessions
from companion.sessions.tokens import kept_secret, new_secret
from companion.store import Store, connect, disk, dumps, embedded, keys, loads
from companion.stream_slots import Slots, Turns


class OrjsonProvider(JSONProvider):
    """Fast, strict JSON: orjson refuses NaN and Infinity."""

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        return dumps(obj).decode()

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        return loads(s)


class Companion:
    """What a serving process shares: the store, the sessions service, the hub.

    Redis is touched lazily, so the app starts (and recovers) while Redis is down,
    and the embedded server is started by the first process that needs it.
    """

    def __init__(self, app: Flask) -> None:
        self.config = app.config
        self._lock = threading.Lock()
        self._store: Store | None = None
        self._sessions: Sessions | None = None
        self._hub: Hub | None = None
        self._limiter: RateLimiter | None = None
        self.streams = Slots(int(app.config["SSE_MAX_PER_CLIENT"]),
                             int(app.config["SSE_MAX_STREAMS"]),
                             int(app.config.get("SSE_SEAT_RESERVE", 0)),
                             int(app.config["SSE_MAX_PER_SEAT"]),
                             int(app.config["SSE_MAX_PER_SESSION"]))
        self.catch_ups = Turns(int(app.config.get("SSE_CATCH_UPS", 4)))

    @property
    def redis_url(self) -> str:
        return str(self.config["REDIS_URL"] or embedded.url_for(self.config["INSTANCE_PATH"]))

    @property
    def store(self) -> Store:
        with self._lock:
            if self._store is None:
                if not self.config["REDIS_URL"]:
                    embedded.ensure_running(self.config["INSTANCE_PATH"],
                                            str(self.config["REDIS_MAXMEMORY"]))
                client = connect(self.redis_url, int(self.config["REDIS_MAX_CONNECTIONS"]))
                folder = self.config.get("STORE_DISK_PATH") or (
                    None if disk.local(self.redis_url) else "")
                self._store = Store(client, int(self.config["SESSION_TTL"]),
                                    int(self.config["IDEMPOTENCY_TTL"]), folder,
                                    int(self.config.get("STORE_DISK_RESERVE", 0)),
                                    int(self.config["REDIS_WAIT_REPLICAS"]),
                                    int(self.config["REDIS_WAIT_MS"]))
                self._store.on_unreplicated = observability.count_unreplicated
            return self._store

    @property
    def sessions(self) -> Sessions:
        store = self.store
        with self._lock:
            if self._sessions is None:
                self._sessions = Sessions(store, dict(self.config), self._secret(store),
                                          # tests inject a fake server time (config NOW)
                                          now=self.config.get("NOW") or time.time,
                                          on_retry=observability.count_retry,
                                          on_move=observability.count_move)
            return self._sessions

    @property
    def limiter(self) -> RateLimiter:
        """Rate limits (create, join) counted in the sessions' Redis, fixed windows."""
        with self._lock:
            if self._limiter is None:
                storage = storage_from_string(_limiter_uri(self.redis_url),
                                              key_prefix=f"{keys.PREFIX}:rl",
                                              wrap_exceptions=True)
                self._limiter = FixedWindowRateLimiter(storage)
            return self._limiter

    @property
    def hub(self) -> Hub:
        store = self.store
        with self._lock:
            if self._hub is None:
                self._hub = Hub(store.redis, store.docs,
                                int(self.config["SSE_BACKLOG_BYTES"]),
                                sharded=lambda: store.sharded,
                                on_state=observability.listener_state)
            return self._hub

    def listener_down_for(self) -> float:
        """Seconds this worker's live-update listener has been down (0: up, or unused)."""
        with self._lock:
            hub = self._hub
        return hub.down_for() if hub is not None else 0.0

    def close_streams(self) -> None:
        """At shutdown: this process's open streams are told to reconnect and end."""
        with self._lock:
            hub = self._hub
        if hub is not None:
            hub.close_streams()

    def close(self) -> None:
        """Release this process's Redis connections (tests, shutdown)."""
        with self._lock:
            if self._hub is not None:
                self._hub.stop()
            if self._store is not None:
                self._store.redis.close()
            self._store = self._sessions = self._hub = None

    def _secret(self, store: Store) -> bytes:
        """Key for tokens re-derived on idempotent replays: env, else the one kept in
        the instance folder, so that no two workers ever hold different ones (kept in
        Redis only, it was made anew by whichever worker started after Redis came back
        empty). The folder takes it from Redis when it has none, and gives it back to
        Redis, so instances with folders of their own agree too."""
        configured = os.environ.get("COMPANION_SECRET")
        if configured:
            return configured.encode()
        key = f"{keys.PREFIX}:secret"

        def shared() -> str:
            store.redis.set(key, new_secret(), nx=True)
            kept = store.redis.get(key)
            return kept.decode() if isinstance(kept, bytes) else str(kept)

        secret = kept_secret(Path(self.config["INSTANCE_PATH"]), shared)
        with contextlib.suppress(RedisError):  # the folder's copy is the one that counts
            store.redis.set(key, secret, nx=True)
        return secret


def _limiter_uri(url: str) -> str:
    if url.startswith("unix://"):
        return "redis+unix://" + url[len("unix://"):]
    return url


def create_app(config: dict[str, Any] | None = None) -> Flask:
    conf = settings.resolve(config)  # raises BadSetting: a bad one stops the start
    i18n.use(conf["CATALOGUE_DIR"] or i18n.DIR)
    embedded.private(Path(conf["INSTANCE_PATH"]))
    app = Flask(__name__, instance_path=str(Path(conf["INSTANCE_PATH"]).resolve()),
                static_folder=None)
    app.config.update(conf)
    app.json = OrjsonProvider(app)
    app.extensions["companion"] = Companion(app)
    proxies = int(conf.get("TRUSTED_PROXIES") or 0)
    if proxies > 0:
        # only then is X-Forwarded-For believed, and only as many hops as configured:
        # a client cannot pick its own address for rate limits and stream caps
        from werkzeug.middleware.proxy_fix import ProxyFix

        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=proxies, x_proto=proxies)

    from companion.api import init_api

    init_api(app)
    from companion.pages import bp as pages

    observability.init(app)
    app.register_blueprint(pages)
    if os.environ.get("COMPANION_BENCH") == "1":
        from companion.api import bench

        bench.register(app)
    return app

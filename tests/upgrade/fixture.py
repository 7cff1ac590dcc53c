"""Stored sessions of a released version, kept as files: an upgrade must load and
continue them. ``python -m tests.upgrade.fixture`` writes ``sessions-<version>.json``
from the code checked out now (a table in play: joined, started, moves and an undo,
with the tokens the phones hold); commit it and keep the older files. Tests never
produce it: CI runs on a plain checkout."""

from __future__ import annotations

import base64
import json
import sys
import tempfile
import uuid
from pathlib import Path
from typing import Any

import redis

HERE = Path(__file__).resolve().parent
MOVES = [{"type": "play_nature", "terrain": "forest", "at": [0, 0]}]


def dump(client: redis.Redis) -> dict[str, Any]:
    """Every key of the sessions (and the shared secret), by type, with its TTL."""
    out: dict[str, Any] = {}
    for raw in sorted(client.scan_iter(match="tc:*")):
        key = raw.decode()
        if key.startswith(("tc:rl", "tc:ready")):
            continue  # rate-limit windows and the readiness probe: nothing to keep
        kind = client.type(raw).decode()
        if kind == "hash":
            value: Any = {k.decode(): _text(v) for k, v in client.hgetall(raw).items()}
        elif kind == "list":
            value = [_text(v) for v in client.lrange(raw, 0, -1)]
        elif kind == "string":
            value = _text(client.get(raw))
        else:
            raise ValueError(f"{key}: a {kind} (not kept by this fixture)")
        out[key] = {"type": kind, "ttl_ms": client.pttl(raw), "value": value}
    return out


def load(client: redis.Redis, keys: dict[str, Any]) -> None:
    for key, entry in keys.items():
        kind, value = entry["type"], entry["value"]
        if kind == "hash":
            client.hset(key, mapping={k: _bytes(v) for k, v in value.items()})
        elif kind == "list":
            client.rpush(key, *[_bytes(v) for v in value])
        else:
            client.set(key, _bytes(value))
        if entry["ttl_ms"] > 0:
            client.pexpire(key, entry["ttl_ms"])


def _text(raw: bytes | None) -> Any:
    assert raw is not None
    try:
        return raw.decode()
    except UnicodeDecodeError:
        return {"base64": base64.b64encode(raw).decode()}


def _bytes(value: Any) -> bytes:
    if isinstance(value, dict):
        return base64.b64decode(value["base64"])
    return str(value).encode()


def make() -> dict[str, Any]:
    from companion.cli import version
    from companion.store.embedded import EmbeddedRedis
    from tests.api.client import Api
    from tests.conftest import LiveServer, make_app

    with tempfile.TemporaryDirectory() as tmp:
        server = EmbeddedRedis(Path(tmp) / "redis").start()
        live = LiveServer(make_app(server.url, Path(tmp) / "app"))
        try:
            api = Api(live.url)
            table = api.table(2)
            sid = table["sid"]
            for move in MOVES:
                r = api.post(f"/sessions/{sid}/moves", table["tokens"][0], json=move,
                             headers={"Idempotency-Key": str(uuid.uuid4())})
                assert r.status_code == 201, r.text
            r = api.post(f"/sessions/{sid}/undo", table["host"], json={})
            assert r.status_code == 201, r.text
            raw = json.dumps(MOVES[0])  # a replay must send the very same bytes
            r = api.post(f"/sessions/{sid}/moves", table["tokens"][0], data=raw,
                         headers={"Idempotency-Key": "kept-key-of-the-last-move",
                                  "Content-Type": "application/json"})
            assert r.status_code == 201, r.text
            return {"version": version(), "table": table,
                    "last_move": {"key": "kept-key-of-the-last-move", "raw": raw,
                                  "answer": r.json()},
                    "state": api.get(f"/sessions/{sid}").json(),
                    "keys": dump(redis.Redis.from_url(server.url))}
        finally:
            live.stop()
            server.stop()


if __name__ == "__main__":
    made = make()
    path = HERE / f"sessions-{made['version']}.json"
    path.write_text(json.dumps(made, indent=1, sort_keys=True) + "\n")
    print(f"wrote {path.relative_to(Path.cwd()) if path.is_relative_to(Path.cwd()) else path}",
          file=sys.stderr)

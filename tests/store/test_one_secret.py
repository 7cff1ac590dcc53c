"""The secret behind idempotent replays and re-derived tokens is the same in every
worker, whatever Redis lost: kept in the instance folder (0600), not in Redis, where
a worker that started after Redis came back empty made a new one of its own."""

from __future__ import annotations

import stat
import uuid

import redis

from tests.api.client import Api
from tests.conftest import LiveServer, make_app


def test_two_workers_after_redis_came_back_empty_replay_alike(clean_redis, tmp_path):
    first = LiveServer(make_app(clean_redis, tmp_path))
    try:
        assert Api(first.url).get("/sessions/none").status_code == 404  # secret read
        redis.Redis.from_url(clean_redis).flushall()  # Redis is back, empty
        second = LiveServer(make_app(clean_redis, tmp_path))  # a worker restarted
        try:
            workers = [Api(first.url), Api(second.url)]
            created = workers[0].create("scorepad", scoring="per_round", categories=["A"])
            # a join retried on the other worker is answered like the first
            key = str(uuid.uuid4())
            joins = [w.post(f"/join/{created['code']}", json={"name": "Ada"},
                            headers={"Idempotency-Key": key}) for w in workers]
            assert [r.status_code for r in joins] == [201, 201], joins[1].text
            assert joins[0].json() == joins[1].json()
            token = joins[0].json()["player_token"]
            workers[1].join(created["code"], "Bo")
            sid = created["id"]
            assert workers[0].post(f"/sessions/{sid}/start", created["host_token"],
                                   json={}).status_code == 201
            # one move sent 12 times with one key, to both workers in turn
            move, key = {"type": "score", "seat": 1, "round": 1, "points": {"A": 3}}, "m-1"
            answers = [workers[i % 2].post(f"/sessions/{sid}/moves", token, json=move,
                                           headers={"Idempotency-Key": key})
                       for i in range(12)]
            assert {r.status_code for r in answers} == {201}
            assert len({r.json()["version"] for r in answers}) == 1
            assert sum(r.headers.get("Idempotent-Replayed") == "true" for r in answers) == 11
            log = workers[1].get(f"/sessions/{sid}/moves").json()["entries"]
            assert [e["kind"] for e in log].count("move") == 1
        finally:
            second.stop()
    finally:
        first.stop()
    secret = tmp_path / "secret"
    assert stat.S_IMODE(secret.stat().st_mode) == 0o600
    assert stat.S_IMODE(tmp_path.stat().st_mode) == 0o700
    assert len(secret.read_bytes()) == 64

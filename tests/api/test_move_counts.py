"""``companion_moves_total`` counts answers, not attempts: moves racing on one table are
retried on a write conflict (``companion_commit_retries_total``), yet each accepted move
counts once; an idempotent replay counts nothing. The store's gauges are there too."""

from __future__ import annotations

import threading
import uuid

import requests

from .client import Api
from .test_observability import metric

SCORE = {"type": "score", "seat": 0, "round": 1, "points": {"total": 3}}


def _pad(api: Api) -> tuple[str, str]:
    created = api.create("scorepad", scoring="per_round")
    for name in ("Ada", "Bo"):
        api.join(created["code"], name)
    r = api.post(f"/sessions/{created['id']}/start", created["host_token"], json={})
    assert r.status_code == 201, r.text
    return created["id"], created["host_token"]


def test_racing_moves_count_once_each_and_retries_apart(live):
    api = Api(live.url)
    before = requests.get(f"{live.url}/metrics", timeout=10).text
    accepted_201 = 0
    lock = threading.Lock()

    def race(sid: str, host: str) -> None:
        nonlocal accepted_201
        client = Api(live.url)
        for _ in range(6):
            r = client.post(f"/sessions/{sid}/moves", host, json=SCORE,
                            headers={"Idempotency-Key": str(uuid.uuid4())})
            if r.status_code == 201:
                with lock:
                    accepted_201 += 1

    retries = 0.0
    for _ in range(10):  # bounded: until the races made the commits retry at least once
        sid, host = _pad(api)
        threads = [threading.Thread(target=race, args=(sid, host)) for _ in range(6)]
        for th in threads:
            th.start()
        for th in threads:
            th.join(60)
        now = requests.get(f"{live.url}/metrics", timeout=10).text
        retries = (metric(now, "companion_commit_retries_total")
                   - metric(before, "companion_commit_retries_total"))
        if retries:
            break
    assert retries > 0, "no write conflict was ever retried: the test proved nothing"
    # a replay of an accepted move is answered again, and not counted again
    key = str(uuid.uuid4())
    for _ in range(2):
        r = api.post(f"/sessions/{sid}/moves", host, json=SCORE,
                     headers={"Idempotency-Key": key})
        assert r.status_code == 201
    accepted_201 += 1
    after = requests.get(f"{live.url}/metrics", timeout=10).text
    counted = (metric(after, "companion_moves_total", outcome="accepted", game="scorepad")
               - metric(before, "companion_moves_total", outcome="accepted", game="scorepad"))
    assert counted == accepted_201
    assert metric(after, "companion_store_up") == 1
    assert 0 <= metric(after, "companion_store_memory_headroom_ratio") <= 1
    assert metric(after, "companion_instance_disk_free_bytes") > 0

"""Budgets a stranger cannot get around: one create budget for every way of making a
session, and client addresses taken from X-Forwarded-For only behind trusted proxies."""

from __future__ import annotations

import time

from tests.conftest import LiveServer, make_app

from .client import Api


def _record(api: Api) -> dict:
    t = api.table(2)
    api.post(f"/sessions/{t['sid']}/moves", t["tokens"][0],
             json={"type": "play_nature", "terrain": "forest", "at": [0, 0]})
    return {"table": t, "record": api.get(f"/sessions/{t['sid']}/export").json()}


def test_import_and_rematch_share_the_create_budget(clean_redis, tmp_path):
    live = LiveServer(make_app(clean_redis, tmp_path, RATE_LIMIT_CREATE="4 per minute"))
    try:
        api = Api(live.url)
        made = _record(api)  # one create
        record, table = made["record"], made["table"]
        assert api.post("/sessions/import", json=record).status_code == 201  # two
        assert api.post(f"/sessions/{table['sid']}/rematch", table["host"]).status_code == 201
        assert api.post("/sessions", json={"game": "gaia"}).status_code == 201  # four
        # the budget is spent: every way of making a session is refused, fast
        started = time.monotonic()
        refused = [api.post("/sessions/import", json=record) for _ in range(50)]
        refused += [api.post(f"/sessions/{table['sid']}/rematch", table["host"])
                    for _ in range(50)]
        refused.append(api.post("/sessions", json={"game": "gaia"}))
        elapsed = time.monotonic() - started
        assert {r.status_code for r in refused} == {429}
        assert all(int(r.headers["Retry-After"]) >= 1 for r in refused)
        assert elapsed < 10
        # nothing was made by the refused requests: the old session's rematch is the first
        assert api.get(f"/sessions/{table['sid']}").json()["rematch"]["session_id"]
    finally:
        live.stop()


def test_forwarded_for_is_ignored_without_trusted_proxies(clean_redis, tmp_path):
    live = LiveServer(make_app(clean_redis, tmp_path, RATE_LIMIT_CREATE="3 per minute"))
    try:
        api = Api(live.url)
        codes = [api.post("/sessions", json={"game": "gaia"},
                          headers={"X-Forwarded-For": f"10.0.0.{i}"}).status_code
                 for i in range(1, 30)]
        # a client naming a new address every time still has one budget
        assert codes[:3] == [201] * 3 and set(codes[3:]) == {429}
    finally:
        live.stop()


def test_trusted_proxy_gives_each_client_its_own_budget(clean_redis, tmp_path):
    live = LiveServer(make_app(clean_redis, tmp_path, RATE_LIMIT_CREATE="2 per minute",
                               TRUSTED_PROXIES=1))
    try:
        api = Api(live.url)

        def create(client: str, spoofed: str | None = None) -> int:
            # the proxy appends the address it saw; a client may prepend anything
            chain = f"{spoofed}, {client}" if spoofed else client
            return api.post("/sessions", json={"game": "gaia"},
                            headers={"X-Forwarded-For": chain}).status_code

        assert [create("198.51.100.7") for _ in range(3)] == [201, 201, 429]
        assert [create("198.51.100.8") for _ in range(3)] == [201, 201, 429]
        # only the hop the proxy added counts: a forged first hop changes nothing
        assert [create("198.51.100.7", spoofed=f"10.1.1.{i}") for i in range(5)] == [429] * 5
    finally:
        live.stop()

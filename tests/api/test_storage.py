"""Unbounded storage: fields a game does not use are refused before anything is
stored, a session holds a bounded log, and a full Redis refuses writes (503 with
Retry-After) rather than evicting a game."""

from __future__ import annotations

import time

import pytest
import redis

from companion.games.kazaam.components import TYPES
from companion.store import keys
from companion.store.embedded import EmbeddedRedis
from tests.conftest import LiveServer, make_app

from .client import Api


def _kazaam(api: Api) -> dict:
    created = api.create("kazaam")
    tokens = [api.join(created["code"], n, prototype=p, ingredient="mercury")["player_token"]
              for n, p in (("Ada", TYPES[0]), ("Bo", TYPES[1]))]
    r = api.post(f"/sessions/{created['id']}/start", created["host_token"], json={})
    assert r.status_code == 201, r.text
    return {"sid": created["id"], "host": created["host_token"], "tokens": tokens}


def _refused(r, field: str) -> None:
    assert r.status_code == 422, r.text
    assert field in r.json()["errors"], r.json()


def test_fields_a_game_does_not_use_are_refused_and_never_stored(clean_redis, live):
    api = Api(live.url)
    client = redis.Redis.from_url(clean_redis)
    k, g = _kazaam(api), api.table(2)
    seat = api.get(f"/sessions/{k['sid']}").json()["turn"]["seat"]
    for extra in ("with", "to", "card", "needs"):
        _refused(api.post(f"/sessions/{k['sid']}/moves", k["tokens"][seat],
                          json={"type": "end_turn", extra: "x"}), extra)
    _refused(api.post(f"/sessions/{k['sid']}/moves", k["tokens"][seat],
                      json={"type": "draw", "tile": {"homunculus": TYPES[0], "part": "head",
                                                     "ingredients": ["mercury", "salt"],
                                                     "x": 1}}),
             "tile.x")
    # the attack: 200 moves each carrying a 250 KB field the game does not read
    before = client.info("memory")["used_memory"]
    big = "x" * 250_000
    started = time.monotonic()
    codes = {api.post(f"/sessions/{g['sid']}/moves", g["tokens"][0],
                      json={"type": "play_nature", "terrain": "forest", "at": [0, 0],
                            "with": big}).status_code for _ in range(200)}
    elapsed = time.monotonic() - started
    grown = client.info("memory")["used_memory"] - before
    print(f"200 moves with a 250 KB unused field: {codes} in {elapsed:.1f} s, "
          f"Redis grew {grown / 1024:.0f} KB")
    assert codes == {422} and grown < 1_000_000
    for sid in (k["sid"], g["sid"]):
        assert client.llen(keys.log(sid)) == api.get(f"/sessions/{sid}").json()["version"]
        assert all(e["kind"] != "move"
                   for e in api.get(f"/sessions/{sid}/moves").json()["entries"])
    # a move with only its own fields still goes through
    r = api.post(f"/sessions/{g['sid']}/moves", g["tokens"][0],
                 json={"type": "play_nature", "terrain": "forest", "at": [0, 0]})
    assert r.status_code == 201, r.text


def test_hands_setups_and_imports_follow_the_games_shapes(clean_redis, live):
    api = Api(live.url)
    g = api.table(2)
    padded = {"kind": "animals", "symbol": "desert", "note": "x" * 200_000}
    _refused(api.call("PUT", f"/sessions/{g['sid']}/me/hand", g["tokens"][0],
                      json={"life": [padded]}), "hand.life.0.note")
    r = api.call("PUT", f"/sessions/{g['sid']}/me/hand", g["tokens"][0],
                 json={"nature": ["forest"]})
    assert r.status_code == 200, r.text
    doc = redis.Redis.from_url(clean_redis).hget(keys.session(g["sid"]), "doc")
    assert len(doc) < 20_000
    created = api.create("gaia")
    for name in ("Ada", "Bo"):
        api.join(created["code"], name)
    setup = {"objectives": [["forest", "forest", "sea", "sea"]] * 4,
             "display": {"nature": ["plains", "desert", "mountain"],
                         "life": [{"kind": "animals", "symbol": "desert", "x": 1},
                                  {"kind": "animals", "symbol": "sea"}]}}
    _refused(api.post(f"/sessions/{created['id']}/start", created["host_token"],
                      json={"setup": setup}), "setup.display.life.0.x")
    setup["display"]["life"][0].pop("x")
    _refused(api.post(f"/sessions/{created['id']}/start", created["host_token"],
                      json={"setup": {**setup, "extra": []}}), "setup.extra")
    assert api.post(f"/sessions/{created['id']}/start", created["host_token"],
                    json={"setup": setup}).status_code == 201
    record = api.get(f"/sessions/{g['sid']}/export").json()
    record["moves"] = [{"seat": 0, "move": {"type": "end_turn", "to": [1, 1]}}]
    _refused(api.post("/sessions/import", json=record), "moves.0.to")


def test_a_session_holds_a_bounded_log(clean_redis, tmp_path):
    live = LiveServer(make_app(clean_redis, tmp_path, MAX_SESSION_ENTRIES=8))
    try:
        api = Api(live.url)
        g = api.table(2)  # two joins and the start: version 3
        statuses = [api.post(f"/sessions/{g['sid']}/moves", g["tokens"][seat],
                             json={"type": "end_turn"}).status_code
                    for seat in (0, 1) * 4]
        assert statuses == [201] * 5 + [409] * 3
        full = api.post(f"/sessions/{g['sid']}/moves", g["tokens"][1], json={"type": "end_turn"})
        assert full.json()["code"] == "session_full" and full.json()["max_entries"] == 8
        assert api.get(f"/sessions/{g['sid']}").json()["version"] == 8
        # the host can still end the game
        assert api.post(f"/sessions/{g['sid']}/finish", g["host"]).status_code == 201
        record = api.get(f"/sessions/{g['sid']}/export").json()
        record["moves"] *= 2
        r = api.post("/sessions/import", json=record)
        assert r.status_code == 422 and "at most 8" in r.json()["detail"]
    finally:
        live.stop()


def test_a_full_store_refuses_writes_and_keeps_every_game(tmp_path):
    server = EmbeddedRedis(tmp_path / "redis").start()
    live = LiveServer(make_app(server.url, tmp_path / "app"))
    client = redis.Redis.from_url(server.url)
    try:
        api = Api(live.url)
        g = api.table(2)
        state = api.get(f"/sessions/{g['sid']}").json()
        # the store is full: its memory is over the ceiling
        client.config_set("maxmemory", client.info("memory")["used_memory"] - 64 * 1024)
        with pytest.raises(redis.exceptions.OutOfMemoryError):
            client.set("one-more", b"x")
        move = {"type": "play_nature", "terrain": "forest", "at": [0, 0]}
        # a move is refused by Redis itself; a new session is stopped before it writes,
        # the store being past its high-water mark too
        for r, code in ((api.post(f"/sessions/{g['sid']}/moves", g["tokens"][0], json=move),
                         "store_full"),
                        (api.post("/sessions", json={"game": "gaia"}), "creation_paused")):
            assert r.status_code == 503, r.text
            assert r.json()["code"] == code and int(r.headers["Retry-After"]) > 0
        # nothing was evicted and nothing half-written: the game reads as before
        assert api.get(f"/sessions/{g['sid']}").json() == state
        assert api.get("/readyz").status_code == 503  # writes would fail
        client.config_set("maxmemory", 64 * 1024 * 1024)  # room again
        assert api.post(f"/sessions/{g['sid']}/moves", g["tokens"][0],
                        json=move).status_code == 201
    finally:
        live.stop()
        server.stop()


def test_the_embedded_redis_has_a_memory_ceiling_and_never_evicts(tmp_path):
    from companion.store import embedded

    url, server = embedded.ensure_running(tmp_path, "48mb")
    assert server is not None
    try:
        config = redis.Redis.from_url(url).config_get("maxmemory*")
        assert config["maxmemory"] == str(48 * 1024 * 1024)
        assert config["maxmemory-policy"] == "noeviction"
        assert redis.Redis.from_url(url).config_get("list-compress-depth") == {
            "list-compress-depth": "1"}
    finally:
        server.stop()


def test_a_finished_games_log_with_its_events_stays_small(clean_redis, live):
    from companion.games.gaia.playout import Table

    table = Table.deal(7, 2)
    first = table.state
    setup = {"objectives": [[t for t, n in o["requires"].items() for _ in range(n)]
                            for o in first["objectives"]],
             "display": {p: first["piles"][p]["display"] for p in ("nature", "life")}}
    for _ in table.play():
        pass
    record = {"format": "tabletop-companion/1", "game": "gaia",
              "players": [{"name": p["name"]} for p in first["players"]], "setup": setup,
              "moves": [{"seat": seat, "move": move} for seat, move in table.log]}
    api = Api(live.url)
    r = api.post("/sessions/import", json=record,
                 headers={"Idempotency-Key": "a-finished-game-of-gaia-7"})
    assert r.status_code == 201, r.text
    sid = r.json()["id"]
    client = redis.Redis.from_url(clean_redis)
    log = client.memory_usage(keys.log(sid), samples=0)
    raw = sum(len(e) for e in client.lrange(keys.log(sid), 0, -1))
    print(f"{len(table.log)} moves: log entries {raw / 1024:.1f} KB, in Redis {log / 1024:.1f} KB")
    assert all(b'"e":' in e for e in client.lrange(keys.log(sid), 0, -1))
    assert log < 0.7 * raw  # the inner nodes of the list are compressed

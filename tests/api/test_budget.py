"""Strangers without a token cannot fill the store or the
worker's CPU. Sessions are bounded in bytes, creation is budgeted per address and in
all, new sessions stop at a high-water mark while tables in play keep writing, and a
record's replay runs one at a time per worker."""

from __future__ import annotations

import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor

import redis

from companion.store import keys
from companion.store.embedded import EmbeddedRedis
from tests.conftest import LiveServer, make_app

from .addresses import Timed, addresses, session_from
from .client import Api
from .serving import Served

PLAY = {"type": "play_nature", "terrain": "forest", "at": [0, 0]}


def _pad_record(moves: int) -> dict:
    """A score-pad record of three players and ``moves`` scores (the attack's payload)."""
    return {"format": "tabletop-companion/1", "game": "scorepad", "options": {},
            "players": [{"name": n} for n in ("Ada", "Bo", "Cy")], "setup": {},
            "moves": [{"seat": i % 3, "move": {"type": "score", "points": {"total": i}}}
                      for i in range(moves)]}


def _keep_playing(api: Api, table: dict, stop: threading.Event, timed: Timed) -> None:
    """The legitimate table: a move and its undo, over and over, until ``stop``."""
    while not stop.is_set():
        timed.call(api.post, f"/sessions/{table['sid']}/moves", table["tokens"][0], json=PLAY)
        timed.call(api.post, f"/sessions/{table['sid']}/undo", table["host"], json={})


def test_a_session_is_bounded_in_bytes_and_an_import_in_size(clean_redis, tmp_path):
    live = LiveServer(make_app(clean_redis, tmp_path, MAX_SESSION_BYTES=24 * 1024,
                               MAX_IMPORT_BYTES=8 * 1024))
    try:
        api = Api(live.url)
        pad = api.post("/sessions/import", json=_pad_record(30)).json()
        host, sid = pad["host_token"], pad["id"]
        statuses = [api.post(f"/sessions/{sid}/moves", host,
                             json={"type": "score", "seat": i % 3,
                                   "points": {"total": i}}).status_code
                    for i in range(30, 400)]
        assert 201 in statuses and statuses[-1] == 409
        # the seat on turn: which move filled the session depends on the bytes of its
        # entries' times, so any fixed seat may be refused for its turn instead
        on_turn = api.get(f"/sessions/{sid}").json()["turn"]["seat"]
        full = api.post(f"/sessions/{sid}/moves", host,
                        json={"type": "score", "seat": on_turn, "points": {"total": 1}},
                        headers={"Accept-Language": "de"})
        assert full.json()["code"] == "session_full" and full.json()["max_bytes"] == 24 * 1024
        assert "Speichergrenze von 24 KB" in full.json()["detail"]
        client = redis.Redis.from_url(clean_redis)
        stored = int(client.hget(keys.session(sid), "b")) + len(
            client.hget(keys.session(sid), "doc"))
        assert stored <= 24 * 1024
        assert stored == sum(len(e) for e in client.lrange(keys.log(sid), 0, -1)) + len(
            client.hget(keys.session(sid), "doc"))
        state = api.get(f"/sessions/{sid}").json()
        assert state["version"] == client.llen(keys.log(sid))
        assert api.post(f"/sessions/{sid}/finish", host).status_code == 201  # always
        # a record whose replay would not fit is refused before a session is made
        before = client.dbsize()
        big = api.post("/sessions/import", json=_pad_record(200))
        assert big.status_code == 413 and big.json()["code"] == "body_too_large"
        live.app.config["MAX_IMPORT_BYTES"] = 64 * 1024
        big = api.post("/sessions/import", json=_pad_record(400),
                       headers={"Accept-Language": "it"})
        assert big.status_code == 422 and "al massimo 24" in big.json()["detail"]
        assert client.dbsize() == before
    finally:
        live.stop()


def test_creation_is_budgeted_per_address_and_in_all(clean_redis, tmp_path):
    live = LiveServer(make_app(clean_redis, tmp_path, RATE_LIMIT_CREATE="4 per minute",
                               RATE_LIMIT_CREATE_ALL="10 per minute"))
    try:
        def creates(source: str) -> list[int]:
            s = session_from(source)
            return [s.post(f"{live.url}/api/v1/sessions", json={"game": "gaia"},
                           timeout=10).status_code for _ in range(4)]

        first = creates("127.0.0.2")
        assert first == [201] * 4
        assert creates("127.0.0.2")[0] == 429  # this address's budget
        rest = [creates(a) for a in addresses(4, first=3)]
        made = sum(s == 201 for row in [first, *rest] for s in row)
        assert made == 10  # the budget of all addresses together
        r = session_from("127.0.0.9").post(f"{live.url}/api/v1/sessions",
                                          json={"game": "gaia"}, timeout=10)
        assert r.status_code == 429 and int(r.headers["Retry-After"]) > 0
    finally:
        live.stop()


def _budgeted_store(tmp_path) -> tuple[EmbeddedRedis, redis.Redis, LiveServer]:
    """A Redis of the test's own (its ``maxmemory`` is the test's to set), a client of it,
    and the app on it, with room for long imports and their creation budget lifted."""
    server = EmbeddedRedis(tmp_path / "redis").start()
    live = LiveServer(make_app(server.url, tmp_path / "app", MAX_SESSION_BYTES=512 * 1024,
                               RATE_LIMIT_CREATE="1000 per minute",
                               RATE_LIMIT_CREATE_ALL="100000 per minute"))
    return server, redis.Redis.from_url(server.url), live


def test_new_sessions_stop_at_the_high_water_mark_while_tables_play(tmp_path):
    """The slow attack: anonymous imports of long records from 24 addresses."""
    server, client, live = _budgeted_store(tmp_path)
    stop, timed = threading.Event(), Timed()
    try:
        api = Api(live.url)
        table = api.table(2)
        # the ceiling: 2.5 MB above what is in use now, the mark at 80 % of it
        ceiling = client.info("memory")["used_memory"] + 5 * 512 * 1024
        client.config_set("maxmemory", ceiling)
        player = threading.Thread(target=_keep_playing, args=(Api(live.url), table, stop,
                                                              timed))
        player.start()
        record = _pad_record(1000)
        sources = [session_from(a) for a in addresses(24)]

        def attack(i: int) -> list[tuple[int, str, str]]:
            """Imports until the service has said "paused" 10 times (at most 100 tries)."""
            answers: list[tuple[int, str, str]] = []
            while len(answers) < 100 and sum('"creation_paused"' in a[2]
                                             for a in answers) < 10:
                r = sources[(i * 100 + len(answers)) % 24].post(
                    f"{live.url}/api/v1/sessions/import", json=record,
                    headers={"Accept-Language": "de"}, timeout=30)
                answers.append((r.status_code, r.headers.get("Retry-After", ""), r.text))
            return answers

        answers = attack(0)  # one import after another (the next test sends them at once)
        stop.set()
        player.join(30)
        codes = [a[0] for a in answers]
        paused = [a for a in answers if '"creation_paused"' in a[2]]
        print(f"imports: {codes.count(201)} made, {len(paused)} paused, "
              f"{codes.count(503) - len(paused)} busy; table: "
              f"{timed.ok():.0%} of {len(timed.statuses)} writes, "
              f"median {timed.median_ms:.0f} ms; used {client.info('memory')['used_memory']}")
        assert codes.count(201) > 5 and len(paused) == 10
        assert set(codes) <= {201, 503}
        assert all(int(a[1]) > 0 for a in answers if a[0] == 503)
        assert "laufende Spiele gehen weiter" in paused[0][2]
        assert client.info("memory")["used_memory"] < ceiling
        assert timed.ok() == 1.0 and len(timed.statuses) >= 20, timed.refusals
        assert timed.median_ms < 250
        # the table in play writes on, and new sessions wait, after the attack too
        assert api.post(f"/sessions/{table['sid']}/moves", table["tokens"][0],
                        json=PLAY).status_code == 201
        assert api.post("/sessions", json={"game": "gaia"}).status_code == 503
    finally:
        stop.set()
        live.stop()
        server.stop()


def test_the_mark_is_judged_on_the_store_as_it_is_now(tmp_path):
    """Two imports a moment apart: the first passes the mark, so the second waits. (The
    store's memory was once read at most once a second: a burst of imports passed the
    mark on a stale figure, filled the room kept for the tables in play, and Redis then
    refused their moves as full; CI caught two of 454 refused.)"""
    server, client, live = _budgeted_store(tmp_path)
    try:
        api = Api(live.url)
        table = api.table(2)
        record = _pad_record(1000)
        assert api.post("/sessions/import", json=record).status_code == 201  # a reading taken
        used = client.info("memory")["used_memory"]
        # the mark just above what is in use now: one import passes it
        client.config_set("maxmemory", int((used + 64 * 1024) / 0.8))
        first = api.post("/sessions/import", json=record)
        assert first.status_code == 201, first.text
        assert client.info("memory")["used_memory"] >= 0.8 * int(
            client.config_get("maxmemory")["maxmemory"])  # the situation: past the mark
        second = api.post("/sessions/import", json=record)
        assert second.status_code == 503 and second.json()["code"] == "creation_paused"
        assert api.post("/sessions", json={"game": "gaia"}).json()["code"] == "creation_paused"
        # the room above the mark is the table's
        assert api.post(f"/sessions/{table['sid']}/moves", table["tokens"][0],
                        json=PLAY).status_code == 201
    finally:
        live.stop()
        server.stop()


def test_imports_run_one_at_a_time_per_worker_and_moves_go_through(tmp_path):
    """The burst: imports of long records from 13 addresses at once, against
    ``companion serve`` (one gevent worker), while a table plays."""
    served = Served(tmp_path, RATE_LIMIT_CREATE="1000 per minute",
                    RATE_LIMIT_CREATE_ALL="100000 per minute",
                    RATE_LIMIT_JOIN="1000 per minute")
    stop, timed = threading.Event(), Timed()
    try:
        api = Api(served.url)
        table = api.table(2)
        player = threading.Thread(target=_keep_playing, args=(Api(served.url), table, stop,
                                                              timed))
        record = _pad_record(1800)
        sources = [session_from(a) for a in addresses(13)]

        deadline = time.monotonic() + 8

        def attack(i: int) -> list[tuple[int, str]]:
            answers = []
            while time.monotonic() < deadline and len(answers) < 40:  # bounded both ways
                r = sources[i].post(f"{served.url}/api/v1/sessions/import", json=record,
                                    headers={"Idempotency-Key": str(uuid.uuid4())},
                                    timeout=60)
                answers.append((r.status_code, r.headers.get("Retry-After", "")))
            return answers

        calm = Timed()  # the same table before the attack, on this (shared) machine
        for _ in range(10):
            calm.call(api.post, f"/sessions/{table['sid']}/moves", table["tokens"][0],
                      json=PLAY)
            calm.call(api.post, f"/sessions/{table['sid']}/undo", table["host"], json={})
        player.start()
        with ThreadPoolExecutor(13) as pool:
            answers = [a for row in pool.map(attack, range(13)) for a in row]
        stop.set()
        player.join(30)
        codes = [c for c, _ in answers]
        print(f"imports: {codes.count(201)} made, {codes.count(503)} busy; table: "
              f"{timed.ok():.0%} of {len(timed.statuses)} writes, "
              f"median {timed.median_ms:.0f} ms (before the attack {calm.median_ms:.0f} ms)")
        assert set(codes) <= {201, 503} and codes.count(201) >= 1 and codes.count(503) >= 1
        assert all(int(after) > 0 for c, after in answers if c == 503)
        assert timed.ok() == 1.0 and len(timed.statuses) >= 10
        # on main (every import replayed at once, none yielding): 5.3 s against 33 ms calm
        assert timed.median_ms < 1500  # a machine shared with seven other engineers
    finally:
        stop.set()
        served.stop()

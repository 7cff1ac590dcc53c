"""Idempotency, concurrency, round trips, undo, expiry and the BOLA matrix."""

from __future__ import annotations

import json
import threading
import uuid

import redis

from companion.store import keys

from .client import Api


def test_idempotent_replay_returns_the_first_response(live):
    api = Api(live.url)
    t = api.table(2)
    url, ada = f"/sessions/{t['sid']}/moves", t["tokens"][0]
    key = {"Idempotency-Key": "k-1"}
    move = {"type": "play_nature", "terrain": "forest", "at": [0, 0]}
    first = api.post(url, ada, json=move, headers=key)
    again = api.post(url, ada, json=move, headers=key)
    assert first.status_code == again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    assert "Idempotent-Replayed" not in first.headers
    for field in ("seq", "version", "events"):
        assert again.json()[field] == first.json()[field]
    assert api.get(f"/sessions/{t['sid']}").json()["version"] == first.json()["version"]
    other = api.post(url, ada, json={**move, "at": [1, 0]}, headers=key)
    assert other.status_code == 422 and other.json()["code"] == "idempotency_key_reused"
    # keys are scoped to the token: Bo's same key is his own
    r = api.post(url, t["tokens"][1], json={"type": "end_turn"}, headers=key)
    assert r.status_code == 409 and r.json()["code"] == "not_your_turn"


def test_idempotent_create_and_join_give_the_same_tokens_back(live):
    api = Api(live.url)
    key = {"Idempotency-Key": str(uuid.uuid4())}
    a = api.post("/sessions", json={"game": "gaia"}, headers=key)
    b = api.post("/sessions", json={"game": "gaia"}, headers=key)
    assert a.json()["id"] == b.json()["id"]
    assert a.json()["host_token"] == b.json()["host_token"]
    assert b.headers["Idempotent-Replayed"] == "true"
    assert api.post("/sessions", json={"game": "gaia", "options": {"feeding": "all"}},
                    headers=key).status_code == 422
    code = a.json()["code"]
    j1 = api.post(f"/join/{code}", json={"name": "Ada"}, headers=key)
    j2 = api.post(f"/join/{code}", json={"name": "Ada"}, headers=key)
    assert j1.json() == j2.json() and j2.headers["Idempotent-Replayed"] == "true"
    assert len(api.get(f"/join/{code}").json()["players"]) == 1
    assert api.get(f"/sessions/{j1.json()['session_id']}/me",
                   j2.json()["player_token"]).json()["seat"] == 0


def test_concurrent_posts_with_retries_apply_each_move_once(live):
    """Many threads hammer one session; each retries its own key until it gets an answer."""
    api = Api(live.url)
    t = api.table(2, auto_end_turn=False)
    sid, host = t["sid"], t["host"]
    start_version = api.get(f"/sessions/{sid}").json()["version"]
    moves = [{"type": "draw", "pile": p, "from": "deck", "seat": 0}
             for p in ("nature", "life")] * 2 + [{"type": "end_turn", "seat": 0}]
    # Many copies of the same logical posts, racing: only the first of each key applies.
    results: list[tuple[str, int, dict]] = []
    lock = threading.Lock()

    def worker(key: str, move: dict) -> None:
        client = Api(live.url)
        for _ in range(20):
            r = client.post(f"/sessions/{sid}/moves", host, json=move,
                            headers={"Idempotency-Key": key})
            if r.status_code in (201, 409, 422):
                with lock:
                    results.append((key, r.status_code, r.json()))
                return

    threads = []
    keys_ = [str(uuid.uuid4()) for _ in moves[:2]]
    for key, move in zip(keys_, moves[:2], strict=True):
        for _ in range(6):
            threads.append(threading.Thread(target=worker, args=(key, move)))
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    accepted = [r for r in results if r[1] == 201]
    assert len(accepted) == 12  # every duplicate got the first response back
    by_key: dict[str, set[int]] = {}
    for key, _, body in accepted:
        by_key.setdefault(key, set()).add(body["version"])
    assert all(len(v) == 1 for v in by_key.values())
    log = api.get(f"/sessions/{sid}/moves").json()["entries"]
    versions = [e["version"] for e in log]
    assert versions == list(range(1, len(versions) + 1))  # contiguous
    assert log[-1]["version"] == start_version + 2
    assert sum(1 for e in log if e["kind"] == "move") == 2


def test_many_players_at_once_no_lost_or_doubled_moves(live):
    """Different moves from different threads: the log has each accepted one once."""
    api = Api(live.url)
    t = api.table(2, auto_end_turn=False)
    sid, host = t["sid"], t["host"]
    accepted: list[int] = []
    lock = threading.Lock()

    def draw(i: int) -> None:
        client = Api(live.url)
        key = f"draw-{i}"
        for _ in range(30):
            r = client.post(f"/sessions/{sid}/moves", host,
                            json={"type": "draw", "pile": "nature", "from": "deck", "seat": 0},
                            headers={"Idempotency-Key": key})
            if r.status_code != 503 and not (r.status_code == 409 and
                                              r.json()["code"] == "conflict"):
                if r.status_code == 201:
                    with lock:
                        accepted.append(r.json()["version"])
                return

    threads = [threading.Thread(target=draw, args=(i,)) for i in range(8)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert len(accepted) == 2  # two actions in the turn; later draws are refused (409)
    log = api.get(f"/sessions/{sid}/moves").json()["entries"]
    assert sorted(accepted) == [e["version"] for e in log if e["kind"] == "move"]


class Counting:
    """Counts what the client sends: one packed send is one round trip (a pipeline or
    a script is one)."""

    trips = 0

    def send_packed_command(self, command, check_health=True):
        Counting.trips += 1
        return super().send_packed_command(command, check_health)


def counting_pool(pool: redis.ConnectionPool) -> redis.ConnectionPool:
    base = pool.connection_class
    cls = type(f"Counting{base.__name__}", (Counting, base), {})
    return type(pool)(connection_class=cls, **pool.connection_kwargs)


def test_an_accepted_move_costs_one_round_trip_two_on_a_session_the_worker_lost(app, live):
    api = Api(live.url)
    t = api.table(2)
    store = app.extensions["companion"].store
    store.redis.connection_pool = counting_pool(store.redis.connection_pool)
    api.post(f"/sessions/{t['sid']}/moves", t["tokens"][0],  # warm: loads the script
             json={"type": "draw", "pile": "nature", "from": "deck"})
    Counting.trips = 0
    r = api.post(f"/sessions/{t['sid']}/moves", t["tokens"][0],
                 json={"type": "draw", "pile": "life", "from": "deck"},
                 headers={"Idempotency-Key": "rt"})
    assert r.status_code == 201
    assert Counting.trips == 1  # the commit script: this worker knew the document
    other = api.table(2)
    store.docs.drop(other["sid"])  # as if another worker had played it, or it was evicted
    Counting.trips = 0
    r = api.post(f"/sessions/{other['sid']}/moves", other["tokens"][0],
                 json={"type": "draw", "pile": "life", "from": "deck"},
                 headers={"Idempotency-Key": "rt"})
    assert r.status_code == 201
    assert Counting.trips == 2  # the read (document + idempotency record), the commit


FEEDING_STORY = [  # (seat, move): ends with Ada's city ready to eat
    (0, {"type": "play_nature", "terrain": "desert", "at": [0, 0]}),
    (0, {"type": "play_nature", "terrain": "plains", "at": [1, 0]}),
    (1, {"type": "draw", "pile": "life", "from": "display", "slot": 0,
         "refill": {"kind": "animals", "symbol": "plains"}}),
    (1, {"type": "play_animals", "symbol": "desert", "at": [0, 0]}),
    (0, {"type": "draw", "pile": "nature", "from": "display", "slot": 2, "refill": "forest"}),
    (0, {"type": "play_nature", "terrain": "mountain", "at": [1, 1]}),
    (1, {"type": "play_nature", "terrain": "desert", "at": [0, 1]}),
    (1, {"type": "play_nature", "terrain": "sea", "at": [-1, 0]}),
    (0, {"type": "play_city", "symbol": "plains", "at": [1, 0],
         "needs": ["desert", "animals", "mountain", "sea"]}),
    (0, {"type": "end_turn"}),
]


def test_undo_restores_the_exact_previous_state_including_feeding(app, live):
    api = Api(live.url)
    t = api.table(2)
    sid, tokens = t["sid"], t["tokens"]
    store = app.extensions["companion"].store
    for seat, move in FEEDING_STORY:
        r = api.post(f"/sessions/{sid}/moves", tokens[seat], json=move)
        assert r.status_code == 201, (move, r.text)
    before = store.load(sid).doc["state"]
    assert before["supply"]["animals"] == 16
    # Bo ends his turn: Ada's city eats automatically, inside Bo's move (G7.4)
    r = api.post(f"/sessions/{sid}/moves", tokens[1], json={"type": "end_turn"})
    assert [e["type"] for e in r.json()["events"]] == ["turn_passed", "fed"]
    fed = store.load(sid).doc["state"]
    assert fed["supply"]["animals"] == 17 and fed["tiles"]["0,0"]["animals"] == 3
    r = api.post(f"/sessions/{sid}/undo", tokens[1], json={})
    assert r.status_code == 201, r.text
    assert r.json()["events"] == [{"type": "undone", "to": r.json()["version"] - 2,
                                   "count": 1}]
    assert store.load(sid).doc["state"] == before
    assert r.json()["state"]["supply"]["animals"] == 16
    # the log keeps the undone move and the undo, and replays to the same place
    kinds = [e["kind"] for e in api.get(f"/sessions/{sid}/moves").json()["entries"]]
    assert kinds[-2:] == ["move", "undo"]


def test_who_may_undo(live):
    api = Api(live.url)
    t = api.table(2)
    sid, ada, bo, host = t["sid"], t["tokens"][0], t["tokens"][1], t["host"]
    assert api.post(f"/sessions/{sid}/undo", ada, json={}).status_code == 409  # nothing yet
    start_version = api.get(f"/sessions/{sid}").json()["version"]
    api.post(f"/sessions/{sid}/moves", ada, json={"type": "play_nature", "terrain": "forest",
                                                   "at": [0, 0]})
    assert api.post(f"/sessions/{sid}/undo", bo, json={}).status_code == 403  # not his
    assert api.post(f"/sessions/{sid}/undo", ada,
                    json={"to_version": start_version}).status_code == 403  # host only
    r = api.post(f"/sessions/{sid}/undo", ada, json={})
    assert r.status_code == 201 and r.json()["state"]["board"]["tiles"] == []
    for _ in range(2):
        api.post(f"/sessions/{sid}/moves", ada, json={"type": "draw", "pile": "nature",
                                                       "from": "deck"})
    r = api.post(f"/sessions/{sid}/undo", host, json={"to_version": start_version})
    assert r.status_code == 201 and r.json()["state"]["moves"] == 0
    assert r.json()["state"]["turn"]["seat"] == 0
    assert api.post(f"/sessions/{sid}/undo", host, json={}).status_code == 409  # none left
    api.post(f"/sessions/{sid}/moves", ada, json={"type": "end_turn"})
    r = api.post(f"/sessions/{sid}/undo", host, json={"to_version": 1})
    assert r.status_code == 422 and "to_version" in r.json()["errors"]  # before the start


def test_sessions_expire_when_idle(clean_redis, tmp_path):
    from tests.conftest import LiveServer, make_app

    server = LiveServer(make_app(clean_redis, tmp_path, SESSION_TTL=120))
    try:
        api = Api(server.url)
        t = api.table(2)
        client = redis.Redis.from_url(clean_redis)
        assert 100 < client.ttl(keys.session(t["sid"])) <= 120
        assert 100 < client.ttl(keys.log(t["sid"])) <= 120
        assert 100 < client.ttl(keys.join_code(t["code"])) <= 120
        for k in client.scan_iter(f"*{{{t['sid']}}}*"):
            assert client.ttl(k) > 0, k
    finally:
        server.stop()


def test_tokens_are_stored_hashed_and_never_shown(app, live):
    api = Api(live.url)
    t = api.table(2)
    client = redis.Redis.from_url(app.config["REDIS_URL"])
    dump = b"".join(client.dump(k) or b"" for k in client.scan_iter("*"))
    for token in (t["host"], *t["tokens"]):
        assert token.encode() not in dump
    everything = json.dumps([api.get(f"/sessions/{t['sid']}").json(),
                             api.get(f"/sessions/{t['sid']}/moves").json(),
                             api.get(f"/sessions/{t['sid']}/export").json()])
    for token in (t["host"], *t["tokens"]):
        assert token not in everything


def test_bola_matrix(live):
    """Every endpoint that needs a token, with a wrong token, another seat's, another
    session's: all refused, nothing changed."""
    api = Api(live.url)
    a, b = api.table(2), api.table(2)
    sid = a["sid"]
    version = api.get(f"/sessions/{sid}").json()["version"]
    calls = [("POST", f"/sessions/{sid}/moves", {"type": "end_turn"}),
             ("POST", f"/sessions/{sid}/start", {"setup": {}}),
             ("POST", f"/sessions/{sid}/undo", {}),
             ("POST", f"/sessions/{sid}/finish", None),
             ("POST", f"/sessions/{sid}/rematch", None),
             ("POST", f"/sessions/{sid}/seats/0/token", None),
             ("PUT", f"/sessions/{sid}/me/hand", {"nature": []}),
             ("GET", f"/sessions/{sid}/me", None),
             ("GET", f"/sessions/{sid}/legal-moves", None)]
    wrong = {"none": None, "garbage": "x" * 43, "other session's host": b["host"],
             "other session's player": b["tokens"][0]}
    for method, path, body in calls:
        for label, token in wrong.items():
            r = api.call(method, path, token, json=body)
            assert r.status_code == 401, (method, path, label, r.status_code)
    # another seat of the same session: refused where it is not theirs
    bo = a["tokens"][1]
    for method, path, body in [("POST", f"/sessions/{sid}/moves",
                                {"type": "end_turn", "seat": 0}),
                               ("POST", f"/sessions/{sid}/start", {"setup": {}}),
                               ("POST", f"/sessions/{sid}/undo", {"to_version": 3}),
                               ("POST", f"/sessions/{sid}/finish", None),
                               ("POST", f"/sessions/{sid}/rematch", None),
                               ("POST", f"/sessions/{sid}/seats/0/token", None),
                               ("GET", f"/sessions/{sid}/legal-moves?seat=0", None)]:
        r = api.call(method, path, bo, json=body)
        assert r.status_code == 403, (method, path, r.status_code, r.text)
    assert api.get(f"/sessions/{sid}").json()["version"] == version
    assert api.get(f"/sessions/{sid}/me", bo).json()["seat"] == 1


def test_write_conflicts_retry_then_answer_409(clean_redis, tmp_path):
    """With one try allowed, racing writers lose with 409 ``conflict``; nothing breaks."""
    from tests.conftest import LiveServer, make_app

    server = LiveServer(make_app(clean_redis, tmp_path, COMMIT_RETRIES=1))
    try:
        api = Api(server.url)
        t = api.table(2)
        sid, ada = t["sid"], t["tokens"][0]
        statuses: list[int] = []
        codes: list[str] = []
        lock = threading.Lock()

        def declare(cards: list[str]) -> None:
            r = Api(server.url).call("PUT", f"/sessions/{sid}/me/hand", ada,
                                     json={"nature": cards})
            with lock:
                statuses.append(r.status_code)
                codes.append(r.json().get("code", ""))

        for _ in range(30):  # race until the loser's answer has been seen
            threads = [threading.Thread(target=declare, args=([c],))
                       for c in ("forest", "sea", "plains", "desert") * 3]
            for th in threads:
                th.start()
            for th in threads:
                th.join()
            if 409 in statuses:
                break
        assert 409 in statuses and "conflict" in codes
        assert set(statuses) <= {200, 409}
        me = api.get(f"/sessions/{sid}/me", ada).json()
        assert len(me["hand"]["nature"]["known"]) == 1  # one declaration won, whole
    finally:
        server.stop()

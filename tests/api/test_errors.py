"""Every error status of the contract, as problem+json, with the state untouched."""

from __future__ import annotations

import pytest

from tests.conftest import LiveServer, make_app

from .client import Api


def problem(r, status: int) -> dict:
    assert r.status_code == status, r.text
    assert r.headers["Content-Type"].startswith("application/problem+json")
    body = r.json()
    assert body["status"] == status and body["title"] and body["detail"] and body["code"]
    return body


@pytest.fixture
def table(live):
    api = Api(live.url)
    return api, api.table(2)


def test_400_malformed_json_nan_and_infinity(table):
    api, t = table
    url = f"/sessions/{t['sid']}/moves"
    for raw in (b"{", b'{"type": "draw", "slot": NaN}', b'{"type": "x", "slot": Infinity}',
                b"\xff\xfe"):
        problem(api.call("POST", url, t["tokens"][0], data=raw,
                         headers={"Content-Type": "application/json"}), 400)
    assert api.get(f"/sessions/{t['sid']}").json()["version"] == 3


def test_401_missing_or_unknown_token(table):
    api, t = table
    url = f"/sessions/{t['sid']}/moves"
    problem(api.post(url, json={"type": "end_turn"}), 401)
    problem(api.post(url, "not-a-token", json={"type": "end_turn"}), 401)
    problem(api.call("POST", url, json={"type": "end_turn"},
                     headers={"Authorization": "Basic abc"}), 401)


def test_403_other_seat_and_host_only(table):
    api, t = table
    problem(api.post(f"/sessions/{t['sid']}/moves", t["tokens"][1],
                     json={"type": "end_turn", "seat": 0}), 403)
    problem(api.post(f"/sessions/{t['sid']}/finish", t["tokens"][0]), 403)


def test_404_unknown_session_and_code(live):
    api = Api(live.url)
    problem(api.get("/sessions/" + "0" * 32), 404)
    problem(api.get("/join/ZZZZZZ"), 404)
    problem(api.post("/join/ZZZZZZ", json={"name": "x"}), 404)
    problem(api.get("/rules/chess"), 404)
    problem(api.get("/sessions/" + "0" * 32 + "/board.svg"), 404)


def test_405_carries_allow(live):
    api = Api(live.url)
    r = api.call("DELETE", "/sessions")
    body = problem(r, 405)
    assert "POST" in r.headers["Allow"] and body["code"] == "method_not_allowed"


def test_409_not_your_turn_wrong_phase_not_started(live):
    api = Api(live.url)
    created = api.create()
    ada = api.join(created["code"], "Ada")["player_token"]
    body = problem(api.post(f"/sessions/{created['id']}/moves", ada,
                            json={"type": "end_turn"}), 409)
    # the session's own rules, not a game's: the phone can tell them apart
    assert body["code"] == "game_not_active" and body["rule"] == "SESSION.started"
    body = problem(api.post(f"/sessions/{created['id']}/start", created["host_token"],
                            json={"setup": {}}), 409)
    assert body["rule"] == "SESSION.players" and body["params"] == {"min": 2}
    assert body["detail"] == "At least 2 players must join before the game starts."
    t = api.table(2)
    body = problem(api.post(f"/sessions/{t['sid']}/moves", t["tokens"][1],
                            json={"type": "end_turn"}), 409)
    assert body["code"] == "not_your_turn" and body["rule"] == "G3.1"
    body = problem(api.post(f"/sessions/{t['sid']}/moves", t["tokens"][0],
                            json={"type": "feed", "auto": True}), 409)
    assert body["code"] == "wrong_phase"


def test_412_stale_if_match_and_star(table):
    api, t = table
    url = f"/sessions/{t['sid']}/moves"
    move = {"type": "draw", "pile": "nature", "from": "deck"}
    problem(api.post(url, t["tokens"][0], json=move, headers={"If-Match": '"2"'}), 412)
    problem(api.post(url, t["tokens"][0], json=move, headers={"If-Match": "garbage"}), 412)
    assert api.get(f"/sessions/{t['sid']}").json()["version"] == 3
    r = api.post(url, t["tokens"][0], json=move, headers={"If-Match": "*"})
    assert r.status_code == 201
    r = api.post(url, t["tokens"][0], json=move, headers={"If-Match": 'W/"4", "9"'})
    assert r.status_code == 201


def test_422_rule_violation_names_the_rule_in_the_asked_language(table):
    api, t = table
    url = f"/sessions/{t['sid']}/moves"
    api.post(url, t["tokens"][0], json={"type": "play_nature", "terrain": "forest",
                                         "at": [0, 0]})
    r = api.post(url, t["tokens"][0], json={"type": "play_nature", "terrain": "sea",
                                             "at": [5, 5]}, headers={"Accept-Language": "it"})
    body = problem(r, 422)
    assert body["rule"] == "G4.2" and body["key"] == "gaia.nature.not_adjacent"
    assert "tocca il mondo" in body["detail"] and "[" not in body["detail"]
    assert body["params"]["at"] == [5, 5]  # the square stays in the data, not the sentence
    assert body["type"] == "/api/v1/rules/gaia#G4.2"
    assert api.get(f"/sessions/{t['sid']}").json()["version"] == 4


def test_422_schema_errors_are_listed(table):
    api, t = table
    url = f"/sessions/{t['sid']}/moves"
    body = problem(api.post(url, t["tokens"][0], json={"type": "draw", "colour": 1}), 422)
    assert "colour" in body["errors"]
    body = problem(api.post(url, t["tokens"][0], json={"at": [0, 0]}), 422)
    assert "type" in body["errors"]
    body = problem(api.post(url, t["tokens"][0], json={"type": "play_nature",
                                                        "at": [0.5, 0], "terrain": "sea"}), 422)
    assert "at" in body["errors"]
    body = problem(api.post(url, t["tokens"][0], json=[1, 2]), 422)
    body = problem(api.post("/sessions", json={"game": "chess"}), 422)
    assert "game" in body["errors"]
    body = problem(api.post("/sessions", json={"game": "gaia", "options": {"feeding": "x"}}),
                   422)
    assert body["rule"] == "G11"


def test_413_huge_bodies(table):
    api, t = table
    r = api.call("POST", f"/sessions/{t['sid']}/moves", t["tokens"][0],
                 data=b'{"type": "' + b"x" * 400_000 + b'"}',
                 headers={"Content-Type": "application/json"})
    problem(r, 413)


def test_429_rate_limit_on_create_and_join(clean_redis, tmp_path):
    app = make_app(clean_redis, tmp_path, RATE_LIMIT_CREATE="3 per minute",
                   RATE_LIMIT_JOIN="2 per minute")
    server = LiveServer(app)
    try:
        api = Api(server.url)
        record = {"format": "tabletop-companion/1", "game": "gaia", "players": []}
        created = api.post("/sessions/import", json=record).json()  # an import is a create
        codes = [api.post("/sessions", json={"game": "gaia"}).status_code for _ in range(3)]
        assert codes == [201, 201, 429]
        r = api.post("/sessions", json={"game": "gaia"})
        problem(r, 429)
        assert int(r.headers["Retry-After"]) >= 1
        problem(api.post("/sessions/import", json=record), 429)
        codes = [api.get(f"/join/{created['code']}").status_code,
                 api.post(f"/join/{created['code']}", json={"name": "A"}).status_code,
                 api.post(f"/join/{created['code']}", json={"name": "B"}).status_code]
        assert codes == [200, 201, 429]
    finally:
        server.stop()


def test_503_with_retry_after_when_redis_is_unreachable(tmp_path):
    app = make_app(f"unix://{tmp_path}/nothing.sock", tmp_path)
    server = LiveServer(app)
    try:
        api = Api(server.url)
        for r in (api.get("/sessions/" + "0" * 32), api.post("/sessions", json={"game": "gaia"}),
                  api.get("/readyz"), api.get("/join/ABCDEF")):
            body = problem(r, 503)
            assert r.headers["Retry-After"] == "2" and body["code"] == "store_unavailable"
        assert api.get("/healthz").status_code == 200
    finally:
        server.stop()

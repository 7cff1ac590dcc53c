"""``GET /me?include=legal``: a seat's private view and its legal moves in one answer (issue
14: a phone brought up to date by a live message makes this one request), with every
refusal ``/me`` and ``/legal-moves`` give on their own."""

from __future__ import annotations

import uuid

from .client import Api


def both(api: Api, sid: str, token: str, query: str = "") -> tuple[dict, dict, dict]:
    """/me?include=legal next to /me and /legal-moves read on their own."""
    sep = "&" if query else "?"
    one = api.get(f"/sessions/{sid}/me{query}{sep}include=legal", token)
    assert one.status_code == 200, one.text
    me = api.get(f"/sessions/{sid}/me{query}", token).json()
    legal = api.get(f"/sessions/{sid}/legal-moves{query}", token).json()
    return one.json(), me, legal


def test_a_player_gets_the_view_and_the_moves_of_the_two_reads(live):
    api = Api(live.url)
    t = api.table(3)
    sid, (ada, bo, _cy) = t["sid"], t["tokens"]
    for token, on_turn in ((ada, True), (bo, False)):
        one, me, legal = both(api, sid, token)
        assert {k: v for k, v in one.items() if k != "legal_moves"} == me
        assert one["legal_moves"] == legal["moves"]
        assert one["your_turn"] is on_turn and bool(one["legal_moves"]) is on_turn
    # after a move the turn has passed: the same single read says so
    r = api.post(f"/sessions/{sid}/moves", ada, json={"type": "end_turn"})
    assert r.status_code == 201, r.text
    one, _me, legal = both(api, sid, bo)
    assert one["version"] == r.json()["version"] == legal["version"]
    assert {"type": "end_turn"} in one["legal_moves"] and one["your_turn"] is True
    # without include the answer stays as it was: no legal moves in it
    assert "legal_moves" not in api.get(f"/sessions/{sid}/me", bo).json()


def test_the_host_reads_a_seat_without_a_phone_and_nothing_else(live):
    api = Api(live.url)
    created = api.create()
    sid, host = created["id"], created["host_token"]
    ada = api.join(created["code"], "Ada")["player_token"]
    r = api.post(f"/sessions/{sid}/seats", host, json={"name": "Bo"},
                 headers={"Idempotency-Key": uuid.uuid4().hex})
    assert r.status_code == 201, r.text
    lobby = api.get(f"/sessions/{sid}/me?include=legal", ada).json()
    assert lobby["seat"] == 0 and lobby["legal_moves"] == []  # no game yet: nothing to do
    start = api.post(f"/sessions/{sid}/start", host, json={"setup": {
        "objectives": [["forest", "forest", "sea", "sea"]] * 4,
        "display": {"nature": ["plains", "desert", "mountain"],
                    "life": [{"kind": "animals", "symbol": "desert"},
                             {"kind": "animals", "symbol": "plains"}]}}})
    assert start.status_code == 201, start.text
    api.post(f"/sessions/{sid}/moves", ada, json={"type": "end_turn"})
    one, me, legal = both(api, sid, host, "?seat=1")
    assert one["host"] is True and one["seat"] == 1 == me["seat"]
    assert one["legal_moves"] == legal["moves"] and {"type": "end_turn"} in one["legal_moves"]
    # the host without a seat: no seat, so no moves of its own
    bare = api.get(f"/sessions/{sid}/me?include=legal", host).json()
    assert bare["seat"] is None and bare["legal_moves"] == []
    # a seat with a phone stays private, whatever is included
    r = api.get(f"/sessions/{sid}/me?seat=0&include=legal", host)
    assert r.status_code == 403 and "legal_moves" not in r.text
    # the host's move for the seat without a phone answers that seat's part
    r = api.post(f"/sessions/{sid}/moves?include=me", host, json={"type": "end_turn", "seat": 1})
    assert r.status_code == 201, r.text
    mine = r.json()["me"]
    assert (mine["seat"], mine["host"], mine["your_turn"], mine["legal_moves"]) == (
        1, True, False, [])
    assert mine == api.get(f"/sessions/{sid}/me?seat=1&include=legal", host).json()


def test_refusals_are_those_of_me(live):
    api = Api(live.url)
    t = api.table(2)
    sid, (ada, bo) = t["sid"], t["tokens"]
    assert api.get(f"/sessions/{sid}/me?include=legal").status_code == 401
    assert api.get(f"/sessions/{sid}/me?include=legal", "x" * 32).status_code == 401
    assert api.get(f"/sessions/{sid}/me?seat=1&include=legal", ada).status_code == 403
    r = api.get(f"/sessions/{sid}/me?include=everything", bo)
    assert r.status_code == 422 and r.headers["Content-Type"].startswith(
        "application/problem+json")
    assert api.get(f"/sessions/{'0' * 32}/me?include=legal", bo).status_code == 404
    # a re-issued token is a lost seat (the page's 401), not an empty list of moves
    r = api.post(f"/sessions/{sid}/seats/1/token", t["host"])
    assert r.status_code == 201, r.text
    assert api.get(f"/sessions/{sid}/me?include=legal", bo).status_code == 401


def test_a_move_answers_the_movers_own_part_when_asked(live):
    api = Api(live.url)
    t = api.table(2)
    sid, (ada, bo) = t["sid"], t["tokens"]
    r = api.post(f"/sessions/{sid}/moves?include=me", ada, json={"type": "end_turn"},
                 headers={"Idempotency-Key": "move-" + uuid.uuid4().hex})
    assert r.status_code == 201, r.text
    body = r.json()
    read = api.get(f"/sessions/{sid}/me?include=legal", ada).json()
    assert body["me"] == read and body["me"]["version"] == body["version"]
    assert body["me"]["your_turn"] is False and body["me"]["legal_moves"] == []
    # a replay answers the first move again, without a private part that may be stale
    again = api.post(f"/sessions/{sid}/moves?include=me", ada, json={"type": "end_turn"},
                     headers={"Idempotency-Key": r.request.headers["Idempotency-Key"]})
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert again.json()["version"] == body["version"] and "me" not in again.json()
    # without include, as before; the host playing a phone's seat never reads its hand
    plain = api.post(f"/sessions/{sid}/moves", bo, json={"type": "end_turn"}).json()
    assert "me" not in plain
    r = api.post(f"/sessions/{sid}/moves?include=me", t["host"],
                 json={"type": "end_turn", "seat": 0})
    assert r.status_code == 201 and "me" not in r.json()
    assert api.post(f"/sessions/{sid}/moves?include=hand", bo,
                    json={"type": "end_turn"}).status_code == 422

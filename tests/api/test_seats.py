"""Seats without a phone, over real HTTP: the host adds one in the lobby, takes one
over during the game, and reads a seat's private view only for such seats."""

from __future__ import annotations

import uuid

from .client import DISPLAY, OBJECTIVES, Api
from .sse import Stream


def key() -> dict[str, str]:
    return {"Idempotency-Key": uuid.uuid4().hex}


def start(api: Api, sid: str, host: str, players: int) -> None:
    setup = {"objectives": [["forest", "forest", "sea", "sea"]] * OBJECTIVES[players],
             "display": DISPLAY}
    r = api.post(f"/sessions/{sid}/start", host, json={"setup": setup})
    assert r.status_code == 201, r.text


def declare_ada(api: Api, t: dict) -> None:
    """Ada names her two nature cards privately: the secret the host must not read."""
    r = api.call("PUT", f"/sessions/{t['sid']}/me/hand", t["tokens"][0],
                 json={"nature": ["swamp", "mountain"]})
    assert r.status_code == 200, r.text


def test_the_host_cannot_read_a_phone_seats_hand(live):
    api = Api(live.url)
    t = api.table(2)
    sid, host = t["sid"], t["host"]
    declare_ada(api, t)
    # the attack: the host token asks for seat 0's private view
    for path in (f"/sessions/{sid}/legal-moves?seat=0", f"/sessions/{sid}/legal-moves",
                 f"/sessions/{sid}/me?seat=0"):
        r = api.get(path, host, headers={"Accept-Language": "it"})
        assert r.status_code == 403, (path, r.text)
        assert r.headers["Content-Type"].startswith("application/problem+json")
        assert r.json()["detail"] == "Ada gioca con il suo telefono: la sua mano resta privata."
        assert "swamp" not in r.text and "mountain" not in r.text
    # a player still reads only their own seat
    assert api.get(f"/sessions/{sid}/me?seat=0", t["tokens"][1]).status_code == 403
    assert api.get(f"/sessions/{sid}/me?seat=1", t["tokens"][1]).json()["seat"] == 1
    # the host still enters a move for a seat with a phone
    r = api.post(f"/sessions/{sid}/moves", host, json={"type": "end_turn", "seat": 0})
    assert r.status_code == 201, r.text
    # nonsense seats are refused without a 500
    for seat in (2, -1, 18446744073709551616):
        assert api.get(f"/sessions/{sid}/legal-moves?seat={seat}", host).status_code in (
            404, 422)


def test_public_state_says_which_seats_have_a_phone(live):
    api = Api(live.url)
    created = api.create()
    sid, host = created["id"], created["host_token"]
    api.join(created["code"], "Ada")
    r = api.post(f"/sessions/{sid}/seats", host, json={"name": "Bo", "color": "green"},
                 headers=key())
    assert r.status_code == 201, r.text
    body = r.json()
    assert body["seat"] == 1 and body["version"] == 2
    assert body["events"] == [{"type": "player_joined", "seat": 1, "name": "Bo",
                               "color": "green"}]
    players = api.get(f"/sessions/{sid}").json()["players"]
    assert [(p["name"], p["phone"]) for p in players] == [("Ada", True), ("Bo", False)]
    # a phone joining next gets the next seat; the colour rule holds for added seats
    r = api.post(f"/sessions/{sid}/seats", host, json={"name": "Cy", "color": "green"},
                 headers=key())
    assert r.status_code == 422 and r.json()["rule"] == "G1"
    assert api.join(created["code"], "Cy")["seat"] == 2


def test_the_host_plays_a_seat_it_added(live):
    api = Api(live.url)
    created = api.create()
    sid, host = created["id"], created["host_token"]
    ada = api.join(created["code"], "Ada")["player_token"]
    bo = api.post(f"/sessions/{sid}/seats", host, json={"name": "Bo"}, headers=key())
    assert bo.status_code == 201
    start(api, sid, host, 2)
    # the host reads Bo's hand and legal moves, and Bo's seat has no token at all
    me = api.get(f"/sessions/{sid}/me?seat=1", host).json()
    assert me["seat"] == 1 and me["name"] == "Bo" and me["host"] is True
    assert me["hand"]["nature"] == {"known": [], "unknown": 2}
    r = api.call("PUT", f"/sessions/{sid}/me/hand", ada, json={"nature": ["sea"]})
    assert r.status_code == 200
    api.post(f"/sessions/{sid}/moves", ada, json={"type": "end_turn"})
    legal = api.get(f"/sessions/{sid}/legal-moves?seat=1", host).json()
    assert legal["seat"] == 1 and {"type": "end_turn"} in legal["moves"]
    r = api.post(f"/sessions/{sid}/moves", host, json={"type": "end_turn", "seat": 1})
    assert r.status_code == 201
    assert r.json()["state"]["turn"]["seat"] == 0
    # adding a seat is for the lobby only, and for the host only
    r = api.post(f"/sessions/{sid}/seats", host, json={"name": "Late"}, headers=key())
    assert r.status_code == 409
    lobby = api.create()
    r = api.post(f"/sessions/{lobby['id']}/seats", ada, json={"name": "X"}, headers=key())
    assert r.status_code == 401
    r = api.post(f"/sessions/{sid}/seats", ada, json={"name": "X"}, headers=key())
    assert r.status_code == 403


def test_takeover_ends_the_phone_and_tells_the_table(live):
    api = Api(live.url)
    t = api.table(3)
    sid, host = t["sid"], t["host"]
    declare_ada(api, t)
    version = api.get(f"/sessions/{sid}").json()["version"]
    stream = Stream(f"{live.url}/api/v1/sessions/{sid}/events?since={version}",
                    last_event_id=version)
    try:
        # Bo cannot take over a seat; the host can
        r = api.post(f"/sessions/{sid}/seats/0/takeover", t["tokens"][1], headers=key())
        assert r.status_code == 403
        r = api.post(f"/sessions/{sid}/seats/0/takeover", host, headers=key())
        assert r.status_code == 201, r.text
        assert r.json()["events"] == [{"type": "seat_taken_over", "seat": 0}]
        assert r.json()["version"] == version + 1
        assert [p["phone"] for p in r.json()["state"]["players"]] == [False, True, True]
        event = stream.until(version + 1)[-1]
        assert event["data"]["events"] == [{"type": "seat_taken_over", "seat": 0}]
    finally:
        stream.close()
    # the old phone is out; the host now reads the seat (its declaration kept)
    assert api.get(f"/sessions/{sid}/me", t["tokens"][0]).status_code == 401
    assert api.post(f"/sessions/{sid}/moves", t["tokens"][0],
                    json={"type": "end_turn"}).status_code == 401
    me = api.get(f"/sessions/{sid}/me?seat=0", host).json()
    assert me["hand"]["nature"] == {"known": ["swamp", "mountain"], "unknown": 0}
    assert api.get(f"/sessions/{sid}/legal-moves?seat=0", host).status_code == 200
    # the log tells it too (a reloaded table rebuilds its feed from it)
    entries = api.get(f"/sessions/{sid}/moves").json()["entries"]
    assert entries[-1]["events"] == [{"type": "seat_taken_over", "seat": 0}]
    # twice is a conflict with a sentence; a missing seat is 404
    r = api.post(f"/sessions/{sid}/seats/0/takeover", host, headers={
        **key(), "Accept-Language": "de"})
    assert r.status_code == 409 and r.json()["detail"] == "Der Host spielt schon für Ada."
    assert api.post(f"/sessions/{sid}/seats/7/takeover", host,
                    headers=key()).status_code == 422


def test_reissue_gives_the_seat_a_phone_again_with_its_link(live):
    api = Api(live.url)
    t = api.table(2)
    sid, host = t["sid"], t["host"]
    assert api.post(f"/sessions/{sid}/seats/1/takeover", host, headers=key()).status_code == 201
    assert api.get(f"/sessions/{sid}/me?seat=1", host).status_code == 200
    r = api.post(f"/sessions/{sid}/seats/1/token", host)
    assert r.status_code == 201, r.text
    body = r.json()
    token = body["player_token"]
    assert body["seat"] == 1
    assert body["seat_url"] == f"http://table.test/j/{t['code']}#seat=1&token={token}"
    assert body["qr_svg"].startswith("<svg") and "<path" in body["qr_svg"]
    assert api.get(f"/sessions/{sid}").json()["players"][1]["phone"] is True
    assert api.get(f"/sessions/{sid}/me", token).json()["seat"] == 1
    assert api.get(f"/sessions/{sid}/me?seat=1", host).status_code == 403
    # the code stays in the public state once the game runs (seat links use it)
    assert api.get(f"/sessions/{sid}").json()["code"] == t["code"]


def test_takeover_is_idempotent_with_a_key(live):
    api = Api(live.url)
    t = api.table(2)
    sid, host = t["sid"], t["host"]
    headers = key()
    first = api.post(f"/sessions/{sid}/seats/1/takeover", host, headers=headers)
    again = api.post(f"/sessions/{sid}/seats/1/takeover", host, headers=headers)
    assert first.status_code == again.status_code == 201
    assert again.headers.get("Idempotent-Replayed") == "true"
    assert again.json()["version"] == first.json()["version"]
    assert api.get(f"/sessions/{sid}").json()["version"] == first.json()["version"]


def test_the_host_declares_the_hand_of_a_seat_without_a_phone(live):
    api = Api(live.url)
    t = api.table(2)
    sid, host = t["sid"], t["host"]
    hand = {"nature": ["forest"]}
    r = api.call("PUT", f"/sessions/{sid}/me/hand?seat=1", host, json=hand)
    assert r.status_code == 403  # Bo's phone holds that seat
    api.post(f"/sessions/{sid}/seats/1/takeover", host, headers=key())
    r = api.call("PUT", f"/sessions/{sid}/me/hand?seat=1", host, json=hand)
    assert r.status_code == 200, r.text
    assert r.json()["hand"]["nature"] == {"known": ["forest"], "unknown": 1}
    # a player names only their own seat
    r = api.call("PUT", f"/sessions/{sid}/me/hand?seat=1", t["tokens"][0], json=hand)
    assert r.status_code == 403


def test_an_imported_game_has_no_phones_until_the_host_hands_out_seats(live):
    api = Api(live.url)
    t = api.table(2)
    api.post(f"/sessions/{t['sid']}/moves", t["tokens"][0],
             json={"type": "play_nature", "terrain": "forest", "at": [0, 0]})
    record = api.get(f"/sessions/{t['sid']}/export").json()
    r = api.post("/sessions/import", json=record)
    assert r.status_code == 201, r.text
    sid, host = r.json()["id"], r.json()["host_token"]
    assert [p["phone"] for p in r.json()["state"]["players"]] == [False, False]
    assert api.get(f"/sessions/{sid}/me?seat=0", host).json()["seat"] == 0
    token = api.post(f"/sessions/{sid}/seats/0/token", host).json()["player_token"]
    assert api.get(f"/sessions/{sid}/me", token).json()["seat"] == 0
    assert api.get(f"/sessions/{sid}").json()["players"][0]["phone"] is True

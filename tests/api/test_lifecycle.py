"""The whole lifecycle over real HTTP and a real Redis."""

from __future__ import annotations

import json

import pytest

from companion.games import GAMES
from companion.games.base import rule_key
from companion.games.gaia.playout import Table
from companion.games.messages import text
from companion.i18n import languages

from .client import DISPLAY, Api


def test_create_returns_links_token_and_lobby_state(live):
    api = Api(live.url)
    created = api.create("gaia", feeding="all")
    assert set(created) >= {"id", "code", "join_url", "qr_svg_url", "qr_png_url",
                            "host_token", "state"}
    assert len(created["id"]) == 32 and len(created["code"]) == 6
    assert created["join_url"] == f"http://table.test/j/{created['code']}"
    assert created["state"]["status"] == "lobby" and created["state"]["version"] == 0
    assert created["state"]["options"]["feeding"] == "all"
    assert "host_token" not in json.dumps(api.get(f"/sessions/{created['id']}").json())


def test_join_rejoin_and_start(live):
    api = Api(live.url)
    created = api.create()
    sid, host = created["id"], created["host_token"]
    info = api.get(f"/join/{created['code'].lower()}").json()  # codes are case-blind
    assert info["game"] == "gaia" and info["colors"][0] == "red"
    ada = api.join(created["code"], "Ada", color="blue")
    bo = api.join(created["code"], "Bo")
    assert (ada["seat"], bo["seat"]) == (0, 1)
    assert api.get(f"/join/{created['code']}").json()["colors"][:2] == ["green", "yellow"]
    # a reloaded phone resumes its seat with the stored token
    me = api.get(f"/sessions/{sid}/me", ada["player_token"]).json()
    assert me["seat"] == 0 and me["name"] == "Ada" and me["color"] == "blue"
    r = api.post(f"/sessions/{sid}/start", host,
                 json={"seating": [1, 0], "first_player": 1,
                       "setup": {"objectives": [["forest", "forest", "sea", "sea"]] * 4,
                                 "display": DISPLAY}})
    assert r.status_code == 201, r.text
    state = r.json()["state"]
    assert state["status"] == "playing" and state["order"] == [1, 0]
    assert state["turn"]["seat"] == 1 and state["players"][0]["pawns_in_hand"] == 6
    assert r.json()["events"] == [{"type": "game_started", "first_player": 1}]
    # late joiners are refused once the game runs
    r = api.post(f"/join/{created['code']}", json={"name": "Late"})
    assert r.status_code == 409
    me = api.get(f"/sessions/{sid}/me", bo["player_token"]).json()
    assert me["hand"] == {"nature": {"known": [], "unknown": 2},
                          "life": {"known": [], "unknown": 1}}


def play_through_api(api: Api, players: int, seed: int) -> tuple[dict, Table]:
    """Deal a simulated table, start it through the API, play it to the end."""
    table = Table.deal(seed, players)
    created = api.create()
    tokens = [api.join(created["code"], p["name"])["player_token"]
              for p in table.state["players"]]
    sid = created["id"]
    setup = {"objectives": [[t for t, n in o["requires"].items() for _ in range(n)]
                            for o in table.state["objectives"]],
             "display": {p: table.state["piles"][p]["display"] for p in ("nature", "life")}}
    r = api.post(f"/sessions/{sid}/start", created["host_token"], json={"setup": setup})
    assert r.status_code == 201, r.text
    version = r.json()["version"]
    for move, events in table.play():
        seat = table.log[-1][0]
        r = api.post(f"/sessions/{sid}/moves", tokens[seat], json=move,
                     headers={"If-Match": f'"{version}"'})
        assert r.status_code == 201, (move, r.text)
        assert r.json()["events"] == events
        version = r.json()["version"]
    return {"sid": sid, "tokens": tokens, "host": created["host_token"],
            "version": version}, table


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (4, 7)])
def test_a_whole_game_through_the_api(live, players, seed):
    api = Api(live.url)
    t, table = play_through_api(api, players, seed)
    state = api.get(f"/sessions/{t['sid']}").json()
    assert state["status"] == "finished"
    assert state["result"] == table.state["result"]
    assert state["version"] == t["version"]
    score = api.get(f"/sessions/{t['sid']}/score").json()
    assert score["final"] is True
    assert [row["seat"] for row in score["players"]] == table.state["result"]["ranking"]
    log = api.get(f"/sessions/{t['sid']}/moves").json()
    moves = [e for e in log["entries"] if e["kind"] == "move"]
    assert len(moves) == len(table.log)
    # the public log never shows a face-down card's identity
    assert all("card" not in e["move"] for e in moves if e["move"]["type"] == "draw"
               and e["move"]["from"] == "deck")
    r = api.post(f"/sessions/{t['sid']}/moves", t["tokens"][0], json={"type": "end_turn"})
    assert r.status_code == 409 and r.json()["code"] == "game_not_active"


def test_export_and_import_replays_every_move(live):
    api = Api(live.url)
    t, table = play_through_api(api, 3, 5)
    record = api.get(f"/sessions/{t['sid']}/export").json()
    assert record["format"] == "tabletop-companion/1" and len(record["moves"]) == len(table.log)
    r = api.post("/sessions/import", json=record)
    assert r.status_code == 201, r.text
    imported = api.get(f"/sessions/{r.json()['id']}").json()
    original = api.get(f"/sessions/{t['sid']}").json()
    for field in ("board", "players", "supply", "piles", "objectives", "result", "turn"):
        if field == "players":  # the game is the same; nobody holds the imported seats yet
            assert [p.pop("phone") for p in imported[field]] == [False] * 3
            assert [p.pop("phone") for p in original[field]] == [True] * 3
        assert imported[field] == original[field], field
    # a tampered record is refused with the rule and the move's number
    bad = json.loads(json.dumps(record))
    first_play = next(i for i, m in enumerate(bad["moves"]) if m["move"]["type"] == "play_nature")
    bad["moves"][first_play]["move"]["at"] = [40, 40]
    r = api.post("/sessions/import", json=bad)
    assert r.status_code == 422 and r.json()["rule"] == "G4.2"


def test_rematch_invites_the_table(live):
    api = Api(live.url)
    t = api.table(2, feeding="all")
    r = api.post(f"/sessions/{t['sid']}/rematch", t["host"])
    assert r.status_code == 201, r.text
    new = r.json()
    assert new["state"]["status"] == "lobby" and new["state"]["options"]["feeding"] == "all"
    old = api.get(f"/sessions/{t['sid']}").json()
    assert old["rematch"] == {"session_id": new["id"], "code": new["code"]}
    assert api.post(f"/sessions/{t['sid']}/rematch", t["tokens"][0]).status_code == 403


def test_host_reissues_a_token(live):
    api = Api(live.url)
    t = api.table(2)
    old = t["tokens"][1]
    r = api.post(f"/sessions/{t['sid']}/seats/1/token", t["host"])
    assert r.status_code == 201
    new = r.json()["player_token"]
    assert api.get(f"/sessions/{t['sid']}/me", old).status_code == 401
    assert api.get(f"/sessions/{t['sid']}/me", new).json()["seat"] == 1
    assert api.post(f"/sessions/{t['sid']}/seats/1/token", new).status_code == 403
    assert api.post(f"/sessions/{t['sid']}/seats/9/token", t["host"]).status_code == 422


def test_host_enters_a_move_for_a_seat(live):
    api = Api(live.url)
    t = api.table(2)
    r = api.post(f"/sessions/{t['sid']}/moves", t["host"], json={"type": "end_turn"})
    assert r.status_code == 422 and "seat" in r.json()["errors"]
    r = api.post(f"/sessions/{t['sid']}/moves", t["host"], json={"type": "end_turn", "seat": 0})
    assert r.status_code == 201
    log = api.get(f"/sessions/{t['sid']}/moves").json()["entries"]
    assert log[-1]["by"] == "host" and log[-1]["seat"] == 0
    r = api.post(f"/sessions/{t['sid']}/moves", t["tokens"][1],
                 json={"type": "end_turn", "seat": 0})
    assert r.status_code == 403


def test_private_hand_declaration(live):
    api = Api(live.url)
    t = api.table(2)
    sid, ada = t["sid"], t["tokens"][0]
    before = api.get(f"/sessions/{sid}").json()["version"]
    r = api.call("PUT", f"/sessions/{sid}/me/hand", ada,
                 json={"nature": ["swamp", "swamp"], "life": []})
    assert r.status_code == 200, r.text
    assert r.json()["hand"]["nature"] == {"known": ["swamp", "swamp"], "unknown": 0}
    after = api.get(f"/sessions/{sid}").json()
    assert after["version"] == before and "swamp\", \"swamp" not in json.dumps(after)
    assert all(e["kind"] != "declare" for e in api.get(f"/sessions/{sid}/moves").json()["entries"])
    bo_view = api.get(f"/sessions/{sid}/me", t["tokens"][1]).json()
    assert bo_view["hand"]["nature"]["known"] == []
    r = api.call("PUT", f"/sessions/{sid}/me/hand", ada, json={"nature": ["swamp"] * 3})
    assert r.status_code == 422 and r.json()["rule"] == "G1.3"
    # a declared card is used when played; the declaration survives other moves
    r = api.post(f"/sessions/{sid}/moves", ada,
                 json={"type": "play_nature", "terrain": "swamp", "at": [0, 0]})
    assert r.status_code == 201
    me = api.get(f"/sessions/{sid}/me", ada).json()
    assert me["hand"]["nature"] == {"known": ["swamp"], "unknown": 0}


def test_legal_moves_score_and_pictures(live):
    api = Api(live.url)
    t = api.table(2)
    sid = t["sid"]
    legal = api.get(f"/sessions/{sid}/legal-moves", t["tokens"][0]).json()
    assert {"type": "end_turn"} in legal["moves"]
    assert api.get(f"/sessions/{sid}/legal-moves", t["tokens"][1]).json()["moves"] == []
    # the host reads a seat's legal moves only for a seat without a phone (tests/api/test_seats.py)
    assert api.get(f"/sessions/{sid}/legal-moves?seat=1", t["host"]).status_code == 403
    api.post(f"/sessions/{sid}/moves", t["tokens"][0],
             json={"type": "play_nature", "terrain": "forest", "at": [0, 0]})
    svg = api.get(f"/sessions/{sid}/board.svg")
    assert svg.headers["Content-Type"].startswith("image/svg+xml")
    assert 'data-at="0,0"' in svg.text and 'data-terrain="forest"' in svg.text
    qr = api.get(f"/sessions/{sid}/qr.svg")
    assert qr.status_code == 200 and qr.text.lstrip().startswith("<")
    png = api.get(f"/sessions/{sid}/qr.png")
    assert png.content[:8] == b"\x89PNG\r\n\x1a\n"
    score = api.get(f"/sessions/{sid}/score").json()
    assert score["final"] is False and [r["total"] for r in score["players"]] == [0, 0]
    rules = api.get("/rules/gaia", headers={"Accept-Language": "de-DE,de;q=0.9"}).json()
    assert any(r["id"] == "G6.2" for r in rules["rules"])


@pytest.mark.parametrize("game", list(GAMES))
def test_rules_in_every_language(live, game):
    api = Api(live.url)
    langs = languages()
    rule = next(r for r in GAMES[game].rules.rules  # a rule every language words its own way
                if len({text(rule_key(game, r), lang) for lang in langs}) == len(langs))
    by_lang = {}
    for lang in langs:
        body = api.get(f"/rules/{game}", headers={"Accept-Language": lang}).json()
        assert body["language"] == lang
        found = {r["id"]: r for r in body["rules"]}
        assert found[rule]["language"] == lang and found[rule]["title"]
        by_lang[lang] = found[rule]["text"]
    assert len(set(by_lang.values())) == len(langs)  # really translated

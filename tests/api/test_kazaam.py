"""Kazaam through the HTTP API: joining, a whole game, the reaction window, pictures."""

from __future__ import annotations

from companion.games.kazaam.playout import Table

from .client import Api


def test_join_with_prototype_and_ingredient(live):
    api = Api(live.url)
    created = api.create("kazaam")
    code = created["code"]
    info = api.get(f"/join/{code}").json()
    assert info["game"] == "kazaam" and "wood" in info["prototypes"]
    assert info["ingredients"][0] == "mercury"
    api.join(code, "Ada", prototype="wood", ingredient="mercury")
    r = api.post(f"/join/{code}", json={"name": "Bo", "prototype": "wood",
                                        "ingredient": "sulphur"})
    assert r.status_code == 422 and r.json()["rule"] == "K1.6"
    r = api.post(f"/join/{code}", json={"name": "Bo"})
    assert r.status_code == 422 and r.json()["rule"] == "K1.6"
    api.join(code, "Bo", prototype="fire", ingredient="sulphur")
    assert "wood" not in api.get(f"/join/{code}").json()["prototypes"]
    r = api.post(f"/sessions/{created['id']}/start", created["host_token"], json={})
    assert r.status_code == 201, r.text
    state = r.json()["state"]
    assert state["piles"] == {"pile": 57, "discard": []}
    assert state["players"][0]["prototype"] == "wood"
    assert state["players"][0]["board"]["head"] is None


def test_a_whole_kazaam_game_through_the_api(live):
    api = Api(live.url)
    table = Table.deal(21, 3)
    sid, tokens = api.kazaam_table(table)
    reactions = 0
    for move, events in table.play():
        seat = table.log[-1][0]
        r = api.post(f"/sessions/{sid}/moves", tokens[seat], json=move)
        assert r.status_code == 201, (move, r.text)
        assert r.json()["events"] == events
        reactions += move["type"] == "react"
    state = api.get(f"/sessions/{sid}").json()
    assert state["status"] == "finished" and state["result"] == table.state["result"]
    score = api.get(f"/sessions/{sid}/score").json()
    assert score["final"] is True
    assert set(score["players"][0]["breakdown"]) == {"parts", "prototype", "chains",
                                                     "first_complete"}
    by_seat = {row["seat"]: row["total"] for row in score["players"]}
    assert by_seat == {int(k): v for k, v in table.state["result"]["scores"].items()}
    svg = api.get(f"/sessions/{sid}/board.svg").text
    assert svg.count('class="player"') == 3 and 'data-slot="torso"' in svg
    # the public log hides face-down draws and an arm's named tile
    entries = api.get(f"/sessions/{sid}/moves").json()["entries"]
    assert all("tile" not in e["move"] for e in entries
               if e["kind"] == "move" and e["move"]["type"] == "draw")


def test_reaction_window_over_http(live):
    api = Api(live.url)
    created = api.create("kazaam", start_ingredients={"mercury": 4, "sulphur": 4})
    tokens = [api.join(created["code"], n, prototype=p, ingredient="mercury")["player_token"]
              for n, p in (("Ada", "wood"), ("Bo", "fire"), ("Cy", "stone"))]
    sid, host = created["id"], created["host_token"]
    api.post(f"/sessions/{sid}/start", host, json={})
    tail = {"homunculus": "wood", "part": "tail", "ingredients": ["mercury", "sulphur"]}
    head = {"homunculus": "fire", "part": "head", "ingredients": ["mercury", "sulphur"]}
    assert api.post(f"/sessions/{sid}/moves", tokens[0],
                    json={"type": "build", "tile": tail, "slot": "tail"}).status_code == 201
    api.post(f"/sessions/{sid}/moves", tokens[0], json={"type": "end_turn"})
    assert api.post(f"/sessions/{sid}/moves", tokens[1],
                    json={"type": "build", "tile": head, "slot": "head"}).status_code == 201
    api.post(f"/sessions/{sid}/moves", tokens[1], json={"type": "end_turn"})
    api.post(f"/sessions/{sid}/moves", tokens[2], json={"type": "end_turn"})
    r = api.post(f"/sessions/{sid}/moves", tokens[0],
                 json={"type": "power", "slot": "tail", "target": {"seat": 1, "slot": "head"}})
    assert r.json()["state"]["turn"]["phase"] == "reaction"
    legal = api.get(f"/sessions/{sid}/legal-moves", tokens[1]).json()["moves"]
    assert {"type": "react", "answer": "cancel"} in legal
    assert api.get(f"/sessions/{sid}/legal-moves", tokens[0]).json()["moves"] == []
    for token in (tokens[0], tokens[2]):
        r = api.post(f"/sessions/{sid}/moves", token, json={"type": "react", "answer": "accept"})
        assert r.status_code == 409 and r.json()["rule"] == "K5.6"
    # the host may answer for Bo, whose phone is away
    r = api.post(f"/sessions/{sid}/moves", host,
                 json={"type": "react", "answer": "cancel", "seat": 1})
    assert r.status_code == 201, r.text
    board = r.json()["state"]["players"][1]["board"]
    assert board["head"]["face_up"] is False
    me = api.get(f"/sessions/{sid}/me", tokens[1]).json()
    assert me["hand"]["unknown"] == 2 and me["revealed"] is None

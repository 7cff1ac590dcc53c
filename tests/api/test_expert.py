"""The Gaia expert game through the HTTP API."""

from __future__ import annotations

import pytest

from companion.games.gaia.playout import Table

from .client import DISPLAY, Api


@pytest.mark.parametrize(("players", "seed"), [(3, 4), (2, 9)])
def test_a_whole_expert_game_with_catastrophes(live, players, seed):
    api = Api(live.url)
    table = Table.deal(seed, players, variant="expert", catastrophes=True)
    created = api.create("gaia", variant="expert", catastrophes=True)
    tokens = [api.join(created["code"], p["name"])["player_token"]
              for p in table.state["players"]]
    sid = created["id"]
    objectives = [o["requires"] for o in table.state["objectives"]]
    setup = {"objectives": ["power" if "power" in o else
                            [t for t, n in o.items() for _ in range(n)] for o in objectives],
             "display": {p: table.state["piles"][p]["display"]
                         for p in ("nature", "life", "power")}}
    r = api.post(f"/sessions/{sid}/start", created["host_token"], json={"setup": setup})
    assert r.status_code == 201, r.text
    kinds = set()
    for move, events in table.play():
        seat = table.log[-1][0]
        r = api.post(f"/sessions/{sid}/moves", tokens[seat], json=move)
        assert r.status_code == 201, (move, r.text)
        assert r.json()["events"] == events
        kinds.add(move["type"])
    assert "play_power" in kinds
    state = api.get(f"/sessions/{sid}").json()
    assert state["status"] == "finished" and state["result"] == table.state["result"]
    assert "power" in state["piles"]


def test_the_defense_window_over_http(live):
    api = Api(live.url)
    created = api.create("gaia", variant="expert")
    sid, host = created["id"], created["host_token"]
    tokens = [api.join(created["code"], n)["player_token"] for n in ("Ada", "Bo", "Cy")]
    setup = {"objectives": [["forest", "forest", "sea", "sea"]] * 5,
             "display": {**DISPLAY, "power": ["sun", "defense"]}}
    assert api.post(f"/sessions/{sid}/start", host, json={"setup": setup}).status_code == 201
    ada, bo, cy = tokens
    assert api.post(f"/sessions/{sid}/moves", ada, json={"type": "play_nature",
                                                          "terrain": "swamp", "at": [0, 0]}
                    ).status_code == 201
    # Ada takes the face-up Sun and plays it on her swamp
    r = api.post(f"/sessions/{sid}/moves", ada, json={"type": "draw", "pile": "power",
                                                       "from": "display", "slot": 0,
                                                       "refill": "rain"})
    assert r.status_code == 201, r.text
    api.post(f"/sessions/{sid}/moves", bo, json={"type": "end_turn"})
    api.post(f"/sessions/{sid}/moves", cy, json={"type": "end_turn"})
    r = api.post(f"/sessions/{sid}/moves", ada, json={"type": "play_power", "card": "sun",
                                                       "at": [0, 0]})
    assert r.status_code == 201 and r.json()["state"]["turn"]["phase"] == "reaction"
    # what the Sun would do, said by the server to every phone (G10.3)
    becomes = {"type": "terrain_changed", "at": [0, 0], "from": "swamp", "to": "plains"}
    assert r.json()["state"]["turn"]["reaction"]["effect"] == [becomes]
    assert api.get(f"/sessions/{sid}").json()["turn"]["reaction"]["effect"] == [becomes]
    assert api.get(f"/sessions/{sid}/legal-moves", ada).json()["moves"] == [
        {"type": "nobody_defended"}]
    r = api.post(f"/sessions/{sid}/moves", ada, json={"type": "draw", "pile": "nature",
                                                       "from": "deck"})
    assert r.status_code == 409 and r.json()["rule"] == "G10.3"
    assert api.post(f"/sessions/{sid}/moves", bo, json={"type": "pass"}).status_code == 201
    r = api.post(f"/sessions/{sid}/moves", bo, json={"type": "pass"})
    assert r.status_code == 422 and r.json()["rule"] == "G10.3"
    # the host answers for Cy, whose phone is away: a Defense cancels the Sun
    r = api.post(f"/sessions/{sid}/moves", host, json={"type": "defend", "seat": 2})
    assert r.status_code == 201, r.text
    state = r.json()["state"]
    assert state["board"]["tiles"][0]["terrain"] == "swamp"
    assert state["players"][0]["powers"] == {"sun": 1}
    assert state["players"][2]["powers"] == {"defense": 1}
    assert state["turn"]["phase"] == "actions" and state["turn"]["seat"] == 0

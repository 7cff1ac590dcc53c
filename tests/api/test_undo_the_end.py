"""Undo after the end (API.md): undoing the move that ended a game reopens it, so a
mistyped last entry can be fixed; a refused undo leaves the finished game as it was."""

from __future__ import annotations

from .client import Api


def test_undoing_the_last_entry_reopens_the_game_and_it_ends_again_corrected(live):
    api = Api(live.url)
    created = api.create("scorepad", rounds=1, scoring="per_round")
    sid, host = created["id"], created["host_token"]
    ada, bo = (api.join(created["code"], n)["player_token"] for n in ("Ada", "Bo"))
    assert api.post(f"/sessions/{sid}/start", host, json={}).status_code == 201

    def enter(token, seat, points):
        return api.post(f"/sessions/{sid}/moves", token,
                        json={"type": "score", "seat": seat, "round": 1,
                              "points": {"total": points}})

    assert enter(ada, 0, 7).status_code == 201
    r = enter(bo, 1, 90)  # meant 9: this entry ends the game
    assert r.status_code == 201 and r.json()["state"]["status"] == "finished"
    assert api.get(f"/sessions/{sid}/score").json()["final"] is True
    # a refused undo (not Ada's move to take back) changes nothing
    refused = api.post(f"/sessions/{sid}/undo", ada, json={})
    assert refused.status_code == 403
    assert api.get(f"/sessions/{sid}").json()["status"] == "finished"
    r = api.post(f"/sessions/{sid}/undo", bo, json={})
    assert r.status_code == 201, r.text
    state = api.get(f"/sessions/{sid}").json()
    assert state["status"] == "playing" and state["result"] is None
    score = api.get(f"/sessions/{sid}/score").json()
    assert score["final"] is False
    assert {p["seat"]: p["total"] for p in score["players"]} == {0: 7, 1: 0}
    r = enter(bo, 1, 9)
    assert r.status_code == 201 and r.json()["state"]["status"] == "finished"
    score = api.get(f"/sessions/{sid}/score").json()
    assert score["final"] is True
    assert [(p["seat"], p["total"], p["rank"]) for p in score["players"]] == [(1, 9, 1),
                                                                              (0, 7, 2)]

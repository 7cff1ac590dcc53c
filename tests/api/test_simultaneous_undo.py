"""Undo at a table where everybody plays at once (the harvest): nobody is on turn."""

from __future__ import annotations

from .client import Api


def test_the_host_undoes_an_entry_of_a_simultaneous_game(live):
    """Replaying a harvest's log (nobody on turn) for an undo answered 500."""
    api = Api(live.url)
    created = api.create("harvest")
    tokens = [api.join(created["code"], n)["player_token"] for n in ("Ada", "Bo")]
    sid, host = created["id"], created["host_token"]
    assert api.post(f"/sessions/{sid}/start", host, json={}).status_code == 201
    before = api.get(f"/sessions/{sid}").json()
    r = api.post(f"/sessions/{sid}/moves", tokens[0], json={"type": "enter", "points": 3})
    assert r.status_code == 201, r.text
    r = api.post(f"/sessions/{sid}/undo", host, json={})
    assert r.status_code == 201, r.text
    after = api.get(f"/sessions/{sid}").json()
    assert after["moves"] == before["moves"] and after["turn"] == before["turn"]

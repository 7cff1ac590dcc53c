"""G1.2 over HTTP (decision of 2026-12-04): a Tornado naming a card Bo's private
declarations cannot hold is taken, and Bo's phone is told to declare again."""

from __future__ import annotations

from .client import DISPLAY, Api


def test_tornado_against_private_declarations_asks_the_target_to_declare_again(live):
    api = Api(live.url)
    created = api.create("gaia", variant="expert")
    sid, host = created["id"], created["host_token"]
    ada, bo = (api.join(created["code"], n)["player_token"] for n in ("Ada", "Bo"))
    setup = {"objectives": [["forest", "forest", "sea", "sea"]] * 4,
             "display": {**DISPLAY, "power": ["sun", "defense"]}}
    r = api.post(f"/sessions/{sid}/start", host, json={"setup": setup, "first_player": 0})
    assert r.status_code == 201, r.text
    r = api.call("PUT", f"/sessions/{sid}/me/hand", bo, json={"nature": ["forest", "forest"]})
    assert r.status_code == 200 and r.json()["declare_again"] is False
    # Ada's dealt power card is unknown to the table: she plays it as a Tornado (G1.3)
    r = api.post(f"/sessions/{sid}/moves", ada, json={"type": "play_power", "card": "tornado"})
    assert r.status_code == 201, r.text
    assert api.post(f"/sessions/{sid}/moves", bo, json={"type": "pass"}).status_code == 201
    r = api.post(f"/sessions/{sid}/moves", ada,
                 json={"type": "tornado", "keep": 0, "taken": [{"seat": 1, "card": "sea"}]})
    assert r.status_code == 201, r.text
    assert {"type": "declare_again", "seat": 1, "pile": "nature"} in r.json()["events"]
    me = api.get(f"/sessions/{sid}/me", bo).json()
    assert me["declare_again"] is True
    assert me["hand"]["nature"] == {"known": [], "unknown": 1}
    assert api.get(f"/sessions/{sid}/me", ada).json()["declare_again"] is False
    r = api.call("PUT", f"/sessions/{sid}/me/hand", bo, json={"nature": ["desert"]})
    assert r.status_code == 200 and r.json()["declare_again"] is False

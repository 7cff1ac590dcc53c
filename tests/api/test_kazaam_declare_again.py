"""K5.2 and K6.2 over HTTP: the phone is told to declare again; the view says stalled."""

from __future__ import annotations

from .client import Api


def test_unnamed_arm_take_asks_the_target_to_declare_again(live):
    api = Api(live.url)
    created = api.create("kazaam", start_ingredients={"mercury": 4, "sulphur": 4})
    tokens = [api.join(created["code"], n, prototype=p, ingredient="mercury")["player_token"]
              for n, p in (("Ada", "wood"), ("Bo", "fire"))]
    sid = created["id"]
    api.post(f"/sessions/{sid}/start", created["host_token"], json={})
    arm = {"homunculus": "wood", "part": "arm", "ingredients": ["mercury", "sulphur"]}
    r = api.post(f"/sessions/{sid}/moves", tokens[0],
                 json={"type": "build", "tile": arm, "slot": "left_arm"})
    assert r.status_code == 201, r.text
    api.post(f"/sessions/{sid}/moves", tokens[0], json={"type": "end_turn"})
    hand = [{"homunculus": "fur", "part": p, "ingredients": ["mandrake", "mercury"]}
            for p in ("head", "torso", "tail")]
    r = api.call("PUT", f"/sessions/{sid}/me/hand", tokens[1], json={"tiles": hand})
    assert r.status_code == 200 and r.json()["declare_again"] is False
    api.post(f"/sessions/{sid}/moves", tokens[1], json={"type": "end_turn"})
    r = api.post(f"/sessions/{sid}/moves", tokens[0],
                 json={"type": "power", "slot": "left_arm", "target": {"seat": 1}})
    assert r.status_code == 201, r.text
    me = api.get(f"/sessions/{sid}/me", tokens[1]).json()
    assert me["declare_again"] is True
    assert me["hand"] == {"known": [], "unknown": 2}
    assert api.get(f"/sessions/{sid}/me", tokens[0]).json()["declare_again"] is False
    state = api.get(f"/sessions/{sid}").json()
    assert state["stalled"] is False and state["stalled_reason"] is None

"""The setup the table's phones fill together (PUT /sessions/{id}/setup): a seat or the
host puts one slot, judged by the game's setup shape and rules; every screen reads the
draft in the public state (and its stream); the host's start sends it as the setup."""

from __future__ import annotations

import json
import time

from .client import DISPLAY, Api

PAIRS = ["forest", "forest", "sea", "sea"]


def _table(api: Api, players: int = 4, **options):
    created = api.create("gaia", **options)
    names = ["Ada", "Bo", "Cy", "Di"][:players]
    tokens = [api.join(created["code"], n)["player_token"] for n in names]
    return created["id"], created["host_token"], tokens


def _put(api: Api, sid: str, token: str | None, slot: str, value, **kw):
    return api.call("PUT", f"/sessions/{sid}/setup", token, {"slot": slot, "value": value}, **kw)


def test_phones_fill_slots_every_screen_sees_them_and_the_start_uses_them(live):
    api = Api(live.url)
    sid, host, (ada, bo, cy, di) = _table(api)
    before = api.get(f"/sessions/{sid}").json()["version"]
    # the public stream, opened before the phones write: each slot is a new version
    stream = api.get(f"/sessions/{sid}/events", stream=True,
                     headers={"Accept": "text/event-stream"})
    assert stream.status_code == 200
    draft = {f"objectives.{i}": PAIRS for i in range(6)}
    draft.update({f"display.nature.{i}": card for i, card in enumerate(DISPLAY["nature"])})
    draft.update({f"display.life.{i}": card for i, card in enumerate(DISPLAY["life"])})
    phones = [ada, bo, cy, di, host]
    for i, (slot, value) in enumerate(draft.items()):
        r = _put(api, sid, phones[i % len(phones)], slot, value)
        assert r.status_code == 200, r.text
        assert r.json()["version"] == before + i + 1
        assert r.json()["events"] == [{"type": "setup_entered", "slot": slot,
                                       "seat": None if i % 5 == 4 else i % 5}]
    seen = _frames(stream, before + len(draft))
    assert seen[-1]["state"]["setup_draft"]["display.life.1"]["value"] == DISPLAY["life"][1]
    state = api.get(f"/sessions/{sid}").json()
    held = state["setup_draft"]
    assert {slot: h["value"] for slot, h in held.items()} == draft
    assert held["objectives.0"]["by"] == "Ada" and held["objectives.4"]["by"] is None
    # the same value again changes nothing (a phone resending after a lost answer)
    r = _put(api, sid, ada, "objectives.0", PAIRS)
    assert r.status_code == 200 and r.json()["version"] == state["version"]
    # the host's Start sends the collected draft as the contract's setup
    setup = {"objectives": [held[f"objectives.{i}"]["value"] for i in range(6)],
             "display": {pile: [held[f"display.{pile}.{i}"]["value"] for i in range(n)]
                         for pile, n in (("nature", 3), ("life", 2))}}
    r = api.post(f"/sessions/{sid}/start", host, json={"setup": setup})
    assert r.status_code == 201, r.text
    started = r.json()["state"]
    assert started["piles"]["life"]["display"] == DISPLAY["life"]
    assert "setup_draft" not in started
    # after the start the draft is closed: 409, nothing changes
    r = _put(api, sid, bo, "objectives.1", ["plains", "plains", "sea", "sea"])
    assert r.status_code == 409, r.text
    assert r.headers["Content-Type"].startswith("application/problem+json")
    assert api.get(f"/sessions/{sid}").json()["version"] == started["version"]


def _frames(stream, version: int, seconds: float = 20) -> list[dict]:
    """The stream's data frames until ``version``, within a deadline."""
    out: list[dict] = []
    deadline = time.monotonic() + seconds
    try:
        for line in stream.iter_lines(decode_unicode=True):
            if line and line.startswith("data:"):
                out.append(json.loads(line[5:]))
                if out[-1]["version"] >= version:
                    return out
            assert time.monotonic() < deadline, f"stream stalled at {out[-1:]}"
    finally:
        stream.close()
    raise AssertionError("stream ended early")


def test_bad_slot_bad_value_and_wrong_token_change_nothing(live):
    api = Api(live.url)
    sid, _host, (ada, *_rest) = _table(api, players=2, variant="base")
    version = api.get(f"/sessions/{sid}").json()["version"]
    refusals = [
        (ada, "objectives.4", PAIRS),        # 2 players reveal 4 objectives (G2.1)
        (ada, "display.power.0", "sun"),     # no power cards in the base game
        (ada, "seating", [0, 1]),            # the host's to say at the start
        (ada, "tiles.0", "x"),
        (ada, "objectives.1", ["forest", "forest", "forest", "sea"]),  # not two pairs
        (ada, "display.nature.2", "lava"),
        (ada, "display.life.0", {"kind": "city", "symbol": "sea", "needs": ["sea"]}),
        (ada, "display.life.0", {"kind": "city", "symbol": "sea", "cost": 3}),
    ]
    for token, slot, value in refusals:
        r = _put(api, sid, token, slot, value)
        assert r.status_code == 422, (slot, value, r.text)
        problem = r.json()
        assert r.headers["Content-Type"].startswith("application/problem+json")
        assert slot in json.dumps(problem), problem  # the refusal names the slot
        assert problem["errors"], problem
    r = _put(api, sid, ada, "objectives.1", ["forest", "forest", "forest", "sea"],
             headers={"Accept-Language": "it"})
    assert r.json()["rule"] == "G2.1" and "obiettivo 2" in r.json()["detail"]
    for token in (None, "not-a-token", api.create("gaia")["host_token"]):
        r = _put(api, sid, token, "objectives.0", PAIRS)
        assert r.status_code == 401, r.text
    r = api.call("PUT", f"/sessions/{sid}/setup", ada, {"slot": "objectives.0"})
    assert r.status_code == 422  # the value is required (null empties)
    r = api.call("PUT", "/sessions/0123456789abcdef0123456789abcdef/setup", ada,
                 {"slot": "objectives.0", "value": PAIRS})
    assert r.status_code == 404
    state = api.get(f"/sessions/{sid}").json()
    assert state["version"] == version and "setup_draft" not in state


def test_last_write_stands_if_match_refuses_a_stale_one_null_empties(live):
    api = Api(live.url)
    sid, host, (ada, bo) = _table(api, players=2)
    r = _put(api, sid, ada, "display.nature.0", "sea")
    first = r.json()["version"]
    r = _put(api, sid, bo, "display.nature.0", "forest")  # Bo corrects Ada: it stands
    assert r.status_code == 200
    held = r.json()["state"]["setup_draft"]["display.nature.0"]
    assert held == {"value": "forest", "by": "Bo"}
    r = _put(api, sid, ada, "display.nature.0", "plains", headers={"If-Match": f'"{first}"'})
    assert r.status_code == 412, r.text
    r = _put(api, sid, host, "display.nature.0", None)
    assert r.status_code == 200 and "setup_draft" not in r.json()["state"]


def test_a_box_keeps_objectives_bounded_and_a_rematch_carries_them(live):
    api = Api(live.url)
    goal = {"kind": "objective", "terrains": ["sea", "forest", "forest", "sea"]}
    city = {"kind": "city", "symbol": "forest", "needs": ["sea", "sea", "plains", "plains"]}
    created = api.create("gaia", box=[goal, city, goal])
    assert created["state"]["options"]["box"] == [
        city, {"kind": "objective", "terrains": PAIRS}]  # each face once, terrains in order
    for box in ([{"kind": "objective", "terrains": ["sea", "sea", "sea", "forest"]}],
                [{"kind": "objective", "terrains": PAIRS, "id": 3}],
                [goal] * 33):
        r = api.post("/sessions", json={"game": "gaia", "options": {"box": box}})
        assert r.status_code == 422, (box, r.text)
        assert "box" in r.json()["detail"]
    t = api.table(2)
    state = api.get(f"/sessions/{t['sid']}").json()
    goals = [c for c in state["known"] if c["kind"] == "objective"]
    assert goals == [{"kind": "objective", "terrains": PAIRS}]  # 4 alike, one face
    r = api.post(f"/sessions/{t['sid']}/rematch", t["host"])
    assert {"kind": "objective", "terrains": PAIRS} in r.json()["state"]["options"]["box"]

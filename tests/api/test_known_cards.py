"""Cards the table has seen, over HTTP: a city card or a Kazaam tile named in public is
listed in the public state's ``known`` (faces only), a privately named one only in its
holder's ``/me``; the host's ``box`` create option is validated and joins the list; a
rematch carries both."""

from __future__ import annotations

from .client import DISPLAY, Api

CITY_B = {"kind": "city", "symbol": "sea", "needs": ["forest", "forest", "sea", "animals"]}
SECRET = {"kind": "city", "symbol": "star", "needs": ["plains", "swamp", "swamp", "desert"]}
BOXED = {"kind": "city", "symbol": "forest", "needs": ["sea", "sea", "plains", "plains"]}
TILE = {"homunculus": "wood", "part": "head", "ingredients": ["mercury", "sulphur"]}
PRIVATE_TILE = {"homunculus": "fire", "part": "tail", "ingredients": ["mandrake", "mercury"]}


def _faces(cards: list) -> list:
    """The city cards among the faces (the revealed objectives are known too)."""
    return sorted((c["symbol"], tuple(sorted(c["needs"]))) for c in cards if c["kind"] == "city")


def test_public_names_are_listed_private_ones_only_for_their_holder(live):
    api = Api(live.url)
    t = api.table(2, box=[BOXED])
    sid, (ada, bo) = t["sid"], t["tokens"]
    shown = DISPLAY["life"][1]
    state = api.get(f"/sessions/{sid}").json()
    assert _faces(state["known"]) == _faces([shown, BOXED])  # the row, then the box
    moves = f"/sessions/{sid}/moves"
    # Ada takes the displayed city (the row refilled with another) and names a deck draw
    r = api.post(moves, ada, json={"type": "draw", "pile": "life", "from": "display",
                                   "slot": 1, "refill": CITY_B})
    assert r.status_code == 201, r.text
    r = api.post(moves, ada, json={"type": "draw", "pile": "life", "from": "deck",
                                   "card": SECRET})
    assert r.status_code == 201, r.text
    public = _faces(api.get(f"/sessions/{sid}").json()["known"])
    assert public == _faces([shown, CITY_B, BOXED])
    assert _faces([SECRET])[0] not in public
    assert _faces(api.get(f"/sessions/{sid}/me", bo).json()["known"]) == public
    mine = _faces(api.get(f"/sessions/{sid}/me", ada).json()["known"])
    assert _faces([SECRET])[0] in mine and set(public) <= set(mine)
    # nothing says who holds what
    listed = api.get(f"/sessions/{sid}").json()["known"]
    assert all(set(c) == ({"kind", "symbol", "needs"} if c["kind"] == "city"
                          else {"kind", "terrains"}) for c in listed)

    # the rematch starts with the faces the table saw, never the private one
    r = api.post(f"/sessions/{sid}/rematch", t["host"])
    assert r.status_code == 201, r.text
    box = r.json()["state"]["options"]["box"]
    assert _faces(box) == _faces([shown, CITY_B, BOXED])


def test_a_malformed_box_is_refused_with_a_problem(live):
    api = Api(live.url)
    for game, box in (("gaia", "cards"), ("gaia", [{"symbol": "moon", "needs": []}]),
                      ("gaia", [BOXED] * 40), ("kazaam", [{"homunculus": "wood"}]),
                      ("kazaam", {"tiles": []}), ("kazaam", [TILE] * 200)):
        r = api.post("/sessions", json={"game": game, "options": {"box": box}})
        assert r.status_code == 422, (game, box, r.text)
        assert r.headers["Content-Type"].startswith("application/problem+json")
        assert "box" in r.text
    # duplicates are kept once
    same = {**BOXED, "needs": ["plains", "sea", "plains", "sea"]}
    created = api.create("gaia", box=[BOXED, same])
    assert len(created["state"]["options"]["box"]) == 1


def test_a_kazaam_tile_named_in_public_is_known_and_carried(live):
    api = Api(live.url)
    created = api.create("kazaam")
    code = created["code"]
    tokens = [api.join(code, "Ada", prototype="wood", ingredient="mercury")["player_token"],
              api.join(code, "Bo", prototype="fire", ingredient="sulphur")["player_token"]]
    r = api.post(f"/sessions/{created['id']}/start", created["host_token"], json={})
    assert r.status_code == 201, r.text
    sid = created["id"]
    turn = r.json()["state"]["turn"]["seat"]
    actor, other = tokens[turn], tokens[1 - turn]
    assert api.get(f"/sessions/{sid}").json()["known"] == []
    r = api.call("PUT", f"/sessions/{sid}/me/hand", actor, json={"tiles": [PRIVATE_TILE]})
    assert r.status_code == 200, r.text
    r = api.post(f"/sessions/{sid}/moves", actor, json={"type": "discard", "tile": TILE})
    assert r.status_code == 201, r.text
    assert api.get(f"/sessions/{sid}").json()["known"] == [TILE]
    assert api.get(f"/sessions/{sid}/me", other).json()["known"] == [TILE]
    assert PRIVATE_TILE in api.get(f"/sessions/{sid}/me", actor).json()["known"]
    r = api.post(f"/sessions/{sid}/rematch", created["host_token"])
    assert r.status_code == 201, r.text
    assert r.json()["state"]["options"]["box"] == [TILE]

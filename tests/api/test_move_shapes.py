"""A move's form is checked once, by the game of its session: a move shaped for another
game is refused as that table's game refuses it, and nothing is stored."""

from __future__ import annotations

from typing import Any

from .client import Api

TILE = {"homunculus": "fire", "part": "head", "ingredients": ["mercury", "salt"]}


def _refused(api: Api, sid: str, token: str, move: dict[str, Any]) -> dict[str, Any]:
    before = api.get(f"/sessions/{sid}").json()
    r = api.post(f"/sessions/{sid}/moves", token, json=move)
    assert r.status_code == 422, r.text
    assert r.headers["Content-Type"].startswith("application/problem+json")
    assert api.get(f"/sessions/{sid}").json() == before  # nothing stored
    return r.json()  # type: ignore[no-any-return]


def _pad(api: Api) -> dict[str, Any]:
    created = api.create("scorepad")
    tokens = [api.join(created["code"], n)["player_token"] for n in ("Ada", "Bo")]
    r = api.post(f"/sessions/{created['id']}/start", created["host_token"], json={})
    assert r.status_code == 201, r.text
    return {"sid": created["id"], "tokens": tokens}


def test_a_move_of_another_games_shape_is_refused_as_before(live):
    """The answers the registry-wide schema and the game's shapes gave together."""
    api = Api(live.url)
    gaia, pad = api.table(2), _pad(api)
    ada = gaia["tokens"][0]
    # a Kazaam draw: Gaia has a draw too, without a tile
    body = _refused(api, gaia["sid"], ada, {"type": "draw", "tile": TILE})
    assert (body["code"], body["rule"], body["key"]) == ("bad_move", "move", "move.unknown_field")
    assert body["errors"] == {"tile": ["This game has no field tile here; leave it out."]}
    # a score pad's entry at a Gaia table, and a Gaia tile at a score pad
    body = _refused(api, gaia["sid"], ada, {"type": "score", "points": {"total": 5}})
    assert (body["code"], body["key"], body["params"]) == \
        ("bad_move", "move.unknown_type", {"type": "score"})
    body = _refused(api, pad["sid"], pad["tokens"][0],
                    {"type": "play_nature", "terrain": "forest", "at": [0, 0]})
    assert (body["code"], body["key"]) == ("bad_move", "move.unknown_type")
    # a field of the move's own, of the wrong form: listed as any schema error
    body = _refused(api, gaia["sid"], ada, {"type": "play_nature", "terrain": "forest",
                                            "at": [0.5, 0]})
    assert body["code"] == "unprocessable_entity"
    assert body["errors"] == {"at": {"0": ["Not a valid integer."]}}
    body = _refused(api, pad["sid"], pad["tokens"][0],
                    {"type": "score", "points": {"total": 10_001}})
    assert (body["code"], body["rule"]) == ("bad_move", "S2.1")
    assert body["errors"] == {"points.total": [body["detail"]]}


def test_a_field_of_another_game_is_named_as_this_games_lack(live):
    """Kazaam's ``answer`` sent to Gaia: refused as a field Gaia does not have, not
    judged by Kazaam's form for it (a word)."""
    api = Api(live.url)
    gaia = api.table(2)
    for value in (True, "cancel"):
        body = _refused(api, gaia["sid"], gaia["tokens"][0],
                        {"type": "claim_objective", "objective": 0, "answer": value})
        assert (body["code"], body["key"], body["params"]) == \
            ("bad_move", "move.unknown_field", {"field": "answer"})


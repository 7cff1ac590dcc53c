"""Refusals name their rule even when a move's shape catches them first:
a bound that a rule states answers with that rule's id and sentence, over HTTP,
and leaves the session as it was."""

from __future__ import annotations

from typing import Any

import pytest

from .client import Api


def _started(api: Api, game: str, joins: list[dict[str, Any]], **options: Any
             ) -> tuple[str, list[str], int]:
    created = api.create(game, **options)
    tokens = [api.join(created["code"], **j)["player_token"] for j in joins]
    r = api.post(f"/sessions/{created['id']}/start", created["host_token"], json={})
    assert r.status_code == 201, r.text
    return created["id"], tokens, r.json()["state"]["turn"]["seat"]


def _refused(api: Api, sid: str, token: str, move: dict[str, Any], lang: str = "en"
             ) -> dict[str, Any]:
    before = api.get(f"/sessions/{sid}").json()
    r = api.post(f"/sessions/{sid}/moves", token, json=move,
                 headers={"Accept-Language": lang})
    assert r.status_code == 422, r.text
    assert r.headers["Content-Type"].startswith("application/problem+json")
    assert api.get(f"/sessions/{sid}").json() == before  # nothing changed
    return r.json()  # type: ignore[no-any-return]


def _pad(api: Api, **options: Any) -> tuple[str, list[str], int]:
    return _started(api, "scorepad", [{"name": "Ada"}, {"name": "Bo"}], **options)


@pytest.mark.parametrize(("points", "lang", "sentence"), [
    (10_001, "en", "total: points are whole numbers from -10000 to 10000."),
    (-10_001, "en", "total: points are whole numbers from -10000 to 10000."),
    (2.5, "it", "total: i punti sono numeri interi da -10000 a 10000."),
    ("7", "de", "total: Punkte sind ganze Zahlen von -10000 bis 10000."),
])
def test_s2_1_points_out_of_range_or_not_integers_name_s2_1(live, points, lang, sentence):
    api = Api(live.url)
    sid, tokens, seat = _pad(api)
    body = _refused(api, sid, tokens[seat], {"type": "score", "points": {"total": points}},
                    lang)
    assert (body["rule"], body["key"]) == ("S2.1", "scorepad.score.points_range")
    assert body["detail"] == sentence
    assert body["params"]["field"] == "points.total"
    assert body["errors"] == {"points.total": [sentence]}


def test_s2_1_points_at_the_bounds_are_accepted(live):
    api = Api(live.url)
    sid, tokens, seat = _pad(api, scoring="per_round")
    for target, points in ((0, 10_000), (1, -10_000)):
        r = api.post(f"/sessions/{sid}/moves", tokens[seat],
                     json={"type": "score", "seat": target, "round": 1,
                           "points": {"total": points}})
        assert r.status_code == 201, r.text


def test_s2_1_round_zero_and_a_seat_out_of_range_name_s2_1(live):
    api = Api(live.url)
    sid, tokens, seat = _pad(api, scoring="per_round")
    body = _refused(api, sid, tokens[seat],
                    {"type": "score", "seat": 0, "round": 0, "points": {"total": 1}})
    assert (body["rule"], body["key"]) == ("S2.1", "scorepad.score.round_number")
    assert body["detail"] == "Rounds are whole numbers from 1 on."
    body = _refused(api, sid, tokens[seat],
                    {"type": "score", "seat": 12, "round": 1, "points": {"total": 1}}, "de")
    assert (body["rule"], body["key"]) == ("S2.1", "scorepad.score.seat_number")
    assert body["detail"] == "Plätze sind ganze Zahlen von 0 bis 11."


KAZAAM = [{"name": "Ada", "prototype": "fire", "ingredient": "mercury"},
          {"name": "Bo", "prototype": "bone", "ingredient": "sulphur"}]
SIX = ["mercury", "mercury", "sulphur", "sulphur", "mandrake", "mandrake"]


def test_k1_4_a_tile_with_more_than_five_ingredients_names_k1_4(live):
    api = Api(live.url)
    sid, tokens, seat = _started(api, "kazaam", KAZAAM)
    tile = {"homunculus": "wood", "part": "arm", "ingredients": SIX}
    for move in ({"type": "discard", "tile": tile},
                 {"type": "build", "tile": tile, "slot": "left_arm"}):
        body = _refused(api, sid, tokens[seat], move, "it")
        assert (body["rule"], body["key"]) == ("K1.4", "kazaam.tile.cost_count")
        assert body["detail"] == "Una tessera mostra da 2 a 5 ingredienti."
    one = {"homunculus": "wood", "part": "arm", "ingredients": ["mercury"]}
    assert _refused(api, sid, tokens[seat], {"type": "discard", "tile": one})["rule"] == "K1.4"


def test_k5_5_a_torso_taking_more_than_three_names_k5_5(live):
    api = Api(live.url)
    sid, tokens, seat = _started(api, "kazaam", KAZAAM)
    body = _refused(api, sid, tokens[seat], {"type": "power", "slot": "torso",
                                             "target": {"ingredients": SIX[:4]}})
    assert (body["rule"], body["detail"]) == ("K5.5", "Choose exactly 3 ingredients.")


def test_g1_1_a_city_card_with_five_needs_names_g1_1(live):
    api = Api(live.url)
    table = api.table()
    five = ["forest", "sea", "sea", "plains", "desert"]
    body = _refused(api, table["sid"], table["tokens"][0],
                    {"type": "play_city", "symbol": "sea", "at": [0, 0], "needs": five})
    assert body["rule"] == "G1.1"
    assert body["detail"] == "A city card needs exactly 4 needs, each a terrain or animals."

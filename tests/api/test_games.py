"""GET /api/v1/games: the games, their options and words, as create accepts them."""

from __future__ import annotations

import pytest
import requests

from companion.games import GAMES

from .client import Api

LANGS = {"en", "it", "de"}


def _complete(texts: dict[str, str]) -> bool:
    return set(texts) == LANGS and all(isinstance(v, str) and v.strip() for v in texts.values())


def test_the_listing_is_the_registry_in_its_order(live):
    r = Api(live.url).get("/games")
    assert r.status_code == 200
    assert [g["id"] for g in r.json()] == list(GAMES)


def test_the_listing_says_what_the_rules_say(live):
    """Examples from the rules: G1's players, K9's and G11's option words."""
    games = {g["id"]: g for g in Api(live.url).get("/games").json()}
    assert games["gaia"]["players"] == {"min": 2, "max": 5}
    assert games["scorepad"]["players"] == {"min": 1, "max": 12}
    assert games["scorepad"]["title"] == {"en": "Score pad", "it": "Segnapunti",
                                          "de": "Punkteblock"}
    gaia = {o["name"]: o for o in games["gaia"]["options"]}
    assert gaia["variant"]["values"] == ["base", "expert"]
    assert gaia["variant"]["value_labels"]["expert"]["de"] == "Expertenspiel"
    assert gaia["catastrophes"]["type"] == "boolean"
    assert gaia["catastrophes"]["requires"] == {"variant": "expert"}
    kazaam = {o["name"]: o for o in games["kazaam"]["options"]}
    assert kazaam["end"]["value_labels"]["finish_round"]["it"] == "a fine giro"


@pytest.mark.parametrize("name", list(GAMES))
def test_every_game_with_players_options_and_words(live, name):
    game = next(g for g in Api(live.url).get("/games").json() if g["id"] == name)
    engine = GAMES[name]
    assert game["players"] == {"min": engine.min_players, "max": engine.max_players}
    assert _complete(game["summary"]) and game["rules"] == f"/rules/{name}"
    assert [c["value"] for c in game["colors"]] == list(engine.colors)
    assert all(_complete(c["label"]) for c in game["colors"])
    for option in game["options"]:
        assert _complete(option["label"]) and _complete(option["help"]), option["name"]
        if option["type"] not in ("choice", "boolean"):
            continue  # free inputs: see test_the_score_pad_offers_free_inputs
        assert option["default"] in option["values"]
        keys = {str(v).lower() for v in option["values"]}
        assert set(option["value_labels"]) == keys
        assert all(_complete(t) for t in option["value_labels"].values())
        # every language says it in its own words (no English label left in it/de)
        if option["type"] == "choice":
            assert option["label"]["de"] != option["label"]["en"] or option["name"] == "end"


def test_the_score_pad_offers_free_inputs_with_their_bounds(live):
    """S1.1: a title, named categories and numbers, each with the bounds create keeps."""
    pad = next(g for g in Api(live.url).get("/games").json() if g["id"] == "scorepad")
    options = {o["name"]: o for o in pad["options"]}
    assert {n: o["type"] for n, o in options.items()} == {
        "title": "text", "categories": "texts", "rounds": "number", "scoring": "choice",
        "low_wins": "boolean", "min_players": "number", "max_players": "number"}
    assert options["title"]["max_length"] == 40 and options["title"]["values"] == []
    assert (options["categories"]["max_items"], options["categories"]["max_length"]) == (12, 24)
    assert (options["rounds"]["min"], options["rounds"]["max"]) == (1, 50)
    assert options["rounds"]["default"] is None  # none: the host ends the game
    assert (options["max_players"]["min"], options["max_players"]["max"]) == (1, 12)
    assert options["scoring"]["value_labels"]["per_round"]["en"] != "per_round"
    assert len(pad["colors"]) == 12  # twelve seats, twelve colours
    assert {c["value"]: c["label"]["it"] for c in pad["colors"]}["navy"] == "blu scuro"
    api = Api(live.url)
    too_many = api.post("/sessions", json={"game": "scorepad", "options": {
        "rounds": options["rounds"]["max"] + 1}})
    assert too_many.status_code == 422 and too_many.json()["rule"] == "S1.1"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_defaults_are_what_create_uses(live, game):
    api = Api(live.url)
    listed = next(g for g in api.get("/games").json() if g["id"] == game)
    created = api.create(game)
    options = api.get(f"/sessions/{created['id']}").json()["options"]
    for option in listed["options"]:
        assert options[option["name"]] == option["default"], option["name"]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_listed_value_is_accepted_by_create(live, game):
    api = Api(live.url)
    listed = next(g for g in api.get("/games").json() if g["id"] == game)
    for option in listed["options"]:
        needs = option["requires"] or {}
        for value in option["values"]:
            created = api.create(game, **needs, **{option["name"]: value})
            got = api.get(f"/sessions/{created['id']}").json()["options"]
            assert got[option["name"]] == value


def test_the_listing_is_in_the_openapi_document(live):
    spec = Api(live.url).get("/openapi.json").json()
    op = spec["paths"]["/api/v1/games"]["get"]
    schema = op["responses"]["200"]["content"]["application/json"]["schema"]
    assert schema["type"] == "array"


def test_the_games_lists_are_the_games_words(live):
    games = {g["id"]: g for g in Api(live.url).get("/games").json()}
    assert games["gaia"]["words"]["terrains"][:2] == ["plains", "desert"]
    assert "left_arm" in games["kazaam"]["words"]["places"]


@pytest.mark.parametrize("name", list(GAMES))
def test_the_games_lists_come_with_a_word_for_every_value(live, name):
    game = next(g for g in Api(live.url).get("/games").json() if g["id"] == name)
    assert game["words"] == {k: list(v) for k, v in (GAMES[name].words or {}).items()}
    for lang in LANGS:
        words = requests.get(f"{live.url}/i18n/{lang}.json", timeout=10).json()["messages"]
        for values in game["words"].values():
            for value in values:
                assert f"{name}.term.{value}" in words, (lang, value)

"""G1: components, card identities, accounting and hidden cards."""

import json

import pytest

from companion.games.errors import RuleViolation
from companion.games.gaia import GAIA

from .helpers import A, C, game, hand, play, rejects, tile


def test_g1_pawns_tiles_and_tokens():
    assert game(2)["players"][0]["pawns"] == 6
    s = game(3)
    assert [p["pawns"] for p in s["players"]] == [5, 5, 5]
    assert sum(s["supply"]["tiles"].values()) == 48 and s["supply"]["animals"] == 20


def test_g1_1_star_means_any_terrain_but_sea():
    s = game()
    tile(s, (0, 0), "sea")
    tile(s, (1, 0), "mountain")
    hand(s, 0, A("star"))
    rejects(s, 0, {"type": "play_animals", "symbol": "star", "at": [0, 0]}, "G5.2")
    s, _ = play(s, 0, {"type": "play_animals", "symbol": "star", "at": [1, 0]})


def test_g1_1_a_city_card_has_exactly_four_needs():
    s = game()
    tile(s, (0, 0), "plains")
    hand(s, 0, unknown={"life": 1})
    rejects(s, 0, {"type": "play_city", "symbol": "plains", "at": [0, 0],
                   "needs": ["forest", "sea", "sea"]}, "move")
    rejects(s, 0, {"type": "play_city", "symbol": "plains", "at": [0, 0],
                   "needs": ["forest", "sea", "sea", "lava"]}, "move")


def test_g1_2_a_ninth_forest_card_cannot_exist():
    s = game()
    for p in s["players"]:
        p["tableau"] = {"forest": 4}
    hand(s, 0, unknown={"nature": 1})
    tile(s, (0, 0), "plains")
    err = rejects(s, 0, {"type": "play_nature", "terrain": "forest", "at": [1, 0]}, "G1.2")
    assert err.params == {"kind": "forest", "limit": 8}
    rejects(s, 0, {"type": "draw", "pile": "nature", "from": "display", "slot": 0,
                   "refill": "forest"}, "G1.2")


def test_g1_2_counts_the_movers_own_declared_hand():
    s = game()
    s["players"][0]["tableau"] = {"swamp": 4}
    hand(s, 0, "swamp", unknown={"nature": 1})
    # public 4 + Ada's own declared swamp + the refill = 6 > 5
    rejects(s, 0, {"type": "draw", "pile": "nature", "from": "display", "slot": 0,
                   "refill": "swamp"}, "G1.2")


def test_g1_2_other_declarations_are_not_counted_and_turn_unknown():
    s = game()
    s["players"][0]["tableau"] = {"swamp": 4}
    s["players"][1]["hand"]["nature"] = {"known": ["swamp"], "unknown": 1}
    # Bo's private swamp does not block Ada's public fifth swamp (no leak) ...
    s, _ = play(s, 0, {"type": "draw", "pile": "nature", "from": "display", "slot": 0,
                       "refill": "swamp"})
    # ... and, impossible now, it turns back into an unknown card
    assert s["players"][1]["hand"]["nature"] == {"known": [], "unknown": 2}


def test_g1_2_life_cards_by_kind_and_by_catalog():
    s = game()
    s["piles"]["discard"] = [A("sea")] * 11
    tile(s, (0, 0), "forest")
    hand(s, 0, unknown={"life": 1})
    rejects(s, 0, {"type": "play_animals", "symbol": "forest", "at": [0, 0]}, "G1.2")

    catalog = [{"symbol": "plains", "needs": ["forest", "sea", "animals", "animals"]},
               {"symbol": "mountain", "needs": ["desert", "desert", "plains", "animals"]}]
    s = game(city_catalog=catalog)
    tile(s, (0, 0), "plains")
    tile(s, (1, 0), "forest")
    tile(s, (0, 1), "sea")
    hand(s, 0, unknown={"life": 1})
    rejects(s, 0, {"type": "play_city", "symbol": "plains", "at": [0, 0],
                   "needs": ["forest", "sea", "desert", "desert"]}, "G1.2")
    s, _ = play(s, 0, {"type": "play_city", "symbol": "plains", "at": [0, 0],
                       "needs": ["animals", "sea", "forest", "animals"]})  # order is free


def test_g1_3_playing_uses_a_declared_card_else_an_unknown_one():
    s = game()
    hand(s, 0, "forest", unknown={"nature": 1})
    s, _ = play(s, 0, {"type": "play_nature", "terrain": "forest", "at": [0, 0]})
    assert s["players"][0]["hand"]["nature"] == {"known": [], "unknown": 1}
    s, _ = play(s, 0, {"type": "play_nature", "terrain": "sea", "at": [1, 0]})
    assert s["players"][0]["hand"]["nature"] == {"known": [], "unknown": 0}


def test_g1_3_without_such_a_card_it_cannot_be_played():
    s = game()
    hand(s, 0, "forest", A("sea"))
    rejects(s, 0, {"type": "play_nature", "terrain": "sea", "at": [0, 0]}, "G1.3")
    rejects(s, 0, {"type": "play_city", "symbol": "sea", "at": [0, 0],
                   "needs": ["forest", "forest", "sea", "sea"]}, "G1.3")


def test_g1_3_private_declaration_and_its_limits():
    s = game()
    declared = GAIA.declare_hand(s, 0, {"nature": ["forest", "sea"],
                                        "life": [C("sea", "forest", "plains", "sea", "sea")]})
    assert declared["players"][0]["hand"]["nature"] == {"known": ["forest", "sea"],
                                                         "unknown": 0}
    assert s["players"][0]["hand"]["nature"]["unknown"] == 2  # input untouched
    with pytest.raises(RuleViolation) as info:
        GAIA.declare_hand(s, 0, {"nature": ["forest", "sea", "sea"]})
    assert info.value.rule == "G1.3"
    s["players"][1]["tableau"] = {"swamp": 4}
    with pytest.raises(RuleViolation) as info:
        GAIA.declare_hand(s, 0, {"nature": ["swamp", "swamp"]})
    assert info.value.rule == "G1.2"


def test_hidden_identities_never_leak_into_views_or_the_public_move():
    s = game()
    secret = C("swamp", "swamp", "swamp", "mountain", "mountain")
    s, _ = play(s, 0, {"type": "draw", "pile": "life", "from": "deck", "card": secret})
    public = GAIA.view_for(s, None)
    assert "hand" not in public
    for view in (public, GAIA.view_for(s, 1)):
        assert json.dumps(secret["needs"]) not in json.dumps(view)
    assert GAIA.view_for(s, 0)["hand"]["life"]["known"] == [secret]
    assert public["players"][0]["hand_size"] == 4
    move = {"type": "draw", "pile": "life", "from": "deck", "card": secret}
    assert GAIA.public_move(move) == {"type": "draw", "pile": "life", "from": "deck"}

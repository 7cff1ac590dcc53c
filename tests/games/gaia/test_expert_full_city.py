"""G10.1: a city built with all four needs satisfied gets two of its builder's pawns."""

from .helpers import DISPLAY, C, at, game, hand, play, tile, types

FOUR = ["forest", "plains", "desert", "animals"]


def _map():
    s = game(display={**DISPLAY, "power": ["sun", "defense"]}, variant="expert")
    tile(s, (0, 0), "forest", animals=1)  # forest and animals
    tile(s, (1, 0), "sea")  # the city's square
    tile(s, (2, 0), "plains")
    tile(s, (1, 1), "desert")
    return s


def test_g10_1_a_city_built_with_all_four_needs_gets_two_builder_pawns():
    s = _map()
    hand(s, 0, C("sea", *FOUR))
    s, events = play(s, 0, {"type": "play_city", "symbol": "sea", "at": [1, 0], "needs": FOUR})
    city = at(s, (1, 0))["city"]
    assert city["satisfied"] == 4
    assert city["pawns"] == [0, 0]
    assert s["players"][0]["pawns"] == 6 - 2
    assert types(events).count("pawn_placed") == 2


def test_g10_1_three_needs_at_building_give_one_pawn():
    s = _map()
    needs = ["forest", "plains", "desert", "mountain"]
    hand(s, 0, C("sea", *needs))
    s, _ = play(s, 0, {"type": "play_city", "symbol": "sea", "at": [1, 0], "needs": needs})
    assert at(s, (1, 0))["city"]["pawns"] == [0]
    assert s["players"][0]["pawns"] == 6 - 1

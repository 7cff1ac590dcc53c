"""G10.4 (decision of 2026-12-04): where a catastrophe sends things — pawns to their
owners' hands, city cards to the discard pile, animal tokens to the supply — then the
cities around re-evaluate (G6.7)."""

from .helpers import at, city, play, rejects, settle, tile, types
from .test_expert import expert, powers

CARD = {"kind": "city", "symbol": "plains", "needs": ["forest", "animals", "sea", "sea"]}


def _map():
    """Bo's plains city at [1, 0] (Ada's pawn and his own on it: base-game counts do
    not matter here) beside 4 animals on a forest at [0, 0]."""
    s = expert(catastrophes=True)
    tile(s, (0, 0), "forest", animals=4)
    city(s, (1, 0), "plains", CARD["needs"], builder=1, pawns=(1,))
    tile(s, (2, 0), "sea")
    tile(s, (1, 1), "sea")
    settle(s)
    powers(s, 0, "volcano", "lightning")
    assert at(s, (1, 0))["city"]["satisfied"] == 4
    assert s["supply"]["animals"] == 16 and s["players"][1]["pawns"] == 5
    return s


def test_g10_4_lightning_sends_the_city_card_to_the_discard_pile_and_the_pawn_home():
    s, events = play(_map(), 0, {"type": "play_power", "card": "lightning", "at": [1, 0]})
    assert at(s, (1, 0))["city"] is None and at(s, (1, 0))["terrain"] == "plains"
    assert s["piles"]["discard"] == [CARD]
    assert s["players"][1]["pawns"] == 6 and s["supply"]["animals"] == 16
    assert types(events)[:2] == ["power_played", "pawns_returned"]


def test_g10_4_lightning_sends_the_animals_to_the_supply():
    s, _events = play(_map(), 0, {"type": "play_power", "card": "lightning", "at": [0, 0]})
    assert at(s, (0, 0))["animals"] == 0 and s["supply"]["animals"] == 20
    assert s["piles"]["discard"] == []  # the city lost its animals need only: 3 of 4
    assert at(s, (1, 0))["city"]["satisfied"] == 3 and s["players"][1]["pawns"] == 5


def test_g10_4_volcano_sends_everything_in_its_area_where_it_belongs():
    s, _events = play(_map(), 0, {"type": "play_power", "card": "volcano", "at": [0, 0]})
    assert s["piles"]["discard"] == [CARD] and s["players"][1]["pawns"] == 6
    assert s["supply"]["animals"] == 20
    assert at(s, (0, 0))["terrain"] == "desert" and at(s, (1, 0))["terrain"] == "desert"
    assert s["supply"]["tiles"]["forest"] == 8 and s["supply"]["tiles"]["plains"] == 10
    # a refused Volcano (too few desert tiles) changes nothing
    short = _map()
    short["supply"]["tiles"]["desert"] = 1
    rejects(short, 0, {"type": "play_power", "card": "volcano", "at": [0, 0]}, "G10.4")

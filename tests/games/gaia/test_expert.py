"""G10: the expert game — one pawn per city, power cards, reactions, catastrophes."""

import pytest

from companion.games.errors import RuleViolation
from companion.games.gaia import legal_moves

from .helpers import DISPLAY, at, city, game, hand, play, rejects, settle, tile, types

EXPERT_DISPLAY = {**DISPLAY, "power": ["sun", "defense"]}


def expert(players=2, **options):
    return game(players, display=EXPERT_DISPLAY, variant="expert", **options)


def powers(s, seat, *cards, unknown=0):
    s["players"][seat]["hand"]["power"] = {"known": list(cards), "unknown": unknown}


def test_g10_2_setup_power_deal_display_and_deck():
    s = expert(3)
    assert s["piles"]["power"] == {"deck": 20 - 3 - 2, "display": ["sun", "defense"]}
    assert all(p["hand"]["power"] == {"known": [], "unknown": 1} for p in s["players"])
    assert s["options"]["power_deck"]["volcano"] == 0  # catastrophes off
    s = expert(2, catastrophes=True, power_deck={"sun": 3, "defense": 3, "volcano": 2})
    assert s["options"]["power_deck"]["volcano"] == 2 and s["piles"]["power"]["deck"] == 4
    with pytest.raises(RuleViolation):
        game(2, power_deck={"sun": 2})  # base game: no power deck
    with pytest.raises(RuleViolation):
        game(2, display=EXPERT_DISPLAY, variant="expert",
             objectives=["power", "power", "power", ["forest", "forest", "sea", "sea"]])


def test_g10_2_power_hand_limit_discards_a_third():
    s = expert()
    powers(s, 0, "sun", "rain")
    draw = {"type": "draw", "pile": "power", "from": "deck"}
    rejects(s, 0, draw, "G10.2")
    rejects(s, 0, {**draw, "discard": "forest"}, "G10.2")  # it must be a power card
    s, _events = play(s, 0, {**draw, "discard": "rain"})
    assert s["players"][0]["hand"]["power"] == {"known": ["sun"], "unknown": 1}
    assert s["piles"]["discard"] == ["rain"]


def test_g10_2_power_objective_and_played_cards_in_front():
    s = game(2, display=EXPERT_DISPLAY, variant="expert",
             objectives=["power", ["forest", "forest", "sea", "sea"]] * 2)
    assert s["objectives"][0]["requires"] == {"power": 4}
    s["players"][0]["powers"] = {"sun": 2, "rain": 1}
    rejects(s, 0, {"type": "claim_objective", "objective": 0}, "G8.1")
    s["players"][0]["powers"]["defense"] = 1
    s, _ = play(s, 0, {"type": "claim_objective", "objective": 0})
    assert s["players"][0]["powers"] == {} and len(s["piles"]["discard"]) == 4


def test_g10_3_sun_swaps_the_tile_keeping_its_city_and_re_evaluates():
    s = expert()
    tile(s, (0, 0), "swamp")
    city(s, (1, 0), "plains", ["swamp", "forest", "desert", "desert"], builder=1, pawns=(1,))
    tile(s, (2, 0), "forest")
    settle(s)
    assert at(s, (1, 0))["city"]["satisfied"] == 2
    powers(s, 0, "sun")
    s, events = play(s, 0, {"type": "play_power", "card": "sun", "at": [0, 0]})
    assert s["turn"]["phase"] == "reaction"
    assert at(s, (0, 0))["terrain"] == "swamp"  # nothing happens before the window closes
    s, events = play(s, 0, {"type": "nobody_defended"})
    assert types(events)[:3] == ["terrain_changed", "city_needs_changed", "pawns_returned"]
    assert at(s, (0, 0))["terrain"] == "plains"
    assert at(s, (1, 0))["city"]["satisfied"] == 1 and at(s, (1, 0))["city"]["pawns"] == []
    assert s["supply"]["tiles"]["swamp"] == 7 and s["supply"]["tiles"]["plains"] == 8
    assert s["players"][0]["powers"] == {"sun": 1}


def test_g10_3_sun_and_rain_targets_and_the_supply():
    s = expert()
    tile(s, (0, 0), "forest")
    tile(s, (1, 0), "plains")
    powers(s, 0, "sun", "rain")
    rejects(s, 0, {"type": "play_power", "card": "sun", "at": [0, 0]}, "G10.3")
    s["supply"]["tiles"]["desert"] = 0
    rejects(s, 0, {"type": "play_power", "card": "sun", "at": [1, 0]}, "G10.3")
    s2, _ = play(s, 0, {"type": "play_power", "card": "rain", "at": [1, 0]})
    s2, _ = play(s2, 1, {"type": "pass"})  # the only other player passed: it acts
    assert at(s2, (1, 0))["terrain"] == "swamp" and s2["turn"]["phase"] == "actions"
    template = [m for m in legal_moves(s, 0) if m["type"] == "play_power" and m["card"] == "rain"]
    assert template[0]["at"] == [[1, 0]]


def test_g10_3_earthquake_swaps_neighbours_with_animals_and_cities():
    s = expert()
    tile(s, (0, 0), "forest", animals=4)
    city(s, (1, 0), "plains", ["forest", "animals", "sea", "sea"], builder=1)
    tile(s, (2, 0), "sea")
    tile(s, (5, 5), "sea")
    settle(s)
    powers(s, 0, "earthquake")
    rejects(s, 0, {"type": "play_power", "card": "earthquake", "at": [0, 0], "to": [2, 0]},
            "G10.3")
    s, _ = play(s, 0, {"type": "play_power", "card": "earthquake", "at": [0, 0], "to": [1, 0]})
    s, _events = play(s, 0, {"type": "nobody_defended"})
    assert at(s, (1, 0))["terrain"] == "forest" and at(s, (1, 0))["animals"] == 4
    moved = at(s, (0, 0))["city"]
    assert moved["builder"] == 1 and at(s, (0, 0))["terrain"] == "plains"
    assert moved["satisfied"] == 2  # forest and animals beside it still; no sea beside it now


def test_g10_3_defense_cancels_and_the_window_rules():
    s = expert(3)
    tile(s, (0, 0), "swamp")
    powers(s, 0, "sun")
    powers(s, 1, "defense")
    powers(s, 2)
    s, events = play(s, 0, {"type": "play_power", "card": "sun", "at": [0, 0]})
    assert legal_moves(s, 0) == [{"type": "nobody_defended"}]
    assert legal_moves(s, 1) == [{"type": "defend"}, {"type": "pass"}]
    assert legal_moves(s, 2) == [{"type": "pass"}]
    rejects(s, 0, {"type": "draw", "pile": "nature", "from": "deck"}, "G10.3", status=409)
    rejects(s, 1, {"type": "end_turn"}, "G10.3", status=409)
    rejects(s, 0, {"type": "defend"}, "G10.3", status=409)  # no counter-defence by the actor
    rejects(s, 2, {"type": "nobody_defended"}, "G10.3", status=409)
    rejects(s, 2, {"type": "defend"}, "G1.3")  # no defense card in hand
    s2, _ = play(s, 2, {"type": "pass"})
    rejects(s2, 2, {"type": "pass"}, "G10.3")
    s3, events = play(s2, 1, {"type": "defend"})
    assert types(events) == ["power_defended"]
    assert at(s3, (0, 0))["terrain"] == "swamp"  # cancelled: no effect on the map
    assert s3["players"][0]["powers"] == {"sun": 1}  # still played, in front of Ada
    assert s3["players"][1]["powers"] == {"defense": 1}
    assert s3["turn"] == {**s3["turn"], "seat": 0, "actions_left": 1, "phase": "actions",
                          "reaction": None}
    # all others passing lets it act
    s4, _ = play(s2, 1, {"type": "pass"})
    assert at(s4, (0, 0))["terrain"] == "plains"


def test_g10_3_window_closing_spends_the_last_action_and_passes_the_turn():
    s = expert()
    tile(s, (0, 0), "swamp")
    powers(s, 0, "sun")
    s["turn"]["actions_left"] = 1
    s, events = play(s, 0, {"type": "play_power", "card": "sun", "at": [0, 0]})
    assert s["turn"]["seat"] == 0 and s["turn"]["phase"] == "reaction"
    s, events = play(s, 1, {"type": "pass"})
    assert types(events)[-1] == "turn_passed" and s["turn"]["seat"] == 1


def test_g10_3_tornado_takes_one_card_from_each_keeps_one():
    s = expert(3)
    hand(s, 1, "forest", unknown={"life": 1})
    hand(s, 2, unknown={"nature": 1})
    powers(s, 0, "tornado")
    powers(s, 1)
    powers(s, 2)
    s, _ = play(s, 0, {"type": "play_power", "card": "tornado"})
    s, events = play(s, 0, {"type": "nobody_defended"})
    assert s["turn"]["phase"] == "tornado" and types(events)[-1] == "tornado_choice"
    rejects(s, 0, {"type": "tornado", "taken": [{"seat": 1, "card": "forest"}], "keep": 0},
            "G10.3")
    rejects(s, 0, {"type": "draw", "pile": "nature", "from": "deck"}, "G3.1", status=409)
    s, events = play(s, 0, {"type": "tornado", "keep": 1,
                            "taken": [{"seat": 1, "card": "forest"},
                                      {"seat": 2, "card": "mountain"}]})
    assert s["players"][1]["hand"]["nature"] == {"known": [], "unknown": 0}
    assert s["players"][2]["hand"]["nature"] == {"known": [], "unknown": 0}
    assert "mountain" in s["players"][0]["hand"]["nature"]["known"]
    assert s["piles"]["discard"] == ["forest"] and s["turn"]["phase"] == "actions"


def test_g10_1_one_players_pawns_per_city_and_two_at_all_four():
    s = expert()
    city(s, (0, 0), "plains", ["forest", "sea", "desert", "swamp"], builder=1, pawns=(1,))
    tile(s, (1, 0), "forest")
    tile(s, (0, 1), "sea")
    settle(s)
    hand(s, 0, "desert", "swamp")
    s, events = play(s, 0, {"type": "play_nature", "terrain": "desert", "at": [-1, 0]})
    assert {"type": "pawns_returned", "at": [0, 0], "seats": [1], "terrain": "plains",
            "owner": 1} in events
    assert at(s, (0, 0))["city"]["pawns"] == [0] and s["players"][1]["pawns"] == 6
    s, events = play(s, 0, {"type": "play_nature", "terrain": "swamp", "at": [0, -1]})
    assert at(s, (0, 0))["city"]["satisfied"] == 4
    assert at(s, (0, 0))["city"]["pawns"] == [0, 0]  # all four needs: a second pawn
    assert s["players"][0]["pawns"] == 4


def test_g10_4_volcano_and_lightning():
    s = expert(catastrophes=True)
    tile(s, (0, 0), "forest", animals=4)
    city(s, (1, 0), "plains", ["forest", "animals", "sea", "sea"], builder=1, pawns=(1,))
    tile(s, (2, 0), "sea")
    tile(s, (0, 1), "mountain")
    settle(s)
    powers(s, 0, "volcano", "lightning")
    s["supply"]["tiles"]["desert"] = 1
    rejects(s, 0, {"type": "play_power", "card": "volcano", "at": [0, 0]}, "G10.4")
    s["supply"]["tiles"]["desert"] = 10
    s2, _events = play(s, 0, {"type": "play_power", "card": "volcano", "at": [0, 0]})
    assert s2["turn"]["phase"] == "actions"  # no window for catastrophes
    assert at(s2, (1, 0))["city"] is None and s2["players"][1]["pawns"] == 6
    assert at(s2, (0, 0))["terrain"] == "desert" and at(s2, (0, 0))["animals"] == 0
    assert at(s2, (1, 0))["terrain"] == "desert" and at(s2, (0, 1))["terrain"] == "mountain"
    assert s2["supply"]["animals"] == 20 and s2["supply"]["tiles"]["desert"] == 8
    s3, _ = play(s, 0, {"type": "play_power", "card": "lightning", "at": [1, 0]})
    assert at(s3, (1, 0))["city"] is None and at(s3, (1, 0))["terrain"] == "plains"
    s3b, _ = play(s, 0, {"type": "play_power", "card": "lightning", "at": [0, 0]})
    # the animals need is lost; forest and the two sea icons remain
    assert at(s3b, (0, 0))["animals"] == 0 and at(s3b, (1, 0))["city"]["satisfied"] == 3
    off = expert()
    tile(off, (0, 0), "forest")
    powers(off, 0, "volcano")
    rejects(off, 0, {"type": "play_power", "card": "volcano", "at": [0, 0]}, "G10.4")


def test_g10_1_the_holder_raising_again_gains_nothing():
    s = expert()
    city(s, (0, 0), "plains", ["forest", "sea", "desert", "swamp"], builder=0, pawns=(0,))
    tile(s, (1, 0), "forest")
    tile(s, (0, 1), "sea")
    settle(s)
    hand(s, 0, "desert")
    rejects(s, 0, {"type": "play_nature", "terrain": "desert", "at": [-1, 0],
                   "claim_cities": [[0, 0]]}, "G6.5")
    s, events = play(s, 0, {"type": "play_nature", "terrain": "desert", "at": [-1, 0]})
    assert "pawn_placed" not in types(events)
    assert at(s, (0, 0))["city"]["pawns"] == [0] and at(s, (0, 0))["city"]["satisfied"] == 3

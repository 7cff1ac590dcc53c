"""G9.2, G9.3, G10.1, G10.2: the end of the game and the expert decisions."""

from __future__ import annotations

from companion.games.gaia import GAIA

from .helpers import DISPLAY, at, city, game, hand, play, settle, tile, types

EXPERT_DISPLAY = {**DISPLAY, "power": ["sun", "defense"]}


def expert(players: int = 2, **options):
    return game(players, display=EXPERT_DISPLAY, variant="expert", **options)


def test_g9_2_the_power_pile_running_out_does_not_end_the_game():
    s = expert()
    s["piles"]["power"]["deck"] = 1
    s["piles"]["power"]["display"] = [None, None]
    s, events = play(s, 0, {"type": "draw", "pile": "power", "from": "deck", "card": "sun"})
    assert s["piles"]["power"] == {"deck": 0, "display": [None, None]}
    assert s["status"] == "playing" and "game_over" not in types(events)
    # the nature cards running out still ends it
    s["piles"]["nature"]["deck"] = 0
    s["piles"]["nature"]["display"] = [None, None, "sea"]
    s, events = play(s, 0, {"type": "draw", "pile": "nature", "from": "display", "slot": 2})
    assert s["status"] == "finished" and s["result"]["reason"] == "nature_cards_out"


def test_g9_3_pawns_on_objectives_count_like_pawns_on_cities():
    s = game(3)
    city(s, (0, 0), "plains", ["forest", "sea", "sea", "sea"], builder=1, pawns=(1,))
    city(s, (2, 0), "plains", ["forest", "sea", "sea", "sea"], builder=1, pawns=(1,))
    tile(s, (1, 0), "forest")
    settle(s)
    s["objectives"][0]["claimed_by"] = 2
    s["objectives"][1]["claimed_by"] = 2
    s["objectives"][2]["claimed_by"] = 2
    s["players"][2]["pawns"] -= 3
    s["piles"]["nature"]["deck"] = 1
    s["piles"]["nature"]["display"] = [None, None, None]
    s, _ = play(s, 0, {"type": "draw", "pile": "nature", "from": "deck"})
    # Cy: 3 pawns on objectives; Bo: 2 on cities; Ada: none
    assert s["result"]["ranking"] == [2, 1, 0]
    rows = {r["seat"]: r for r in GAIA.score(s)["players"]}
    assert rows[2]["total"] == 3 and rows[2]["breakdown"]["objectives"] == 3
    assert rows[1]["total"] == 2 and rows[1]["breakdown"]["cities"] == 2


def test_g10_1_the_holder_raising_to_four_gets_the_second_pawn():
    s = expert()
    city(s, (0, 0), "plains", ["forest", "sea", "desert", "swamp"], builder=0, pawns=(0,))
    tile(s, (1, 0), "forest")
    tile(s, (0, 1), "sea")
    tile(s, (-1, 0), "desert")
    settle(s)
    assert at(s, (0, 0))["city"]["satisfied"] == 3
    hand(s, 0, "swamp")
    s, events = play(s, 0, {"type": "play_nature", "terrain": "swamp", "at": [0, -1]})
    assert at(s, (0, 0))["city"]["satisfied"] == 4
    assert at(s, (0, 0))["city"]["pawns"] == [0, 0]
    assert types(events).count("pawn_placed") == 1 and s["players"][0]["pawns"] == 4


def test_g10_2_claiming_a_power_objective_discards_exactly_four_power_cards():
    s = game(2, display=EXPERT_DISPLAY, variant="expert",
             objectives=["power", ["forest", "forest", "sea", "sea"]] * 2)
    s["players"][0]["powers"] = {"sun": 2, "rain": 2, "defense": 1}
    s["players"][0]["tableau"] = {"forest": 1}
    s, events = play(s, 0, {"type": "claim_objective", "objective": 0})
    assert events == [{"type": "objective_claimed", "seat": 0, "objective": 0, "number": 1,
                       "requires": {"power": 4}}]
    assert sum(s["players"][0]["powers"].values()) == 1
    assert sorted(s["piles"]["discard"]) == ["rain", "rain", "sun", "sun"]
    assert s["players"][0]["tableau"] == {"forest": 1}  # nature cards are not touched
    assert s["objectives"][0]["claimed_by"] == 0 and s["players"][0]["pawns"] == 5

"""G2 setup and G11 options."""

import pytest

from companion.games.errors import RuleViolation
from companion.games.gaia import new_game, normalize_options

from .helpers import DISPLAY, game


def _rule(fn, *args):
    with pytest.raises(RuleViolation) as info:
        fn(*args)
    return info.value.rule


@pytest.mark.parametrize(("players", "objectives", "nature", "life"),
                         [(2, 4, 33, 27), (3, 5, 31, 26), (4, 6, 29, 25), (5, 7, 27, 24)])
def test_g2_1_g2_3_objective_count_and_deck_sizes(players, objectives, nature, life):
    s = game(players)
    assert len(s["objectives"]) == objectives
    assert s["piles"]["nature"]["deck"] == nature and s["piles"]["life"]["deck"] == life
    with pytest.raises(RuleViolation) as info:
        game(players, objectives=[["forest", "forest", "sea", "sea"]] * (objectives - 1))
    assert info.value.rule == "G2.1"


@pytest.mark.parametrize("objective", [["forest", "forest", "forest", "forest"],
                                       ["forest", "sea", "sea", "sea"],
                                       ["forest", "sea", "plains", "desert"],
                                       ["forest", "sea", "plains", "desert", "swamp", "swamp"],
                                       ["lava", "lava", "sea", "sea"]])
def test_g2_1_objective_shapes_are_checked(objective):
    with pytest.raises(RuleViolation) as info:
        game(2, objectives=[objective] * 4)
    assert info.value.rule == "G2.1"


def test_g2_1_both_objective_shapes_accepted():
    s = game(2, objectives=[["forest", "sea", "forest", "sea"],
                            ["plains", "desert", "forest", "sea", "swamp", "mountain"]] * 2)
    assert s["objectives"][0]["requires"] == {"forest": 2, "sea": 2}
    assert s["objectives"][1]["requires"] == {t: 1 for t in
                                              ("plains", "desert", "forest", "sea", "swamp",
                                               "mountain")}


def test_g2_2_deal_and_display():
    s = game(3)
    for p in s["players"]:
        assert p["hand"] == {"nature": {"known": [], "unknown": 2},
                             "life": {"known": [], "unknown": 1}}
    assert s["piles"]["nature"]["display"] == DISPLAY["nature"]
    with pytest.raises(RuleViolation) as info:
        game(2, display={"nature": ["forest"], "life": DISPLAY["life"]})
    assert info.value.rule == "G2.2"


def test_g2_4_seating_and_first_player():
    roster = [{"name": n} for n in ("Ada", "Bo", "Cy")]
    setup = {"objectives": [["forest", "forest", "sea", "sea"]] * 5, "display": DISPLAY,
             "seating": [2, 0, 1], "first_player": 0}
    s = new_game(normalize_options({}), roster, setup)
    assert s["order"] == [2, 0, 1] and s["turn"]["seat"] == 0
    assert _rule(new_game, normalize_options({}), roster, {**setup, "seating": [0, 0, 1]}) \
        == "G2.4"
    assert _rule(new_game, normalize_options({}), roster, {**setup, "first_player": 3}) == "G2.4"


def test_g1_player_count():
    with pytest.raises(RuleViolation) as info:
        game(1)
    assert info.value.rule == "G1"


def test_g11_defaults_and_bad_values():
    assert normalize_options({}) == {
        "variant": "base", "feeding": "builder", "end_on": "pile_and_display_empty",
        "auto_end_turn": True, "catastrophes": False, "duplicate_needs": "each_icon",
        "city_catalog": None, "power_deck": None}
    assert _rule(normalize_options, {"feeding": "everyone"}) == "G11"
    assert _rule(normalize_options, {"auto_end_turn": 1}) == "G11"
    assert _rule(normalize_options, {"colour": "red"}) == "G11"
    assert _rule(normalize_options, {"city_catalog": "none"}) == "G11"


def test_gaia_seats_two_to_five_in_turns_with_hidden_hands():
    from companion.games import GAMES

    gaia = GAMES["gaia"]
    assert gaia.player_bounds(gaia.normalize_options({})) == (2, 5)
    assert gaia.plays == {"turns", "hidden_hands"} and not gaia.seat_in_move

"""S1: options within their bounds, seating, joining up to twelve players."""

from __future__ import annotations

import pytest

from companion.games.errors import RuleViolation
from companion.games.scorepad import SCOREPAD, new_game, normalize_options
from companion.games.scorepad.state import COLORS

from .helpers import game


def refused_option(raw: dict, key: str = "") -> RuleViolation:
    with pytest.raises(RuleViolation) as info:
        normalize_options(raw)
    assert info.value.rule == "S1.1"
    if key:
        assert info.value.key == key
    return info.value


def test_s1_1_defaults():
    assert normalize_options({}) == {
        "title": "", "categories": [], "rounds": None, "scoring": "per_turn",
        "low_wins": False, "min_players": 1, "max_players": 12}


def test_s1_1_title_is_visible_text_of_at_most_40():
    assert normalize_options({"title": "  Catan  "})["title"] == "Catan"
    assert normalize_options({"title": "x" * 40})["title"] == "x" * 40
    assert normalize_options({"title": "   "})["title"] == ""
    for bad in ("x" * 41, "Cat\nan", "Ca\u202etan", 7):
        err = refused_option({"title": bad}, "scorepad.options.title")
        assert "40" in err.sentence("de")


def test_s1_1_categories_up_to_twelve_distinct_names():
    twelve = [f"Row {i}" for i in range(12)]
    assert normalize_options({"categories": twelve})["categories"] == twelve
    assert normalize_options({"categories": [" Cards "]})["categories"] == ["Cards"]
    for bad in ([*twelve, "Row 12"], ["Cards", "CARDS"], ["x" * 25], [""], "Cards", [3]):
        err = refused_option({"categories": bad}, "scorepad.options.categories")
        assert "12" in err.sentence("it") and "24" in err.sentence("it")


def test_s1_1_rounds_none_or_1_to_50():
    assert normalize_options({"rounds": None})["rounds"] is None
    assert normalize_options({"rounds": 1})["rounds"] == 1
    assert normalize_options({"rounds": 50})["rounds"] == 50
    for bad in (0, 51, -1, True, "3", 2.5):
        err = refused_option({"rounds": bad}, "scorepad.options.number")
        assert err.params["option"] == "rounds"
        assert "Runden" in err.sentence("de") and "50" in err.sentence("de")


def test_s1_1_scoring_low_wins_and_unknown_options():
    assert normalize_options({"scoring": "per_round"})["scoring"] == "per_round"
    assert normalize_options({"low_wins": True})["low_wins"] is True
    assert refused_option({"scoring": "per_game"}).params["option"] == "scoring"
    assert refused_option({"low_wins": 1}).params["option"] == "low_wins"
    err = refused_option({"variant": "expert"}, "scorepad.options.unknown")
    assert "variant" in str(err)
    refused_option([], "scorepad.options.bad")  # type: ignore[arg-type]


def test_s1_1_player_bounds():
    assert normalize_options({"min_players": 2, "max_players": 2})["max_players"] == 2
    for name in ("min_players", "max_players"):
        for bad in (0, 13, False):
            assert refused_option({name: bad}).params["option"] == name
    refused_option({"min_players": 5, "max_players": 4}, "scorepad.options.players")


def test_s1_1_the_game_starts_only_within_the_player_bounds():
    options = normalize_options({"min_players": 2, "max_players": 3})
    for n in (1, 4):
        with pytest.raises(RuleViolation) as info:
            new_game(options, [{"name": f"P{i}", "color": "red"} for i in range(n)], {})
        assert info.value.rule == "S1.1" and info.value.params["n"] == n
    assert len(game(1)["players"]) == 1  # a solo game is a game


def test_s1_2_seating_and_first_player():
    s = game(3, {"seating": [2, 0, 1], "first_player": 0})
    assert s["order"] == [2, 0, 1] and s["turn"] == {"seat": 0, "number": 1}
    assert s["round"] == 1 and s["entries"] == {"0": {}, "1": {}, "2": {}}
    for setup in ({"seating": [0, 0, 1]}, {"seating": [0, 1]}, {"first_player": 5}):
        with pytest.raises(RuleViolation) as info:
            game(3, setup)
        assert info.value.rule == "S1.2"


def test_s1_2_twelve_players_join_with_twelve_colours():
    options = normalize_options({})
    roster: list[dict] = []
    for i in range(12):
        roster.append(SCOREPAD.join_player(options, roster, {"name": f"P{i}"}))
    assert [p["color"] for p in roster] == list(COLORS)
    assert SCOREPAD.join_info(options, roster) == {"colors": [], "seats_left": 0}
    with pytest.raises(RuleViolation) as info:
        SCOREPAD.join_player(options, roster, {"name": "Late"})
    assert info.value.key == "join.full" and info.value.params["max"] == 12


def test_s1_2_joining_refuses_names_and_colours_already_taken():
    options = normalize_options({"max_players": 3})
    roster = [SCOREPAD.join_player(options, [], {"name": "Ada", "color": "teal"})]
    assert roster[0] == {"name": "Ada", "color": "teal"}
    info = SCOREPAD.join_info(options, roster)
    assert "teal" not in info["colors"] and info["seats_left"] == 2
    for fields, key in (({"name": "ADA"}, "join.name_taken"),
                        ({"name": "Bo", "color": "teal"}, "join.color_taken"),
                        ({"name": "Bo", "color": "gold"}, "join.bad_color"),
                        ({"name": "\u200b"}, "join.name_invisible"),
                        ({"name": ""}, "join.bad_name")):
        with pytest.raises(RuleViolation) as caught:
            SCOREPAD.join_player(options, roster, fields)
        assert caught.value.key == key and caught.value.rule == "S1.2"


def test_s1_1_the_limits_offered_are_the_limits_kept():
    from companion.games.scorepad.options import LIMITS

    numbers = [o.name for o in SCOREPAD.options if o.type == "number"]
    assert numbers == ["rounds", "min_players", "max_players"]
    for name in numbers:
        low, high = LIMITS[name]
        other = {"min_players": 1} if name == "max_players" else {"max_players": 12}
        for ok in (low, high):
            assert normalize_options({**other, name: ok})[name] == ok
        for bad in (low - 1, high + 1):
            refused_option({**other, name: bad}, "scorepad.options.number")
    most_rows, most_chars = LIMITS["categories"]
    refused_option({"categories": [f"r{i}" for i in range(most_rows + 1)]})
    refused_option({"categories": ["x" * (most_chars + 1)]})
    assert normalize_options({"title": "t" * LIMITS["title"][1]})["title"]


def test_the_score_pad_takes_its_player_bounds_and_title_from_its_options():
    from companion.games import GAMES

    pad = GAMES["scorepad"]
    options = pad.normalize_options({"min_players": 3, "max_players": 7, "title": "Skat"})
    assert pad.player_bounds(options) == (3, 7)
    assert pad.lobby_view(options, [])["title"] == "Skat"
    assert len(pad.colors) == 12 and pad.seat_in_move and pad.plays == {"turns"}

"""What every game declares for the middle (``companion.games.base.Game``): the pages,
the API and the sessions read these instead of naming a game."""

from __future__ import annotations

import importlib

import pytest

from companion.games import GAMES
from companion.games.messages import catalogue
from companion.i18n import languages

TYPES = {"choice", "boolean", "text", "texts", "number"}


def _dealt(name: str, players: int = 3):
    return importlib.import_module(f"companion.games.{name}.playout").Table.deal(1, players)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_game_declares_enough_colours_rules_and_words(name):
    game = GAMES[name]
    least, most = game.player_bounds(game.normalize_options({}))
    assert 1 <= least <= most <= len(game.colors), "a colour for every seat"
    assert len(set(game.colors)) == len(game.colors)
    for color in game.colors:  # every colour has a word in every language
        assert f"{name}.term.{color}" in catalogue() or f"term.{color}" in catalogue(), color
    assert game.rules is not None and game.rules.rules
    assert set(game.label) == set(languages()) and all(game.label.values())
    assert game.shapes is not None and "name" in game.shapes.join.fields


@pytest.mark.parametrize("name", sorted(GAMES))
def test_options_have_a_known_type_and_free_inputs_their_bounds(name):
    for option in GAMES[name].options:
        assert option.type in TYPES, option
        if option.type in ("choice", "boolean"):
            assert option.default in option.values and option.limits is None
        else:
            assert option.values == () and option.limits is not None, option.name
            low, high = option.limits
            assert 0 <= low <= high


@pytest.mark.parametrize("name", sorted(GAMES))
def test_whose_turn_follows_the_state_and_stops_at_the_end(name):
    game = GAMES[name]
    table = _dealt(name)
    assert game.status(table.state) == "playing"
    assert game.on_turn(table.state) == table.state["turn"]["seat"]
    for _ in table.play(max_moves=300):
        assert game.on_turn(table.state) in (None, table.state["turn"]["seat"])
    state = table.state
    if game.status(state) == "playing":  # an open-ended pad: the host ends it
        state, _ = game.finish(state)
    assert game.status(state) == "finished" and game.on_turn(state) is None


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_lobby_view_is_the_game_s_own(name):
    game = GAMES[name]
    view = game.lobby_view(game.normalize_options({}), [])
    assert view["turn"] is None and view["result"] is None


def test_the_score_pad_takes_its_player_bounds_and_title_from_its_options():
    pad = GAMES["scorepad"]
    options = pad.normalize_options({"min_players": 3, "max_players": 7, "title": "Skat"})
    assert pad.player_bounds(options) == (3, 7)
    assert pad.lobby_view(options, [])["title"] == "Skat"
    assert len(pad.colors) == 12 and pad.seat_in_move
    assert not any(GAMES[g].seat_in_move for g in GAMES if g != "scorepad")
    assert GAMES["gaia"].player_bounds(GAMES["gaia"].normalize_options({})) == (2, 5)


def test_a_game_may_say_whose_turn_it_is_itself():
    from dataclasses import replace

    pad = replace(GAMES["scorepad"], whose_turn=lambda state: 5)
    assert pad.on_turn(_dealt("scorepad").state) == 5

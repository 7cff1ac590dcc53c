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
def test_a_game_declares_how_it_is_played(name):
    """Turns or simultaneous play, exactly one; hidden hands or none, and its engine
    agrees: a game without hidden hands refuses every declaration."""
    from companion.games.base import PLAYS
    from companion.games.errors import RuleError

    game = GAMES[name]
    assert game.plays <= PLAYS, game.plays - PLAYS
    assert len(game.plays & {"turns", "simultaneous"}) == 1, game.plays
    table = _dealt(name)
    if "hidden_hands" not in game.plays:
        with pytest.raises(RuleError):
            game.declare_hand(table.state, 0, {})
    movers = [seat for seat in range(3) if game.legal_moves(table.state, seat)]
    if "simultaneous" in game.plays:  # everybody may move at once
        assert movers == [0, 1, 2]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_whose_turn_follows_the_state_and_stops_at_the_end(name):
    """A game of turns names the seat on turn while it is played; a simultaneous one
    never names one. Either way nobody is on turn once it is over."""
    game = GAMES[name]
    table = _dealt(name)
    turns = "turns" in game.plays
    assert game.status(table.state) == "playing"
    assert game.on_turn(table.state) == (table.state["turn"]["seat"] if turns else None)
    for _ in table.play(max_moves=300):
        expected = (None, table.state["turn"]["seat"]) if turns else (None,)
        assert game.on_turn(table.state) in expected
    state = table.state
    if game.status(state) == "playing":  # an open-ended pad: the host ends it
        state, _ = game.finish(state)
    assert game.status(state) == "finished" and game.on_turn(state) is None


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_lobby_view_is_the_game_s_own(name):
    game = GAMES[name]
    view = game.lobby_view(game.normalize_options({}), [])
    assert view["turn"] is None and view["result"] is None


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_game_may_say_whose_turn_it_is_itself(name):
    from dataclasses import replace

    game = replace(GAMES[name], whose_turn=lambda state: 5)
    assert game.on_turn(_dealt(name).state) == 5

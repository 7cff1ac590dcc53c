"""The registry-wide tests read each game's expectations from its own test package:
every registered game has one, and what it declares is read (not the defaults)."""

import pytest

from companion.games import GAMES
from tests.games.facts import fact, playout


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_registered_game_has_its_tests_and_a_playout(game):
    assert fact(game, "__name__", None) == f"tests.games.{game}"
    table = playout(game).deal(1, GAMES[game].player_bounds(GAMES[game].normalize_options({}))[0])
    assert table.state["status"] == "playing"


def test_declared_facts_are_read():
    assert "tornado" in fact("gaia", "SENTENCE_WORDS", ())
    assert fact("scorepad", "FEWEST_REFUSALS", 8) == 4
    assert fact("kazaam", "FEWEST_REFUSALS", 8) == 8  # the default

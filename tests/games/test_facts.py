"""The registry-wide tests read each game's expectations from its own test package:
every registered game has one, and what it declares is read (not the defaults)."""

import importlib

import pytest

from companion.games import GAMES
from tests.games.facts import fact, playout


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_registered_game_has_its_tests_and_a_playout(game):
    assert fact(game, "__name__", None) == f"tests.games.{game}"
    table = playout(game).deal(1, GAMES[game].player_bounds(GAMES[game].normalize_options({}))[0])
    assert table.state["status"] == "playing"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_declared_facts_are_read(game):
    """What a game's test package declares (upper-case names) is what the shared tests
    get, not the defaults."""
    package = importlib.import_module(f"tests.games.{game}")
    declared = [name for name in vars(package) if name.isupper()]
    for name in declared:
        assert fact(game, name, object()) is getattr(package, name), name
    assert fact(game, "NO_SUCH_FACT", "default") == "default"

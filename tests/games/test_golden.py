"""Every game pins golden playouts (chess perft's manner: fixed seeds of its simulated
table, with the move count, the final ranking and a hash of the event stream) in its own
test package, ``tests/games/<game>/test_golden.py``: ``VARIANTS`` (name -> options),
``SEEDS`` (seed -> players) and ``GOLDEN`` for every pair of them. This test only checks
that each registered game has them and plays them all, each on its own game's simulated
table; a game's package prints its new table after an intended rule change with
``python -m tests.games.<game>.test_golden``."""

from __future__ import annotations

import importlib

import pytest

from companion.games import GAMES
from tests.games.checks import golden_of


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_pins_golden_playouts_in_its_own_package(game: str) -> None:
    module = importlib.import_module(f"tests.games.{game}.test_golden")
    pairs = {(variant, seed) for variant in module.VARIANTS for seed in module.SEEDS}
    assert module.VARIANTS and set(module.GOLDEN) == pairs


def _pinned() -> list[tuple[str, str, int]]:
    pins = []
    for game in sorted(GAMES):
        module = importlib.import_module(f"tests.games.{game}.test_golden")
        pins += [(game, variant, seed) for variant in module.VARIANTS for seed in module.SEEDS]
    return pins


@pytest.mark.parametrize(("game", "variant", "seed"), _pinned())
def test_golden_playout(game: str, variant: str, seed: int) -> None:
    pins = importlib.import_module(f"tests.games.{game}.test_golden")
    assert golden_of(game, variant, seed) == pins.GOLDEN[(variant, seed)]

"""Every game pins golden playouts (chess perft's manner: fixed seeds of its simulated
table, with the move count, the final ranking and a hash of the event stream) in its own
test package, ``tests/games/<game>/test_golden.py``: ``VARIANTS`` (name -> options),
``SEEDS`` (seed -> players) and ``GOLDEN`` for every pair of them. This test only checks
that each registered game has them; each package plays its own, and prints its new table
after an intended rule change with ``python -m tests.games.<game>.test_golden``."""

from __future__ import annotations

import importlib

import pytest

from companion.games import GAMES


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_pins_golden_playouts_in_its_own_package(game: str) -> None:
    module = importlib.import_module(f"tests.games.{game}.test_golden")
    pairs = {(variant, seed) for variant in module.VARIANTS for seed in module.SEEDS}
    assert module.VARIANTS and set(module.GOLDEN) == pairs
    assert callable(module.test_golden_playout)

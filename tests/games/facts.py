"""What the registry-wide tests expect of each game, read from the game's own test
package (``tests/games/<game>/__init__.py``), so a new game adds its folder and edits
no shared test. A game that declares nothing is checked on the defaults."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from companion.games import GAMES


def _package(game: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"tests.games.{game}")
    except ModuleNotFoundError:
        return None


def fact(game: str, name: str, default: Any) -> Any:
    """The game's ``name`` (e.g. ``SENTENCE_WORDS``), or ``default``."""
    assert game in GAMES, game
    return getattr(_package(game), name, default)


def playout(game: str) -> Any:
    """The game's seeded random table (``companion.games.<game>.playout.Table``)."""
    return importlib.import_module(f"companion.games.{game}.playout").Table

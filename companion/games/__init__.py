"""Pure rules engines, one package per game, and the registry of games.

Nothing under ``companion.games`` may import Flask, Redis or marshmallow:
an engine is plain functions over plain JSON-compatible data.
"""

from __future__ import annotations

from companion.games.base import Game
from companion.games.gaia import GAIA
from companion.games.kazaam import KAZAAM

GAMES: dict[str, Game] = {GAIA.name: GAIA, KAZAAM.name: KAZAAM}

__all__ = ["GAMES", "Game"]

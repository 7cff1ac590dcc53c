"""Pure rules engines, one package per game, and the registry of games.

Nothing under ``companion.games`` may import Flask, Redis or marshmallow:
an engine is plain functions over plain JSON-compatible data.
"""

from __future__ import annotations

from companion.games.base import Game
from companion.games.gaia import GAIA
from companion.games.harvest import HARVEST
from companion.games.kazaam import KAZAAM
from companion.games.scorepad import SCOREPAD

GAMES: dict[str, Game] = {g.name: g for g in (GAIA, KAZAAM, SCOREPAD, HARVEST)}

__all__ = ["GAMES", "Game"]

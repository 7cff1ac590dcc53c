"""Gaia: build a world of terrain tiles, animals and cities (rules G1-G11)."""

from __future__ import annotations

from companion.games.base import Game
from companion.games.gaia import messages as _messages  # noqa: F401  (registers sentences)
from companion.games.gaia.components import MAX_PLAYERS, MIN_PLAYERS
from companion.games.gaia.engine import apply
from companion.games.gaia.legal import legal_moves
from companion.games.gaia.state import new_game, normalize_options
from companion.games.gaia.view import declare_hand, finish, public_move, score, view_for

GAIA = Game(
    name="gaia",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    normalize_options=normalize_options,
    new_game=new_game,
    apply=apply,
    legal_moves=legal_moves,
    view_for=view_for,
    score=score,
    declare_hand=declare_hand,
    public_move=public_move,
    finish=finish,
)

__all__ = ["GAIA", "apply", "legal_moves", "new_game", "normalize_options", "score",
           "view_for"]

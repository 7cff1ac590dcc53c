"""Kazaam: alchemists build a homunculus from ingredient-paid tiles (rules K1-K9)."""

from __future__ import annotations

from companion.games.base import GameOf, RulesText
from companion.games.kazaam import messages as _messages  # noqa: F401  (names its tiles)
from companion.games.kazaam import rules_text
from companion.games.kazaam.board_svg import draw
from companion.games.kazaam.components import MAX_PLAYERS, MIN_PLAYERS
from companion.games.kazaam.engine import apply, finish
from companion.games.kazaam.legal import legal_moves
from companion.games.kazaam.options import OPTIONS, WORDS
from companion.games.kazaam.score import score
from companion.games.kazaam.shapes import SHAPES
from companion.games.kazaam.state import new_game, normalize_options
from companion.games.kazaam.view import (
    declare_hand,
    join_info,
    join_player,
    private_view,
    public_move,
    view_for,
)

KAZAAM = GameOf(
    name="kazaam", min_players=MIN_PLAYERS, max_players=MAX_PLAYERS,
    normalize_options=normalize_options, new_game=new_game, apply=apply,
    legal_moves=legal_moves, view_for=view_for, score=score, declare_hand=declare_hand,
    public_move=public_move, finish=finish, join_player=join_player, join_info=join_info,
    private_view=private_view, board_svg=draw, options=OPTIONS,
    shapes=SHAPES, words=WORDS,
    rules=RulesText(rules_text.RULES, rules_text.BY_OPTION, rules_text.EXPERT_ONLY),
    # the public view before the deal, as the pages have always read it
    lobby=lambda options, roster: {"turn": None, "board": {"tiles": []}, "supply": None,
                                   "piles": None, "objectives": [], "result": None},
    join_choices=("prototypes", "ingredients"), plays=frozenset({"turns", "hidden_hands"}),
)

__all__ = ["KAZAAM", "apply", "legal_moves", "new_game", "normalize_options", "score"]

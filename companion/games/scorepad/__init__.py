"""The score pad: turn order, rounds and scores for any game on the shelf (rules S1-S3)."""

from __future__ import annotations

from companion.games.base import GameOf, RulesText
from companion.games.scorepad import rules_text
from companion.games.scorepad.board_svg import draw
from companion.games.scorepad.engine import apply, finish
from companion.games.scorepad.legal import legal_moves
from companion.games.scorepad.options import OPTIONS, WORDS
from companion.games.scorepad.score import score
from companion.games.scorepad.shapes import SHAPES
from companion.games.scorepad.state import (
    COLORS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Options,
    new_game,
    normalize_options,
)
from companion.games.scorepad.view import (
    declare_hand,
    join_info,
    join_player,
    private_view,
    public_move,
    view_for,
)


def players_for(options: Options) -> tuple[int, int]:
    """S1.1: the table chooses its own bounds."""
    return int(options["min_players"]), int(options["max_players"])


SCOREPAD = GameOf(
    name="scorepad", min_players=MIN_PLAYERS, max_players=MAX_PLAYERS,
    normalize_options=normalize_options, new_game=new_game, apply=apply,
    legal_moves=legal_moves, view_for=view_for, score=score, declare_hand=declare_hand,
    public_move=public_move, finish=finish, join_player=join_player, join_info=join_info,
    private_view=private_view, board_svg=draw, options=OPTIONS,
    shapes=SHAPES, words=WORDS,
    rules=RulesText(rules_text.RULES, rules_text.BY_OPTION, rules_text.EXPERT_ONLY),
    colors=COLORS, seat_in_move=True, players_for=players_for,
    lobby=lambda options, roster: {"turn": None, "result": None, "title": options["title"]},
)

__all__ = ["SCOREPAD", "apply", "finish", "legal_moves", "new_game", "normalize_options",
           "score"]

"""The score pad: turn order, rounds and scores for any game on the shelf (rules S1-S3)."""

from __future__ import annotations

from typing import Any

from companion.games.base import GameOf, RulesText
from companion.games.scorepad import engine, legal, rules_text, state, view
from companion.games.scorepad.board_svg import draw
from companion.games.scorepad.engine import apply
from companion.games.scorepad.legal import legal_moves
from companion.games.scorepad.options import OPTIONS, WORDS
from companion.games.scorepad.score import score
from companion.games.scorepad.shapes import SHAPES
from companion.games.scorepad.state import Options, new_game, normalize_options


def players_for(options: Options) -> tuple[int, int]:
    """S1.1: the table chooses its own bounds."""
    return int(options["min_players"]), int(options["max_players"])


def lobby(options: Options, roster: list[dict[str, Any]]) -> dict[str, Any]:
    """Before the first move: the pad's title beside the empty turn and result."""
    return {"turn": None, "result": None, "title": options["title"]}


SCOREPAD = GameOf.from_modules(
    "scorepad", state, engine, legal, view, board_svg=draw, score=score, players_for=players_for,
    lobby=lobby, min_players=state.MIN_PLAYERS, max_players=state.MAX_PLAYERS,
    join_rule="S1.2", end_rule="S3.1", colors=state.COLORS, seat_in_move=True,
    options=OPTIONS, words=WORDS, shapes=SHAPES,
    rules=RulesText(rules_text.RULES, rules_text.BY_OPTION, rules_text.EXPERT_ONLY),
)

#: S3.1: the host ends the pad; it is ranked as it stands
finish = SCOREPAD.finish

__all__ = ["SCOREPAD", "apply", "finish", "legal_moves", "new_game", "normalize_options",
           "score"]

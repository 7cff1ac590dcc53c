"""Kazaam: alchemists build a homunculus from ingredient-paid tiles (rules K1-K9)."""

from __future__ import annotations

from companion.games.base import GameOf, RulesText
from companion.games.kazaam import complete, engine, legal, rules_text, state, view
from companion.games.kazaam import messages as _messages  # noqa: F401  (names its tiles)
from companion.games.kazaam.board_svg import draw
from companion.games.kazaam.components import MAX_PLAYERS, MIN_PLAYERS
from companion.games.kazaam.engine import apply
from companion.games.kazaam.legal import legal_moves
from companion.games.kazaam.options import OPTIONS, WORDS
from companion.games.kazaam.score import score
from companion.games.kazaam.shapes import SHAPES
from companion.games.kazaam.state import new_game, normalize_options

KAZAAM = GameOf.from_modules(
    "kazaam", state, engine, legal, view, complete, board_svg=draw, score=score,
    min_players=MIN_PLAYERS, max_players=MAX_PLAYERS, end_rule="K6.1", options=OPTIONS,
    shapes=SHAPES, words=WORDS,
    rules=RulesText(rules_text.RULES, rules_text.BY_OPTION, rules_text.EXPERT_ONLY),
    # the public view before the deal, as the pages have always read it
    lobby=lambda options, roster: {"turn": None, "board": {"tiles": []}, "supply": None,
                                   "piles": None, "objectives": [], "result": None},
    join_choices=("prototypes", "ingredients"), plays=frozenset({"turns", "hidden_hands"}),
)

__all__ = ["KAZAAM", "apply", "legal_moves", "new_game", "normalize_options", "score"]

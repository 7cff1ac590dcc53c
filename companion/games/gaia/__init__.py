"""Gaia: build a world of terrain tiles, animals and cities (rules G1-G11)."""

from __future__ import annotations

from typing import Any

from companion.games.base import GameOf, RulesText, free_colors
from companion.games.gaia import complete, engine, legal, rules_text, state, view
from companion.games.gaia import messages as _messages  # noqa: F401  (names its cards)
from companion.games.gaia.board_svg import draw
from companion.games.gaia.components import MAX_PLAYERS, MIN_PLAYERS
from companion.games.gaia.document import Options
from companion.games.gaia.engine import apply
from companion.games.gaia.legal import legal_moves
from companion.games.gaia.options import OPTIONS, WORDS
from companion.games.gaia.setup_slots import setup_slot
from companion.games.gaia.shapes import SHAPES
from companion.games.gaia.state import new_game, normalize_options
from companion.games.gaia.view import finish, score, view_for


def lobby(options: Options, roster: list[dict[str, Any]]) -> dict[str, Any]:
    """Before the deal: an empty map, no supply, piles or objectives yet."""
    return {"turn": None, "board": {"tiles": []}, "supply": None, "piles": None,
            "objectives": [], "result": None}


def join_info(options: Options, roster: list[dict[str, Any]]) -> dict[str, Any]:
    """Free colours; the first two players are offered blue and yellow, the colours
    with six pawns in the box (G1), with a sentence saying why."""
    first_two = len(roster) < 2
    return {"colors": free_colors(roster), "seats_left": MAX_PLAYERS - len(roster),
            "suggested_colors": ["blue", "yellow"] if first_two else [],
            "hint": "gaia.join.two_colors" if first_two else None}


GAIA = GameOf.from_modules(
    "gaia", state, engine, legal, view, complete, board_svg=draw, lobby=lobby, join_info=join_info,
    # G1: 2-5 players, each a name and a free pawn colour
    min_players=MIN_PLAYERS, max_players=MAX_PLAYERS, join_rule="G1",
    plays=frozenset({"turns", "hidden_hands"}), options=OPTIONS, shapes=SHAPES, words=WORDS,
    rules=RulesText(rules_text.RULES, rules_text.BY_OPTION, rules_text.EXPERT_ONLY),
    setup_slot=setup_slot,
)

__all__ = ["GAIA", "apply", "finish", "legal_moves", "new_game", "normalize_options",
           "score", "view_for"]

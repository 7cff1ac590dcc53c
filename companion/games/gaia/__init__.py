"""Gaia: build a world of terrain tiles, animals and cities (rules G1-G11)."""

from __future__ import annotations

from typing import Any

from companion.games.base import GameOf, RulesText, free_colors, join_common
from companion.games.gaia import messages as _messages  # noqa: F401  (names its cards)
from companion.games.gaia import rules_text
from companion.games.gaia.board_svg import draw
from companion.games.gaia.components import MAX_PLAYERS, MIN_PLAYERS
from companion.games.gaia.document import Options
from companion.games.gaia.engine import apply
from companion.games.gaia.legal import legal_moves
from companion.games.gaia.options import OPTIONS, WORDS
from companion.games.gaia.setup_slots import setup_slot
from companion.games.gaia.shapes import SHAPES
from companion.games.gaia.state import new_game, normalize_options
from companion.games.gaia.view import (
    declare_hand,
    finish,
    private_view,
    public_move,
    score,
    view_for,
)


def join_player(options: Options, roster: list[dict[str, Any]],
                fields: dict[str, Any]) -> dict[str, Any]:
    """A seat at the table: a name and a free pawn colour (2-5 players, G1)."""
    from companion.games.errors import RuleViolation

    if len(roster) >= MAX_PLAYERS:
        raise RuleViolation("G1", "join.full", max=MAX_PLAYERS)
    return join_common(roster, fields, "G1")


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


GAIA = GameOf(
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
    join_player=join_player,
    join_info=join_info,
    private_view=private_view,
    board_svg=draw,
    plays=frozenset({"turns", "hidden_hands"}),
    options=OPTIONS,
    shapes=SHAPES,
    words=WORDS,
    rules=RulesText(rules_text.RULES, rules_text.BY_OPTION, rules_text.EXPERT_ONLY),
    lobby=lobby,
    setup_slot=setup_slot,
)

__all__ = ["GAIA", "apply", "legal_moves", "new_game", "normalize_options", "score",
           "view_for"]

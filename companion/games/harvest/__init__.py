"""The harvest: a round score keeper where every player enters the round's points at
the same time, shown together once the last one is in (rules H1-H3). The smallest game
whose play is simultaneous: nobody has a turn."""

from __future__ import annotations

from companion.games.base import GameOf, Option, RulesText
from companion.games.harvest.board_svg import draw
from companion.games.harvest.engine import apply, finish, legal_moves, score
from companion.games.harvest.state import (
    DEFAULTS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    POINTS_MAX,
    POINTS_MIN,
    ROUNDS_MAX,
    ROUNDS_MIN,
    new_game,
    normalize_options,
)
from companion.games.harvest.view import (
    declare_hand,
    join_info,
    join_player,
    private_view,
    public_move,
    view_for,
)
from companion.games.shapes import JOIN, Bound, Fields, Number, Shapes

SHAPES = Shapes(
    moves={"enter": Fields({"points": Number(POINTS_MIN, POINTS_MAX,
                                             Bound("H2.1", "harvest.enter.range"))})},
    setup=Fields({}), hand=Fields({}), join=JOIN)

HARVEST = GameOf(
    name="harvest", min_players=MIN_PLAYERS, max_players=MAX_PLAYERS,
    normalize_options=normalize_options, new_game=new_game, apply=apply,
    legal_moves=legal_moves, view_for=view_for, score=score, declare_hand=declare_hand,
    public_move=public_move, finish=finish, join_player=join_player, join_info=join_info,
    private_view=private_view, board_svg=draw,
    options=(Option("rounds", "number", (), DEFAULTS["rounds"],
                    limits=(ROUNDS_MIN, ROUNDS_MAX)),),
    shapes=SHAPES, words={},
    rules=RulesText(("H1.1", "H1.2", "H2.1", "H2.2", "H3.1", "H3.2")),
    plays=frozenset({"simultaneous"}), whose_turn=lambda state: None,
)

__all__ = ["HARVEST"]

"""The harvest: a round score keeper where every player enters the round's points at
the same time, shown together once the last one is in (rules H1-H3). The smallest game
whose play is simultaneous: nobody has a turn."""

from __future__ import annotations

from companion.games.base import GameOf, Option, RulesText
from companion.games.harvest import engine, state, view
from companion.games.harvest.board_svg import draw
from companion.games.shapes import JOIN, Bound, Fields, Number, Shapes

POINTS = Number(state.POINTS_MIN, state.POINTS_MAX, Bound("H2.1", "harvest.enter.range"))

HARVEST = GameOf.from_modules(
    "harvest", state, engine, view, board_svg=draw,
    min_players=state.MIN_PLAYERS, max_players=state.MAX_PLAYERS, join_rule="H1.2",
    options=(Option("rounds", "number", (), state.DEFAULTS["rounds"],
                    limits=(state.ROUNDS_MIN, state.ROUNDS_MAX)),),
    shapes=Shapes(moves={"enter": Fields({"points": POINTS}, required={"points"})},
                  setup=Fields({}), hand=Fields({}), join=JOIN),
    words={}, rules=RulesText(("H1.1", "H1.2", "H2.1", "H2.2", "H3.1", "H3.2")),
    plays=frozenset({"simultaneous"}),
)

__all__ = ["HARVEST"]

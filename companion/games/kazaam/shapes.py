"""The shapes of Kazaam's moves, setup and hands: the fields each move type reads."""

from __future__ import annotations

from companion.games.kazaam.components import COST_MAX, COST_MIN, TORSO_TAKES
from companion.games.shapes import JOIN, Bound, Fields, Items, Number, Shapes, Text

WORD = Text(24)  # a type, a part, a slot, an ingredient, an answer
#: K1.4: a tile shows 2-5 ingredients
COST = Items(WORD, COST_MAX, COST_MIN, Bound("K1.4", "kazaam.tile.cost_count"))
TILE = Fields({"homunculus": WORD, "part": WORD, "ingredients": COST})  # K1.2
#: K5.5: the torso takes three
TAKEN = Items(WORD, TORSO_TAKES, TORSO_TAKES, Bound("K5.5", "kazaam.torso.count",
                                                   {"count": TORSO_TAKES}))
NOTHING = Fields({})

MOVES = {
    "draw": Fields({"tile": TILE}),  # named privately (K1.7)
    "build": Fields({"tile": TILE, "slot": WORD}, required={"tile", "slot"}),
    "discard": Fields({"tile": TILE}, required={"tile"}),
    # K5: the power of a built part, with its target (which fields, the power says)
    "power": Fields({"slot": WORD, "target": Fields({
        "seat": Number(0, 16), "tile": TILE, "slot": WORD, "ingredients": TAKEN})},
        required={"slot"}),
    "refresh": NOTHING,
    "react": Fields({"answer": WORD}, required={"answer"}),  # K5.6
    "end_turn": NOTHING,
}

#: K3: only the seating
SETUP = Fields({"seating": Items(Number(0, 16), 8), "first_player": Number(0, 16)})

#: K1.7: the tiles a player names (a hand holds at most HAND_LIMIT)
HAND = Fields({"tiles": Items(TILE, 12)})

#: K1.6: besides name and colour, the homunculus prototype and the own ingredient
JOIN_FIELDS = Fields({**JOIN.fields, "prototype": WORD, "ingredient": WORD})

SHAPES = Shapes(MOVES, SETUP, HAND, JOIN_FIELDS)

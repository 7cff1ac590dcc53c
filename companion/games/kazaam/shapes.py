"""The shapes of Kazaam's moves, setup and hands: the fields each move type reads."""

from __future__ import annotations

from companion.games.shapes import JOIN, Fields, Items, Number, Shapes, Text

WORD = Text(24)  # a type, a part, a slot, an ingredient, an answer
TILE = Fields({"homunculus": WORD, "part": WORD, "ingredients": Items(WORD, 5)})  # K1.2
NOTHING = Fields({})

MOVES = {
    "draw": Fields({"tile": TILE}),  # named privately (K1.7)
    "build": Fields({"tile": TILE, "slot": WORD}),
    "discard": Fields({"tile": TILE}),
    # K5: the power of a built part, with its target
    "power": Fields({"slot": WORD, "target": Fields({
        "seat": Number(0, 16), "tile": TILE, "slot": WORD, "ingredients": Items(WORD, 5)})}),
    "refresh": NOTHING,
    "react": Fields({"answer": WORD}),  # K5.6
    "end_turn": NOTHING,
}

#: K3: only the seating
SETUP = Fields({"seating": Items(Number(0, 16), 8), "first_player": Number(0, 16)})

#: K1.7: the tiles a player names (a hand holds at most HAND_LIMIT)
HAND = Fields({"tiles": Items(TILE, 12)})

#: K1.6: besides name and colour, the homunculus prototype and the own ingredient
JOIN_FIELDS = Fields({**JOIN.fields, "prototype": WORD, "ingredient": WORD})

SHAPES = Shapes(MOVES, SETUP, HAND, JOIN_FIELDS)

"""The shapes of Gaia's moves, setup and hands: the fields each move type reads."""

from __future__ import annotations

from companion.games.shapes import (
    SQUARE,
    Bound,
    Either,
    Fields,
    Flag,
    Items,
    Number,
    Shapes,
    Text,
)

WORD = Text(20)  # a terrain, a symbol, a need, a power card, a pile, a source
#: G1.1: a city card shows 4 needs (the engine refuses fewer)
NEEDS = Items(WORD, 4, rule=Bound("G1.1", "move.bad_needs"))
LIFE_CARD = Fields({"kind": WORD, "symbol": WORD, "needs": NEEDS})
#: G2.2: the face-up display (its exact sizes are the engine's, with the same rule)
SHOWN = Bound("G2.2", "gaia.setup.bad_display")
CARD = Either((WORD, LIFE_CARD))  # a nature or power card by name, a life card as object
CLAIMS = Items(SQUARE, 64)  # claim_cities (G6.5)
NOTHING = Fields({})

MOVES = {
    "draw": Fields({"pile": WORD, "from": WORD, "slot": Number(0, 16), "card": CARD,
                    "refill": CARD, "discard": CARD}),
    "play_nature": Fields({"terrain": WORD, "at": SQUARE, "claim_cities": CLAIMS}),
    "play_animals": Fields({"symbol": WORD, "at": SQUARE, "claim_cities": CLAIMS}),
    "play_city": Fields({"symbol": WORD, "needs": NEEDS, "at": SQUARE,
                         "claim_cities": CLAIMS}),
    "claim_objective": Fields({"objective": Number(0, 16)}, required={"objective"}),
    "feed": Fields({"sources": Items(Fields({"city": SQUARE, "from": SQUARE}), 64),
                    "auto": Flag(), "claim_cities": CLAIMS}),
    "end_turn": NOTHING,
    # G10: the expert game
    "play_power": Fields({"card": WORD, "at": SQUARE, "to": SQUARE, "claim_cities": CLAIMS}),
    "defend": NOTHING,
    "pass": NOTHING,
    "nobody_defended": Fields({"claim_cities": CLAIMS}),
    "tornado": Fields({"taken": Items(Fields({"seat": Number(0, 16), "card": CARD}), 8),
                       "keep": Number(0, 16)}),
}

#: G2: objectives (pairs, a rainbow, or "power"), the face-up display, seating
SETUP = Fields({
    "objectives": Items(Either((WORD, Items(WORD, 6))), 8),
    "display": Fields({"nature": Items(WORD, 6, rule=SHOWN),
                       "life": Items(LIFE_CARD, 6, rule=SHOWN),
                       "power": Items(WORD, 6, rule=SHOWN)}),
    "seating": Items(Number(0, 16), 8),
    "first_player": Number(0, 16),
})

#: G1.3: the cards a player names, per pile (a hand holds at most 6, G3.4)
HAND = Fields({"nature": Items(WORD, 12), "life": Items(LIFE_CARD, 12),
               "power": Items(WORD, 12)})

SHAPES = Shapes(MOVES, SETUP, HAND)

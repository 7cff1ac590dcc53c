"""Gaia's components as data (rules G1, G2, G11)."""

from __future__ import annotations

from typing import Any, Final

TERRAINS: Final = ("plains", "desert", "forest", "sea", "swamp", "mountain")
STAR: Final = "star"
ANIMALS: Final = "animals"
NEEDS: Final = (*TERRAINS, ANIMALS)
SYMBOLS: Final = (*TERRAINS, STAR)

#: G1: terrain tiles in the supply (48)
TILE_COUNTS: Final = {"plains": 10, "desert": 10, "forest": 8, "sea": 7, "swamp": 7,
                      "mountain": 6}
ANIMAL_TOKENS: Final = 20
ANIMALS_PER_CARD: Final = 4
#: G1: nature cards (40)
NATURE_COUNTS: Final = {"plains": 8, "forest": 8, "sea": 7, "desert": 6, "mountain": 6,
                        "swamp": 5}
NATURE_TOTAL: Final = 40
#: G1: life cards (31)
LIFE_COUNTS: Final = {"city": 19, "animals": 12}
LIFE_TOTAL: Final = 31
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 5
HAND_LIMIT: Final = 6
ACTIONS_PER_TURN: Final = 2
DISPLAY_SIZES: Final = {"nature": 3, "life": 2}
DEAL: Final = {"nature": 2, "life": 1}
MAX_COORD: Final = 64

#: G11: option -> (allowed values, default); catalog options are checked apart
OPTION_CHOICES: Final[dict[str, tuple[tuple[Any, ...], Any]]] = {
    "variant": (("base", "expert"), "base"),
    "feeding": (("builder", "holder", "all"), "builder"),
    "end_on": (("pile_and_display_empty", "deck_empty"), "pile_and_display_empty"),
    "auto_end_turn": ((True, False), True),
    "catastrophes": ((True, False), False),
    "duplicate_needs": (("each_icon", "distinct_neighbours"), "each_icon"),
}


def pawns_per_player(players: int) -> int:
    """G1: five pawns each, six in a two-player game."""
    return 6 if players == 2 else 5


def objectives_count(players: int) -> int:
    """G2.1: players + 2 objectives are revealed."""
    return players + 2


def matches_symbol(terrain: str, symbol: str) -> bool:
    """G5.2/G6.1: a card symbol fits a terrain; ``star`` is any terrain but sea."""
    return terrain == symbol or (symbol == STAR and terrain != "sea")


#: G10.2: power cards; Volcano and Lightning only with catastrophes (G10.4)
POWER_CARDS: Final = ("sun", "rain", "earthquake", "tornado", "defense", "volcano", "lightning")
CATASTROPHES: Final = ("volcano", "lightning")
#: The printed mix is not in the sources (G10.2): this default is a decision, and the
#: session option ``power_deck`` sets any other.
DEFAULT_POWER_DECK: Final = {"sun": 4, "rain": 4, "earthquake": 3, "tornado": 3, "defense": 6,
                             "volcano": 2, "lightning": 2}
POWER_HAND_LIMIT: Final = 2
POWER_DISPLAY: Final = 2
POWER_DEAL: Final = 1
POWER_OBJECTIVES: Final = 2
POWER_OBJECTIVE_CARDS: Final = 4
REACTIVE: Final = ("sun", "rain", "earthquake", "tornado")  # G10.3: Defense answers these
#: G10.3: terrain changes by Sun and Rain: (from, to)
SUN: Final = (("swamp", "plains"), ("plains", "desert"))
RAIN: Final = (("desert", "plains"), ("plains", "swamp"))
VOLCANO_TURNS_DESERT: Final = ("plains", "forest", "swamp")

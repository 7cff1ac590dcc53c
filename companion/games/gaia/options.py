"""Gaia's options (G11) as the start page offers them: the values and defaults are
the rules' own (``components.OPTION_CHOICES``); their words are the catalogue's
(``gaia.option.<name>``, ``gaia.option.<name>.help``)."""

from __future__ import annotations

from companion.games.base import Option, choice_option
from companion.games.gaia.components import (
    NEEDS,
    OPTION_CHOICES,
    POWER_CARDS,
    SYMBOLS,
    TERRAINS,
)

#: the order the start page shows them in
_ORDER = ("variant", "catastrophes", "feeding", "end_on", "duplicate_needs", "auto_end_turn")
_REQUIRES = {"catastrophes": {"variant": "expert"}}


OPTIONS: tuple[Option, ...] = tuple(
    choice_option(name, OPTION_CHOICES[name], _REQUIRES.get(name))
    for name in _ORDER)

#: what the pages offer to pick, so that no page copies the game's lists
WORDS: dict[str, tuple[str, ...]] = {
    "terrains": TERRAINS, "symbols": SYMBOLS, "needs": NEEDS, "power_cards": POWER_CARDS,
    "piles": ("nature", "life", "power"), "life_kinds": ("city", "animals"),
    "objective_kinds": ("pairs", "rainbow", "power"),
}


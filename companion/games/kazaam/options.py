"""Kazaam's options (K9) as the start page offers them: the values and defaults are
the rules' own (``components.OPTION_CHOICES``); their words are the catalogue's
(``kazaam.option.<name>``, ``kazaam.option.<name>.help``)."""

from __future__ import annotations

from companion.games.base import Option, choice_option
from companion.games.kazaam.components import INGREDIENTS, OPTION_CHOICES, PARTS, SLOTS, TYPES

OPTIONS: tuple[Option, ...] = tuple(choice_option(name, OPTION_CHOICES[name])
                                    for name in OPTION_CHOICES)
#: what the pages offer to pick, so that no page copies the game's lists
WORDS: dict[str, tuple[str, ...]] = {
    "homunculi": TYPES, "parts": PARTS, "places": tuple(SLOTS), "ingredients": INGREDIENTS,
}


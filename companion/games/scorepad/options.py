"""The score pad's options (S1.1) as the start page offers them.

Besides ``choice`` and ``boolean`` the pad needs three kinds of input the other
games do not: ``text`` (free text), ``texts`` (a list of free texts) and ``number``
(a whole number; a ``None`` default means "none", e.g. no fixed number of rounds).
Their ``values`` stay empty (there is no list of values to name); their bounds
(``LIMITS``) travel in ``Option.limits``. The words are the catalogue's
(``scorepad.option.<name>``, ``scorepad.option.<name>.help``).
"""

from __future__ import annotations

from dataclasses import replace

from companion.games.base import Option
from companion.games.scorepad.state import (
    CATEGORIES_MAX,
    CATEGORY_MAX,
    COLORS,
    DEFAULTS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    ROUNDS_MAX,
    SCORING,
    TITLE_MAX,
)

#: the bounds of the free inputs: (low, high) of a number; (most items, most
#: characters) of texts; (0, most characters) of a text
LIMITS: dict[str, tuple[int, int]] = {
    "title": (0, TITLE_MAX), "categories": (CATEGORIES_MAX, CATEGORY_MAX),
    "rounds": (1, ROUNDS_MAX), "min_players": (MIN_PLAYERS, MAX_PLAYERS),
    "max_players": (MIN_PLAYERS, MAX_PLAYERS)}


_OPTIONS: tuple[Option, ...] = (
    Option("title", "text", (), DEFAULTS["title"]),
    Option("categories", "texts", (), ()),
    Option("rounds", "number", (), DEFAULTS["rounds"]),
    Option("scoring", "choice", SCORING, DEFAULTS["scoring"]),
    Option("low_wins", "boolean", (False, True), DEFAULTS["low_wins"]),
    Option("min_players", "number", (), DEFAULTS["min_players"]),
    Option("max_players", "number", (), DEFAULTS["max_players"]),
)

OPTIONS: tuple[Option, ...] = tuple(replace(o, limits=LIMITS.get(o.name)) for o in _OPTIONS)

#: what the pages offer to pick: the scoring modes and the twelve seat colours
WORDS: dict[str, tuple[str, ...]] = {"scoring": SCORING, "colors": COLORS}


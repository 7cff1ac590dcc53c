"""Small score pad situations as plain state."""

from __future__ import annotations

from functools import partial
from typing import Any

from companion.games.scorepad import SCOREPAD, new_game, normalize_options
from tests.games.checks import played, refused
from tests.games.checks import types as types  # the stories import it from here

NAMES = ["Ada", "Bo", "Cy", "Di", "Ed"]


def game(players: int = 3, setup: dict[str, Any] | None = None, **options: Any
         ) -> dict[str, Any]:
    roster = [{"name": NAMES[i], "color": f"c{i}"} for i in range(players)]
    return new_game(normalize_options(options), roster, setup or {})


apply = SCOREPAD.apply  # the game's one entry: its shapes, then its engine
play = partial(played, apply)  # apply, its input checked untouched
rejects = partial(refused, apply)  # a refusal under a rule, the state untouched


def score(points: int | dict[str, int], **fields: Any) -> dict[str, Any]:
    """A score move: a bare number is the one total of a pad without categories."""
    given = {"total": points} if isinstance(points, int) else points
    return {"type": "score", "points": given, **fields}


END = {"type": "end_turn"}

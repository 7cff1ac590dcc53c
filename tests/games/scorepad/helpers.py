"""Small score pad situations as plain state."""

from __future__ import annotations

from typing import Any

from companion.games.errors import RuleError
from companion.games.scorepad import apply, new_game, normalize_options
from tests.games.checks import played, refused

NAMES = ["Ada", "Bo", "Cy", "Di", "Ed"]


def game(players: int = 3, setup: dict[str, Any] | None = None, **options: Any
         ) -> dict[str, Any]:
    roster = [{"name": NAMES[i], "color": f"c{i}"} for i in range(players)]
    return new_game(normalize_options(options), roster, setup or {})


def play(state: dict[str, Any], seat: int, move: dict[str, Any]
         ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    return played(apply, state, seat, move)


def rejects(state: dict[str, Any], seat: int, move: dict[str, Any], rule: str,
            status: int = 422) -> RuleError:
    return refused(apply, state, seat, move, rule, status)


def types(events: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]


def score(points: int | dict[str, int], **fields: Any) -> dict[str, Any]:
    """A score move: a bare number is the one total of a pad without categories."""
    given = {"total": points} if isinstance(points, int) else points
    return {"type": "score", "points": given, **fields}


END = {"type": "end_turn"}

"""What people see on a square, for sentences: the table has no coordinates.

Refusals and events carry these names next to the square itself, so that a
sentence says "Ada's forest city" where the data says ``[2, 0]``.
"""

from __future__ import annotations

from typing import Any

from companion.games.base import player_name
from companion.games.gaia.board import key
from companion.games.gaia.document import GaiaState, Tile


def _tile(state: GaiaState, at: str | list[int]) -> Tile | None:
    return state["tiles"].get(at if isinstance(at, str) else key(at))


def seen(state: GaiaState, at: str | list[int]) -> dict[str, Any]:
    """For events: the square's terrain and, for a city, its builder's seat (``owner``)."""
    tile = _tile(state, at)
    if tile is None:
        return {}
    out: dict[str, Any] = {"terrain": tile["terrain"]}
    if tile["city"] is not None:
        out["owner"] = tile["city"]["builder"]
    return out


def place(state: GaiaState, at: str | list[int]) -> dict[str, Any]:
    """For refusals: the square's terrain and, for a city, its builder's name."""
    out = seen(state, at)
    if "owner" in out:
        out["owner"] = state["players"][out["owner"]]["name"]
    return out


who = player_name

"""The working state of one move: the mover, the events so far, the rises."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.games.errors import BadMove
from companion.games.gaia.document import GaiaState, Player


@dataclass
class Ctx:
    state: GaiaState
    seat: int
    events: list[dict[str, Any]] = field(default_factory=list)
    #: cities whose satisfied count stepped up during this move, in order (G6.7)
    rises: dict[str, None] = field(default_factory=dict)
    #: the city the move built, claimable first (G6.3)
    new_city: str | None = None

    @property
    def player(self) -> Player:
        return self.state["players"][self.seat]

    def emit(self, type_: str, **fields: Any) -> None:
        self.events.append({"type": type_, **fields})


def coord(move: dict[str, Any], name: str) -> list[int]:
    """A square ``[x, y]`` from the move: the shapes (``SQUARE``) make it a list of at
    most two integers within ``MAX_COORD``, if given; a square needs both."""
    at = move.get(name)
    if at is None or len(at) != 2:
        raise BadMove("move", "move.bad_square", field=name)
    return [at[0], at[1]]


def coord_list(raw: list[Any], name: str) -> list[list[int]]:
    """The squares of a list the shapes bound (``CLAIMS``)."""
    return [coord({name: v}, name) for v in raw]

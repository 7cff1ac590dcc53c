"""The working state of one Kazaam move."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.games.errors import BadMove
from companion.games.kazaam.state import KazaamState, Player
from companion.games.turns import seated


@dataclass
class Ctx:
    state: KazaamState
    seat: int
    events: list[dict[str, Any]] = field(default_factory=list)

    @property
    def player(self) -> Player:
        return self.state["players"][self.seat]

    @property
    def names(self) -> list[str]:
        return self.state["options"]["ingredients"]

    def emit(self, type_: str, **fields: Any) -> None:
        self.events.append({"type": type_, **fields})

    def other(self, raw: dict[str, Any], field_name: str = "seat") -> int:
        """Another player's seat from a power's target (an object, the shapes say)."""
        seat = raw.get(field_name)
        if not seated(seat, self.state["players"]):
            raise BadMove("move", "move.bad_field", field=f"target.{field_name}")
        return seat

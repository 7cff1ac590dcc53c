"""The working state of one Kazaam move."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.games.errors import BadMove
from companion.games.turns import seated


@dataclass
class Ctx:
    state: dict[str, Any]
    seat: int
    events: list[dict[str, Any]] = field(default_factory=list)

    @property
    def player(self) -> dict[str, Any]:
        return self.state["players"][self.seat]  # type: ignore[no-any-return]

    @property
    def names(self) -> list[str]:
        return self.state["options"]["ingredients"]  # type: ignore[no-any-return]

    def emit(self, type_: str, **fields: Any) -> None:
        self.events.append({"type": type_, **fields})

    def other(self, raw: Any, field_name: str = "seat") -> int:
        """Another player's seat from a power's target."""
        seat = raw.get(field_name) if isinstance(raw, dict) else None
        if not seated(seat, self.state["players"]):
            raise BadMove("move", "move.bad_field", field=f"target.{field_name}")
        return seat

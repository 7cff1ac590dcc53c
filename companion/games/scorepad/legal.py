"""``legal_moves`` for the score pad: entries this seat may make now, and ending the turn."""

from __future__ import annotations

from typing import Any

from companion.games.scorepad.state import State, point_keys
from companion.games.turns import seated

Template = dict[str, Any]


def legal_moves(state: State, seat: int) -> list[Template]:
    """Templates with every category at 0: fill in the points (-10,000 … 10,000; any
    subset of the categories, at least one). ``per_round`` entries name the seat and the
    round in play (S2.2); any earlier round may be entered instead (a correction, S2.3)."""
    if state["status"] != "playing" or not seated(seat, state["players"]):
        return []
    zero = {name: 0 for name in point_keys(state["options"])}
    on_turn = state["turn"]["seat"] == seat
    out: list[Template] = []
    if state["options"]["scoring"] == "per_turn":
        if on_turn:
            out.append({"type": "score", "points": dict(zero)})
    else:
        out += [{"type": "score", "seat": other, "round": state["round"], "points": dict(zero)}
                for other in state["order"]]
    if on_turn:
        out.append({"type": "end_turn"})
    return out

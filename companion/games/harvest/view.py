"""What the table sees of a harvest (H2.2: never a points entry of the open round)
and what a seat sees of its own entry."""

from __future__ import annotations

from typing import Any

from companion.games.harvest.engine import score
from companion.games.harvest.state import State


def view_for(state: State, seat: int | None = None) -> dict[str, Any]:
    """Every closed round, who has entered the open one, totals and places."""
    rows = {row["seat"]: row for row in score(state)["players"]}
    entered = state["turn"]["entered"]
    players = [{"seat": p["seat"], "name": p["name"], "color": p["color"],
                "rounds": rows[p["seat"]]["breakdown"]["rounds"],
                "total": rows[p["seat"]]["total"], "rank": rows[p["seat"]]["rank"],
                "entered": p["seat"] in entered} for p in state["players"]]
    view: dict[str, Any] = {
        "game": "harvest", "status": state["status"], "options": state["options"],
        "players": players, "turn": {"round": state["turn"]["round"],
                                     "entered": list(entered)},
        "round": state["turn"]["round"], "rounds": state["options"]["rounds"],
        "result": state["result"]}
    if seat is not None:
        view.update(private_view(state, seat))
    return view


def private_view(state: State, seat: int) -> dict[str, Any]:
    """The seat's own entry for the open round, once made."""
    mine = state["pending"].get(str(seat))
    return {} if mine is None else {"entry": mine}


def public_move(move: dict[str, Any]) -> dict[str, Any]:
    """H2.2: the table learns that a seat entered, never the points before the round
    closes (the round's event shows them all)."""
    return {k: v for k, v in move.items() if k != "points"}


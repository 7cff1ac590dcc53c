"""``apply``, ``legal_moves`` and ``score`` for the harvest: every player enters the
round's points at once (H2), the round closes when the last one has (H2.2), the game
after the last round (H3)."""

from __future__ import annotations

from typing import Any

from companion.games.base import copy_state, handler_for
from companion.games.errors import GameNotActive, RuleViolation
from companion.games.harvest.state import State
from companion.games.ranking import places, ranked_end
from companion.games.turns import seated

Event = dict[str, Any]
Events = list[Event]


def totals(state: State) -> dict[int, int]:
    """Each seat's points over the closed rounds (the round in play is still hidden)."""
    return {p["seat"]: sum(r[p["seat"]] for r in state["rounds"]) for p in state["players"]}


def score(state: State) -> dict[str, Any]:
    """H3.1: totals, each closed round's points, places (ties share, highest first)."""
    sums = totals(state)
    placed = places(sums)
    rows = [{"seat": p["seat"], "name": p["name"], "total": sums[p["seat"]],
             "rank": placed[p["seat"]],
             "breakdown": {"rounds": [r[p["seat"]] for r in state["rounds"]]}}
            for p in state["players"]]
    rows.sort(key=lambda r: (r["rank"], r["seat"]))
    return {"final": state["status"] == "finished", "rounds": len(state["rounds"]),
            "players": rows}


def legal_moves(state: State, seat: int) -> list[dict[str, Any]]:
    """H2.1: a seat that has not entered the round in play may enter its points."""
    if (state["status"] != "playing" or not seated(seat, state["players"])
            or seat in state["turn"]["entered"]):
        return []
    return [{"type": "enter", "points": 0}]


def _enter(state: State, seat: int, move: dict[str, Any], events: Events) -> None:
    if not seated(seat, state["players"]):
        raise RuleViolation("H2.1", "harvest.enter.seated_only")
    if seat in state["turn"]["entered"]:
        raise RuleViolation("H2.1", "harvest.enter.once", round=state["turn"]["round"])
    # the shapes bound the points by H2.1: an integer in range, never missing
    state["pending"][str(seat)] = move["points"]
    state["turn"]["entered"].append(seat)
    # H2.2: the table learns that the seat entered, not what
    events.append({"type": "entered", "seat": seat, "round": state["turn"]["round"]})
    if len(state["turn"]["entered"]) == len(state["players"]):
        _close_round(state, events)


def _close_round(state: State, events: Events) -> None:
    """H2.2: every entry of the round shown at once; H3.1 after the last round."""
    number = state["turn"]["round"]
    points = [state["pending"][str(p["seat"])] for p in state["players"]]
    state["rounds"].append(points)
    state["pending"] = {}
    events.append({"type": "round_scored", "round": number, "points": points})
    if number == state["options"]["rounds"]:
        _end(state, "last_round", events)
        return
    state["turn"] = {"round": number + 1, "entered": []}


def _end(state: State, reason: str, events: Events) -> None:
    events.append({"type": "game_over", "result": ranked_end(state, score, reason)})


def apply(state: State, seat: int, move: dict[str, Any]) -> tuple[State, Events]:
    """Apply ``move`` by ``seat`` to a copy of ``state``; returns it with the events."""
    if state["status"] != "playing":
        raise GameNotActive("H3.1", "harvest.game.finished")
    handler = handler_for(move, {"enter": _enter})
    new = copy_state(state)
    events: Events = []
    handler(new, seat, move, events)
    return new, events


def finish(state: State) -> tuple[State, Events]:
    """H3.2: the host ends the game early; the closed rounds count, the open one not."""
    if state["status"] != "playing":
        raise GameNotActive("H3.1", "harvest.game.finished")
    new = copy_state(state)
    new["pending"] = {}
    events: Events = []
    _end(new, "stopped", events)
    return new, events

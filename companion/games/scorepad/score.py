"""S3.2: totals, the breakdown per category and per round, and the ranking."""

from __future__ import annotations

from typing import Any

from companion.games.ranking import places
from companion.games.scorepad.state import State


def breakdown(state: State, seat: int) -> dict[str, Any]:
    """One seat's points: each round's sum (None: nothing entered for that round),
    each category's sum over the rounds, and the total."""
    entries: dict[str, dict[str, int]] = state["entries"][str(seat)]
    rounds: list[int | None] = []
    for number in range(1, state["round"] + 1):
        points = entries.get(str(number))
        rounds.append(None if points is None else sum(points.values()))
    categories = {name: sum(points.get(name, 0) for points in entries.values())
                  for name in state["options"]["categories"]}
    return {"categories": categories, "rounds": rounds,
            "total": sum(sum(points.values()) for points in entries.values())}


def score(state: State) -> dict[str, Any]:
    """The score table: players best first (lowest first with ``low_wins``)."""
    rows = []
    for player in state["players"]:
        detail = breakdown(state, player["seat"])
        rows.append({"seat": player["seat"], "name": player["name"], "total": detail["total"],
                     "breakdown": {"categories": detail["categories"],
                                   "rounds": detail["rounds"]}})
    low_wins = bool(state["options"]["low_wins"])
    placed = places({r["seat"]: r["total"] for r in rows}, low_wins)  # S3.2
    for row in rows:
        row["rank"] = placed[row["seat"]]
    rows.sort(key=lambda r: (r["rank"], r["seat"]))
    return {"final": state["status"] == "finished", "low_wins": low_wins,
            "rounds": state["round"], "players": rows}

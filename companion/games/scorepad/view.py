"""What everybody sees: nothing is hidden on a score pad (its hands, its joining and
its moves are the ones every game shares, ``GameOf``'s defaults)."""

from __future__ import annotations

from typing import Any

from companion.games.scorepad.score import breakdown, score
from companion.games.scorepad.state import State


def view_for(state: State, seat: int | None = None) -> dict[str, Any]:
    """The whole pad: every entry, each seat's sums and place (S3.2, so the pages
    never rank by themselves), whose turn and which round."""
    options = state["options"]
    placed = {row["seat"]: row["rank"] for row in score(state)["players"]}
    players = []
    for p in state["players"]:
        detail = breakdown(state, p["seat"])
        players.append({"seat": p["seat"], "name": p["name"], "color": p["color"],
                        "entries": {r: dict(points)
                                    for r, points in state["entries"][str(p["seat"])].items()},
                        "rounds": detail["rounds"], "categories": detail["categories"],
                        "total": detail["total"], "rank": placed[p["seat"]]})
    view: dict[str, Any] = {
        "game": "scorepad", "status": state["status"], "options": options,
        "title": options["title"], "order": list(state["order"]),
        "first_player": state["first_player"], "players": players,
        "turn": dict(state["turn"]), "round": state["round"], "rounds": options["rounds"],
        "result": state["result"]}
    return view


"""K7: scoring, only face-up parts, with a breakdown available at any time."""

from __future__ import annotations

from typing import Any

from companion.games.kazaam.components import ADJACENT, FIRST_COMPLETE_BONUS, POINTS, SLOTS
from companion.games.kazaam.state import KazaamState, Player
from companion.games.ranking import places


def breakdown(state: KazaamState, player: Player) -> dict[str, int]:
    board = player["board"]
    face_down_counts = state["options"]["chain_counts_face_down"]
    parts = prototype = chains = 0
    for slot, built in board.items():
        if built is None or not built["face_up"]:
            continue
        tile = built["tile"]
        parts += POINTS[SLOTS[slot]]  # K7.1, K7.2
        if tile["homunculus"] == player["prototype"]:
            prototype += 1  # K7.3
        for near in ADJACENT[slot]:  # K7.4
            other = board[near]
            if (other is not None and other["tile"]["homunculus"] == tile["homunculus"]
                    and (other["face_up"] or face_down_counts)):
                chains += 1
                break
    first = FIRST_COMPLETE_BONUS if state["first_complete"] == player["seat"] else 0  # K7.5
    return {"parts": parts, "prototype": prototype, "chains": chains, "first_complete": first,
            "total": parts + prototype + chains + first}


def score(state: KazaamState) -> dict[str, Any]:
    """K7.6: ties share the rank."""
    rows: list[dict[str, Any]] = []
    for player in state["players"]:
        detail = breakdown(state, player)
        rows.append({"seat": player["seat"], "name": player["name"], "total": detail["total"],
                     "breakdown": {k: v for k, v in detail.items() if k != "total"}})
    placed = places({r["seat"]: r["total"] for r in rows})
    for row in rows:
        row["rank"] = placed[row["seat"]]
    rows.sort(key=lambda r: (r["rank"], r["seat"]))
    return {"final": state["status"] == "finished", "players": rows}

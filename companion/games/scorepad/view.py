"""What everybody sees (nothing is hidden on a score pad), joining, and hands (none)."""

from __future__ import annotations

from typing import Any

from companion.games.base import free_colors, join_common
from companion.games.errors import BadMove, RuleViolation
from companion.games.scorepad.score import breakdown, score
from companion.games.scorepad.state import COLORS, Options, State


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
    if seat is not None:
        view.update(private_view(state, seat))
    return view


def private_view(state: State, seat: int) -> dict[str, Any]:
    """Nothing on a score pad is private."""
    return {}


def public_move(move: dict[str, Any]) -> dict[str, Any]:
    """Every entry is public."""
    return move


def declare_hand(state: State, seat: int, hand: dict[str, Any]) -> State:
    """A score pad keeps no hidden hand: every declaration is refused."""
    raise BadMove("move", "scorepad.hand.none")


def join_player(options: Options, roster: list[dict[str, Any]],
                fields: dict[str, Any]) -> dict[str, Any]:
    """S1.2: a visible name nobody at the table has, and one of twelve colours nobody
    has."""
    most = options["max_players"]
    if len(roster) >= most:
        raise RuleViolation("S1.2", "join.full", max=most)
    return join_common(roster, fields, "S1.2", COLORS)


def join_info(options: Options, roster: list[dict[str, Any]]) -> dict[str, Any]:
    return {"colors": free_colors(roster, COLORS),
            "seats_left": max(0, options["max_players"] - len(roster))}

"""What people see of a session: the public state, a seat's private view, whose turn.

These are the only places outside the games that read an engine's state for
"whose turn" or "how many players": :func:`turn_seat` and :func:`player_bounds`
are the hooks to point at the game's own declarations.
"""

from __future__ import annotations

import time
from typing import Any

from companion.games import GAMES
from companion.games.base import Game
from companion.sessions import clock
from companion.sessions.replay import mark_phones, roster_public


def turn_seat(game: str, state: dict[str, Any] | None) -> int | None:
    """The seat whose turn it is, as the game says (None before the start and after
    the end)."""
    return None if state is None else GAMES[game].on_turn(state)


def player_bounds(game: Game, options: dict[str, Any]) -> tuple[int, int]:
    """The fewest and the most players a table of ``game`` with ``options`` may seat."""
    return game.player_bounds(options)


def public_state(doc: dict[str, Any], version: int, now: float | None = None
                 ) -> dict[str, Any]:
    """The state everybody may see (no hands, no tokens); ``now``: the server time its
    clock is read at."""
    out: dict[str, Any] = {"id": doc["id"], "game": doc["game"], "status": doc["status"],
                           "version": version, "options": doc["options"]}
    if doc["state"] is None:
        roster = roster_public(doc)
        out.update(code=doc["code"], players=roster,
                   **GAMES[doc["game"]].lobby_view(doc["options"], roster))
        if doc.get("setup_draft"):  # what the phones entered of the setup so far
            out["setup_draft"] = {slot: dict(held) for slot, held in doc["setup_draft"].items()}
    else:
        view = GAMES[doc["game"]].view_for(doc["state"], None)
        view.pop("status", None)
        out.update(view)
    out["moves"] = doc.get("moves", 0)
    # the code stays readable during the game: seat links and the host's play view use it
    out["code"] = doc["code"]
    mark_phones(doc, out)
    if doc.get("rematch"):
        out["rematch"] = doc["rematch"]
    out["clock"] = clock.public(doc, time.time() if now is None else now)
    return out


def private_view(doc: dict[str, Any], seat: int) -> dict[str, Any]:
    """What only ``seat`` may see: its name, colour, hand, and whether it is its turn."""
    player = doc["players"][seat]
    out: dict[str, Any] = {"seat": seat, "name": player["name"], "color": player["color"]}
    if doc["state"] is not None:
        out.update(GAMES[doc["game"]].private_view(doc["state"], seat))
        out["your_turn"] = turn_seat(doc["game"], doc["state"]) == seat
    return out

"""Rebuilding a game from its log: undo, import, and logs written before events
were stored.

The log is append-only: one entry per public version after creation
(``join``, ``leave``, ``setup``, ``start``, ``move``, ``undo``, ``finish``,
``rematch``, ``token``, ``takeover``, ``code``),
each with the events it had at its commit (``e``), so reading the log is a
range read. An ``undo`` entry names the version it returns to; replay walks the
whole timeline and recomputes every entry's events exactly as they were sent.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from companion.games import GAMES
from companion.games.errors import RuleError

Entry = dict[str, Any]


def roster_public(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """The players as the engine and the public may see them (no token hashes)."""
    return [{k: v for k, v in p.items() if k != "token"} for p in doc["players"]]


def has_phone(player: dict[str, Any]) -> bool:
    """A seat has a phone while a player token holds it (not added or taken over
    by the host)."""
    return player.get("token") is not None


def mark_phones(doc: dict[str, Any], public: dict[str, Any]) -> None:
    """Add ``phone`` to each player of a public state."""
    by_seat = {int(p["seat"]): has_phone(p) for p in doc["players"]}
    for player in public.get("players") or []:
        player["phone"] = by_seat.get(player.get("seat"), False)


@dataclass
class Step:
    entry: Entry
    events: list[dict[str, Any]]
    state: dict[str, Any] | None


def entry_events(entry: Entry) -> list[dict[str, Any]]:
    """Events of entries that do not touch the engine."""
    kind = entry["k"]
    if kind == "join":
        return [{"type": "player_joined", "seat": entry["seat"], "name": entry["name"],
                 "color": entry.get("color")}]
    if kind == "token":
        return [{"type": "token_reissued", "seat": entry["seat"]}]
    if kind == "takeover":
        return [{"type": "seat_taken_over", "seat": entry["seat"]}]
    if kind == "leave":
        return [{"type": "player_removed", "seat": entry["seat"], "name": entry["name"]}]
    if kind == "code":
        return [{"type": "code_changed"}]
    if kind == "setup":
        return [{"type": "setup_entered", "slot": entry["slot"], "seat": entry.get("seat")}]
    if kind == "rematch":
        return [{"type": "rematch", "session_id": entry["session_id"], "code": entry["code"]}]
    return []


def walk(doc: dict[str, Any], entries: list[Entry]) -> Iterator[Step]:
    """Replay the timeline, yielding each entry with its events and the state after it."""
    game = GAMES[doc["game"]]
    state: dict[str, Any] | None = None
    states: dict[int, dict[str, Any] | None] = {}
    live: list[Entry] = []  # the entries in force so far, as effective() keeps them
    for entry in entries:
        kind = entry["k"]
        events = entry_events(entry)
        if kind == "start":
            state = game.new_game(doc["options"], roster_public(doc), entry["setup"])
            # as the live start says it: a simultaneous game has nobody on turn
            events = [{"type": "game_started", "first_player": game.on_turn(state)}]
        elif kind == "move":
            assert state is not None
            # checked when it was made (or imported): the engine alone replays it
            state, events = game.apply_unchecked(state, entry["seat"], entry["m"])
        elif kind == "finish":
            assert state is not None
            state, events = game.finish(state)
        elif kind == "undo":
            state = states[entry["to"]]
            events = [undone(live, entry["to"])]
        if kind == "undo":
            while live and live[-1]["v"] > entry["to"]:
                live.pop()
        else:
            live.append(entry)
        states[entry["v"]] = state
        yield Step(entry, events, state)


def undone(live: list[Entry], to: int) -> dict[str, Any]:
    """The event of an undo back to version ``to``, given the entries in force."""
    count = sum(1 for e in live if e["k"] in ("move", "finish") and e["v"] > to)
    return {"type": "undone", "to": to, "count": count}


def effective(entries: list[Entry]) -> list[Entry]:
    """The entries still in force: undone ones (and the undo entries) left out."""
    stack: list[Entry] = []
    for entry in entries:
        if entry["k"] == "undo":
            while stack and stack[-1]["v"] > entry["to"]:
                stack.pop()
        else:
            stack.append(entry)
    return stack


def rebuild(doc: dict[str, Any], entries: list[Entry]) -> dict[str, Any] | None:
    """The engine state the log leads to, with the players' private declarations
    re-applied where they still fit."""
    state = None
    for step in walk(doc, entries):
        state = step.state
    if state is None:
        return None
    game = GAMES[doc["game"]]
    for seat, hand in doc.get("declared", {}).items():
        # cards declared then may be gone now: those stay unknown
        with contextlib.suppress(RuleError):
            state = game.declare_hand(state, int(seat), hand)
    return state


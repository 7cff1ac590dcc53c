"""The interface every game engine offers to the sessions layer."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

State = dict[str, Any]
Move = dict[str, Any]
Event = dict[str, Any]


@dataclass(frozen=True)
class Game:
    """A game as data plus pure functions; see ``companion.games.gaia``."""

    name: str
    min_players: int
    max_players: int
    #: options -> normalized options (raises RuleViolation on bad values)
    normalize_options: Callable[[dict[str, Any]], dict[str, Any]]
    #: (options, players, setup, seed-free) -> initial state
    new_game: Callable[[dict[str, Any], list[dict[str, Any]], dict[str, Any]], State]
    #: (state, seat, move) -> (new state, events)
    apply: Callable[[State, int, Move], tuple[State, list[Event]]]
    legal_moves: Callable[[State, int], list[Move]]
    view_for: Callable[[State, int | None], dict[str, Any]]
    score: Callable[[State], dict[str, Any]]
    #: (state, seat, declared hand) -> new state; private, no version bump
    declare_hand: Callable[[State, int, dict[str, Any]], State]
    #: move -> the part of it that everybody may see
    public_move: Callable[[Move], Move]
    #: (state, seat|None) -> final state when the table stops early
    finish: Callable[[State], tuple[State, list[Event]]]

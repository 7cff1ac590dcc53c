"""Seeded random tables for tests and benchmarks: what every game's ``playout.Table``
shares. A game's table chooses a seat and a move the way a table of people would (for
hidden hands, knowing the true cards); the engine must accept every one."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, ClassVar

Move = dict[str, Any]
Events = list[dict[str, Any]]


@dataclass
class Playout:
    rng: random.Random
    state: Any
    #: (seat, move) in the order played, for replays
    log: list[tuple[int, Move]] = field(default_factory=list, kw_only=True)
    #: the game's ``apply``
    engine: ClassVar[Callable[..., tuple[Any, Events]]]

    def choose(self) -> tuple[int, Move]:
        """The seat that moves next and its move."""
        raise NotImplementedError

    def after(self, seat: int, move: Move, before: Any) -> None:
        """Keeps what the table knows beyond the state (true cards) in step."""

    def step(self) -> tuple[Move, Events]:
        """Plays one move; returns it with its events."""
        seat, move = self.choose()
        before = self.state
        self.state, events = type(self).engine(before, seat, move)
        self.after(seat, move, before)
        self.log.append((seat, move))
        return move, events

    def play(self, max_moves: int = 2000) -> Iterator[tuple[Move, Events]]:
        while self.state["status"] == "playing" and len(self.log) < max_moves:
            yield self.step()

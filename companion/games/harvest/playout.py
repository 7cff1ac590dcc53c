"""Seeded random harvests (tests): every seat enters its points in a random order."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from companion.games.harvest.engine import apply, legal_moves
from companion.games.harvest.state import POINTS_MAX, State, new_game, normalize_options

Move = dict[str, Any]
NAMES = ("Ada", "Bo", "Cy", "Di", "Ed", "Flo")


@dataclass
class Table:
    rng: random.Random
    state: State
    log: list[tuple[int, Move]] = field(default_factory=list)

    @classmethod
    def deal(cls, seed: int, players: int = 3, **options: Any) -> Table:
        rng = random.Random(seed)
        roster = [{"name": NAMES[i], "color": f"c{i}"} for i in range(players)]
        return cls(rng, new_game(normalize_options(options), roster, {}))

    def step(self) -> tuple[Move, list[dict[str, Any]]]:
        seats = [p["seat"] for p in self.state["players"] if legal_moves(self.state, p["seat"])]
        seat = self.rng.choice(seats)
        move = {"type": "enter", "points": self.rng.choice(
            [0, POINTS_MAX, self.rng.randint(0, 30), self.rng.randint(0, 30)])}
        self.state, events = apply(self.state, seat, move)
        self.log.append((seat, move))
        return move, events

    def play(self, max_moves: int = 2000) -> Any:
        while self.state["status"] == "playing" and len(self.log) < max_moves:
            yield self.step()

"""Seeded random harvests (tests): every seat enters its points in a random order."""

from __future__ import annotations

import random
from typing import Any

from companion.games.harvest.engine import apply, legal_moves
from companion.games.harvest.state import POINTS_MAX, new_game, normalize_options
from companion.games.playout import Move, Playout

NAMES = ("Ada", "Bo", "Cy", "Di", "Ed", "Flo")


class Table(Playout):
    engine = staticmethod(apply)

    @classmethod
    def deal(cls, seed: int, players: int = 3, **options: Any) -> Table:
        rng = random.Random(seed)
        roster = [{"name": NAMES[i], "color": f"c{i}"} for i in range(players)]
        return cls(rng, new_game(normalize_options(options), roster, {}))

    def choose(self) -> tuple[int, Move]:
        seats = [p["seat"] for p in self.state["players"] if legal_moves(self.state, p["seat"])]
        seat = self.rng.choice(seats)
        return seat, {"type": "enter", "points": self.rng.choice(
            [0, POINTS_MAX, self.rng.randint(0, 30), self.rng.randint(0, 30)])}

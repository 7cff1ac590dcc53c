"""Seeded random score pads (tests): a table that enters points and passes turns.

Every move is filled in from ``legal_moves``; the engine must accept each one.
"""

from __future__ import annotations

import random
from typing import Any

from companion.games.playout import Move, Playout
from companion.games.scorepad.engine import apply
from companion.games.scorepad.legal import legal_moves
from companion.games.scorepad.state import (
    POINTS_MAX,
    POINTS_MIN,
    State,
    new_game,
    normalize_options,
)

NAMES = ("Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kai", "Lu")


def fill(rng: random.Random, state: State, template: Move) -> Move:
    """A concrete move from a template: points for a non-empty subset of its categories
    (mostly small, sometimes at the bounds), and for ``per_round`` any round so far."""
    if template["type"] != "score":
        return dict(template)
    names = list(template["points"])
    chosen = rng.sample(names, rng.randint(1, len(names)))
    bound = rng.choice([20, 100, POINTS_MAX])
    points = {n: max(POINTS_MIN, min(POINTS_MAX, rng.randint(-bound // 4, bound)))
              for n in chosen}
    move = {**template, "points": points}
    if "round" in template:
        move["round"] = rng.randint(max(1, state["round"] - 2), state["round"])
    return move


class Table(Playout):
    engine = staticmethod(apply)

    @classmethod
    def deal(cls, seed: int, players: int = 3, **options: Any) -> Table:
        """A game of ``players``; with no ``rounds`` given, four (``rounds=None``: open)."""
        rng = random.Random(seed)
        opts = normalize_options({"rounds": 4, **options})
        roster = [{"name": NAMES[i], "color": f"c{i}"} for i in range(players)]
        order = list(range(players))
        rng.shuffle(order)
        setup = {"seating": order, "first_player": rng.choice(order)}
        return cls(rng, new_game(opts, roster, setup))

    def choose(self) -> tuple[int, Move]:
        state, rng = self.state, self.rng
        on_turn = state["turn"]["seat"]
        if state["options"]["scoring"] == "per_round" and rng.random() < 0.6:
            seat = rng.choice(state["order"])  # anyone enters anyone's points
            scores = [t for t in legal_moves(state, seat) if t["type"] == "score"]
            return seat, fill(rng, state, rng.choice(scores))
        templates = legal_moves(state, on_turn)
        weights = [1 if t["type"] == "end_turn" else 6 for t in templates]
        if state["options"]["scoring"] == "per_round":
            weights = [1 if t["type"] == "end_turn" else 0 for t in templates]
        return on_turn, fill(rng, state, rng.choices(templates, weights)[0])

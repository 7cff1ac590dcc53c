"""Seeded random Kazaam games with a simulated physical pile (tests, benchmarks).

The simulator knows every tile's true identity and enters only truthful moves,
as a table would; every move it makes must be accepted by the engine.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from companion.games.kazaam.components import (
    COST_MAX,
    COST_MIN,
    DEAL,
    HAND_LIMIT,
    INGREDIENTS,
    SLOTS,
    TORSO_TAKES,
    TYPES,
)
from companion.games.kazaam.engine import apply
from companion.games.kazaam.state import (
    State,
    new_game,
    normalize_options,
    set_counts,
    window,
)
from companion.games.kazaam.tiles import Tile
from companion.games.playout import Move, Playout


def random_cost(rng: random.Random) -> list[str]:
    while True:
        cost = [rng.choice(INGREDIENTS) for _ in range(rng.randint(COST_MIN, COST_MAX))]
        if max(cost.count(i) for i in cost) <= 2:
            return sorted(cost)


@dataclass
class Table(Playout):
    all: list[Tile]
    hands: list[list[Tile]]
    engine = staticmethod(apply)

    @classmethod
    def deal(cls, seed: int, players: int = 3, **options: Any) -> Table:
        rng = random.Random(seed)
        opts = normalize_options(options)
        pile = [Tile(homunculus=kind.split(".")[0], part=kind.split(".")[1],
                     ingredients=random_cost(rng))
                for kind, n in set_counts(opts).items() for _ in range(n)]
        rng.shuffle(pile)
        everything = list(pile)
        hands = [[pile.pop() for _ in range(DEAL)] for _ in range(players)]
        prototypes = rng.sample(TYPES, players)
        roster = [{"name": f"P{i}", "color": f"c{i}", "prototype": prototypes[i],
                   "ingredient": rng.choice(INGREDIENTS)} for i in range(players)]
        return cls(rng, new_game(opts, roster, {}), everything, hands)

    def choose(self) -> tuple[int, Move]:
        turn = self.state["turn"]
        seat = window(turn)["target"] if turn["phase"] == "reaction" else turn["seat"]
        return seat, self.pick(seat)

    # -- choosing ---------------------------------------------------------------------
    def pick(self, seat: int) -> dict[str, Any]:
        rng, state = self.rng, self.state
        if state["turn"]["phase"] == "reaction":
            return {"type": "react", "answer": rng.choice(["cancel", "accept"])}
        if state["turn"]["actions_left"] == 0 or rng.random() < 0.02:
            return {"type": "end_turn"}
        options: list[tuple[int, dict[str, Any]]] = []
        hand, player = self.hands[seat], state["players"][seat]
        for tile in hand:
            free = [s for s, k in SLOTS.items() if k == tile["part"] and player["board"][s] is None]
            if free and self._affordable(player["pool"], tile["ingredients"]):
                options.append((8, {"type": "build", "tile": tile, "slot": rng.choice(free)}))
            options.append((2, {"type": "discard", "tile": tile}))
        if len(hand) < HAND_LIMIT and (state["pile"] or state["discard"]):
            options.append((2, {"type": "draw"}))
        options += [(1, m) for m in self._powers(seat)]
        if any(b is not None and not b["face_up"] for b in player["board"].values()):
            options.append((1, {"type": "refresh"}))
        if not options:
            return {"type": "end_turn"}
        weights = [w for w, _ in options]
        return rng.choices([m for _, m in options], weights)[0]

    @staticmethod
    def _affordable(pool: dict[str, int], cost: list[str]) -> bool:
        return all(pool.get(i, 0) >= cost.count(i) for i in set(cost))

    def _powers(self, seat: int) -> list[dict[str, Any]]:
        state, rng = self.state, self.rng
        players = state["players"]
        others = [p["seat"] for p in players if p["seat"] != seat]
        full = len(self.hands[seat]) >= HAND_LIMIT
        out = []
        for slot, built in players[seat]["board"].items():
            if built is None or not built["face_up"]:
                continue
            kind = SLOTS[slot]
            if kind == "ear":
                out.append({"type": "power", "slot": slot, "target": {"seat": rng.choice(others)}})
            elif kind == "arm" and not full:
                victims = [s for s in others if self.hands[s]]
                if victims:
                    out.append({"type": "power", "slot": slot,
                                "target": {"seat": rng.choice(victims)}})
            elif kind == "tail":
                built_slots = [(p["seat"], s) for p in players for s, b in p["board"].items()
                               if b is not None and (p["seat"], s) != (seat, slot)]
                if not built_slots:
                    continue
                who, where = rng.choice(built_slots)
                out.append({"type": "power", "slot": slot, "target": {"seat": who, "slot": where}})
            elif kind == "leg" and not full and state["discard"]:
                out.append({"type": "power", "slot": slot,
                            "target": {"tile": rng.choice(state["discard"])}})
            elif kind == "torso":
                out.append({"type": "power", "slot": slot, "target": {
                    "ingredients": [rng.choice(INGREDIENTS) for _ in range(TORSO_TAKES)]}})
        return out

    # -- keeping the true tiles in step ---------------------------------------------------
    def _pile_now(self) -> list[Tile]:
        """The pile is every tile not on a board, in the discard pile or in a hand."""
        rest = list(self.all)
        placed = [b["tile"] for p in self.state["players"] for b in p["board"].values()
                  if b is not None]
        for tile in placed + list(self.state["discard"]) + [t for h in self.hands for t in h]:
            rest.remove(tile)
        return rest

    def after(self, seat: int, move: dict[str, Any], before: State) -> None:
        kind = move["type"]
        if kind == "draw":  # any tile still in the (possibly reshuffled) pile may come up
            self.hands[seat].append(self.rng.choice(self._pile_now()))
        elif kind in ("build", "discard"):
            self.hands[seat].remove(move["tile"])
        elif kind == "power" and SLOTS[move["slot"]] == "arm":
            self._after_arm(seat, move["target"]["seat"], before)
        elif kind == "power" and SLOTS[move["slot"]] == "leg":
            self.hands[seat].append(move["target"]["tile"])

    def _after_arm(self, seat: int, victim: int, before: State) -> None:
        """Mirror the engine: an undeclared tile when the victim had one, else any of
        them (the engine then forgets which, K5.2)."""
        theirs = self.hands[victim]
        hand = before["players"][victim]["hand"]
        if hand["unknown"] > 0:
            undeclared = list(theirs)
            for tile in hand["known"]:
                undeclared.remove(tile)
            tile = self.rng.choice(undeclared)
        else:
            tile = self.rng.choice(theirs)
        theirs.remove(tile)
        self.hands[seat].append(tile)

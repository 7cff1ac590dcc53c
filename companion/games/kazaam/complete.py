"""A whole move from a ``legal_moves`` offer (``GameOf.complete``): a slot or target
chosen among the offered ones, and an unknown tile named as the accounting still allows
(K1.4) - for a build, one the pool can pay - so the engine accepts it. For random
playouts and the shared property test."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from companion.games.kazaam.components import INGREDIENTS, PARTS, TYPES
from companion.games.kazaam.playout import random_cost
from companion.games.kazaam.state import State
from companion.games.kazaam.tiles import public_tiles

Move = dict[str, Any]


def complete(state: State, seat: int, offer: Move, rng: random.Random) -> Move:
    """A concrete move from a legal-moves offer; unknown tiles get an identity the
    accounting allows (and, for a build, one the pool can pay)."""
    if offer["type"] == "build":
        if offer["tile"] is None:
            part = rng.choice(sorted(offer["free_slots"]))
            tile = _identity(state, seat, [part], offer["pool"], rng)
            assert tile is not None, "an unknown build is offered only when one is possible"
            return {"type": "build", "tile": tile,
                    "slot": rng.choice(offer["free_slots"][part])}
        return {"type": "build", "tile": offer["tile"], "slot": rng.choice(offer["slot"])}
    if offer["type"] == "discard" and offer["tile"] is None:
        tile = _identity(state, seat, list(PARTS), None, rng)
        assert tile is not None, "an unknown tile has some identity left"
        return {"type": "discard", "tile": tile}
    if offer["type"] == "power":
        target = rng.choice(offer["targets"])
        if offer["power"] == "torso":
            target = {"ingredients": rng.sample(INGREDIENTS, 3)}
        return {"type": "power", "slot": offer["slot"], "target": target}
    return dict(offer)


def _identity(state: State, seat: int, parts: list[str], pool: dict[str, int] | None,
              rng: random.Random) -> dict[str, Any] | None:
    """A tile the accounting allows for an unknown tile of ``seat`` (K1.4): a type x part
    with room left, a cost already bound to it or a new one; payable from ``pool``."""
    visible = public_tiles(state, seat) + state["players"][seat]["hand"]["known"]
    kinds = [(h, p) for h in TYPES for p in parts]
    rng.shuffle(kinds)
    for homunculus, part in kinds:
        kind = f"{homunculus}.{part}"
        limit = state["set"][kind]
        if sum(1 for t in visible if f"{t['homunculus']}.{t['part']}" == kind) >= limit:
            continue
        costs = [list(c) for c in state["costs"].get(kind, [])]
        if len(costs) < limit:
            costs.append(_new_cost(pool, rng))
        costs = [c for c in costs if c and (pool is None or not Counter(c) - Counter(pool))]
        if costs:
            return {"homunculus": homunculus, "part": part, "ingredients": rng.choice(costs)}
    return None


def _new_cost(pool: dict[str, int] | None, rng: random.Random) -> list[str]:
    if pool is None:
        return random_cost(rng)
    units = [i for i, n in pool.items() for _ in range(min(n, 2))]
    if len(units) < 2:
        return []
    return sorted(rng.sample(units, rng.randint(2, min(5, len(units)))))

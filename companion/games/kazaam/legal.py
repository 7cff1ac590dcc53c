"""``legal_moves`` for Kazaam: affordable builds, usable powers and their targets."""

from __future__ import annotations

from collections import Counter
from typing import Any

from companion.games.kazaam import tiles
from companion.games.kazaam.components import (
    COST_MIN,
    HAND_LIMIT,
    PARTS,
    SAME_MAX,
    SLOTS,
    TORSO_TAKES,
    TYPES,
)
from companion.games.kazaam.state import Player, State, window

Template = dict[str, Any]


def legal_moves(state: State, seat: int) -> list[Template]:
    if state["status"] != "playing":
        return []
    turn = state["turn"]
    if turn["phase"] == "reaction":
        if window(turn)["target"] != seat:
            return []
        return [{"type": "react", "answer": "cancel"}, {"type": "react", "answer": "accept"}]
    if turn["seat"] != seat:
        return []
    out: list[Template] = []
    player = state["players"][seat]
    if turn["actions_left"] > 0:
        if tiles.hand_size(player) < HAND_LIMIT and (state["pile"] or state["discard"]):
            out.append({"type": "draw"})
        out += _builds(state, player)
        out += [{"type": "discard", "tile": t} for t in player["hand"]["known"]]
        if player["hand"]["unknown"]:
            out.append({"type": "discard", "tile": None})
        out += _powers(state, seat)
        out.append({"type": "refresh"})  # K4.6: allowed even with nothing face down
    out.append({"type": "end_turn"})
    return out


def _free(player: Player, part: str) -> list[str]:
    return [s for s, k in SLOTS.items() if k == part and player["board"][s] is None]


def _builds(state: State, player: Player) -> list[Template]:
    pool = Counter({k: v for k, v in player["pool"].items() if v})
    out: list[Template] = []
    for tile in player["hand"]["known"]:
        slots = _free(player, tile["part"])
        if slots and not Counter(tile["ingredients"]) - pool:
            out.append({"type": "build", "tile": tile, "slot": slots})
    if player["hand"]["unknown"]:
        free = {part: _free(player, part) for part in PARTS}
        free = {part: slots for part, slots in free.items()
                if slots and _could_build(state, player, part, pool)}
        if free:
            out.append({"type": "build", "tile": None, "free_slots": free, "pool": dict(pool)})
    return out


def _could_build(state: State, player: Player, part: str, pool: Counter[str]) -> bool:
    """Whether some tile of this part that the accounting still allows (K1.4) could be
    paid from the pool: a cost already bound, or a new one of 2+ ingredients."""
    visible = tiles.public_tiles(state, player["seat"]) + player["hand"]["known"]
    catalog = state["options"]["tile_catalog"]
    for homunculus in TYPES:
        kind = f"{homunculus}.{part}"
        limit = tiles.set_count(state, kind)
        if sum(1 for t in visible if tiles.kind(t) == kind) >= limit:
            continue
        if catalog is not None:
            costs = [c["ingredients"] for c in catalog if tiles.kind(c) == kind]
        else:
            costs = state["costs"].get(kind, [])
            if len(costs) < limit and sum(min(n, SAME_MAX) for n in pool.values()) >= COST_MIN:
                return True
        if any(not Counter(cost) - pool for cost in costs):
            return True
    return False


def _powers(state: State, seat: int) -> list[Template]:
    player = state["players"][seat]
    others = [p["seat"] for p in state["players"] if p["seat"] != seat]
    full = tiles.hand_size(player) >= HAND_LIMIT
    out: list[Template] = []
    for slot, built in player["board"].items():
        if built is None or not built["face_up"]:
            continue
        kind = SLOTS[slot]
        targets: list[Any]
        if kind == "ear":
            targets = [{"seat": s} for s in others]
        elif kind == "arm":
            targets = [] if full else [
                {"seat": s} for s in others if tiles.hand_size(state["players"][s])]
        elif kind == "tail":
            targets = [{"seat": p["seat"], "slot": s} for p in state["players"]
                       for s, b in p["board"].items()
                       if b is not None and (p["seat"], s) != (seat, slot)]  # K5.3
        elif kind == "leg":
            targets = [] if full else [{"tile": t} for t in state["discard"]]
        elif kind == "torso":
            targets = [{"ingredients": {"choose": TORSO_TAKES,
                                        "from": list(state["options"]["ingredients"])}}]
        else:
            continue  # head: a reaction only (K5.6)
        if targets:
            out.append({"type": "power", "slot": slot, "power": kind, "targets": targets})
    return out

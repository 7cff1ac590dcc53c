"""Tiles: identities, costs, hidden hands and accounting (K1.4, K1.7)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, TypedDict

from companion.games.errors import BadMove, RuleViolation
from companion.games.kazaam.components import (
    COST_MAX,
    COST_MIN,
    PARTS,
    SAME_MAX,
    TYPES,
)

if TYPE_CHECKING:
    from companion.games.kazaam.state import KazaamState, Player


class Tile(TypedDict):
    """K1.2, K1.4: a tile's homunculus type, its part and its cost."""

    homunculus: str
    part: str
    ingredients: list[str]


def kind(tile: Tile) -> str:
    """The type x part a tile belongs to, e.g. ``wood.arm``."""
    return f"{tile['homunculus']}.{tile['part']}"


def cost_key(tile: Tile) -> tuple[str, ...]:
    return tuple(sorted(tile["ingredients"]))


def identity(tile: Tile) -> tuple[str, tuple[str, ...]]:
    """What makes two tiles the same: their kind and their cost, in any order."""
    return kind(tile), cost_key(tile)


def same(a: Tile, b: Tile) -> bool:
    return identity(a) == identity(b)


def parse(raw: Any, ingredients: list[str], field: str = "tile") -> Tile:
    """A tile as entered by a player (K1.2, K1.4 shape: 2-5 ingredients, at most 2 alike)."""
    if not isinstance(raw, dict):
        raise BadMove("move", "move.bad_field", field=field)
    homunculus, part, cost = raw.get("homunculus"), raw.get("part"), raw.get("ingredients")
    if not isinstance(homunculus, str) or not isinstance(part, str) \
            or homunculus not in TYPES or part not in PARTS:
        raise BadMove("move", "kazaam.tile.bad", field=field)
    if (not isinstance(cost, list) or not COST_MIN <= len(cost) <= COST_MAX
            or any(i not in ingredients for i in cost)):
        raise RuleViolation("K1.4", "kazaam.tile.bad_cost", min=COST_MIN, max=COST_MAX,
                            ingredients=list(ingredients))
    if max(Counter(cost).values()) > SAME_MAX:
        raise RuleViolation("K1.4", "kazaam.tile.too_many_alike", most=SAME_MAX)
    return {"homunculus": homunculus, "part": part, "ingredients": sorted(cost)}


def hand_size(player: Player) -> int:
    return len(player["hand"]["known"]) + int(player["hand"]["unknown"])


def take_from_hand(player: Player, tile: Tile) -> bool:
    """K1.7: use a declared tile of that identity, else an unknown one.

    Returns True when an unknown tile was used (its identity is new to the table)."""
    hand = player["hand"]
    for i, held in enumerate(hand["known"]):
        if same(held, tile):
            del hand["known"][i]
            return False
    if hand["unknown"] > 0:
        hand["unknown"] -= 1
        return True
    raise RuleViolation("K1.7", "kazaam.tile.not_in_hand", tile=tile)


def public_tiles(state: KazaamState, seat: int | None = None) -> list[Tile]:
    """Tiles the whole table can see: every built part, the discard pile, and the
    tiles a leg took from the discard pile into a hand (K5.4).

    For ``seat``, its own such tiles are left out (they are in its declared hand),
    and so is an untraced one (K5.2) that its declared hand may be holding."""
    out = [part["tile"] for p in state["players"] for part in p["board"].values()
           if part is not None]
    out += list(state["discard"])
    mine = list(state["players"][seat]["hand"]["known"]) if seat is not None else []
    for record in state.get("held", []):
        if seat is not None and record["seat"] == seat:
            continue
        if record["seat"] is None:
            match = next((i for i, t in enumerate(mine) if same(t, record["tile"])), None)
            if match is not None:
                del mine[match]
                continue
        out.append(record["tile"])
    return out


def hold_in_view(state: KazaamState, seat: int, tile: Tile) -> None:
    """K5.4: a tile from the discard pile stays known in ``seat``'s hand."""
    state.setdefault("held", []).append({"seat": seat, "tile": tile})


def held_by(state: KazaamState, seat: int) -> list[Tile]:
    return [r["tile"] for r in state.get("held", []) if r["seat"] == seat]


def release(state: KazaamState, seat: int, tile: Tile) -> None:
    """A tile left ``seat``'s hand for the board or the discard pile: if it was a known
    one (K5.4), its own or an untraced one (K5.2), it is now counted there instead."""
    held = state.get("held", [])
    for owner in (seat, None):
        found = next((i for i, r in enumerate(held)
                      if r["seat"] == owner and same(r["tile"], tile)), None)
        if found is not None:
            del held[found]
            return


def pass_along(state: KazaamState, giver: int, taker: int, tile: Tile | None) -> None:
    """An arm moved a tile: a named known one goes with it (K5.4); an unnamed take from
    a fully declared hand leaves the giver's known tiles untraced (K5.2)."""
    for record in state.get("held", []):
        if record["seat"] != giver:
            continue
        if tile is None:
            record["seat"] = None
        elif same(record["tile"], tile):
            record["seat"] = taker
            return


def set_count(state: KazaamState, tile_kind: str) -> int:
    return int(state["set"].get(tile_kind, 0))


def check(state: KazaamState, seat: int, tile: Tile, public: bool) -> None:
    """K1.4: the tile exists in this game's set (catalog, or bound costs)."""
    tile_kind = kind(tile)
    limit = set_count(state, tile_kind)
    if limit == 0:
        raise RuleViolation("K1.4", "kazaam.tile.not_in_set", tile=tile)
    catalog = state["options"]["tile_catalog"]
    if catalog is not None:
        copies = sum(1 for c in catalog if same(c, tile))
        if copies == 0:
            raise RuleViolation("K1.4", "kazaam.tile.not_in_catalog", tile=tile)
    else:
        bound = state["costs"].setdefault(tile_kind, [])
        if list(cost_key(tile)) not in bound:
            if len(bound) >= limit:
                raise RuleViolation("K1.4", "kazaam.tile.other_cost", tile=tile,
                                    known=[{**tile, "ingredients": b} for b in bound])
            if public:
                bound.append(list(cost_key(tile)))
        copies = limit
    visible = public_tiles(state, seat) + state["players"][seat]["hand"]["known"]
    seen = sum(1 for t in visible if kind(t) == tile_kind)
    if seen > limit:
        raise RuleViolation("K1.4", "kazaam.tile.too_many", limit=limit,
                            kind={"homunculus": tile["homunculus"], "part": tile["part"]})
    same_seen = sum(1 for t in visible if same(t, tile))
    if same_seen > copies:
        raise RuleViolation("K1.4", "kazaam.tile.too_many", kind=tile, limit=copies)


def forget_impossible(state: KazaamState) -> None:
    """A private declaration that the public tiles make impossible turns unknown
    (never a tile everybody saw go into that hand, K5.4)."""
    for player in state["players"]:
        public = public_tiles(state, player["seat"])
        hand = player["hand"]
        seen_go_in = held_by(state, player["seat"])
        keep: list[Tile] = []
        for tile in hand["known"]:
            if tile in seen_go_in:
                seen_go_in.remove(tile)
                keep.append(tile)
                continue
            limit = set_count(state, kind(tile))
            seen = sum(1 for t in public + keep if kind(t) == kind(tile)) + 1
            if seen > limit:
                hand["unknown"] += 1
            else:
                keep.append(tile)
        hand["known"] = keep


def pay(pool: dict[str, int], cost: list[str]) -> bool:
    """Take exactly ``cost`` from ``pool``; False (pool untouched) if it cannot."""
    need = Counter(cost)
    if any(pool.get(i, 0) < n for i, n in need.items()):
        return False
    for i, n in need.items():
        pool[i] -= n
    return True

"""Tiles the table has seen (their faces only) and the host's box of them.

A tile named in public — built, discarded, or bound to its cost when first seen (K1.4)
— is offered to every phone afterwards; a tile an ear showed is offered to the player
who looked. Who holds a tile is never part of it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.games.derived import per_state
from companion.games.errors import RuleError, RuleViolation
from companion.games.kazaam import tiles
from companion.games.kazaam.components import PARTS, TYPES

if TYPE_CHECKING:
    from companion.games.kazaam.state import KazaamState as State

#: a box holds at most the tiles of the largest set the options allow (K1.5: 4 per part)
BOX_MAX = len(TYPES) * len(PARTS) * 4


def _face(tile: Any) -> dict[str, Any]:
    return {"homunculus": tile["homunculus"], "part": tile["part"],
            "ingredients": sorted(tile["ingredients"])}


def dedup(found: list[Any], limit: int = BOX_MAX, keys: set[Any] | None = None
          ) -> list[dict[str, Any]]:
    """Tile faces in first-seen order, each once; ``keys``: tiles already listed
    elsewhere, left out (and the ones found are added)."""
    out: list[dict[str, Any]] = []
    keys = set() if keys is None else keys  # every phone's view runs this: one pass
    for tile in found:
        if not isinstance(tile, dict):
            continue
        key = tiles.identity(tile)  # type: ignore[arg-type]
        if key not in keys:
            keys.add(key)
            out.append(_face(tile))
            if len(out) >= limit:
                break
    return out


def _bound(state: State) -> list[dict[str, Any]]:
    """The costs the table bound to each homunculus and part (K1.4)."""
    out = []
    for kind, costs in state["costs"].items():
        homunculus, part = kind.split(".", 1)
        out += [{"homunculus": homunculus, "part": part, "ingredients": c} for c in costs]
    return out


def _fits(state: State, tile: Any) -> bool:
    """A box tile this game could hold: its kind is in the set, its ingredients named."""
    names = state["options"]["ingredients"]
    return (tiles.set_count(state, tiles.kind(tile)) > 0
            and all(i in names for i in tile["ingredients"]))


@per_state
def _table(state: State) -> tuple[list[dict[str, Any]], frozenset[Any]]:
    """Made once per state (the public view and every seat's view list it): the faces
    and their identities."""
    box = [t for t in state["options"].get("box") or [] if _fits(state, t)]
    keys: set[Any] = set()
    faces = dedup([*_bound(state), *tiles.public_tiles(state), *box], keys=keys)
    return faces, frozenset(keys)


def public(state: State) -> list[dict[str, Any]]:
    """What every phone is offered first: seen in this game, then the host's box."""
    return list(_table(state)[0])


def for_seat(state: State, seat: int) -> list[dict[str, Any]]:
    """The table's known tiles, the ones this seat named in its hand and an ear showed it."""
    player = state["players"][seat]
    shown: Any = player["revealed"] or {}
    own = [*player["hand"]["known"], *shown.get("tiles", [])]
    faces, keys = _table(state)
    extra = dedup(own, BOX_MAX * 2 - len(faces), set(keys)) if own else []
    return [*faces, *extra]


def parse_box(raw: Any, ingredients: list[str]) -> list[dict[str, Any]] | None:
    """The ``box`` create option: tile faces a host's device has seen before. A tile of a
    valid shape naming an ingredient this table calls otherwise is left out, not refused
    (the same device may have played with other ingredient names)."""
    if raw is None:
        return None
    if not isinstance(raw, list) or len(raw) > BOX_MAX:
        raise RuleViolation("K9", "kazaam.options.bad", option="box")
    parsed = []
    for tile in raw:
        cost = tile.get("ingredients") if isinstance(tile, dict) else None
        named = list(cost) if isinstance(cost, list) and all(
            isinstance(i, str) and len(i) <= 64 for i in cost) else []
        try:
            face = tiles.parse(tile, named or ingredients, "box")
        except RuleError:
            raise RuleViolation("K9", "kazaam.options.bad", option="box") from None
        if all(i in ingredients for i in face["ingredients"]):
            parsed.append(face)
    return dedup(parsed) or None

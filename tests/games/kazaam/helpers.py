"""Small Kazaam table situations as plain state."""

from __future__ import annotations

from functools import partial
from typing import Any

from companion.games.kazaam import KAZAAM, new_game, normalize_options
from tests.games.checks import played, refused
from tests.games.checks import types as types  # the stories import it from here

PROTOS = ["wood", "fire", "stone", "bone", "fur"]
INGS = ["mercury", "sulphur", "mandrake", "unicorn_horn", "dragon_blood"]


def T(homunculus: str, part: str, *ingredients: str) -> dict[str, Any]:
    return {"homunculus": homunculus, "part": part, "ingredients": sorted(ingredients)}


def game(players: int = 2, **options: Any) -> dict[str, Any]:
    roster = [{"name": n, "color": f"c{i}", "prototype": PROTOS[i], "ingredient": INGS[i]}
              for i, n in enumerate(["Ada", "Bo", "Cy", "Di", "Ed"][:players])]
    return new_game(normalize_options(options), roster, {})


def hand(state: dict[str, Any], seat: int, *tiles: dict[str, Any], unknown: int = 0) -> None:
    state["players"][seat]["hand"] = {"known": list(tiles), "unknown": unknown}


def pool(state: dict[str, Any], seat: int, **counts: int) -> None:
    state["players"][seat]["pool"].update(counts)


def built(state: dict[str, Any], seat: int, slot: str, tile: dict[str, Any],
          face_up: bool = True) -> None:
    state["players"][seat]["board"][slot] = {"tile": tile, "face_up": face_up}
    state["pile"] -= 1


apply = KAZAAM.apply  # the game's one entry: its shapes, then its engine
play = partial(played, apply)  # apply, its input checked untouched
rejects = partial(refused, apply)  # a refusal under a rule, the state untouched

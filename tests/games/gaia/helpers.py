"""Build small Gaia table situations directly as plain state."""

from __future__ import annotations

import copy
from functools import partial
from typing import Any

from companion.games.gaia import GAIA, new_game, normalize_options
from companion.games.gaia.board import key, satisfied, xy
from tests.games.checks import played, refused
from tests.games.checks import types as types  # the stories import it from here

NAMES = ["Ada", "Bo", "Cy", "Di", "Ed"]
DISPLAY = {"nature": ["plains", "desert", "mountain"],
           "life": [{"kind": "animals", "symbol": "desert"},
                    {"kind": "city", "symbol": "mountain",
                     "needs": ["desert", "desert", "plains", "animals"]}]}


def C(symbol: str, *needs: str) -> dict[str, Any]:
    """A city card."""
    return {"kind": "city", "symbol": symbol, "needs": list(needs)}


def A(symbol: str) -> dict[str, Any]:
    """An animals card."""
    return {"kind": "animals", "symbol": symbol}


def game(players: int = 2, objectives: list[list[str]] | None = None,
         display: dict[str, Any] | None = None, **options: Any) -> dict[str, Any]:
    setup = {"objectives": objectives or [["forest", "forest", "sea", "sea"]] * (players + 2),
             "display": copy.deepcopy(display or DISPLAY)}
    roster = [{"name": n, "color": f"c{i}"} for i, n in enumerate(NAMES[:players])]
    return new_game(normalize_options(options), roster, setup)


def tile(state: dict[str, Any], at: tuple[int, int], terrain: str, animals: int = 0) -> None:
    state["tiles"][key(at)] = {"terrain": terrain, "animals": animals, "city": None}
    state["supply"]["tiles"][terrain] -= 1
    state["supply"]["animals"] -= animals


def city(state: dict[str, Any], at: tuple[int, int], terrain: str, needs: list[str],
         builder: int = 0, pawns: tuple[int, ...] = (), symbol: str | None = None) -> None:
    """A city already on the map; call :func:`settle` once the map is complete."""
    tile(state, at, terrain)
    state["tiles"][key(at)]["city"] = {"symbol": symbol or terrain, "needs": needs,
                                       "satisfied": 0, "builder": builder,
                                       "pawns": list(pawns), "seq": state["next_city"]}
    state["next_city"] += 1
    for seat in pawns:
        state["players"][seat]["pawns"] -= 1


def settle(state: dict[str, Any]) -> None:
    """Give every city its satisfied count for the map as built."""
    distinct = state["options"]["duplicate_needs"] == "distinct_neighbours"
    for k, t in state["tiles"].items():
        if t["city"]:
            t["city"]["satisfied"] = satisfied(state["tiles"], xy(k), t["city"]["needs"],
                                               distinct)


def hand(state: dict[str, Any], seat: int, *cards: Any, unknown: dict[str, int] | None = None
         ) -> None:
    """Set a seat's hand: these known cards, plus ``unknown`` hidden ones."""
    unknown = unknown or {}
    state["players"][seat]["hand"] = {
        "nature": {"known": [c for c in cards if isinstance(c, str)],
                   "unknown": unknown.get("nature", 0)},
        "life": {"known": [c for c in cards if isinstance(c, dict)],
                 "unknown": unknown.get("life", 0)}}


def at(state: dict[str, Any], square: tuple[int, int]) -> dict[str, Any]:
    return state["tiles"][key(square)]  # type: ignore[no-any-return]


apply = GAIA.apply  # the game's one entry: its shapes, then its engine
play = partial(played, apply)  # apply, its input checked untouched
rejects = partial(refused, apply)  # a refusal under a rule, the state untouched

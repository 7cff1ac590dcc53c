"""Options, setup and the initial state of a Kazaam game (K3, K9)."""

from __future__ import annotations

from typing import Any

from companion.games import names
from companion.games.base import seating
from companion.games.errors import RuleViolation
from companion.games.kazaam import tiles
from companion.games.kazaam.components import (
    ACTIONS_PER_TURN,
    DEAL,
    INGREDIENTS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPTION_CHOICES,
    PARTS,
    SET_PER_TYPE,
    SLOTS,
    TYPES,
)

State = dict[str, Any]
INGREDIENT_NAME_MAX = 24
KNOWN = set(OPTION_CHOICES) | {"ingredients", "start_ingredients", "tiles", "tile_catalog"}


def _bad(option: str) -> RuleViolation:
    return RuleViolation("K9", "kazaam.options.bad", option=option)


def normalize_options(raw: dict[str, Any]) -> dict[str, Any]:
    """K9: defaults first; unknown options or values are refused."""
    if not isinstance(raw, dict):
        raise _bad("options")
    if set(raw) - KNOWN:
        raise RuleViolation("K9", "kazaam.options.unknown", option=sorted(set(raw) - KNOWN)[0])
    options: dict[str, Any] = {}
    for name, (allowed, default) in OPTION_CHOICES.items():
        value = raw.get(name, default)
        if not any(value is a or (value == a and type(value) is type(a)) for a in allowed):
            raise _bad(name)
        options[name] = value
    names = _ingredient_names(raw.get("ingredients", list(INGREDIENTS)))
    options["ingredients"] = names
    start = raw.get("start_ingredients") or {}
    if (not isinstance(start, dict) or any(k not in names for k in start)
            or any(type(v) is not int or not 0 <= v <= 9 for v in start.values())):
        raise _bad("start_ingredients")
    options["start_ingredients"] = start
    options["tiles"] = _set(raw.get("tiles"))
    catalog = raw.get("tile_catalog")
    if catalog is not None:
        if not isinstance(catalog, list) or not catalog or len(catalog) > 300:
            raise _bad("tile_catalog")
        catalog = [tiles.parse(t, names, "tile_catalog") for t in catalog]
    options["tile_catalog"] = catalog
    return options


def _ingredient_names(raw: Any) -> list[str]:
    """K9: six names, each visible text (``games.names``), no two alike in any case."""
    refused = RuleViolation("K9", "kazaam.options.ingredient_names", count=len(INGREDIENTS),
                            max=INGREDIENT_NAME_MAX)
    if not isinstance(raw, list) or len(raw) != len(INGREDIENTS):
        raise refused
    try:
        cleaned = [names.clean(n, INGREDIENT_NAME_MAX) for n in raw]
    except names.BadName:
        raise refused from None
    if len({names.same_key(n) for n in cleaned}) != len(cleaned):
        raise refused
    return cleaned


def _set(raw: Any) -> dict[str, int]:
    """K1.5: tiles per part of each type (default: one per type and part, ears,
    arms and legs two each)."""
    if raw is None:
        return dict(SET_PER_TYPE)
    if (not isinstance(raw, dict) or set(raw) - set(PARTS)
            or any(type(v) is not int or not 0 <= v <= 4 for v in raw.values())):
        raise _bad("tiles")
    return {p: raw.get(p, SET_PER_TYPE[p]) for p in PARTS}


def set_counts(options: dict[str, Any]) -> dict[str, int]:
    """How many tiles of each type x part the game has."""
    if options["tile_catalog"] is not None:
        counts: dict[str, int] = {}
        for tile in options["tile_catalog"]:
            counts[tiles.kind(tile)] = counts.get(tiles.kind(tile), 0) + 1
        return counts
    return {f"{t}.{p}": n for t in TYPES for p, n in options["tiles"].items()}


def new_game(options: dict[str, Any], players: list[dict[str, Any]],
             setup: dict[str, Any]) -> State:
    """K3.1: everyone holds 3 hidden tiles, the rest is the pile."""
    n = len(players)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise RuleViolation("K1.6", "kazaam.setup.players", min=MIN_PLAYERS, max=MAX_PLAYERS,
                            n=n)
    if not isinstance(setup, dict):
        raise _bad("setup")
    order, first = seating(setup, n, "K4.7", "kazaam")
    counts = set_counts(options)
    total = sum(counts.values())
    if total < DEAL * n:
        raise _bad("tiles")
    start = options["start_ingredients"]
    return {
        "game": "kazaam", "options": options, "status": "playing",
        "order": order, "first_player": first, "set": counts, "costs": {},
        "players": [{"seat": i, "name": p.get("name", f"Player {i + 1}"),
                     "color": p.get("color"), "prototype": p.get("prototype"),
                     "ingredient": p.get("ingredient"),
                     "hand": {"known": [], "unknown": DEAL},
                     "board": {slot: None for slot in SLOTS},
                     "pool": {name: int(start.get(name, 0)) for name in options["ingredients"]},
                     "revealed": None}
                    for i, p in enumerate(players)],
        "turn": {"seat": first, "actions_left": ACTIONS_PER_TURN, "phase": "actions",
                 "number": 1, "reaction": None},
        "pile": total - DEAL * n, "discard": [],
        "first_complete": None, "ending": False, "result": None,
        "held": [], "idle_turns": 0,
    }


def clone(state: State) -> State:
    """A copy sharing only immutable values (options, tile dicts)."""
    new = dict(state)
    new["players"] = [{**p, "hand": {"known": list(p["hand"]["known"]),
                                     "unknown": p["hand"]["unknown"]},
                       "board": {s: (dict(b) if b is not None else None)
                                 for s, b in p["board"].items()},
                       "pool": dict(p["pool"])} for p in state["players"]]
    new["turn"] = dict(state["turn"])
    new["discard"] = list(state["discard"])
    new["costs"] = {k: list(v) for k, v in state["costs"].items()}
    new["held"] = [dict(r) for r in state.get("held", [])]
    return new

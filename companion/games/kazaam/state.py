"""Options, setup and the initial state of a Kazaam game (K3, K9)."""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from companion.games import names
from companion.games.base import seating
from companion.games.errors import RuleViolation
from companion.games.kazaam import known, tiles
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
from companion.games.kazaam.tiles import Tile
from companion.games.ranking import Result


class Options(TypedDict):
    """K9, normalized."""

    end: str
    chain_counts_face_down: bool
    ingredients: list[str]
    start_ingredients: dict[str, int]
    tiles: dict[str, int]
    tile_catalog: list[Tile] | None
    #: tile faces the host's device saw in earlier games (suggestions only)
    box: NotRequired[list[Tile]]


class Hand(TypedDict):
    """K1.7: the tiles the holder declared, and how many are still unknown."""

    known: list[Tile]
    unknown: int


class Built(TypedDict):
    """A tile on a board slot."""

    tile: Tile
    face_up: bool


class Revealed(TypedDict):
    """K5.1: what an ear showed its player."""

    seat: int
    tiles: list[Tile]
    unknown: int


class Player(TypedDict):
    seat: int
    name: str
    color: str | None
    prototype: str | None
    ingredient: str | None
    hand: Hand
    #: slot -> the tile built there, or None
    board: dict[str, Built | None]
    #: ingredient -> how many the player has
    pool: dict[str, int]
    revealed: Revealed | None
    #: K5.2: an arm took a declared tile, the holder may declare again
    redeclare: NotRequired[bool]


class Reaction(TypedDict):
    """K5.6: a tail aimed at a player with a face-up head, waiting for the answer."""

    actor: int
    target: int
    slot: str


class Turn(TypedDict):
    seat: int
    actions_left: int
    phase: str
    number: int
    reaction: Reaction | None


class Held(TypedDict):
    """K5.4: a tile everybody saw go into a hand (``seat`` None: untraced, K5.2)."""

    seat: int | None
    tile: Tile


class KazaamState(TypedDict):
    """Kazaam's state document (K3.1)."""

    game: str
    options: Options
    status: str
    order: list[int]
    first_player: int
    #: type.part -> how many tiles of it the game has
    set: dict[str, int]
    #: type.part -> the costs seen for it so far (K1.4)
    costs: dict[str, list[list[str]]]
    players: list[Player]
    turn: Turn
    pile: int
    discard: list[Tile]
    first_complete: int | None
    #: K6.1 ``finish_round``: the last round is being played
    ending: bool
    result: Result | None
    held: NotRequired[list[Held]]
    #: K6.2: turns in a row with nothing built and nothing to draw
    idle_turns: NotRequired[int]
    built_this_turn: NotRequired[bool]


State = KazaamState


def window(turn: Turn) -> Reaction:
    """The open reaction window (K5.6): there is one whenever the phase is
    ``reaction``."""
    reaction = turn["reaction"]
    assert reaction is not None, "a reaction phase always has its window"
    return reaction


def built_at(player: Player, slot: str) -> Built:
    """The tile on a slot the rules already found built."""
    built = player["board"][slot]
    assert built is not None, f"slot {slot} is built"
    return built
INGREDIENT_NAME_MAX = 24
KNOWN = set(OPTION_CHOICES) | {"ingredients", "start_ingredients", "tiles", "tile_catalog", "box"}


def _bad(option: str) -> RuleViolation:
    return RuleViolation("K9", "kazaam.options.bad", option=option)


def normalize_options(raw: dict[str, Any]) -> Options:
    """K9: defaults first; unknown options or values are refused."""
    if not isinstance(raw, dict):
        raise _bad("options")
    if set(raw) - KNOWN:
        raise RuleViolation("K9", "kazaam.options.unknown", option=sorted(set(raw) - KNOWN)[0])
    chosen: dict[str, Any] = {}
    for name, (allowed, default) in OPTION_CHOICES.items():
        value = raw.get(name, default)
        if not any(value is a or (value == a and type(value) is type(a)) for a in allowed):
            raise _bad(name)
        chosen[name] = value
    names = _ingredient_names(raw.get("ingredients", list(INGREDIENTS)))
    start = raw.get("start_ingredients") or {}
    if (not isinstance(start, dict) or any(k not in names for k in start)
            or any(type(v) is not int or not 0 <= v <= 9 for v in start.values())):
        raise _bad("start_ingredients")
    counts = _set(raw.get("tiles"))
    catalog = raw.get("tile_catalog")
    if catalog is not None:
        if not isinstance(catalog, list) or not catalog or len(catalog) > 300:
            raise _bad("tile_catalog")
        catalog = [tiles.parse(t, names, "tile_catalog") for t in catalog]
    options = Options(end=chosen["end"], chain_counts_face_down=chosen["chain_counts_face_down"],
                      ingredients=names, start_ingredients=start, tiles=counts,
                      tile_catalog=catalog)
    box = known.parse_box(raw.get("box"), names)
    if box:
        options["box"] = box  # type: ignore[typeddict-item]
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


def set_counts(options: Options) -> dict[str, int]:
    """How many tiles of each type x part the game has."""
    if options["tile_catalog"] is not None:
        counts: dict[str, int] = {}
        for tile in options["tile_catalog"]:
            counts[tiles.kind(tile)] = counts.get(tiles.kind(tile), 0) + 1
        return counts
    return {f"{t}.{p}": n for t in TYPES for p, n in options["tiles"].items()}


def new_game(options: Options, players: list[dict[str, Any]],
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


"""The score pad's options, setup and first state (S1)."""

from __future__ import annotations

from typing import Any, TypedDict

from companion.games import names
from companion.games.base import seating
from companion.games.errors import RuleViolation
from companion.games.ranking import Result


class Options(TypedDict):
    """S1.1, normalized."""

    title: str
    categories: list[str]
    rounds: int | None
    scoring: str
    low_wins: bool
    min_players: int
    max_players: int


class Player(TypedDict):
    seat: int
    name: str
    color: str | None


class Turn(TypedDict):
    seat: int
    number: int


class ScorepadState(TypedDict):
    """The score pad's state document (S1.2)."""

    game: str
    options: Options
    status: str
    order: list[int]
    first_player: int
    players: list[Player]
    turn: Turn
    #: the round in play (S2.2)
    round: int
    #: seat -> round -> {category or "total": points}; keys are strings (JSON)
    entries: dict[str, dict[str, dict[str, int]]]
    result: Result | None


State = ScorepadState

TITLE_MAX = 40
CATEGORY_MAX = 24  # characters of a category's name
CATEGORIES_MAX = 12
ROUNDS_MAX = 50
MIN_PLAYERS, MAX_PLAYERS = 1, 12
POINTS_MIN, POINTS_MAX = -10_000, 10_000
SCORING = ("per_turn", "per_round")
#: the points key of an entry when the pad has no categories (S2.1)
TOTAL = "total"
#: twelve colours for twelve seats: the six every game has, then six more
COLORS = ("red", "blue", "green", "yellow", "purple", "orange",
          "pink", "teal", "brown", "grey", "lime", "navy")
DEFAULTS: dict[str, Any] = {"title": "", "categories": [], "rounds": None,
                            "scoring": "per_turn", "low_wins": False,
                            "min_players": MIN_PLAYERS, "max_players": MAX_PLAYERS}


def _bad(option: str, key: str = "scorepad.options.bad", **params: Any) -> RuleViolation:
    return RuleViolation("S1.1", key, option=option, **params)


def _count(raw: Any, option: str, low: int, high: int) -> int:
    if type(raw) is not int or not low <= raw <= high:
        raise _bad(option, "scorepad.options.number", min=low, max=high)
    return raw


def _title(raw: Any) -> str:
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return ""
    try:
        return names.clean(raw, TITLE_MAX)
    except names.BadName:
        raise _bad("title", "scorepad.options.title", max=TITLE_MAX) from None


def _categories(raw: Any) -> list[str]:
    """S1.1: up to twelve named rows, each visible text, no two alike in any case."""
    refused = _bad("categories", "scorepad.options.categories", count=CATEGORIES_MAX,
                   max=CATEGORY_MAX)
    if raw is None:
        return []
    if not isinstance(raw, list) or len(raw) > CATEGORIES_MAX:
        raise refused
    try:
        cleaned = [names.clean(n, CATEGORY_MAX) for n in raw]
    except names.BadName:
        raise refused from None
    if len({names.same_key(n) for n in cleaned}) != len(cleaned):
        raise refused
    return cleaned


def normalize_options(raw: dict[str, Any]) -> Options:
    """S1.1: defaults first; unknown options and values out of bounds are refused."""
    if not isinstance(raw, dict):
        raise _bad("options")
    unknown = sorted(str(k) for k in set(raw) - set(DEFAULTS))
    if unknown:
        raise RuleViolation("S1.1", "scorepad.options.unknown", option=unknown[0][:40])
    given = {**DEFAULTS, **{k: v for k, v in raw.items() if v is not None}}
    title, categories = _title(raw.get("title")), _categories(raw.get("categories"))
    rounds = raw.get("rounds")
    rounds = None if rounds is None else _count(rounds, "rounds", 1, ROUNDS_MAX)
    if given["scoring"] not in SCORING:
        raise _bad("scoring")
    if type(given["low_wins"]) is not bool:
        raise _bad("low_wins")
    least = _count(given["min_players"], "min_players", MIN_PLAYERS, MAX_PLAYERS)
    most = _count(given["max_players"], "max_players", MIN_PLAYERS, MAX_PLAYERS)
    if least > most:
        raise _bad("min_players", "scorepad.options.players")
    return Options(title=title, categories=categories, rounds=rounds,
                   scoring=given["scoring"], low_wins=given["low_wins"],
                   min_players=least, max_players=most)


def point_keys(options: Options) -> list[str]:
    """What an entry may name: the categories, or the one total (S2.1)."""
    return list(options["categories"]) or [TOTAL]


def new_game(options: Options, players: list[dict[str, Any]],
             setup: dict[str, Any]) -> State:
    """S1.2: the seated players in the host's order; nobody has points yet."""
    n = len(players)
    least, most = options["min_players"], options["max_players"]
    if not least <= n <= most:
        raise RuleViolation("S1.1", "scorepad.setup.players", min=least, max=most, n=n)
    if not isinstance(setup, dict):
        raise _bad("setup")
    order, first = seating(setup, n, "S1.2", "scorepad")
    return {
        "game": "scorepad", "options": options, "status": "playing",
        "order": order, "first_player": first,
        "players": [{"seat": i, "name": p.get("name", f"Player {i + 1}"),
                     "color": p.get("color")} for i, p in enumerate(players)],
        "turn": {"seat": first, "number": 1},
        "round": 1,
        "entries": {str(i): {} for i in range(n)},
        "result": None,
    }


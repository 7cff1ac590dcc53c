"""The harvest's options, first state and the state document (H1)."""

from __future__ import annotations

from typing import Any, TypedDict

from companion.games.errors import RuleViolation
from companion.games.ranking import Result


class Options(TypedDict):
    """H1.1, normalized."""

    rounds: int


class Player(TypedDict):
    seat: int
    name: str
    color: str | None


class Turn(TypedDict):
    """Nobody waits for a turn (H2.1): the round in play and who entered it already."""

    round: int
    entered: list[int]


class HarvestState(TypedDict):
    """The harvest's state document."""

    game: str
    options: Options
    status: str
    players: list[Player]
    turn: Turn
    #: each closed round's points, seat by seat (H2.2: public once the round closed)
    rounds: list[list[int]]
    #: the round in play's entries, seat -> points, hidden until the round closes (H2.2)
    pending: dict[str, int]
    result: Result | None


State = HarvestState

MIN_PLAYERS, MAX_PLAYERS = 2, 6
ROUNDS_MIN, ROUNDS_MAX = 1, 12
POINTS_MIN, POINTS_MAX = 0, 999
DEFAULTS: dict[str, Any] = {"rounds": 3}


def normalize_options(raw: dict[str, Any]) -> Options:
    """H1.1: the number of rounds, 1 to 12 (3 unless chosen); anything else is refused."""
    if not isinstance(raw, dict):
        raise RuleViolation("H1.1", "harvest.options.unknown", option="options")
    unknown = sorted(str(k) for k in set(raw) - set(DEFAULTS))
    if unknown:
        raise RuleViolation("H1.1", "harvest.options.unknown", option=unknown[0][:40])
    rounds = raw.get("rounds")
    rounds = DEFAULTS["rounds"] if rounds is None else rounds
    if type(rounds) is not int or not ROUNDS_MIN <= rounds <= ROUNDS_MAX:
        raise RuleViolation("H1.1", "harvest.options.rounds", min=ROUNDS_MIN, max=ROUNDS_MAX)
    return Options(rounds=rounds)


def new_game(options: Options, players: list[dict[str, Any]],
             setup: dict[str, Any]) -> State:
    """H1.2: the seated players, nobody with points; no setup to give."""
    n = len(players)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise RuleViolation("H1.2", "harvest.setup.players", min=MIN_PLAYERS,
                            max=MAX_PLAYERS, n=n)
    if not isinstance(setup, dict) or setup:
        raise RuleViolation("H1.2", "harvest.setup.none")
    return {
        "game": "harvest", "options": options, "status": "playing",
        "players": [{"seat": i, "name": p.get("name", f"Player {i + 1}"),
                     "color": p.get("color")} for i, p in enumerate(players)],
        "turn": {"round": 1, "entered": []},
        "rounds": [], "pending": {}, "result": None,
    }


"""The interface every game engine offers to the sessions layer."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from companion.games.shapes import Shapes

State = dict[str, Any]
#: a game's own state document (a TypedDict in its folder)
StateT = TypeVar("StateT", bound=Mapping[str, Any])
#: a game's normalized options (a TypedDict)
OptionsT = TypeVar("OptionsT", bound=Mapping[str, Any])
Move = dict[str, Any]
Event = dict[str, Any]


Texts = dict[str, str]  # language -> words, for every language of the catalogue
#: the six seat colours of games of at most six players; a game may declare more
COLORS = ("red", "blue", "green", "yellow", "purple", "orange")


@dataclass(frozen=True)
class Option:
    """A game option as the start page offers it (name, values, default); its words
    are the catalogue's ``<game>.option.<name>`` and ``<game>.option.<name>.help``."""

    name: str
    #: "choice" (one of ``values``) or "boolean"
    type: str
    values: tuple[Any, ...]
    default: Any
    #: shown only when another option has a value, e.g. {"variant": "expert"}
    requires: dict[str, Any] | None = None
    #: bounds of a free input: (low, high) of a "number"; (most items, most characters)
    #: of "texts"; (0, most characters) of a "text"
    limits: tuple[int, int] | None = None

    def value_key(self, value: Any) -> str:
        """The catalogue word of a value: ``true``/``false`` or the value itself."""
        return str(value).lower() if isinstance(value, bool) else str(value)


def choice_option(name: str, choices: tuple[tuple[Any, ...], Any],
                  requires: dict[str, Any] | None = None) -> Option:
    """An option from the rules' ``(values, default)``: values that are all booleans
    make a "boolean" offered as (False, True), any others a "choice" among them."""
    values, default = choices
    kind = "boolean" if all(isinstance(v, bool) for v in values) else "choice"
    if kind == "boolean":
        values = (False, True)
    return Option(name, kind, tuple(values), default, requires)


#: (rule id, option, value): the rule reads otherwise when the option has that value
RuleCase = tuple[str, str, object]


@dataclass(frozen=True)
class RulesText:
    """A game's rule ids in order, the rules that read otherwise with an option, and
    expert-only rules. The texts ("Title: text") are the catalogue's: ``<game>.rule.<id>``
    and, for a case, ``<game>.rule.<id>.<option>.<value>`` (:func:`rule_key`)."""

    rules: tuple[str, ...]
    by_option: tuple[RuleCase, ...] = ()
    #: ids of rule groups a base (not expert) variant leaves out
    expert_only: tuple[str, ...] = ()


def rule_key(game: str, rule: str, case: RuleCase | None = None) -> str:
    """The catalogue key of a rule's text, or of its text in one option's case."""
    if case is None:
        return f"{game}.rule.{rule}"
    _, option, value = case
    word = str(value).lower() if isinstance(value, bool) else str(value)
    return f"{game}.rule.{rule}.{option}.{word}"


def _no_lobby(options: Any, roster: list[dict[str, Any]]) -> dict[str, Any]:
    return {"turn": None, "result": None}


#: the ways of play a game may declare (``GameOf.plays``):
#: "turns" - one seat moves at a time and passes the turn (a ``turn_passed`` event);
#: ``on_turn`` names that seat while the game is played;
#: "simultaneous" - every seat makes its part of a round at the same time; nobody is on
#: turn (``on_turn`` is None) and nobody passes one;
#: "hidden_hands" - seats hold cards or tiles the table does not see, and may declare
#: them privately (``declare_hand``, PUT me/hand)
PLAYS = frozenset({"turns", "simultaneous", "hidden_hands"})


@dataclass(frozen=True)
class GameOf(Generic[StateT, OptionsT]):
    """A game as data plus pure functions: everything the sessions, the API and the
    pages need to know about it (a new game is its folder, its page module and one
    line in ``companion.games``). ``StateT`` is the game's state document and ``OptionsT`` its
    normalized options, TypedDicts, so mypy checks that its functions agree on their
    keys; the sessions hold any game (``Game``)."""

    name: str
    min_players: int
    max_players: int
    #: options -> normalized options (raises RuleViolation on bad values)
    normalize_options: Callable[[dict[str, Any]], OptionsT]
    #: (options, players, setup, seed-free) -> initial state
    new_game: Callable[[OptionsT, list[dict[str, Any]], dict[str, Any]], StateT]
    #: (state, seat, move) -> (new state, events)
    apply: Callable[[StateT, int, Move], tuple[StateT, list[Event]]]
    legal_moves: Callable[[StateT, int], list[Move]]
    view_for: Callable[[StateT, int | None], dict[str, Any]]
    score: Callable[[StateT], dict[str, Any]]
    #: (state, seat, declared hand) -> new state; private, no version bump
    declare_hand: Callable[[StateT, int, dict[str, Any]], StateT]
    #: move -> the part of it that everybody may see
    public_move: Callable[[Move], Move]
    #: state -> (final state, events) when the table stops early
    finish: Callable[[StateT], tuple[StateT, list[Event]]]
    #: (options, roster, join fields) -> the new player's public fields
    join_player: Callable[[OptionsT, list[dict[str, Any]], dict[str, Any]],
                          dict[str, Any]]
    #: (options, roster) -> what a joining player may still choose
    join_info: Callable[[OptionsT, list[dict[str, Any]]], dict[str, Any]]
    #: (state, seat) -> what only that seat may see (its hand, what it was shown)
    private_view: Callable[[StateT, int], dict[str, Any]]
    #: public view (as served) -> SVG picture of the table
    board_svg: Callable[[dict[str, Any], str], str]
    #: the options a table may choose, with their words (GET /api/v1/games)
    options: tuple[Option, ...] = ()
    #: the fields its moves, setup and declared hands may have; anything else is
    #: refused before the engine runs, so it is never stored (``games.shapes``)
    shapes: Shapes | None = None
    #: the values pages offer, by kind ({"terrains": (...), ...}): words via <game>.term.*
    words: dict[str, tuple[str, ...]] | None = None
    #: the rules page and the links from refusals (``games.rules``)
    rules: RulesText | None = None
    #: the seat colours a player may choose, in the order they are offered
    colors: tuple[str, ...] = COLORS
    #: a move's ``seat`` is part of the move (whose points, S2.1), not only the seat the
    #: host acts for: a player naming another seat is the engine's to judge
    seat_in_move: bool = False
    #: (options, roster) -> the public view's game fields before the game starts
    lobby: Callable[[OptionsT, list[dict[str, Any]]], dict[str, Any]] = _no_lobby
    #: normalized options -> (fewest, most) players, when the options decide them
    players_for: Callable[[OptionsT], tuple[int, int]] | None = None
    #: the lists ``join_info`` offers besides colours (e.g. ("prototypes",))
    join_choices: tuple[str, ...] = ()
    #: state -> the seat whose move it is, when not ``state["turn"]["seat"]`` (``on_turn``)
    whose_turn: Callable[[StateT], int | None] | None = None
    #: how it is played, what the shared tests and the pages ask instead of naming a
    #: game (``PLAYS``): "turns", "simultaneous", "hidden_hands"
    plays: frozenset[str] = frozenset({"turns"})
    #: (options, players, slot, value) -> ``value`` as the start reads it at ``slot``, a
    #: dotted place of the setup ("objectives.2"), refused as the start would refuse it:
    #: the table's phones fill the setup one slot at a time in the lobby (None: no setup)
    setup_slot: Callable[[OptionsT, int, str, Any], Any] | None = None

    @property
    def label(self) -> Texts:
        """The game's name as people read it, per language (``<game>.title``)."""
        return _words(f"{self.name}.title", self.name.capitalize())

    @property
    def summary(self) -> Texts:
        """The game's one-line description, per language (``<game>.summary``)."""
        return _words(f"{self.name}.summary", self.name)

    def player_bounds(self, options: OptionsT) -> tuple[int, int]:
        """(fewest, most) players for these normalized options."""
        if self.players_for is not None:
            return self.players_for(options)
        return self.min_players, self.max_players

    def lobby_view(self, options: OptionsT, roster: list[dict[str, Any]]
                   ) -> dict[str, Any]:
        """The public view's game fields while players join (no state yet)."""
        return self.lobby(options, roster)

    def on_turn(self, state: StateT) -> int | None:
        """Whose move it is: the seat on turn while the game is played, else None (a
        game whose turn works otherwise declares ``whose_turn``)."""
        if self.whose_turn is not None:
            return self.whose_turn(state)
        turn = state.get("turn")
        if state.get("status") != "playing" or not isinstance(turn, dict):
            return None
        seat = turn.get("seat")
        return seat if type(seat) is int else None

    @staticmethod
    def status(state: Mapping[str, Any]) -> str:
        """"playing" or "finished", as the engine keeps it."""
        return str(state["status"])


def _words(key: str, otherwise: str) -> Texts:
    from companion import i18n
    from companion.games.messages import text

    return {lang: text(key, lang) or otherwise for lang in i18n.languages()}


#: a registered game, whatever its state document
Game = GameOf[Any, Any]


NAME_MAX = 24
#: why a name is refused -> the message key that says so
NAME_REFUSALS = {"length": "join.bad_name", "control": "join.name_control",
                 "bidi": "join.name_bidi", "invisible": "join.name_invisible"}


def join_common(roster: list[dict[str, Any]], fields: dict[str, Any], rule: str,
                colors: tuple[str, ...] = COLORS) -> dict[str, Any]:
    """Name and colour, shared by every game: a visible name nobody at the table has
    yet (``games.names``), a colour nobody has yet."""
    from companion.games import names
    from companion.games.errors import RuleViolation

    try:
        name = names.clean(fields.get("name"), NAME_MAX)
    except names.BadName as err:
        raise RuleViolation(rule, NAME_REFUSALS[err.reason], max=NAME_MAX) from None
    twin = next((p["name"] for p in roster
                 if names.same_key(str(p["name"])) == names.same_key(name)), None)
    if twin is not None:
        raise RuleViolation(rule, "join.name_taken", name=twin)
    taken = {p["color"] for p in roster}
    color = fields.get("color")
    if color is None:
        color = next((c for c in colors if c not in taken), None)
    if color not in colors:
        raise RuleViolation(rule, "join.bad_color", colors=list(colors))
    if color in taken:
        raise RuleViolation(rule, "join.color_taken", color=color)
    return {"name": name, "color": color}


def player_name(state: Mapping[str, Any], seat: int) -> str:
    """A seat as sentences name it: the player's name (the seat number if out of range)."""
    players = state["players"]
    from companion.games.turns import seated

    return str(players[seat]["name"]) if seated(seat, players) else str(seat)


def free_colors(roster: list[dict[str, Any]], colors: tuple[str, ...] = COLORS) -> list[str]:
    taken = {p.get("color") for p in roster}
    return [c for c in colors if c not in taken]


def handler_for(move: Any, handlers: dict[str, Any]) -> Any:
    """The handler of a move's ``type``, or BadMove for anything else."""
    from companion.games.errors import BadMove

    if not isinstance(move, dict):
        raise BadMove("move", "move.not_object")
    kind = move.get("type")
    handler = handlers.get(kind) if isinstance(kind, str) else None
    if handler is None:
        raise BadMove("move", "move.unknown_type", type=str(kind)[:40])
    return handler


def seating(setup: dict[str, Any], players: int, rule: str, game: str) -> tuple[list[int], int]:
    """The turn order (a permutation of the seats) and the first player from a setup."""
    from companion.games.errors import RuleViolation

    order = setup.get("seating", list(range(players)))
    if (not isinstance(order, list) or any(type(s) is not int for s in order)
            or sorted(order) != list(range(players))):
        raise RuleViolation(rule, f"{game}.setup.seating", n=players)
    first = setup.get("first_player", order[0])
    if type(first) is not int or first not in order:
        raise RuleViolation(rule, f"{game}.setup.first_player")
    return order, first

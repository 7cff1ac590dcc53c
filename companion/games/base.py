"""The interface every game engine offers to the sessions layer."""

from __future__ import annotations

import marshal
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from types import ModuleType
from typing import TYPE_CHECKING, Any, Generic, TypeVar, cast

from companion.games.joining import COLORS as COLORS
from companion.games.joining import free_colors as free_colors
from companion.games.joining import join_common as join_common
from companion.games.joining import join_info_of, joining_of
from companion.games.shapes import Shapes, check_move, checked

if TYPE_CHECKING:
    from companion.games.errors import RuleError

State = dict[str, Any]
#: a game's own state document (a TypedDict in its folder)
StateT = TypeVar("StateT", bound=Mapping[str, Any])
#: a game's normalized options (a TypedDict)
OptionsT = TypeVar("OptionsT", bound=Mapping[str, Any])
Move = dict[str, Any]
Event = dict[str, Any]


def copy_state(state: StateT) -> StateT:
    """A copy of a state document that an engine may change freely: every engine copies
    its state this way before a move or the end, so the state it was given stays as it
    was. States are plain JSON data, which marshal copies in C; a card or tile that two
    places of one state share stays one value in the copy, as the engines treat it."""
    return cast(StateT, marshal.loads(marshal.dumps(cast(dict[str, Any], state))))


Texts = dict[str, str]  # language -> words, for every language of the catalogue


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


def _as_made(move: Move) -> Move:
    """Every part of a move is public."""
    return move


def _nothing_private(state: Any, seat: int) -> dict[str, Any]:
    return {}


def _as_offered(state: Any, seat: int, move: Move, rng: random.Random) -> Move:
    """An offered move that leaves nothing to the table is a move as it is."""
    return dict(move)


#: marks a default that ``GameOf`` fills in from the game's own fields
_BY_NAME: Any = object()


def _no_hands(game: str) -> Callable[[Any, int, dict[str, Any]], Any]:
    def declare_hand(state: Any, seat: int, hand: dict[str, Any]) -> Any:
        """Nobody holds hidden cards: every declaration is refused."""
        from companion.games.errors import BadMove

        raise BadMove("move", f"{game}.hand.none")

    return declare_hand


def _stopping(game: GameOf[Any, Any]) -> Callable[[Any], tuple[Any, list[Event]]]:
    def finish(state: Any) -> tuple[Any, list[Event]]:
        """The host stops the game: it is ranked as its score stands."""
        from companion.games.errors import GameNotActive
        from companion.games.ranking import ranked_end

        if state["status"] != "playing":
            raise GameNotActive(str(game.end_rule), f"{game.name}.game.finished")
        new = copy_state(state)
        return new, [{"type": "game_over", "result": ranked_end(new, game.score, "stopped")}]

    return finish


#: the fields :meth:`GameOf.from_modules` looks for in a game's modules
FUNCTIONS = frozenset({
    "normalize_options", "new_game", "apply", "legal_moves", "view_for", "score", "finish",
    "board_svg", "declare_hand", "public_move", "join_player", "join_info", "private_view",
    "complete", "lobby", "players_for", "whose_turn"})


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
    normalized options, TypedDicts; the sessions hold any game (``Game``).

    The fields up to ``board_svg`` have no default: every game declares them. The rest
    cover the common case (nothing private, moves public as made, no hands to declare,
    joining with a name and a colour), so a simple game leaves them out;
    :meth:`from_modules` picks a game's functions from its modules by these names."""

    name: str
    min_players: int
    max_players: int
    #: options -> normalized options (raises RuleViolation on bad values)
    normalize_options: Callable[[dict[str, Any]], OptionsT]
    #: (options, players, setup, seed-free) -> initial state
    new_game: Callable[[OptionsT, list[dict[str, Any]], dict[str, Any]], StateT]
    #: (state, seat, move) -> (new state, events); raises a RuleError for a move the
    #: rules refuse, and leaves ``state`` as it was (``copy_state``). Declared as the
    #: engine's; the game's ``apply`` checks the move's ``shapes`` first (``check_move``)
    apply: Callable[[StateT, int, Move], tuple[StateT, list[Event]]]
    #: (state, seat) -> the moves that seat may make now, as offered to the pages; one
    #: that leaves a value to the table (a card drawn, points) is made whole by ``complete``
    legal_moves: Callable[[StateT, int], list[Move]]
    view_for: Callable[[StateT, int | None], dict[str, Any]]
    score: Callable[[StateT], dict[str, Any]]
    #: public view (as served) -> SVG picture of the table
    board_svg: Callable[[dict[str, Any], str], str]
    #: the rule a refused join cites (a full table, a name or colour taken), for the
    #: joining every game shares; a game with its own ``join_player`` may leave it out
    join_rule: str | None = None
    #: the rule a move or a stop after the end cites (``<game>.game.finished``), for the
    #: ``finish`` most games share; a game with its own ``finish`` may leave it out
    end_rule: str | None = None
    #: state -> (final state, events) when the table stops early; left out: the game
    #: ends as its score ranks it, the reason "stopped"
    finish: Callable[[StateT], tuple[StateT, list[Event]]] = _BY_NAME
    #: (state, seat, declared hand) -> new state; private, no version bump. Left out:
    #: every declaration is refused (``<game>.hand.none``)
    declare_hand: Callable[[StateT, int, dict[str, Any]], StateT] = _BY_NAME
    #: move -> the part of it that everybody may see; left out: all of it
    public_move: Callable[[Move], Move] = _as_made
    #: (options, roster, join fields) -> the new player's public fields; left out: a
    #: name and a colour nobody has, while seats are left (``join_common``, ``join_rule``)
    join_player: Callable[[OptionsT, list[dict[str, Any]], dict[str, Any]],
                          dict[str, Any]] = _BY_NAME
    #: (options, roster) -> what a joining player may still choose; left out: the free
    #: colours and the seats left
    join_info: Callable[[OptionsT, list[dict[str, Any]]], dict[str, Any]] = _BY_NAME
    #: (state, seat) -> what only that seat may see (its hand, what it was shown);
    #: left out: nothing
    private_view: Callable[[StateT, int], dict[str, Any]] = _nothing_private
    #: (state, seat, a move of ``legal_moves``, random) -> a move the table could enter,
    #: with what the offer leaves to the table filled in; left out: the offer as it is
    complete: Callable[[StateT, int, Move, random.Random], Move] = _as_offered
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
    #: the engine's ``apply`` alone, for the moves of a stored log: each was checked
    #: against the shapes when it was made (or imported), so a replay checks nothing twice
    apply_unchecked: Callable[[StateT, int, Move], tuple[StateT, list[Event]]] = field(
        init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        """The defaults that depend on the game: its name, its join rule, its bounds;
        ``apply`` becomes the one checked entry of a live move."""
        object.__setattr__(self, "apply_unchecked", self.apply)
        if self.shapes is not None:
            object.__setattr__(self, "apply", checked(self.name, self.shapes, self.apply))
        shared = {"declare_hand": _no_hands(self.name), "finish": _stopping(self),
                  "join_player": joining_of(self), "join_info": join_info_of(self)}
        needs = {"finish": self.end_rule, "join_player": self.join_rule,
                 "join_info": self.join_rule}
        for name, default in shared.items():
            if getattr(self, name) is _BY_NAME:
                if name in needs and needs[name] is None:
                    raise TypeError(f"{self.name}: declare {name} or the rule it cites")
                object.__setattr__(self, name, default)

    @classmethod
    def from_modules(cls, name: str, *modules: ModuleType, **declared: Any) -> GameOf[Any, Any]:
        """The game named ``name`` whose functions are found in ``modules`` by their
        field names (the first module that has one wins); ``declared`` gives the other
        fields and any function found under another name (e.g. ``board_svg=draw``)."""
        found = {}
        for field_ in fields(cls):
            if field_.name in declared or field_.name not in FUNCTIONS:
                continue
            owner = next((m for m in modules if hasattr(m, field_.name)), None)
            if owner is not None:
                found[field_.name] = getattr(owner, field_.name)
        return cls(name=name, **found, **declared)

    def check_move(self, move: Any, path: str = "") -> None:
        """Refuse a move whose form this game's shapes do not declare (``Misshapen``,
        naming the field at ``path``); its values are the engine's to judge."""
        if self.shapes is not None:
            check_move(self.shapes, move, path, self.name)

    def is_legal(self, state: StateT, seat: int, move: Move) -> RuleError | None:
        """Why the rules refuse ``move`` by ``seat`` now (the error ``apply`` raises, with
        its rule id and sentence), or None when it is accepted; ``state`` is not
        changed. The rules are ``apply``'s alone, so the two cannot disagree."""
        from companion.games.errors import RuleError

        try:
            self.apply(state, seat, move)
        except RuleError as err:
            return err
        return None

    def movers(self, state: StateT) -> list[int]:
        """The seats that have a move to make now (``legal_moves`` not empty)."""
        return [seat for seat in range(len(state["players"]))
                if self.legal_moves(state, seat)]

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
        """Whose move it is: the seat on turn while the game is played, else None (also
        in a game without turns; a game whose turn works otherwise declares
        ``whose_turn``)."""
        if self.whose_turn is not None:
            return self.whose_turn(state)
        if "turns" not in self.plays:
            return None
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


def player_name(state: Mapping[str, Any], seat: int) -> str:
    """A seat as sentences name it: the player's name (the seat number if out of range)."""
    players = state["players"]
    from companion.games.turns import seated

    return str(players[seat]["name"]) if seated(seat, players) else str(seat)


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

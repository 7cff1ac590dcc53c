"""The shapes of what players enter, declared by each game.

A game lists, per move type, the fields its engine reads, and the shapes of its
setup and of a declared hand. Anything else — a field the game does not use, a
key inside a card that no card has, a list longer than any table needs — is
refused before the engine sees it, so nothing a game does not use is ever
stored or shown. The shapes only bound the form; the rules still judge the
values (a terrain that does not exist is the engine's refusal, with its rule).
A bound that a rule states carries that rule (``rule=Bound(...)``): a value out
of it is refused with the rule's id and sentence, as the engine would refuse it,
not as a malformed field.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from companion.games.errors import BadMove


@dataclass(frozen=True)
class Bound:
    """The rule a shape's bound comes from: its id and the message key of its refusal.
    The sentence gets ``params``, the bound's figures (``min``/``max`` of a number or
    a list's length) and ``name``, the last part of the field's path."""

    rule: str
    key: str
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Text:
    """A string of at most ``most`` characters."""

    most: int = 40
    rule: Bound | None = None


@dataclass(frozen=True)
class Number:
    """An integer (never a boolean or a float) from ``low`` to ``high``."""

    low: int = -1000
    high: int = 1000
    rule: Bound | None = None


@dataclass(frozen=True)
class Flag:
    """true or false."""


@dataclass(frozen=True)
class Items:
    """A list of at most ``most`` values of one shape."""

    item: Shape
    most: int
    least: int = 0
    rule: Bound | None = None


@dataclass(frozen=True)
class Fields:
    """An object with only these fields. Those ``required`` names must be present and
    not null; the others are optional (null counts as absent). A required field that
    is missing is refused as that field out of its shape (with its rule, if it has
    one); ``rule`` is the refusal of a value that is not an object at all."""

    fields: Mapping[str, Shape] = field(default_factory=dict)
    required: Collection[str] = frozenset()
    rule: Bound | None = None
    #: the required names in the declaration's order, so a move missing two is told
    #: the same one on every run (a set's order changes with the process)
    needed: tuple[str, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        unknown = [name for name in self.required if name not in self.fields]
        if unknown:  # a typo in a game's declaration, not a player's mistake
            raise ValueError(f"required fields not declared: {unknown}")
        object.__setattr__(self, "needed",
                           tuple(name for name in self.fields if name in self.required))


@dataclass(frozen=True)
class Either:
    """The first of these shapes that fits."""

    options: tuple[Shape, ...]


Shape = Text | Number | Flag | Items | Fields | Either

#: a square of the map, [x, y]
SQUARE = Items(Number(-64, 64), 2)


#: what every game asks of a joining player (``base.join_common`` judges the values)
JOIN = Fields({"name": Text(24), "color": Text(20)})


@dataclass(frozen=True)
class Shapes:
    """What a game accepts: its moves by type, its setup, a declared hand and the
    fields a joining player fills in."""

    moves: Mapping[str, Fields]
    setup: Fields
    hand: Fields
    join: Fields = JOIN
    #: each move type's fields with its ``type``, built once rather than per move
    typed: Mapping[str, Fields] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "typed", {
            kind: Fields({**declared.fields, "type": Text()}, declared.required, declared.rule)
            for kind, declared in self.moves.items()})


Ruled = Text | Number | Items | Fields


class _Misfit(Exception):
    def __init__(self, path: str, unknown: bool, shape: Ruled | None = None) -> None:
        super().__init__(path)
        self.path = path
        self.unknown = unknown
        self.bound = shape.rule if shape is not None else None  # a rule states the bound
        self.figures = _figures(shape) if shape is not None else {}


def _ruled(shape: Ruled, path: str) -> _Misfit:
    return _Misfit(path, False, shape)


def _missing(shape: Shape, path: str) -> _Misfit:
    """A required field that is absent or null: refused as a value out of its shape."""
    return _ruled(shape, path) if isinstance(shape, Ruled) else _Misfit(path, False)


def _fit(shape: Shape, value: Any, path: str) -> None:
    if isinstance(shape, Text):
        if not isinstance(value, str) or len(value) > shape.most:
            raise _ruled(shape, path)
    elif isinstance(shape, Number):
        if type(value) is not int or not shape.low <= value <= shape.high:
            raise _ruled(shape, path)
    elif isinstance(shape, Flag):
        if type(value) is not bool:
            raise _Misfit(path, False)
    elif isinstance(shape, Items):
        if not isinstance(value, list) or not shape.least <= len(value) <= shape.most:
            raise _ruled(shape, path)
        for i, item in enumerate(value):
            _fit(shape.item, item, f"{path}.{i}")
    elif isinstance(shape, Fields):
        _fit_fields(shape, value, path)
    else:
        _fit_either(shape, value, path)


def _fit_fields(shape: Fields, value: Any, path: str) -> None:
    if not isinstance(value, dict):
        raise _ruled(shape, path)
    for name, item in value.items():
        where = f"{path}.{name}" if path else str(name)[:40]
        if name not in shape.fields:
            raise _Misfit(where, True)
        if item is not None:
            _fit(shape.fields[name], item, where)
        elif name in shape.required:
            raise _missing(shape.fields[name], where)
    for name in shape.needed:
        if name not in value:
            raise _missing(shape.fields[name], f"{path}.{name}" if path else name)


def _fit_either(shape: Either, value: Any, path: str) -> None:
    misfits = []
    for option in shape.options:
        try:
            _fit(option, value, path)
            return
        except _Misfit as misfit:
            # kept without its traceback: its frames (this one holds ``misfits``) would
            # make the whole request's stack, the parsed document included, a reference
            # cycle left to the collector on every move of a union shape
            misfits.append(misfit.with_traceback(None))
    # the most telling refusal: an unknown field inside an otherwise fitting object,
    # then a bound a rule states
    telling = next((m for m in misfits if m.unknown),
                   next((m for m in misfits if m.bound is not None), misfits[-1]))
    try:
        raise telling
    finally:  # this frame lets go of the misfit it raises: no cycle through its traceback
        del telling, misfits


def _figures(shape: Ruled) -> dict[str, int]:
    """The bound's own numbers, for the rule's sentence."""
    if isinstance(shape, Number):
        return {"min": shape.low, "max": shape.high}
    if isinstance(shape, Items):
        return {"min": shape.least, "max": shape.most}
    if isinstance(shape, Fields):
        return {}
    return {"max": shape.most}


def check(shape: Shape, value: Any, path: str = "") -> None:
    """Refuse ``value`` unless it has ``shape`` (BadMove, 422, naming the field): out
    of a bound a rule states, with that rule's id and sentence."""
    try:
        _fit(shape, value, path)
    except _Misfit as misfit:
        where = misfit.path or "move"
        bound = misfit.bound
        if bound is not None:
            raise BadMove(bound.rule, bound.key, field=where,
                                name=where.rsplit(".", 1)[-1], **misfit.figures,
                                **bound.params) from None
        key = "move.unknown_field" if misfit.unknown else "move.bad_field"
        raise BadMove("move", key, field=where) from None


class Misshapen(BadMove):
    """A move its game's shapes refuse; ``game`` names the game, so the web layer can
    word the refusal as it words any body of the wrong form."""

    def __init__(self, game: str, refusal: BadMove) -> None:
        super().__init__(refusal.rule, refusal.key, **refusal.params)
        self.game = game


def check_move(shapes: Shapes, move: Any, path: str = "", game: str = "") -> None:
    """A move of a type the game has, with only the fields that type uses, or
    ``Misshapen`` (of ``game``). An unknown type is left to the engine, which names it."""
    kind = move.get("type") if isinstance(move, dict) else None
    declared = shapes.typed.get(kind) if isinstance(kind, str) else None
    if declared is not None:
        try:
            check(declared, move, path)
        except BadMove as refusal:
            raise Misshapen(game, refusal) from None


State = TypeVar("State")
Apply = Callable[[State, int, dict[str, Any]], tuple[State, list[dict[str, Any]]]]


def checked(game: str, shapes: Shapes, engine: Apply[State]) -> Apply[State]:
    """A game's ``apply``: the move's shapes first, then the engine's ``apply``; a
    move the shapes refuse never reaches the engine."""

    def apply(state: State, seat: int, move: dict[str, Any]) -> tuple[State, list[Any]]:
        check_move(shapes, move, "", game)
        return engine(state, seat, move)

    apply.__doc__ = engine.__doc__
    return apply



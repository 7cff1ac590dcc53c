"""The shapes of what players enter, declared by each game.

A game lists, per move type, the fields its engine reads, and the shapes of its
setup and of a declared hand. Anything else — a field the game does not use, a
key inside a card that no card has, a list longer than any table needs — is
refused before the engine sees it, so nothing a game does not use is ever
stored or shown. The shapes only bound the form; the rules still judge the
values (a terrain that does not exist is the engine's refusal, with its rule).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.games.errors import BadMove
from companion.games.messages import register


@dataclass(frozen=True)
class Text:
    """A string of at most ``most`` characters."""

    most: int = 40


@dataclass(frozen=True)
class Number:
    """An integer (never a boolean or a float) from ``low`` to ``high``."""

    low: int = -1000
    high: int = 1000


@dataclass(frozen=True)
class Flag:
    """true or false."""


@dataclass(frozen=True)
class Items:
    """A list of at most ``most`` values of one shape."""

    item: Shape
    most: int


@dataclass(frozen=True)
class Fields:
    """An object with only these fields, each optional (null counts as absent)."""

    fields: Mapping[str, Shape] = field(default_factory=dict)


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


class _Misfit(Exception):
    def __init__(self, path: str, unknown: bool) -> None:
        super().__init__(path)
        self.path = path
        self.unknown = unknown


def _fit(shape: Shape, value: Any, path: str) -> None:
    if isinstance(shape, Text):
        if not isinstance(value, str) or len(value) > shape.most:
            raise _Misfit(path, False)
    elif isinstance(shape, Number):
        if type(value) is not int or not shape.low <= value <= shape.high:
            raise _Misfit(path, False)
    elif isinstance(shape, Flag):
        if type(value) is not bool:
            raise _Misfit(path, False)
    elif isinstance(shape, Items):
        if not isinstance(value, list) or len(value) > shape.most:
            raise _Misfit(path, False)
        for i, item in enumerate(value):
            _fit(shape.item, item, f"{path}.{i}")
    elif isinstance(shape, Fields):
        _fit_fields(shape, value, path)
    else:
        _fit_either(shape, value, path)


def _fit_fields(shape: Fields, value: Any, path: str) -> None:
    if not isinstance(value, dict):
        raise _Misfit(path, False)
    for name, item in value.items():
        where = f"{path}.{name}" if path else str(name)[:40]
        if name not in shape.fields:
            raise _Misfit(where, True)
        if item is not None:
            _fit(shape.fields[name], item, where)


def _fit_either(shape: Either, value: Any, path: str) -> None:
    misfits = []
    for option in shape.options:
        try:
            _fit(option, value, path)
            return
        except _Misfit as misfit:
            misfits.append(misfit)
    # the most telling refusal: an unknown field inside an otherwise fitting object
    raise next((m for m in misfits if m.unknown), misfits[-1])


def check(shape: Shape, value: Any, path: str = "") -> None:
    """Refuse ``value`` unless it has ``shape`` (BadMove, 422, naming the field)."""
    try:
        _fit(shape, value, path)
    except _Misfit as misfit:
        key = "move.unknown_field" if misfit.unknown else "move.bad_field"
        raise BadMove("move", key, field=misfit.path or "move") from None


def check_move(shapes: Shapes, move: Any, path: str = "") -> None:
    """A move of a type the game has, with only the fields that type uses. An unknown
    type is left to the engine, which names it."""
    kind = move.get("type") if isinstance(move, dict) else None
    declared = shapes.moves.get(kind) if isinstance(kind, str) else None
    if declared is None:
        return
    check(Fields({**declared.fields, "type": Text()}), move, path)


register({
    "move.unknown_field": {
        "en": "This game has no field {field} here; leave it out.",
        "it": "Questo gioco non ha il campo {field} qui: toglilo.",
        "de": "Dieses Spiel hat hier kein Feld {field}; lass es weg."},
})

"""The shapes of the score pad's moves, setup and hands (S2.1, S1.2).

An entry's points are keyed by the pad's own category names, which the table
chose: the shape takes any name of at most 24 characters to a number in the
rules' bounds, and the engine refuses names that are not this pad's (S2.1).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from companion.games.scorepad.state import (
    CATEGORY_MAX,
    MAX_PLAYERS,
    POINTS_MAX,
    POINTS_MIN,
)
from companion.games.shapes import Bound, Fields, Items, Number, Shape, Shapes

#: S2.1 states these bounds: a value out of them is refused with S2.1's sentence
POINTS = Number(POINTS_MIN, POINTS_MAX, Bound("S2.1", "scorepad.score.points_range"))
OPEN_ROUNDS_MAX = 10_000
ROUND = Number(1, OPEN_ROUNDS_MAX, Bound("S2.1", "scorepad.score.round_number"))


class AnyName(Mapping[str, Shape]):
    """A field list that holds every short name, each with the same shape: what
    ``games.shapes.Fields`` needs for an object keyed by names the table chose."""

    def __init__(self, shape: Shape, most: int) -> None:
        self.shape, self.most = shape, most

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and 1 <= len(name) <= self.most

    def __getitem__(self, name: str) -> Shape:
        if name not in self:
            raise KeyError(name)
        return self.shape

    def __iter__(self) -> Iterator[str]:
        return iter(())  # no fixed names to list

    def __len__(self) -> int:
        return 0


SEAT = Number(0, MAX_PLAYERS - 1)
SCORED_SEAT = Number(0, MAX_PLAYERS - 1, Bound("S2.1", "scorepad.score.seat_number"))
#: S2.1: an entry's points, by category; each category named needs its points (a null
#: is no number), and an entry without points, or not an object, enters nothing
CATEGORIES = AnyName(POINTS, CATEGORY_MAX)
ENTRY = Fields(CATEGORIES, required=CATEGORIES, rule=Bound("S2.1", "scorepad.score.no_points"))
MOVES = {
    "score": Fields({"points": ENTRY, "seat": SCORED_SEAT,
                     # an open-ended pad has no last round; a session's log bounds it
                     "round": ROUND}, required={"points"}),
    "end_turn": Fields({"seat": SEAT}),  # the host names the seat on turn (S2.2)
}

#: S1.2: only the seating
SETUP = Fields({"seating": Items(SEAT, MAX_PLAYERS), "first_player": SEAT})

#: nothing to declare: any field is refused, and the engine refuses the rest
HAND = Fields({})

SHAPES = Shapes(MOVES, SETUP, HAND)

"""Seats and turn passing, shared by every game: one check of a seat number, the next
seat in the turn order, the seat before one (the last of a round)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeGuard


def seated(seat: object, players: Sequence[Any]) -> TypeGuard[int]:
    """Whether ``seat`` is a seat at this table: an integer (not a boolean) from 0 to
    one less than the number of players. Each caller refuses in its own words."""
    return type(seat) is int and 0 <= seat < len(players)


def next_seat(order: Sequence[int], seat: int,
              skip: Callable[[int], bool] | None = None) -> int:
    """The seat after ``seat`` in the turn order, wrapping round; seats ``skip`` says
    are out (finished, left) are passed over. With every other seat out, ``seat``
    itself."""
    at = order.index(seat)
    for step in range(1, len(order) + 1):
        candidate = order[(at + step) % len(order)]
        if skip is None or candidate == seat or not skip(candidate):
            return candidate
    return seat


def seat_before(order: Sequence[int], seat: int) -> int:
    """The seat just before ``seat`` in the turn order: before the first player, the
    last of each round."""
    return order[(order.index(seat) - 1) % len(order)]

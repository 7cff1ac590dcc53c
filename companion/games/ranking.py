"""Ranking and the end of a game, shared by every game: places where ties share
(1, 1, 3), highest or lowest first, a tie-breaker by seating where a game's rules
have one (G9.3), and the result record every game keeps when it ends."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import pairwise
from typing import Any, NotRequired, TypedDict

#: how a tie was broken, when the rules broke it (``result.tie_broken_by``)
BY_SEATING = "seating"


class Result(TypedDict):
    """A finished game's record (``state["result"]``), the same in every game."""

    winner: int | None
    winners: list[int]
    ranking: list[int]
    reason: str
    #: seat (as a string: JSON) -> total, where the game has points
    scores: NotRequired[dict[str, int]]
    #: G9.3: the seat from which seating breaks ties
    ended_by: NotRequired[int]
    #: how a tie was broken (``BY_SEATING``), when only the tie-breaker decided
    tie_broken_by: NotRequired[str]


def places(totals: Mapping[int, int], low_wins: bool = False) -> dict[int, int]:
    """Seat -> place: one more than the number of seats with a better total, so ties
    share a place (1, 1, 3). Better is higher, or lower with ``low_wins``."""
    def better(a: int, b: int) -> bool:
        return a < b if low_wins else a > b

    return {seat: 1 + sum(1 for other in totals.values() if better(other, total))
            for seat, total in totals.items()}


def ranked(totals: Mapping[int, int], low_wins: bool = False,
           tie_break: Callable[[int], int] | None = None, first: int | None = None
           ) -> list[int]:
    """The seats best first: by place, then by ``tie_break`` (smaller first) where the
    rules break ties, else by seat number. ``first`` (a seat that won outright, G9.1)
    comes before everybody."""
    placed = places(totals, low_wins)

    def key(seat: int) -> tuple[int, int, int]:
        broken = tie_break(seat) if tie_break is not None else seat
        return (0 if seat == first else 1, placed[seat], broken)

    return sorted(totals, key=key)


def seating_after(order: Sequence[int], ender: int) -> Callable[[int], int]:
    """G9.3's tie-breaker: how far a seat sits after ``ender`` in the turn order (the
    next seat 0, ``ender`` itself last)."""
    start = order.index(ender)
    return lambda seat: (order.index(seat) - start - 1) % len(order)


def tie_decided(ranking: Sequence[int], totals: Mapping[int, int],
                besides: int | None = None) -> bool:
    """Whether two seats next to each other in ``ranking`` have the same total, so
    that only the tie-breaker put one before the other (``besides``: a seat placed
    first for another reason, left out)."""
    counts = [totals[s] for s in ranking if s != besides]
    return any(a == b for a, b in pairwise(counts))


def positions(ranking: Sequence[int]) -> dict[int, int]:
    """Seat -> place when every tie is broken: its position in ``ranking`` (1, 2, 3)."""
    return {seat: i + 1 for i, seat in enumerate(ranking)}


def result(ranking: Sequence[int], placed: Mapping[int, int], reason: str, *,
           scores: dict[str, int] | None = None, ended_by: int | None = None,
           tie_broken_by: str | None = None) -> Result:
    """The record of a finished game: the winner (None when several share first
    place), every seat in first place, the ranking, why it ended, then what the game
    adds (``scores``, ``ended_by``, ``tie_broken_by``)."""
    winners = [s for s in ranking if placed[s] == 1]
    out = Result(winner=winners[0] if len(winners) == 1 else None, winners=winners,
                 ranking=list(ranking), reason=reason)
    if scores is not None:
        out["scores"] = scores
    if ended_by is not None:
        out["ended_by"] = ended_by
    if tie_broken_by is not None:
        out["tie_broken_by"] = tie_broken_by
    return out



def ranked_end(state: Any, score: Callable[[Any], dict[str, Any]], reason: str) -> Result:
    """The game is over, ranked as its score stands (ties share a place): marks the
    state finished and keeps the result in it (the ``game_over`` event carries it)."""
    state["status"] = "finished"
    rows = score(state)["players"]
    done = result([r["seat"] for r in rows], {r["seat"]: r["rank"] for r in rows}, reason,
                  scores={str(r["seat"]): r["total"] for r in rows})
    state["result"] = done
    return done

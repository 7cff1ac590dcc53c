"""The helpers every game ends and passes turns with (``games.ranking``,
``games.turns``): places where ties share, low wins, seating as the tie-breaker,
the result record, the next seat wrapping round and skipping seats that are out."""

from __future__ import annotations

import pytest

from companion.games.ranking import (
    places,
    positions,
    ranked,
    result,
    seating_after,
    tie_decided,
)
from companion.games.turns import next_seat, seat_before, seated


def test_ties_share_a_place_and_the_next_place_is_skipped():
    assert places({0: 7, 1: 9, 2: 7, 3: 2}) == {1: 1, 0: 2, 2: 2, 3: 4}
    assert places({0: 5, 1: 5, 2: 5}) == {0: 1, 1: 1, 2: 1}


def test_low_wins_puts_the_smallest_total_first():
    assert places({0: 12, 1: -3, 2: 12, 3: 40}, low_wins=True) == {1: 1, 0: 2, 2: 2, 3: 4}
    assert ranked({0: 12, 1: -3, 2: 12, 3: 40}, low_wins=True) == [1, 0, 2, 3]


def test_ranked_without_a_tie_breaker_orders_a_tie_by_seat():
    assert ranked({3: 4, 1: 4, 0: 1, 2: 9}) == [2, 1, 3, 0]


def test_seating_breaks_a_tie_from_the_seat_after_the_ender():
    order = [2, 0, 3, 1]  # seat 3 ended: 1 sits next after it, then 2, then 0; 3 last
    after = seating_after(order, 3)
    assert [after(s) for s in order] == [1, 2, 3, 0]
    totals = {0: 4, 1: 4, 2: 4, 3: 4}
    assert ranked(totals, tie_break=after) == [1, 2, 0, 3]
    # a better total still comes first: seating only orders the tied
    assert ranked({0: 6, 1: 4, 2: 4, 3: 4}, tie_break=after) == [0, 1, 2, 3]


def test_a_seat_first_for_another_reason_leads_and_is_left_out_of_ties():
    totals = {0: 3, 1: 5, 2: 5}  # seat 0 won outright (G9.1) with fewer placed
    order = ranked(totals, tie_break=seating_after([0, 1, 2], 1), first=0)
    assert order == [0, 2, 1]
    assert tie_decided(order, totals, besides=0)
    assert not tie_decided([0, 1], {0: 5, 1: 5}, besides=0)
    assert not tie_decided([1, 0, 2], {0: 4, 1: 6, 2: 2})


def test_the_result_names_every_winner_and_none_alone_when_first_is_shared():
    shared = result([1, 0, 2], {1: 1, 0: 1, 2: 3}, "stopped", scores={"0": 5, "1": 5, "2": 1})
    assert shared == {"winner": None, "winners": [1, 0], "ranking": [1, 0, 2],
                      "reason": "stopped", "scores": {"0": 5, "1": 5, "2": 1}}
    alone = result([2, 0, 1], positions([2, 0, 1]), "no_pawns_left", ended_by=2)
    assert alone == {"winner": 2, "winners": [2], "ranking": [2, 0, 1],
                     "reason": "no_pawns_left", "ended_by": 2}
    assert list(alone) == ["winner", "winners", "ranking", "reason", "ended_by"]


def test_the_turn_passes_in_the_seating_order_and_wraps():
    order = [2, 0, 3, 1]
    assert [next_seat(order, s) for s in order] == [0, 3, 1, 2]
    assert seat_before(order, 2) == 1 and seat_before(order, 3) == 0


def test_the_turn_skips_seats_that_are_out():
    order = [0, 1, 2, 3]
    out = {1, 2}
    assert next_seat(order, 0, skip=out.__contains__) == 3
    assert next_seat(order, 3, skip=out.__contains__) == 0  # wraps past the end
    assert next_seat(order, 0, skip={1, 2, 3}.__contains__) == 0  # alone: stays


@pytest.mark.parametrize(("seat", "at_table"), [
    (0, True), (2, True), (3, False), (-1, False), (True, False), ("1", False),
    (1.0, False), (None, False)])
def test_one_check_of_a_seat_number(seat, at_table):
    assert seated(seat, ["Ada", "Bo", "Cy"]) is at_table

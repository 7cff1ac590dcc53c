"""The map's key helpers that legal moves lean on: a parsed square and its
neighbours are remembered per key, so what callers get must never be shared state."""

from __future__ import annotations

from companion.games.gaia.board import around, neighbours, offers, offers_at, open_squares, xy


def test_a_square_given_out_is_a_fresh_list_each_time():
    first = xy("3,-2")
    first.append(99)
    first[0] = 7
    assert xy("3,-2") == [3, -2]


def test_neighbours_by_key_are_the_four_orthogonal_ones_in_the_same_order():
    assert around("0,0") == tuple(neighbours([0, 0])) == ("0,-1", "-1,0", "1,0", "0,1")
    assert around("-5,12") == tuple(neighbours((-5, 12)))


def test_open_squares_are_the_empty_neighbours_by_row_then_column():
    tiles = {k: {"terrain": "forest", "city": None, "animals": 0}
             for k in ("0,0", "1,0", "1,1")}
    assert open_squares(tiles) == [[0, -1], [1, -1], [-1, 0], [2, 0], [0, 1], [2, 1], [1, 2]]
    assert open_squares({}) == [[0, 0]]


def test_offers_by_key_match_offers_by_square():
    tiles = {"0,0": {"terrain": "forest", "city": None, "animals": 2},
             "1,1": {"terrain": "sea", "city": {"symbol": "x"}, "animals": 0},
             "0,1": {"terrain": "desert", "city": None, "animals": 0}}
    assert offers_at(tiles, "1,0") == offers(tiles, [1, 0]) == [
        {"terrain": "forest", "animals": True}, {"terrain": None, "animals": False}]

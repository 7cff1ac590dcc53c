"""S3.2 with ``low_wins``: the lowest totals rank first and equal totals share a rank,
in the live table, in the final result and when the host stops the game."""

from companion.games.scorepad import SCOREPAD, finish

from .helpers import game, play, score


def _per_turn(low_wins, totals):
    """A one-round per-turn pad where seat i scores totals[i]; it ends by itself."""
    s = game(len(totals), rounds=1, low_wins=low_wins)
    for seat, points in enumerate(totals):
        s, _ = play(s, seat, score(points))
    return s


def test_s3_2_low_wins_equal_lowest_totals_share_the_win():
    s = _per_turn(True, [4, 9, 4])
    assert s["status"] == "finished"
    result = s["result"]
    assert result["winners"] == [0, 2] and result["winner"] is None
    assert result["ranking"] == [0, 2, 1]
    assert result["scores"] == {"0": 4, "2": 4, "1": 9}
    rows = SCOREPAD.score(s)["players"]
    assert [(r["seat"], r["rank"]) for r in rows] == [(0, 1), (2, 1), (1, 3)]


def test_s3_2_low_wins_a_tie_below_the_winner_shares_second_place():
    s = _per_turn(True, [7, -2, 7])
    assert s["result"]["winner"] == 1 and s["result"]["winners"] == [1]
    assert [(r["seat"], r["rank"]) for r in SCOREPAD.score(s)["players"]] == \
        [(1, 1), (0, 2), (2, 2)]


def test_s3_2_the_same_totals_rank_the_other_way_without_low_wins():
    s = _per_turn(False, [4, 9, 4])
    assert s["result"]["winners"] == [1]
    assert [(r["seat"], r["rank"]) for r in SCOREPAD.score(s)["players"]] == \
        [(1, 1), (0, 2), (2, 2)]


def test_s3_2_a_stopped_low_wins_game_ranks_as_it_stands():
    s = game(3, rounds=2, low_wins=True)
    for seat, points in enumerate([3, 1, 1]):
        s, _ = play(s, seat, score(points))
    done, _ = finish(s)
    assert done["result"]["winners"] == [1, 2] and done["result"]["reason"] == "stopped"


def test_s3_2_the_view_carries_each_seats_place_so_pages_never_rank():
    s = _per_turn(True, [7, -2, 7])
    assert {p["seat"]: p["rank"] for p in SCOREPAD.view_for(s, None)["players"]} == \
        {0: 2, 1: 1, 2: 2}
    live = game(3, rounds=2, low_wins=True)  # nothing entered yet: everybody first
    assert [p["rank"] for p in SCOREPAD.view_for(live, 0)["players"]] == [1, 1, 1]

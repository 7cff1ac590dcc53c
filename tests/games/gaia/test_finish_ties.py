"""G9.3 on a host finish: the seat on turn counts as the player who ended the game,
and a ranking that seating decided says so (in the result and the score)."""

from companion.games.gaia import finish, score

from .helpers import game


def _placed(s, *counts):
    for seat, n in enumerate(counts):
        s["players"][seat]["pawns"] -= n


def test_g9_3_a_host_finish_counts_from_the_seat_on_turn_and_says_seating_broke_the_tie():
    s = game(3)
    _placed(s, 1, 1, 0)
    s["turn"]["seat"] = 1  # Bo is on turn when the host stops the game
    done, events = finish(s)
    result = done["result"]
    assert result["ended_by"] == 1 and result["reason"] == "stopped"
    assert result["ranking"] == [0, 1, 2]  # Ada and Bo tied: Ada sits after Bo, Bo last
    assert result["tie_broken_by"] == "seating" and result["winner"] == 0
    assert events[-1] == {"type": "game_over", "result": result}
    table = score(done)
    assert table["tie_broken_by"] == "seating"
    assert [(r["seat"], r["rank"]) for r in table["players"]] == [(0, 1), (1, 2), (2, 3)]
    s["turn"]["seat"] = 0  # the same table stopped on Ada's turn: Bo wins
    assert finish(s)[0]["result"]["ranking"] == [1, 0, 2]


def test_g9_4_players_tied_below_the_winner_share_a_place():
    """Seating decides only who wins: a tie below the winner is shared (1, 2, 2), and
    nothing says seating broke it."""
    s = game(3)
    _placed(s, 1, 0, 0)
    s["turn"]["seat"] = 1
    done, _ = finish(s)
    assert done["result"]["ranking"] == [0, 2, 1] and done["result"]["winners"] == [0]
    assert "tie_broken_by" not in done["result"]
    table = score(done)
    assert [(r["seat"], r["rank"]) for r in table["players"]] == [(0, 1), (2, 2), (1, 2)]
    assert "tie_broken_by" not in table


def test_g9_3_no_tie_no_word_of_seating():
    s = game(3)
    _placed(s, 2, 1, 0)
    done, _ = finish(s)
    assert done["result"]["ranking"] == [0, 1, 2]
    assert "tie_broken_by" not in done["result"] and "tie_broken_by" not in score(done)

"""S2, S3: entries, turns and rounds, corrections, the end and the ranking, as table
stories (every refusal leaves the state as it was; apply never touches its input)."""

from __future__ import annotations

import json

import pytest

from companion.games.errors import RuleError
from companion.games.scorepad import SCOREPAD, finish, legal_moves

from .helpers import END, game, play, rejects, score, types

CATS = ["Cards", "Roads"]


def test_s2_1_per_turn_the_player_on_turn_enters_their_points_and_the_turn_passes():
    s = game(3)
    s, events = play(s, 0, score(7))
    assert s["entries"]["0"] == {"1": {"total": 7}}
    assert types(events) == ["scored", "turn_passed"]
    assert events[0] == {"type": "scored", "seat": 0, "by": 0, "round": 1,
                         "points": {"total": 7}, "total": 7}
    assert s["turn"] == {"seat": 1, "number": 2}
    err = rejects(s, 0, score(3), "S2.1", 409)
    assert err.params["who"] == "Bo" and "Bo" in err.sentence("it")


def test_s2_1_per_turn_only_ones_own_points_for_this_round():
    s = game(3)
    rejects(s, 0, score(3, seat=1), "S2.1")
    rejects(s, 0, score(3, round=2), "S2.1")
    s, _ = play(s, 0, score(3, seat=0, round=1))  # naming oneself and now is fine
    assert s["entries"]["0"]["1"] == {"total": 3}


def test_s2_1_categories_only_the_pads_own_and_unknown_ones_refused():
    s = game(2, categories=CATS)
    s, events = play(s, 0, score({"Roads": 2, "Cards": 5}))
    assert s["entries"]["0"]["1"] == {"Cards": 5, "Roads": 2}  # in the pad's order
    assert events[0]["total"] == 7
    err = rejects(s, 1, score({"Cards": 1, "Ships": 4}), "S2.1")
    assert err.key == "scorepad.score.unknown_category"
    assert "Ships" in err.sentence("de") and "Cards, Roads" in err.sentence("de")
    rejects(s, 1, score(4), "S2.1")  # "total" is no category of this pad
    plain = game(2)
    rejects(plain, 0, score({"Cards": 1}), "S2.1")


def test_s2_1_points_are_integers_within_ten_thousand():
    s = game(4, scoring="per_round")
    s, _ = play(s, 0, score(10_000, seat=0))
    s, _ = play(s, 0, score(-10_000, seat=1))
    assert SCOREPAD.score(s)["players"][0]["total"] == 10_000
    for bad in (10_001, -10_001, 1.5, True, "3", None):
        err = rejects(s, 0, score({"total": bad}, seat=2), "S2.1")  # type: ignore[dict-item]
        assert err.key == "scorepad.score.points_range"
        assert "10000" in err.sentence("en")
    for points in ({}, None, [3], 5):
        rejects(s, 0, {"type": "score", "points": points, "seat": 2}, "S2.1")
    rejects(s, 0, {"type": "score", "seat": 2}, "S2.1")


def test_s2_1_per_round_anyone_enters_anyones_points_for_this_or_an_earlier_round():
    s = game(3, scoring="per_round")
    s, events = play(s, 2, score(5, seat=0, round=1))
    assert types(events) == ["scored"]  # entering does not pass the turn
    assert events[0]["by"] == 2 and events[0]["seat"] == 0
    assert s["turn"]["seat"] == 0
    s, _ = play(s, 1, score(4))  # without seat and round: one's own, this round
    assert s["entries"]["1"] == {"1": {"total": 4}}
    rejects(s, 1, score(4, seat=0, round=2), "S2.1")  # round 2 has not begun
    rejects(s, 1, score(4, seat=0, round=0), "S2.1")
    rejects(s, 1, score(4, seat=3), "S2.1")
    rejects(s, -1, score(4, seat=0), "S2.1")
    s, events = play(s, 0, score(7, seat=2))  # the last seat's points close round 1
    assert types(events) == ["scored", "round_ended"] and s["round"] == 2
    s, _ = play(s, 1, score(9, seat=2, round=1))  # an earlier round, late
    s, _ = play(s, 1, score(1, seat=2, round=2))
    assert s["entries"]["2"] == {"1": {"total": 9}, "2": {"total": 1}}
    assert s["round"] == 2  # a correction of round 1 leaves round 2 in play


def test_s2_2_turns_follow_the_seating_and_a_round_ends_back_at_the_first_player():
    s = game(3, {"seating": [2, 0, 1], "first_player": 0})
    rejects(s, 2, END, "S2.2", 409)
    s, events = play(s, 0, END)
    assert events == [{"type": "turn_passed", "seat": 1}]
    s, _ = play(s, 1, score(3))
    assert s["turn"]["seat"] == 2 and s["round"] == 1
    s, events = play(s, 2, END)
    assert types(events) == ["round_ended", "turn_passed"]
    assert events[0]["number"] == 1 and s["round"] == 2 and s["turn"]["seat"] == 0
    assert s["turn"]["number"] == 4


def test_s2_2_the_game_ends_after_the_last_round():
    s = game(2, rounds=2)
    for seat in (0, 1, 0):
        s, _ = play(s, seat, score(seat + 1))
    s, events = play(s, 1, score(10))
    assert types(events) == ["scored", "round_ended", "game_over"]
    assert s["status"] == "finished" and s["round"] == 2
    assert s["result"]["reason"] == "last_round"
    assert s["result"]["scores"] == {"0": 2, "1": 12} and s["result"]["winner"] == 1
    assert legal_moves(s, 0) == [] and legal_moves(s, 1) == []
    for move in (score(1), END):
        rejects(s, 1, move, "S3.1", 409)


def test_s2_2_open_ended_rounds_go_on_and_a_solo_game_counts_rounds():
    s = game(1)
    for _ in range(60):
        s, _ = play(s, 0, score(1))
    assert s["status"] == "playing" and s["round"] == 61
    assert SCOREPAD.score(s)["players"][0]["total"] == 60


def test_s2_3_a_new_entry_for_the_same_seat_and_round_replaces_the_earlier_one():
    s = game(2, scoring="per_round", categories=CATS)
    s, _ = play(s, 0, score({"Cards": 4, "Roads": 2}, seat=1))
    s, events = play(s, 1, score({"Cards": 3}, seat=1, round=1))
    assert events == [{"type": "score_corrected", "seat": 1, "by": 1, "round": 1,
                       "points": {"Cards": 3}, "total": 3, "was": 6}]
    row = next(r for r in SCOREPAD.score(s)["players"] if r["seat"] == 1)
    assert row["total"] == 3 and row["breakdown"]["categories"] == {"Cards": 3, "Roads": 0}


def test_s3_1_the_host_finishes_the_game_and_it_is_ranked_as_it_stands():
    s = game(3)
    s, _ = play(s, 0, score(5))
    s, _ = play(s, 1, score(8))
    before = json.dumps(s, sort_keys=True)
    done, events = finish(s)
    assert json.dumps(s, sort_keys=True) == before
    assert types(events) == ["game_over"]
    assert done["status"] == "finished" and done["result"]["reason"] == "stopped"
    assert done["result"]["ranking"] == [1, 0, 2]
    with pytest.raises(RuleError) as info:
        finish(done)
    assert info.value.rule == "S3.1" and info.value.status == 409


def _ranked(low_wins: bool, points: list[int]) -> dict:
    s = game(len(points), scoring="per_round", low_wins=low_wins)
    for seat, p in enumerate(points):
        s, _ = play(s, 0, score(p, seat=seat))
    return SCOREPAD.score(s)


def test_s3_2_highest_first_with_shared_ranks():
    table = _ranked(False, [10, 30, 10, 5])
    assert [(r["seat"], r["rank"]) for r in table["players"]] == [(1, 1), (0, 2), (2, 2), (3, 4)]
    assert table["low_wins"] is False and table["final"] is False


def test_s3_2_lowest_first_with_low_wins_and_a_shared_win():
    table = _ranked(True, [10, 30, 10, 5])
    assert [(r["seat"], r["rank"]) for r in table["players"]] == [(3, 1), (0, 2), (2, 2), (1, 4)]
    s = game(2, scoring="per_round", low_wins=True, rounds=1)
    s, _ = play(s, 0, score(-3, seat=0))
    s, _ = play(s, 0, score(-3, seat=1))
    assert s["result"]["winners"] == [0, 1] and s["result"]["winner"] is None


def test_s3_2_breakdown_per_category_and_per_round():
    s = game(2, categories=CATS, rounds=3)
    s, _ = play(s, 0, score({"Cards": 4, "Roads": 1}))
    s, _ = play(s, 1, END)  # Bo enters nothing in round 1
    s, _ = play(s, 0, score({"Roads": 6}))
    s, _ = play(s, 1, score({"Cards": -2}))
    rows = {r["seat"]: r for r in SCOREPAD.score(s)["players"]}
    assert rows[0]["breakdown"] == {"categories": {"Cards": 4, "Roads": 7},
                                    "rounds": [5, 6, None]}
    assert rows[1]["breakdown"] == {"categories": {"Cards": -2, "Roads": 0},
                                    "rounds": [None, -2, None]}
    assert rows[0]["total"] == 11 and rows[1]["total"] == -2


def test_legal_moves_per_turn_and_per_round():
    s = game(3, categories=CATS)
    assert legal_moves(s, 0) == [{"type": "score", "points": {"Cards": 0, "Roads": 0}},
                                 {"type": "end_turn"}]
    assert legal_moves(s, 1) == [] and legal_moves(s, 7) == []
    r = game(2, {"seating": [1, 0], "first_player": 1}, scoring="per_round")
    assert legal_moves(r, 0) == [
        {"type": "score", "seat": 1, "round": 1, "points": {"total": 0}},
        {"type": "score", "seat": 0, "round": 1, "points": {"total": 0}}]
    assert legal_moves(r, 1)[-1] == END


def test_no_hidden_hand_and_every_move_is_public():
    s = game(2)
    for hand in ({}, {"cards": []}):
        with pytest.raises(RuleError) as info:
            SCOREPAD.declare_hand(s, 0, hand)
        assert info.value.key == "scorepad.hand.none" and info.value.status == 422
    move = score(3, seat=1, round=1)
    assert SCOREPAD.public_move(move) == move
    assert SCOREPAD.private_view(s, 0) == {}


def test_unknown_moves_are_refused():
    s = game(2)
    for move in ({"type": "draw"}, {"points": 3}, "score", None):
        rejects(s, 0, move, "move")  # type: ignore[arg-type]


def test_s2_2_per_round_the_turn_only_marks_who_starts_next():
    """S2.2 (2026-12-01): with ``per_round`` passing the turn never ends a round."""
    s = game(3, {"seating": [2, 0, 1], "first_player": 2}, scoring="per_round", rounds=2)
    for seat in (2, 0, 1, 2, 0):
        s, events = play(s, seat, END)
        assert types(events) == ["turn_passed"]
    assert s["round"] == 1 and s["status"] == "playing" and s["turn"]["seat"] == 1
    rejects(s, 0, score(4, seat=0, round=2), "S2.1")  # round 1 is still in play


def test_s2_2_per_round_the_round_in_play_ends_when_every_seat_has_points():
    """The round in play is the first without points for every seat (S2.2); entries
    in any order and by anyone; the turn does not move (Hearts: 5 then 10)."""
    s = game(2, scoring="per_round", rounds=3)
    s, events = play(s, 1, score(5, seat=0, round=1))
    assert types(events) == ["scored"] and s["round"] == 1
    s, events = play(s, 0, score(2, seat=1, round=1))
    assert events[-1] == {"type": "round_ended", "number": 1}
    assert s["round"] == 2 and s["turn"]["seat"] == 0
    # the next entry for Ada is round 2's, not a replacement of round 1's 5
    s, events = play(s, 1, score(10, seat=0))
    assert events == [{"type": "scored", "seat": 0, "by": 1, "round": 2,
                       "points": {"total": 10}, "total": 10}]
    assert s["entries"]["0"] == {"1": {"total": 5}, "2": {"total": 10}}


def test_s3_1_per_round_the_game_ends_once_the_last_round_has_every_seats_points():
    s = game(2, scoring="per_round", rounds=1)
    s, _ = play(s, 0, END)  # the last hand is played, its points not yet entered
    assert s["status"] == "playing"
    s, _ = play(s, 1, score(3, seat=0))
    s, events = play(s, 1, score(8, seat=1))
    assert types(events) == ["scored", "round_ended", "game_over"]
    assert s["result"]["reason"] == "last_round" and s["result"]["winner"] == 1


def test_s2_2_the_host_ends_the_turn_for_the_seat_on_turn():
    """The sessions layer hands the host's move to the engine as the named seat's,
    ``seat`` still in it (the score pad's moves name seats)."""
    for scoring in ("per_turn", "per_round"):
        s = game(3, scoring=scoring)
        s, events = play(s, 0, {"type": "end_turn", "seat": 0})
        assert events[-1] == {"type": "turn_passed", "seat": 1}
        rejects(s, 2, {"type": "end_turn", "seat": 1}, "S2.2")  # Cy for Bo: no
        rejects(s, 2, {"type": "end_turn", "seat": 2}, "S2.2", 409)  # not Cy's turn

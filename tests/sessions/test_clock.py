"""The turn clock's arithmetic (companion/sessions/clock.py): pure functions of the log's
times and of whose turn each entry left, checked with made-up marks (no waiting)."""

from __future__ import annotations

import pytest

from companion.errors import Unprocessable
from companion.sessions import clock

T0 = 1_800_000_000.0


def doc_with(option, seats=3):
    return {"clock": option, "players": [{"seat": s} for s in range(seats)],
            "state": None, "clock_run": None}


def mark(doc, entry, at):
    """clock.mark with the seat on turn as the session layer reads it (the game's
    ``on_turn``: the seat while playing, none after the end)."""
    state = doc["state"]
    turn = state["turn"]["seat"] if state and state["status"] == "playing" else None
    return clock.mark(doc, entry, at, turn)


def playing(seat):
    return {"status": "playing", "turn": {"seat": seat}}


def play(doc, marks):
    """Commit one entry per (seconds after T0, seat on turn after it); the events."""
    events = []
    for at, seat in marks:
        doc["state"] = playing(seat) if seat is not None else {"status": "finished",
                                                                 "turn": {"seat": 0}}
        events += mark(doc, {"k": "move"}, T0 + at)
    return events


@pytest.mark.parametrize("raw, stored", [
    (None, None), ({}, None), ({"per_turn": 10}, {"per_turn": 10}),
    ({"per_turn": 3600}, {"per_turn": 3600}), ({"per_player": 1}, {"per_player": 1}),
    ({"per_player": 180}, {"per_player": 180})])
def test_the_option_takes_the_documented_values(raw, stored):
    assert clock.normalize(raw) == stored


@pytest.mark.parametrize("raw, key", [
    ({"per_turn": 9}, "session.clock.per_turn"), ({"per_turn": 3601}, "session.clock.per_turn"),
    ({"per_turn": 30.5}, "session.clock.per_turn"), ({"per_turn": True}, "session.clock.per_turn"),
    ({"per_player": 0}, "session.clock.per_player"),
    ({"per_player": "5"}, "session.clock.per_player"),
    ({"per_player": 181}, "session.clock.per_player"), ({"sandglass": 3}, "session.clock.shape"),
    ({"per_turn": 30, "per_player": 5}, "session.clock.shape"), ("fast", "session.clock.shape"),
    ([30], "session.clock.shape")])
def test_a_bad_option_is_refused_with_its_sentence(raw, key):
    with pytest.raises(Unprocessable) as caught:
        clock.normalize(raw)
    assert caught.value.key == key
    assert "clock" in caught.value.extra["errors"]


def test_per_turn_counts_each_turn_and_reports_the_one_that_overran():
    doc = doc_with({"per_turn": 30})
    assert play(doc, [(0, 0)]) == []                 # the start: seat 0 on turn
    assert play(doc, [(12, 0), (25, 1)]) == []       # two entries in seat 0's turn, 25 s
    events = play(doc, [(25 + 41, 2)])               # seat 1 took 41 s: 11 over
    assert events == [{"type": "clock_ran_out", "seat": 1, "over_by": 11}]
    view = clock.public(doc, T0 + 66 + 7.5)
    assert view["mode"] == "per_turn" and view["limit"] == 30 and view["seat"] == 2
    assert view["turn_started_at"] == T0 + 66
    assert view["remaining"] == 22.5
    assert view["used"] == {"0": 25.0, "1": 41.0, "2": 7.5}
    assert view["now"] == T0 + 73.5
    later = clock.public(doc, T0 + 66 + 45)          # over while it runs: negative
    assert later["remaining"] == -15.0


def test_per_player_is_a_chess_clock_reporting_the_crossing_once():
    doc = doc_with({"per_player": 1}, seats=2)       # 60 s each
    play(doc, [(0, 0), (50, 1), (60, 0)])            # seat 0: 50 s, seat 1: 10 s
    assert clock.public(doc, T0 + 60)["remaining"] == {"0": 10.0, "1": 50.0}
    assert play(doc, [(75, 1)]) == [{"type": "clock_ran_out", "seat": 0, "over_by": 5}]
    assert play(doc, [(80, 0), (90, 1)]) == []       # seat 0 again over, not reported twice
    view = clock.public(doc, T0 + 100)
    assert view["used"] == {"0": 75.0, "1": 25.0}
    assert view["remaining"] == {"0": -15.0, "1": 35.0}
    assert clock.time_used(doc, T0 + 100) == {"0": 75, "1": 25}


def test_the_game_end_stops_the_clock_and_charges_the_last_turn():
    doc = doc_with({"per_turn": 20}, seats=2)
    play(doc, [(0, 0), (10, 1)])
    assert play(doc, [(40, None)]) == [{"type": "clock_ran_out", "seat": 1, "over_by": 10}]
    view = clock.public(doc, T0 + 500)
    assert view["seat"] is None and view["remaining"] is None
    assert view["used"] == {"0": 10.0, "1": 30.0}    # nothing runs after the end


def test_a_solo_players_turns_are_told_apart_by_the_turn_number():
    doc = doc_with({"per_turn": 10}, seats=1)
    for at, number in [(0, 1), (4, 1)]:  # the start, then an entry inside turn 1
        doc["state"] = {"status": "playing", "turn": {"seat": 0, "number": number}}
        assert mark(doc, {"k": "move"}, T0 + at) == []
    doc["state"] = {"status": "playing", "turn": {"seat": 0, "number": 2}}
    entry: dict = {"k": "move"}
    assert mark(doc, entry, T0 + 15) == [{"type": "clock_ran_out", "seat": 0,
                                                "over_by": 5}]
    assert entry["tn"] == 2
    assert clock.public(doc, T0 + 18)["remaining"] == 7.0  # turn 2 runs from +15


def test_entries_are_stamped_with_time_and_turn_even_without_a_clock():
    doc = {"clock": None, "players": [{"seat": 0}], "state": playing(0)}
    entry = {"k": "move"}
    assert mark(doc, entry, T0 + 1.23456) == []
    assert entry == {"k": "move", "t": round(T0 + 1.23456, 3), "turn": 0}
    assert "clock_run" not in doc and clock.public(doc, T0) is None
    assert clock.time_used(doc, T0) == {}


def test_undo_folds_the_remaining_log_and_gives_no_time_back():
    option = {"per_turn": 30}
    log = [{"k": "start", "t": T0, "turn": 0}, {"k": "move", "t": T0 + 10, "turn": 1},
           {"k": "move", "t": T0 + 25, "turn": 0}]
    # the last move is undone at +40: what remains says seat 0 is on turn since +0
    run = clock.fold(option, log[:1])
    doc = {**doc_with(option, 2), "clock_run": run, "state": playing(0)}
    assert mark(doc, {"k": "undo"}, T0 + 40) == []
    view = clock.public(doc, T0 + 40)
    assert view["turn_started_at"] == T0 and view["seat"] == 0
    assert view["used"] == {"0": 40.0, "1": 0.0}     # seat 1's undone turn is nobody's
    assert view["remaining"] == -10.0
    # the whole log folds to the same summary as the commits made it
    assert clock.fold(option, log) == {"seat": 0, "since": T0 + 25, "n": None,
                                       "used": {"0": 10.0, "1": 15.0}}


def test_entries_from_before_the_clock_are_skipped():
    assert clock.fold({"per_turn": 30}, [{"k": "move", "v": 3}]) == clock.fresh()


def record_entries(moves):
    return ([{"k": "join"}, {"k": "join"}, {"k": "start"}] + [{"k": "move"} for _ in moves]
            + [{"k": "finish"}])


def test_an_imported_record_keeps_its_times():
    moves = [{"t": T0 + 5}, {}, {"t": T0 + 30}]
    entries = record_entries(moves)
    clock.stamp_record({"started_at": T0, "moves": moves}, entries, T0 + 1000)
    assert [e["t"] for e in entries] == [T0, T0, T0, T0 + 5, T0 + 5, T0 + 30, T0 + 30]
    bare = record_entries([{}])
    clock.stamp_record({"moves": [{}]}, bare, T0 + 1000)
    assert {e["t"] for e in bare} == {T0 + 1000}


@pytest.mark.parametrize("record", [
    {"started_at": T0 + 10, "moves": [{"t": T0}]},           # out of order
    {"started_at": "yesterday", "moves": [{}]},
    {"started_at": T0, "moves": [{"t": T0 + 10_000}]},       # in the future
    {"started_at": True, "moves": [{}]}])
def test_an_imported_record_with_bad_times_is_refused(record):
    with pytest.raises(Unprocessable) as caught:
        clock.stamp_record(record, record_entries(record["moves"]), T0 + 1000)
    assert caught.value.key == "session.clock.record_times"


def test_an_import_resumes_the_turn_in_force_at_the_import():
    entries = [{"k": "start", "t": T0, "turn": 0}, {"k": "move", "t": T0 + 50, "turn": 1}]
    run = clock.resumed({"per_player": 5}, entries, T0 + 9999)
    assert run == {"seat": 1, "since": T0 + 9999, "used": {"0": 50.0}, "n": None}
    assert clock.resumed(None, entries, T0) is None

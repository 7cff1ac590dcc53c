"""The harvest as table stories: everyone enters at once (H2.1), nothing shows before the
round closes (H2.2), the end and the early stop (H3)."""

from __future__ import annotations

from companion.games import GAMES
from companion.games.harvest.engine import finish
from companion.games.harvest.playout import Table
from companion.games.harvest.state import new_game, normalize_options
from tests.games.checks import played, refused, types

GAME = GAMES["harvest"]
apply = GAME.apply  # the game's one entry: its shapes, then its engine


def _table(players: int = 3, **options):
    names = ("Ada", "Bo", "Cy")[:players]
    roster = [{"name": n, "color": c} for n, c in zip(names, GAME.colors[:players], strict=True)]
    return new_game(normalize_options(options), roster, {})


def test_everyone_enters_in_any_order_and_the_round_shows_at_once():
    state = _table(rounds=2)
    assert GAME.on_turn(state) is None  # nobody is on turn
    assert all(GAME.legal_moves(state, seat) for seat in range(3))
    state, events = played(apply, state, 2, {"type": "enter", "points": 7})
    assert events == [{"type": "entered", "seat": 2, "round": 1}]
    public = GAME.view_for(state, None)
    assert [p["rounds"] for p in public["players"]] == [[], [], []]
    assert "7" not in str(public) and [p["entered"] for p in public["players"]] == [
        False, False, True]
    assert GAME.private_view(state, 2) == {"entry": 7} and GAME.private_view(state, 0) == {}
    assert GAME.public_move({"type": "enter", "points": 7}) == {"type": "enter"}
    state, _ = played(apply, state, 0, {"type": "enter", "points": 3})
    state, events = played(apply, state, 1, {"type": "enter", "points": 7})
    assert types(events) == ["entered", "round_scored"]
    assert events[1] == {"type": "round_scored", "round": 1, "points": [3, 7, 7]}
    assert state["turn"] == {"round": 2, "entered": []} and state["pending"] == {}


def test_one_entry_per_round_in_bounds_by_a_seated_player():
    state = _table()
    state, _ = played(apply, state, 0, {"type": "enter", "points": 1})
    refused(apply, state, 0, {"type": "enter", "points": 2}, "H2.1")
    assert GAME.legal_moves(state, 0) == []
    refused(apply, state, 1, {"type": "enter", "points": 1000}, "H2.1")
    refused(apply, state, 1, {"type": "enter", "points": -1}, "H2.1")
    refused(apply, state, 1, {"type": "enter", "points": True}, "H2.1")
    refused(apply, state, 5, {"type": "enter", "points": 1}, "H2.1")


def test_the_last_round_ends_the_game_and_ties_share_a_place():
    state = _table(rounds=1)
    for seat, points in ((0, 5), (1, 5), (2, 2)):
        state, events = played(apply, state, seat, {"type": "enter", "points": points})
    assert types(events) == ["entered", "round_scored", "game_over"]
    assert state["status"] == "finished" and GAME.on_turn(state) is None
    assert state["result"]["winners"] == [0, 1] and state["result"]["winner"] is None
    assert [r["rank"] for r in GAME.score(state)["players"]] == [1, 1, 3]
    refused(apply, state, 2, {"type": "enter", "points": 1}, "H3.1", 409)


def test_stopping_early_counts_the_closed_rounds_only():
    state = _table(rounds=3)
    for seat in range(3):
        state, _ = played(apply, state, seat, {"type": "enter", "points": seat})
    state, _ = played(apply, state, 0, {"type": "enter", "points": 900})
    state, events = finish(state)
    assert types(events) == ["game_over"] and state["result"]["reason"] == "stopped"
    assert state["result"]["scores"] == {"2": 2, "1": 1, "0": 0}


def test_a_random_table_replays_exactly():
    from tests.games.checks import replays_exactly

    replays_exactly(apply, Table.deal(4, 3))
